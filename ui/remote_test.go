package ui

import (
	"context"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remote"
	"github.com/dynoscope/dynoscope/engine/remote/remotetest"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The remote tests run the explorer on engine/remote's backend, through
// the real AWS SDK, against an engine served over loopback HTTP as
// `dynoscope serve` serves it (remotetest.Serve); what the panes show is
// checked against what the served engine holds and answers directly.

// openRemote opens a backend on url as the explorer does (only lost
// connections retried), with static credentials; cw, when set, is
// CloudWatch's URL.
func openRemote(t testing.TB, url string, write bool, cw string) *remote.Backend {
	t.Helper()
	b, err := remote.Open(context.Background(), remote.Options{EndpointURL: url, Region: "us-east-1", Write: write, RetryConnectionsOnly: true,
		CloudWatchEndpointURL: cw, Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// remoteBed is a served engine and the explorer on it through a backend.
type remoteBed struct {
	eng     *engine.Engine
	b       *remote.Backend
	m       *Model
	sandbox *engine.Engine // made by the first copy
}

// newRemoteBed serves the named demo data sets (nil: all) and opens the
// explorer on them at w x h, read-only unless write.
func newRemoteBed(t *testing.T, write bool, w, h int, names ...string) *remoteBed {
	t.Helper()
	eng := demoEngine(t, names...)
	return newRemoteBedOn(t, eng, openRemote(t, remotetest.Serve(t, eng), write, ""), w, h)
}

// newRemoteBedOn opens the explorer on backend b (serving eng) at w x h,
// with an in-memory sandbox on the manual clock.
func newRemoteBedOn(t *testing.T, eng *engine.Engine, b *remote.Backend, w, h int) *remoteBed {
	t.Helper()
	r := &remoteBed{eng: eng, b: b}
	open := func() (*engine.Engine, error) {
		if r.sandbox == nil {
			e, err := engine.Open(engine.Options{Clock: engine.NewManualClock(t0), DisableThrottling: true, DisableTTLSweeper: true})
			if err != nil {
				return nil, err
			}
			t.Cleanup(func() { e.Close() })
			r.sandbox = e
		}
		return r.sandbox, nil
	}
	r.m = newModelWith(t, b, Options{Workspace: b.Location().String(), Now: func() time.Time { return t0 }, Sandbox: open}, w, h)
	return r
}

// The sidebar and the schema pane on a remote table: DynamoDB's
// approximate counts marked "~" with a note, the tags sorted by key, the
// item collections not sized (that reads the whole table).
func TestRemoteSidebarAndSchema(t *testing.T) {
	eng := demoEngine(t, "forum", "employees")
	thread := describe(t, eng, "Thread")
	if _, err := eng.TagResource(context.Background(), &model.TagResourceInput{ResourceArn: &thread.TableArn,
		Tags: []model.Tag{{Key: "team", Value: "core"}, {Key: "env", Value: "prod"}, {Key: "cost-center", Value: "42"}}}); err != nil {
		t.Fatal(err)
	}
	r := newRemoteBedOn(t, eng, openRemote(t, remotetest.Serve(t, eng), false, ""), 120, 40)
	m := r.m
	selectInSidebar(t, m, "Thread", "")
	for _, want := range []string{"▸ Thread                 ~22", "    LastPostIndex           │", "                LSI ~21/~22", "Employees              ~23"} {
		if sidebarLine(m, strings.TrimSpace(want)) == "" {
			t.Errorf("sidebar has no %q:\n%s", want, screen(m))
		}
	}
	for _, want := range []string{
		"~22 items · ~6.7 KB · stream off · TTL off",
		"Tags  cost-center=42 · env=prod · team=core",
		"projects INCLUDE Replies · ~21 of ~22 items · ~2.1 KB · ACTIVE",
		"not sized on a remote table",
		"~ DynamoDB's counts, updated about every 6 h · S counts every item (asks first)",
		"╭─ " + r.b.Location().String() + " ─",
		"● read-only",
	} {
		if !strings.Contains(screen(m), want) {
			t.Errorf("no %q on screen:\n%s", want, screen(m))
		}
	}
	if !strings.Contains(flat(m), "~ DynamoDB's counts, refreshed about every 6 hours") {
		t.Errorf("no note under the sidebar:\n%s", screen(m))
	}
	selectInSidebar(t, m, "Employees", "")
	if !strings.Contains(screen(m), "Tags  none") {
		t.Errorf("Employees has no tags:\n%s", screen(m))
	}
}

// Every write the explorer can make is refused on a read-only backend
// with one line, before anything is sent, and nothing changes; the help
// says so instead of offering the keys.
func TestRemoteReadOnlyRefusals(t *testing.T) {
	r := newRemoteBed(t, false, 120, 40, "employees", "messages-ttl")
	m := r.m
	before := scanAllItems(t, r.eng, "Employees")
	cases := []struct {
		name  string
		setup func()
		key   string
	}{
		{"create table (sidebar)", func() { selectInSidebar(t, m, "Employees", "") }, "c"},
		{"add GSI (sidebar)", func() { selectInSidebar(t, m, "Employees", "") }, "i"},
		{"delete GSI (sidebar)", func() { selectInSidebar(t, m, "Employees", "ManagerIndex") }, "d"},
		{"TTL off (sidebar)", func() { selectInSidebar(t, m, "Messages", "") }, "t"},
		{"add GSI (schema)", func() { selectInSidebar(t, m, "Employees", ""); press(t, m, "1") }, "i"},
		{"new item", func() { selectInSidebar(t, m, "Employees", ""); press(t, m, "2") }, "n"},
		{"edit item", func() { selectInSidebar(t, m, "Employees", ""); press(t, m, "2") }, "e"},
		{"set attribute", func() { selectInSidebar(t, m, "Employees", ""); press(t, m, "2") }, "a"},
		{"delete item", func() { selectInSidebar(t, m, "Employees", ""); press(t, m, "2") }, "d"},
		{"edit in item view", func() { selectInSidebar(t, m, "Employees", ""); press(t, m, "2", "enter") }, "e"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.setup()
			press(t, m, c.key)
			if m.modal != nil {
				t.Fatalf("a form opened:\n%s", screen(m))
			}
			if m.flash != kit.ReadOnlyText {
				t.Fatalf("flash %q", m.flash)
			}
			if !strings.Contains(statusBar(m), "read-only: start with --write to change this table") {
				t.Fatalf("status bar: %s", statusBar(m))
			}
			if h := ansi.Strip(m.helpLine()); !strings.Contains(h, "read-only (--write)") {
				t.Fatalf("help line: %s", h)
			}
			m.ws.item = nil
		})
	}
	if after := scanAllItems(t, r.eng, "Employees"); len(after) != len(before) {
		t.Fatalf("%d items before, %d after", len(before), len(after))
	}
	if g := describe(t, r.eng, "Employees").GlobalSecondaryIndexes; len(g) != 2 {
		t.Fatalf("GSIs %d", len(g))
	}
	// the full help names each refused key with the reason
	selectInSidebar(t, m, "Employees", "")
	press(t, m, "?")
	if s := flat(m); !strings.Contains(s, "add GSI (refused: read-only, start with --write)") {
		t.Fatalf("help:\n%s", screen(m))
	}
}

// scanAllItems reads every item of a table of the engine.
func scanAllItems(t testing.TB, eng *engine.Engine, table string) []model.Item {
	t.Helper()
	var out []model.Item
	var start model.Item
	for {
		page, err := eng.Scan(context.Background(), &model.ScanInput{TableName: table, ExclusiveStartKey: start})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page.Items...)
		if page.LastEvaluatedKey == nil {
			return out
		}
		start = page.LastEvaluatedKey
	}
}

// With --write, deleting an item or a GSI, turning TTL off and changing an
// existing item name the table, region and account and wait for the
// table's name to be typed; y does nothing, a wrong name sends nothing.
func TestRemoteWriteAsksForTheTableName(t *testing.T) {
	r := newRemoteBed(t, true, 120, 40, "employees", "messages-ttl")
	m := r.m
	selectInSidebar(t, m, "Employees", "")
	press(t, m, "2")
	it, _ := m.ws.items.Current()
	key := kit.KeyOf(it, "EmployeeId")
	press(t, m, "d")
	c, ok := m.modal.(*forms.Confirm)
	if !ok {
		t.Fatalf("no question:\n%s", screen(m))
	}
	for _, want := range []string{"table Employees · region us-east-1 · account 000000000000", "endpoint " + r.b.Location().Endpoint,
		"type Employees to confirm:"} {
		if !strings.Contains(flat(m), want) {
			t.Fatalf("no %q:\n%s", want, screen(m))
		}
	}
	press(t, m, "y", "enter") // y is typed, not obeyed
	if m.modal != c || getItem(t, r.eng, "Employees", key) == nil || !strings.Contains(flat(m), "type Employees to confirm: y") {
		t.Fatalf("y:\n%s", screen(m))
	}
	press(t, m, "ctrl+u")
	typeIn(t, m, "Employee")
	press(t, m, "enter")
	if m.modal != c || getItem(t, r.eng, "Employees", key) == nil {
		t.Fatalf("sent before the name was typed:\n%s", screen(m))
	}
	if !strings.Contains(flat(m), "not the table's name yet") {
		t.Fatalf("no note:\n%s", screen(m))
	}
	typeIn(t, m, "s")
	press(t, m, "enter")
	if m.modal != nil || getItem(t, r.eng, "Employees", key) != nil {
		t.Fatalf("not deleted:\n%s", screen(m))
	}

	// a GSI
	selectInSidebar(t, m, "Employees", "JobTitleIndex")
	press(t, m, "d")
	typeIn(t, m, "Employees")
	press(t, m, "enter")
	for _, g := range describe(t, r.eng, "Employees").GlobalSecondaryIndexes {
		if g.IndexName == "JobTitleIndex" && g.IndexStatus != "DELETING" {
			t.Fatalf("JobTitleIndex is %s", g.IndexStatus)
		}
	}
	// TTL off
	selectInSidebar(t, m, "Messages", "")
	press(t, m, "t")
	if _, ok := m.modal.(*forms.Confirm); !ok || !strings.Contains(flat(m), "type Messages to confirm") {
		t.Fatalf("TTL off:\n%s", screen(m))
	}
	press(t, m, "esc")
	// one attribute: the name first, then the prompt
	selectInSidebar(t, m, "Employees", "")
	press(t, m, "2", "a")
	if !strings.Contains(flat(m), "type Employees to confirm") {
		t.Fatalf("set attribute:\n%s", screen(m))
	}
	typeIn(t, m, "Employees")
	press(t, m, "enter")
	if _, ok := m.modal.(*forms.Prompt); !ok {
		t.Fatalf("no prompt after the name:\n%s", screen(m))
	}
	// a new table asks nothing more than on the engine
	press(t, m, "esc", "esc", "c")
	if _, ok := m.modal.(*forms.TableForm); !ok {
		t.Fatalf("create table:\n%s", screen(m))
	}
}

// bigTable makes a table of n items of about size bytes each.
func bigTable(t testing.TB, eng *engine.Engine, table string, n, size int) {
	t.Helper()
	ctx := context.Background()
	_, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: table, BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: model.KeyTypeHash}}})
	if err != nil {
		t.Fatal(err)
	}
	pad := strings.Repeat("x", size)
	for i := 0; i < n; i++ {
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: table,
			Item: model.Item{"pk": model.S(fmt.Sprintf("item-%04d", i)), "pad": model.S(pad)}}); err != nil {
			t.Fatal(err)
		}
	}
}

