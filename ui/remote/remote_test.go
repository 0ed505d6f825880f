package remote

import (
	"context"
	"reflect"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// flashOf is the note a command flashes ("" when it announces anything else).
func flashOf(cmd tea.Cmd) string {
	if cmd == nil {
		return ""
	}
	f, _ := cmd().(kit.FlashMsg)
	return f.Text
}

// S on the embedded engine says it needs no read; with nothing selected or
// nothing running, S says so; a copy says why it cannot run, in order: not
// a remote workspace, no sandbox, nothing selected.
func TestRefusals(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	s := NewSurveys(eng, nil)
	loc := &remoteapi.Location{Region: "eu-west-1"}
	open := func() (*engine.Engine, error) { return eng, nil }
	tests := []struct {
		name string
		cmd  tea.Cmd
		want string
	}{
		{"survey on the engine", s.Ask("Reply"), "S reads a remote table whole: the embedded engine's panes know this without reading"},
		{"S twice on the engine", s.Toggle("Reply"), "S reads a remote table whole: the embedded engine's panes know this without reading"},
		{"copy from the engine", NewCopier(open, "sandbox (memory)").Ask(Source{API: eng}), "C copies a slice of a remote table into a sandbox: start dynoscope with --region or --endpoint-url"},
		{"copy without a sandbox", NewCopier(nil, "").Ask(Source{API: eng, Loc: loc}), "this explorer has no sandbox to copy into"},
		{"copy of nothing", NewCopier(open, "sandbox (memory)").Ask(Source{API: eng, Loc: loc}), "select a table first"},
	}
	for _, tt := range tests {
		if got := flashOf(tt.cmd); got != tt.want {
			t.Errorf("%s: flashed %q, want %q", tt.name, got, tt.want)
		}
	}
	if s.Running() || s.StatusText() != "" || s.Stop() != nil || s.Of("Reply") != nil {
		t.Fatal("a survey runs on the engine")
	}
}

// C on a remote table asks for the copy form: the default limit and name,
// what it copies and what it costs (from DynamoDB's approximate counts);
// the form's answer is the copy, for the copier.
func TestAskCopy(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	tg, _ := uitest.Target(t, eng, "Reply", "")
	c := NewCopier(func() (*engine.Engine, error) { return eng, nil }, "sandbox (memory)")
	msg, ok := c.Ask(Source{API: eng, Loc: &remoteapi.Location{Region: "eu-west-1"}, Table: tg.Desc})().(AskCopyMsg)
	if !ok || msg.Title != "Copy a slice of Reply into the sandbox" || msg.Limit != remoteapi.DefaultCopyLimit || msg.Name != "Reply" {
		t.Fatalf("asked %#v", msg)
	}
	want := []string{
		"Copies the schema of Reply (keys, LSIs, GSIs, billing and throughput, TTL and stream settings) and the first 10 items of a Scan of Reply into the sandbox (memory), then opens it there: add a GSI, try another key design or throttle it without touching the real table.",
		"",
		"Reads eventually consistent pages from AWS eu-west-1 (billed) until it has the items: about 0.5 RCU for 10 items (Reply averages 181 B an item; half a read unit per 4 KB read).",
	}
	if got := msg.About(10); !reflect.DeepEqual(got, want) {
		t.Fatalf("about:\n%q\nwant\n%q", got, want)
	}
	if then, ok := msg.Then(10, "Reply-2").(copyMsg); !ok || then.limit != 10 || then.target != "Reply-2" || then.table != "Reply" {
		t.Fatalf("the answer %#v", msg.Then(10, "Reply-2"))
	}
}

// The status bar's texts of a remote backend.
func TestTexts(t *testing.T) {
	if got := ConsumedText(remoteapi.Totals{ReadUnits: 7.5, Requests: 14, Unmetered: 2}); got != "consumed 7.5 RCU · 0 WCU in 14 requests (2 without ConsumedCapacity)" {
		t.Errorf("ConsumedText %q", got)
	}
	d := &model.TableDescription{TableName: "Orders", TableArn: "arn:aws:dynamodb:eu-west-1:123456789012:table/Orders"}
	want := []string{"table Orders · region eu-west-1 · account 123456789012", "This is the real table: the change cannot be undone from here."}
	if got := Where(&remoteapi.Location{Region: "eu-west-1"}, d); !reflect.DeepEqual(got, want) {
		t.Errorf("Where %q", got)
	}
	want = []string{"region us-east-1 · account unknown", "endpoint http://127.0.0.1:8000", "This is the real table: the change cannot be undone from here."}
	if got := Where(&remoteapi.Location{Region: "us-east-1", Endpoint: "http://127.0.0.1:8000"}, nil); !reflect.DeepEqual(got, want) {
		t.Errorf("Where %q", got)
	}
}

// blockingSurveyor reads one page, then waits for its survey to be
// stopped; it stands for a remote table whose next page is slow.
type blockingSurveyor struct {
	engine.API
	paged chan struct{}
}

func (b blockingSurveyor) EstimateScan(context.Context, string, string) (remoteapi.ScanEstimate, error) {
	return remoteapi.ScanEstimate{Items: 300}, nil
}

func (b blockingSurveyor) SurveyTable(ctx context.Context, table string, _ remoteapi.SurveyOptions, progress func(remoteapi.ReadProgress)) (*remoteapi.Survey, error) {
	p := remoteapi.ReadProgress{Table: table, Items: 100, Pages: 1, Units: 49, EstimatedItems: 300}
	progress(p)
	close(b.paged)
	<-ctx.Done()
	return &remoteapi.Survey{Table: table, Progress: p}, ctx.Err()
}

// S on a running survey: the status says it is stopping until the
// survey's end, and then what was read. No flash of "stopping" comes from
// a command, so none can land after the end and hide it (it did, under
// load: TestRemoteSurveyStopKey).
func TestStopSaysStoppingUntilTheEnd(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	api := blockingSurveyor{API: eng, paged: make(chan struct{})}
	s := NewSurveys(api, &remoteapi.Location{Endpoint: "http://127.0.0.1:1"})
	batch, ok := s.Update(startMsg{table: "Reply", est: remoteapi.ScanEstimate{Items: 300}})().(tea.BatchMsg)
	if !ok || len(batch) != 3 {
		t.Fatalf("start: %v", batch)
	}
	ended := make(chan tea.Msg, 1)
	go func() { ended <- batch[1]() }() // the read itself
	<-api.paged
	s.Update(batch[2]()) // its first page's progress
	if got, want := s.StatusText(), "S stops · reading Reply: 100 of ~300 items · 49 RCU"; got != want {
		t.Fatalf("running: %q, want %q", got, want)
	}
	if cmd := s.Toggle("Reply"); cmd != nil {
		t.Fatalf("S flashed %v: a flash from a command can land after the survey's end", cmd())
	}
	if got, want := s.StatusText(), "stopping the read of Reply…"; got != want {
		t.Fatalf("stopping: %q, want %q", got, want)
	}
	cmd := s.Update(<-ended)
	if s.Running() || s.StatusText() != "" {
		t.Fatalf("after the end: running %v, status %q", s.Running(), s.StatusText())
	}
	msg, _ := cmd().(SurveyMsg)
	if want := "stopped after 100 items of Reply · 49 RCU"; msg.Note != want {
		t.Fatalf("the end says %q, want %q", msg.Note, want)
	}
}
