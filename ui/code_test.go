package ui

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/codegen"
	pat "github.com/dynoscope/dynoscope/patterns"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// P saves the builder's request as an access pattern with its table: the
// saved pattern is the request, 8 Patterns checks it, a second save under
// the same name replaces it, and x removes it.
func TestSaveAsPatternRoundTrip(t *testing.T) {
	eng := musicEngine(t, true)
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "Songs", "ByArtist")
	press(t, m, "3")
	q := m.ws.query
	gotoRow(t, m, "partition key")
	typeText(t, m, "The Rolling Stones")
	in, _ := q.Request()

	press(t, m, "P")
	if !m.capturing() || !strings.Contains(flat(m), "save as access pattern, name: Query Songs/ByArtist") {
		t.Fatalf("P does not ask for a name:\n%s", screen(m))
	}
	send(t, m, uitest.Keys("ctrl+u")[0])
	typeIn(t, m, "Songs by an artist")
	press(t, m, "enter")
	note := `saved as access pattern "Songs by an artist" with table Songs: 8 Patterns checks it`
	if !strings.Contains(flat(m), note) {
		t.Errorf("the save is not said:\n%s", screen(m))
	}
	saved, err := pat.Saved(context.Background(), eng)
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) != 1 || saved[0].Name != "Songs by an artist" || saved[0].Operation != "Query" {
		t.Fatalf("saved %+v", saved)
	}
	back, err := saved[0].Input(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, in) {
		t.Errorf("the saved request is\n%#v\nthe builder's\n%#v", back, in)
	}

	press(t, m, "8")
	pp := m.ws.patterns
	res, fresh := pp.Result(0)
	if res == nil || !fresh || res.Served() != "Songs/ByArtist" || res.Scan || !res.OK() || res.ItemsReturned != 2 {
		t.Fatalf("the pattern checked: %+v", res)
	}
	if !strings.Contains(flat(m), "✓ Songs by an artist Query on Songs/ByArtist 0.5 RCU ok") {
		t.Errorf("8 Patterns:\n%s", screen(m))
	}

	// Saved again under the same name, as a Scan: replaced, and checked
	// again (the pane is told the workspace changed).
	press(t, m, "3", "s", "P")
	send(t, m, uitest.Keys("ctrl+u")[0])
	typeIn(t, m, "Songs by an artist")
	press(t, m, "enter", "8")
	if n := len(pp.Patterns()); n != 1 {
		t.Fatalf("%d patterns after saving under the same name", n)
	}
	if res, fresh := pp.Result(0); !fresh || !res.Scan || res.OK() {
		t.Errorf("the replaced pattern: %+v", res)
	}

	press(t, m, "x", "y")
	if saved, _ := pat.Saved(context.Background(), eng); len(saved) != 0 || len(pp.Patterns()) != 0 {
		t.Errorf("after x: saved %v, listed %d", saved, len(pp.Patterns()))
	}
	if !strings.Contains(flat(m), "No access patterns are saved in this workspace.") {
		t.Errorf("an empty pane:\n%s", screen(m))
	}

	// esc while naming saves nothing.
	press(t, m, "3", "P", "esc")
	if saved, _ := pat.Saved(context.Background(), eng); len(saved) != 0 || m.capturing() {
		t.Errorf("esc saved %v (capturing %v)", saved, m.capturing())
	}
}

// On a remote backend the Patterns pane, facets and "save as pattern" say
// that they need the embedded engine; the code switch works as anywhere.
func TestDesignOnARemoteBackend(t *testing.T) {
	r := newRemoteBed(t, false, 120, 40, "forum")
	m := r.m
	press(t, m, "8")
	if !strings.Contains(flat(m), "Access patterns are saved with the tables of the embedded engine") {
		t.Errorf("8 Patterns on a remote backend:\n%s", screen(m))
	}
	selectInSidebar(t, m, "Thread", "")
	press(t, m, "2", "v")
	if !strings.Contains(flat(m), "no facet views on this backend: the embedded engine keeps facets") {
		t.Errorf("v on a remote table:\n%s", screen(m))
	}
	press(t, m, "3")
	gotoRow(t, m, "partition key")
	typeText(t, m, "Amazon DynamoDB")
	press(t, m, "P")
	if m.capturing() || !strings.Contains(flat(m), "not saved: facets and access patterns are kept with the tables of the embedded engine") {
		t.Errorf("P on a remote backend:\n%s", screen(m))
	}
	in, _ := m.ws.query.ModeRequest()
	press(t, m, "L", "L")
	want, err := codegen.Render(codegen.Python, in, codegen.Options{Endpoint: r.b.Location().Endpoint})
	if err != nil {
		t.Fatal(err)
	}
	if got, why := m.ws.query.Code(); got != want || why != "" {
		t.Errorf("Python on a remote backend:\n%s\nwant\n%s (%s)", got, want, why)
	}
}