// The items pane shows what each Scan page consumed and the sum, as
// DynamoDB reported it; the query pane pages a Scan over 1 MB with the
// units of each page.
func TestRemotePagesShowWhatTheyConsumed(t *testing.T) {
	eng := demoEngine(t, "employees")
	bigTable(t, eng, "Big", 300, 8000)
	r := newRemoteBedOn(t, eng, openRemote(t, remotetest.Serve(t, eng), false, ""), 120, 40)
	m := r.m
	// what the engine charges the same pages
	var want []float64
	var start model.Item
	limit := int32(50)
	for i := 0; i < 2; i++ {
		out, err := eng.Scan(context.Background(), &model.ScanInput{TableName: "Big", Limit: &limit, ExclusiveStartKey: start,
			ReturnConsumedCapacity: model.ReturnCapacityTotal})
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, float64(out.ConsumedCapacity.CapacityUnits))
		start = out.LastEvaluatedKey
	}
	selectInSidebar(t, m, "Big", "")
	press(t, m, "2")
	if l := lineWith(m, "rows 1–"); !strings.Contains(l, fmt.Sprintf("page 1: %s RCU · %s RCU read so far", kit.Units(want[0]), kit.Units(want[0]))) {
		t.Fatalf("page 1: %q", l)
	}
	press(t, m, "pgdown", "pgdown", "pgdown")
	// so far: every page the pane read (it reads ahead), all of it Big
	if l := lineWith(m, "RCU read so far"); !strings.Contains(l, fmt.Sprintf("page 2: %s RCU · %s RCU read so far", kit.Units(want[1]),
		kit.Units(r.b.Consumption().Totals().ReadUnits))) {
		t.Fatalf("page 2: %q\n%s", l, screen(m))
	}

	// a Scan without a limit: 1 MB pages, each with its units (the
	// first asks what it may cost)
	press(t, m, "3", "s", "r", "y")
	res := m.ws.query.Result()
	direct, err := eng.Scan(context.Background(), &model.ScanInput{TableName: "Big", ReturnConsumedCapacity: model.ReturnCapacityIndexes})
	if err != nil {
		t.Fatal(err)
	}
	if res == nil || res.Err != nil || len(res.Items) != len(direct.Items) || len(direct.Items) >= 300 || res.LEK == nil ||
		res.Units != float64(direct.ConsumedCapacity.CapacityUnits) {
		t.Fatalf("first page: %+v (engine: %d items, %v units)", res, len(direct.Items), direct.ConsumedCapacity.CapacityUnits)
	}
	if !strings.Contains(flat(m), fmt.Sprintf("%s (Count %d, ScannedCount %d) · %s RCU", kit.NItems(len(direct.Items)), len(direct.Items), len(direct.Items),
		kit.Units(res.Units))) || !strings.Contains(flat(m), "consumed (as DynamoDB reported it): table "+kit.Units(res.Units)+" RCU") {
		t.Fatalf("first page:\n%s", screen(m))
	}
	got := len(res.Items)
	for i := 0; res.LEK != nil && i < 10; i++ {
		press(t, m, "n")
		res = m.ws.query.Result()
		if res.Err != nil {
			t.Fatal(res.Err)
		}
		got += len(res.Items)
	}
	if got != 300 || res.Page < 2 {
		t.Fatalf("%d items in %d pages", got, res.Page+1)
	}
	if !strings.Contains(statusBar(m), "consumed ") {
		t.Fatalf("status bar: %s", statusBar(m))
	}
}

