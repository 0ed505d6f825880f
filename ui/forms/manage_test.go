package forms

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The forms of table and index changes, opened as the root opens them
// (ForManage) for what 1 Schema or the sidebar asks on schema-demo.

// askTTL is what t on a table asks: its TTL turned off, or on, as the
// tables read last say it is.
func askTTL(t testing.TB, api engine.API, table string) kit.ManageMsg {
	t.Helper()
	tg, info := uitest.Target(t, api, table, "")
	return kit.ManageMsg{Op: kit.ToggleTTL, Target: kit.TableTarget(tg.Desc), TTL: info.TTL}
}

// A GSI whose name exists already is refused with DynamoDB's message, in
// the form, and nothing changes; the error goes once a field is edited.
func TestGSIFormShowsDynamoDBError(t *testing.T) {
	eng := uitest.DemoEngine(t, "schema-demo")
	m := newBed(t)
	m.open(ForManage(m.st, m.km, eng, kit.ManageMsg{Op: kit.AddIndex, Target: tableTarget(t, eng, "schema-demo")}, Gate{}))
	m.Type("gsi")
	m.Press("tab")
	m.Type("name")
	m.Press("enter")
	if s := m.Flat(); !strings.Contains(s, "ValidationException") || !strings.Contains(s, "Index gsi already exists") {
		t.Fatalf("screen:\n%s", m.Text())
	}
	if _, ok := m.md.(*GSIForm); !ok {
		t.Fatal("the form closed on an error")
	}
	m.Press("shift+tab")
	m.Type("2")
	if s := m.Flat(); strings.Contains(s, "Index gsi already exists") {
		t.Fatalf("the error stayed after the name was edited:\n%s", m.Text())
	}
}

// t turns TTL off (after y) when it is on, and asks for the attribute to
// turn it on.
func TestTTLToggle(t *testing.T) {
	eng := uitest.DemoEngine(t, "schema-demo")
	m := newBed(t)
	m.open(ForManage(m.st, m.km, eng, askTTL(t, eng, "schema-demo"), Gate{}))
	if !strings.Contains(m.Flat(), "TTL is ENABLED on ttl for schema-demo. Disable it?") {
		t.Fatalf("screen:\n%s", m.Text())
	}
	ttl := func() *model.TimeToLiveDescription {
		out, err := eng.DescribeTimeToLive(context.Background(), &model.DescribeTimeToLiveInput{TableName: "schema-demo"})
		if err != nil {
			t.Fatal(err)
		}
		return out.TimeToLiveDescription
	}
	// The data set enabled TTL a moment ago (the clock is fixed): DynamoDB
	// refuses another change within the interval, verbatim, and the modal
	// stays open with it.
	m.Press("y")
	if s := m.Flat(); m.md == nil || !strings.Contains(s, "Time to live has been modified multiple times within a fixed interval") {
		t.Fatalf("screen:\n%s", m.Text())
	}
	m.Press("esc")
	eng.Clock().(*engine.VirtualClock).Advance(2 * time.Hour)
	m.open(ForManage(m.st, m.km, eng, askTTL(t, eng, "schema-demo"), Gate{}))
	m.Press("y")
	if s := ttl().TimeToLiveStatus; s != "DISABLED" {
		t.Fatalf("TTL %s after disabling", s)
	}
	if m.md != nil {
		t.Fatalf("the confirmation stayed open:\n%s", m.Text())
	}
	eng.Clock().(*engine.VirtualClock).Advance(2 * time.Hour)
	m.open(ForManage(m.st, m.km, eng, askTTL(t, eng, "schema-demo"), Gate{}))
	if !strings.Contains(m.Flat(), "TTL is DISABLED. Name the attribute") {
		t.Fatalf("screen:\n%s", m.Text())
	}
	m.Type("expires")
	m.Press("enter")
	if d := ttl(); d.TimeToLiveStatus != "ENABLED" || d.AttributeName != "expires" {
		t.Fatalf("TTL %+v\n%s", d, m.Text())
	}
}