// Errors of the service are shown verbatim, as the engine words them; a
// backend that gets no answer shows the SDK's words.
func TestRemoteErrorsVerbatim(t *testing.T) {
	r := newRemoteBed(t, false, 120, 40, "forum")
	m := r.m
	selectInSidebar(t, m, "Thread", "")
	press(t, m, "3")
	m.ws.query.LoadRequest(m.ws.sidebar.Selected(), &model.ScanInput{TableName: "Thread", FilterExpression: "Views >"})
	drive(t, m, route(m.ws, toPaneOf(paneQuery), m.ws.query.Run()))
	press(t, m, "y") // a remote Scan asks what it may cost
	_, werr := r.eng.Scan(context.Background(), &model.ScanInput{TableName: "Thread", FilterExpression: "Views >"})
	res := m.ws.query.Result()
	if res == nil || res.Err == nil || res.Err.Error() != werr.Error() {
		t.Fatalf("got %v, the engine answers %v", res, werr)
	}
	if s := flat(m); !strings.Contains(s, "ValidationException") || !strings.Contains(s, werr.(*model.Error).Message[:40]) {
		t.Fatalf("error:\n%s", screen(m))
	}

	// no answer at all
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String()
	ln.Close()
	b, err := remote.Open(context.Background(), remote.Options{EndpointURL: dead, Region: "us-east-1", MaxAttempts: 1,
		Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")})
	if err != nil {
		t.Fatal(err)
	}
	d := newRemoteBedOn(t, r.eng, b, 120, 40)
	if s := flat(d.m); !strings.Contains(s, "RequestError") || !strings.Contains(s, "connection refused") {
		t.Fatalf("dead endpoint:\n%s", screen(d.m))
	}
}

// S prices a read of the whole table and asks; n reads nothing, y reads
// it with the counts of every index and the left-out items with their
// reasons; the sidebar's ratios are exact then.
func TestRemoteSurveyAsksFirst(t *testing.T) {
	r := newRemoteBed(t, false, 120, 40, "employees")
	m := r.m
	selectInSidebar(t, m, "Employees", "")
	reqs := r.b.Consumption().Totals().Requests
	press(t, m, "S")
	est, err := r.b.EstimateScan(context.Background(), "Employees", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m.modal.(*forms.Confirm); !ok || !strings.Contains(flat(m), est.String()) || !strings.Contains(flat(m), "Read all of Employees?") {
		t.Fatalf("question:\n%s", screen(m))
	}
	press(t, m, "n")
	if got := r.b.Consumption().Totals().Requests; got != reqs {
		t.Fatalf("%d requests after n, %d before", got, reqs)
	}
	// o on an index asks the same question
	selectInSidebar(t, m, "Employees", "ManagerIndex")
	press(t, m, "2", "o")
	if !strings.Contains(flat(m), est.String()) {
		t.Fatalf("o:\n%s", screen(m))
	}
	press(t, m, "y")
	sv := m.ws.survey.Of("Employees")
	if sv == nil || sv.Running || sv.Survey == nil || !sv.Survey.Complete || sv.Survey.Items != 23 {
		t.Fatalf("survey %+v", sv)
	}
	for _, want := range []string{"left out: 1 of 23 table items read", "no ManagerId", "E-0001"} {
		if !strings.Contains(flat(m), want) {
			t.Fatalf("no %q:\n%s", want, screen(m))
		}
	}
	if !strings.Contains(sidebarLine(m, "Manager"), "GSI 22/23") || !strings.Contains(sidebarLine(m, "JobTitle"), "GSI 23") {
		t.Fatalf("sidebar:\n%s", screen(m))
	}
	if !strings.HasPrefix(m.flash, "read all 23 items of Employees · ") {
		t.Fatalf("flash %q", m.flash)
	}
}

// The TTL pane of a remote table: the setting from DescribeTimeToLive,
// and the states of the items once the table was read whole, judged on
// the wall clock.
func TestRemoteTTLStates(t *testing.T) {
	eng := demoEngine(t, "employees")
	ctx := context.Background()
	if _, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Sessions", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "id", KeyType: model.KeyTypeHash}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := eng.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: "Sessions",
		TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: true, AttributeName: "exp"}}); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for id, v := range map[string]model.AttributeValue{
		"due":     model.N(fmt.Sprint(now.Add(240 * time.Hour).Unix())),
		"expired": model.N(fmt.Sprint(now.Add(-time.Hour).Unix())),
		"old":     model.N("1000000000"),
		"text":    model.S("soon"),
	} {
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Sessions", Item: model.Item{"id": model.S(id), "exp": v}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Sessions", Item: model.Item{"id": model.S("none")}}); err != nil {
		t.Fatal(err)
	}
	r := newRemoteBedOn(t, eng, openRemote(t, remotetest.Serve(t, eng), false, ""), 160, 40)
	m := r.m
	selectInSidebar(t, m, "Sessions", "")
	press(t, m, "5")
	if s := flat(m); !strings.Contains(s, "TTL ENABLED on exp") || !strings.Contains(s, "known only by reading every item") {
		t.Fatalf("before:\n%s", screen(m))
	}
	press(t, m, "S", "y")
	refreshLive(t, m)
	s := flat(m)
	for _, want := range []string{"read all 5 items of Sessions", "1 due · ! 1 expired, still returned by reads until deleted · ~ 1 too old · - 1 not a Number · 1 without exp",
		"! expired", "deleted within days", "~ too old", "- not a Number"} {
		if !strings.Contains(s, want) {
			t.Fatalf("no %q:\n%s", want, screen(m))
		}
	}
}

// The capacity pane of a remote table: the explorer's own consumption and
// CloudWatch's series, read at most once a minute; credentials that may
// not read CloudWatch get CloudWatch's words.
func TestRemoteCapacityCloudWatch(t *testing.T) {
	eng := demoEngine(t, "employees")
	url := remotetest.Serve(t, eng)
	cw := &remotetest.CloudWatch{Points: map[string]map[int]float64{
		"ConsumedReadCapacityUnits||":              {-3: 120, -2: 60},
		"ConsumedWriteCapacityUnits|ManagerIndex|": {-1: 30},
		"ThrottledRequests||Query":                 {-2: 4},
	}}
	r := newRemoteBedOn(t, eng, openRemote(t, url, false, remotetest.ServeCloudWatch(t, cw)), 120, 40)
	m := r.m
	selectInSidebar(t, m, "Employees", "")
	press(t, m, "4")
	s := flat(m)
	for _, want := range []string{"ON-DEMAND (pay per request)", "this explorer's own requests, per second, as DynamoDB reported them · since start 0.5", "RCU · 0 WCU in 1 request",
		"CloudWatch · the last 3 h", "consumed RCU", "peak 120/min · total 180", "throttled requests", "peak 4/min · total 4",
		"GSI ManagerIndex WCU", "peak 30/min · total 30", trafficOnRemoteText} {
		if !strings.Contains(s, want) {
			t.Fatalf("no %q:\n%s", want, screen(m))
		}
	}
	pages := cw.Pages
	refreshLive(t, m)
	if cw.Pages != pages {
		t.Fatalf("CloudWatch read again within a minute: %d pages, then %d", pages, cw.Pages)
	}
	press(t, m, "t")
	if !strings.Contains(flat(m), "✗ "+trafficOnRemoteText) {
		t.Fatalf("t:\n%s", screen(m))
	}

	denied := &remotetest.CloudWatch{Deny: "AccessDenied"}
	d := newRemoteBedOn(t, eng, openRemote(t, url, false, remotetest.ServeCloudWatch(t, denied)), 120, 40)
	selectInSidebar(t, d.m, "Employees", "")
	press(t, d.m, "4")
	if s := flat(d.m); !strings.Contains(s, "CloudWatch metrics unavailable: AccessDenied: User: arn:aws:iam::123456789012:user/ro is not authorized") {
		t.Fatalf("denied:\n%s", screen(d.m))
	}
	// an endpoint without CloudWatch
	e := newRemoteBedOn(t, eng, openRemote(t, url, false, ""), 120, 40)
	selectInSidebar(t, e.m, "Employees", "")
	press(t, e.m, "4")
	if s := flat(e.m); !strings.Contains(s, "CloudWatch metrics unavailable: no CloudWatch for endpoint "+url) {
		t.Fatalf("endpoint:\n%s", screen(e.m))
	}
}

// trafficOnRemoteText is what the traffic keys say on a remote backend.
const trafficOnRemoteText = "the traffic generator runs on the embedded engine only"

// The stream pane tails a remote table's stream from LATEST: records
// written after it opened show, with their images.
func TestRemoteStreamTail(t *testing.T) {
	r := newRemoteBed(t, false, 120, 40, "messages-ttl", "employees")
	m := r.m
	selectInSidebar(t, m, "Messages", "")
	press(t, m, "6")
	if s := flat(m); !strings.Contains(s, "stream NEW_AND_OLD_IMAGES · 0 records") || !strings.Contains(s, "from LATEST") {
		t.Fatalf("before:\n%s", screen(m))
	}
	if _, err := r.eng.PutItem(context.Background(), &model.PutItemInput{TableName: "Messages",
		Item: model.Item{"UserId": model.S("zed"), "SentAt": model.S("2026-01-01"), "Body": model.S("hello")}}); err != nil {
		t.Fatal(err)
	}
	refreshLive(t, m)
	if s := flat(m); !strings.Contains(s, "+ INSERT UserId=zed · SentAt=2026-01-01") || !strings.Contains(s, "new Body=hello") ||
		!strings.Contains(s, "1 record") {
		t.Fatalf("after:\n%s", screen(m))
	}
	selectInSidebar(t, m, "Employees", "")
	if s := flat(m); !strings.Contains(s, "This table has no stream") {
		t.Fatalf("no stream:\n%s", screen(m))
	}
}

// The embedded engine's extras say so on a remote backend: the clock keys,
// the traffic generator; the lessons run on their own copies as anywhere.
func TestRemoteWithoutTheEnginesExtras(t *testing.T) {
	r := newRemoteBed(t, false, 120, 40, "employees")
	m := r.m
	press(t, m, "4", "p")
	if !strings.HasPrefix(m.flash, "the clock belongs to the embedded engine") {
		t.Fatalf("p: %q", m.flash)
	}
	if !strings.Contains(statusBar(m), "wall clock 2026-11-22 10:41:07") {
		t.Fatalf("status bar: %s", statusBar(m))
	}
	press(t, m, "7", "enter")
	if m.lessons.Copy() == nil || strings.Contains(flat(m), "Exception") {
		t.Fatalf("lesson:\n%s", screen(m))
	}
}

// C copies the selected table's schema and a slice of its items into the
// sandbox and opens it; a GSI added there leaves the remote table alone; a
// second copy gets another name; from the query pane, the Query built
// picks the items.
func TestRemoteCopyIntoTheSandbox(t *testing.T) {
	r := newRemoteBed(t, false, 120, 40, "employees", "forum")
	m := r.m
	selectInSidebar(t, m, "Employees", "")
	press(t, m, "C")
	if _, ok := m.modal.(*forms.CopyForm); !ok {
		t.Fatalf("no copy form:\n%s", screen(m))
	}
	if s := flat(m); !strings.Contains(s, "items to copy 1000") || !strings.Contains(s, "name in sandbox Employees") ||
		!strings.Contains(s, "about 0.5 RCU for 23 items (Employees averages") {
		t.Fatalf("form:\n%s", screen(m))
	}
	press(t, m, "enter")
	if r.sandbox == nil || m.ws.api != engine.API(r.sandbox) || m.ws.short != "sandbox" {
		t.Fatalf("not in the sandbox:\n%s", screen(m))
	}
	if got := scanAllItems(t, r.sandbox, "Employees"); len(got) != 23 {
		t.Fatalf("%d items copied", len(got))
	}
	if m.flash != "copied 23 items of Employees into the sandbox as Employees: 1 page read, 0.5 RCU consumed · ctrl+o: back to remote, read-only" {
		t.Fatalf("flash %q", m.flash)
	}
	if !strings.Contains(screen(m), "╭─ sandbox (memory) · ctrl+o: remote, read-only ─") || m.ws.sel().Table() != "Employees" {
		t.Fatalf("screen:\n%s", screen(m))
	}
	// a GSI on the copy
	pollWhenDone(t, r.sandbox)
	press(t, m, "i")
	typeIn(t, m, "ByDept")
	press(t, m, "tab")
	typeIn(t, m, "Department")
	press(t, m, "enter", "esc")
	if g := describe(t, r.sandbox, "Employees").GlobalSecondaryIndexes; len(g) != 3 {
		t.Fatalf("sandbox GSIs: %d", len(g))
	}
	if g := describe(t, r.eng, "Employees").GlobalSecondaryIndexes; len(g) != 2 {
		t.Fatalf("remote GSIs: %d", len(g))
	}
	// back to the remote table: the next copy of it gets another name
	press(t, m, "ctrl+o")
	if m.ws != m.home {
		t.Fatal("ctrl+o did not go back")
	}
	selectInSidebar(t, m, "Employees", "")
	press(t, m, "C")
	if !strings.Contains(flat(m), "name in sandbox Employees-2") {
		t.Fatalf("second copy:\n%s", screen(m))
	}
	press(t, m, "esc")

	// the Query built in the query pane picks the items
	selectInSidebar(t, m, "Thread", "")
	press(t, m, "3", "j", "j")
	typeText(t, m, "S3")
	press(t, m, "C")
	if !strings.Contains(flat(m), "the first 1,000 items of the Query built in 3 Query") {
		t.Fatalf("query copy:\n%s", screen(m))
	}
	press(t, m, "ctrl+u")
	typeIn(t, m, "2")
	press(t, m, "enter")
	got := scanAllItems(t, r.sandbox, "Thread")
	if len(got) != 2 {
		t.Fatalf("%d items copied", len(got))
	}
	for _, it := range got {
		if it["ForumName"].S != "S3" {
			t.Fatalf("copied %v", it)
		}
	}
	if !strings.HasPrefix(m.flash, "copied 2 items of Thread into the sandbox as Thread: 1 page read") || !strings.Contains(m.flash, "(the table has more)") {
		t.Fatalf("flash %q", m.flash)
	}
	// on the embedded engine C says what it is for
	press(t, m, "C")
	if !strings.HasPrefix(m.flash, "C copies a slice of a remote table") {
		t.Fatalf("C in the sandbox: %q", m.flash)
	}
}

// A credential problem shows where the tables would be, as the SDK words
// it, with the profile and region tried.
func TestRemoteCredentialError(t *testing.T) {
	remotetest.IsolateAWS(t, "[profile broken]\nregion = eu-west-1\ncredential_process = false\n")
	b, err := remote.Open(context.Background(), remote.Options{Profile: "broken", RetryConnectionsOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	m := newModelWith(t, b, Options{Workspace: b.Location().String()}, 120, 40)
	s := flat(m)
	for _, want := range []string{"AWS eu-west-1, profile broken, read-only", "CredentialsError",
		"failed to refresh cached credentials, process provider error: error in credential_process: exit status 1 (profile broken, region eu-west-1)"} {
		if !strings.Contains(s, want) {
			t.Fatalf("no %q:\n%s", want, screen(m))
		}
	}
}

// G on a remote table says what reading it to the end costs and asks; y
// reads every page.
func TestRemoteReadToTheEndAsks(t *testing.T) {
	eng := demoEngine(t, "employees")
	bigTable(t, eng, "Big", 120, 100)
	r := newRemoteBedOn(t, eng, openRemote(t, remotetest.Serve(t, eng), false, ""), 120, 40)
	m := r.m
	selectInSidebar(t, m, "Big", "")
	press(t, m, "2", "G")
	est, err := remoteapi.EstimateScanOf(describe(t, eng, "Big"), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m.modal.(*forms.Confirm); !ok || !strings.Contains(flat(m), est.String()) || !strings.Contains(flat(m), "Read Big to the end?") {
		t.Fatalf("G:\n%s", screen(m))
	}
	press(t, m, "y")
	if l := lineWith(m, "rows "); !strings.Contains(l, "of ~120 · page 3:") {
		t.Fatalf("after y: %q\n%s", l, screen(m))
	}
}

// A PartiQL DELETE on a remote table: read-only, the backend refuses it
// with its one line, nothing sent; with --write it waits for the table's
// name.
func TestRemotePartiQLDelete(t *testing.T) {
	key := model.Item{"ForumName": model.S("EC2"), "Subject": model.S("EC2 API rate limits")}
	stmt := `DELETE FROM "Thread" WHERE ForumName = 'EC2' AND Subject = 'EC2 API rate limits'`
	ro := newRemoteBed(t, false, 120, 40, "forum")
	toPartiQL(t, ro.m, "Thread", "")
	setStatement(t, ro.m, stmt)
	press(t, ro.m, "r", "y")
	if res := ro.m.ws.query.PartiQL().Result; res == nil || res.Err == nil || res.Err.Error() != kit.ReadOnlyText || getItem(t, ro.eng, "Thread", key) == nil {
		t.Fatalf("read-only: %+v\n%s", res, screen(ro.m))
	}
	rw := newRemoteBed(t, true, 120, 40, "forum")
	toPartiQL(t, rw.m, "Thread", "")
	setStatement(t, rw.m, stmt)
	press(t, rw.m, "r", "y")
	if getItem(t, rw.eng, "Thread", key) == nil || !strings.Contains(flat(rw.m), "type Thread to confirm: y") {
		t.Fatalf("y deleted, or no name asked:\n%s", screen(rw.m))
	}
	press(t, rw.m, "ctrl+u")
	typeIn(t, rw.m, "Thread")
	press(t, rw.m, "enter")
	if res := rw.m.ws.query.PartiQL().Result; res == nil || res.Err != nil || getItem(t, rw.eng, "Thread", key) != nil {
		t.Fatalf("typed: %+v", res)
	}
}
