package ui

import (
	"context"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/codegen"
	"github.com/dynoscope/dynoscope/model"
	pat "github.com/dynoscope/dynoscope/patterns"
	"github.com/dynoscope/dynoscope/ui/query"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// L shows the builder's request as a Go, Python and JavaScript program
// (then the CLI line again), each exactly what codegen renders with the
// served address as endpoint; c copies the one shown; esc goes back to the
// form. So for every mode: Query, Scan, the transaction, the statement.
func TestCodeSwitch(t *testing.T) {
	eng := musicEngine(t, true)
	var copied []string
	m := newModelWith(t, eng, Options{Workspace: "music", Serving: "127.0.0.1:8000",
		Copy: func(s string) error { copied = append(copied, s); return nil }}, 120, 40)
	selectInSidebar(t, m, "Songs", "")
	press(t, m, "3")
	q := m.ws.query
	gotoRow(t, m, "partition key")
	typeText(t, m, "1")
	in, why := q.Request()
	if why != "" {
		t.Fatal(why)
	}
	opts := codegen.Options{Endpoint: "http://127.0.0.1:8000"}

	// The CLI line under the form says what L does.
	if !strings.Contains(flat(m), "the same request with the AWS CLI · L: Go, Python, JavaScript") {
		t.Errorf("the form does not offer the code:\n%s", screen(m))
	}
	for _, c := range []struct {
		lang  codegen.Language
		name  string
		shows []string
	}{
		{codegen.Go, "Go (aws-sdk-go-v2)", []string{"out, err := client.Query(ctx, &dynamodb.QueryInput{", `o.BaseEndpoint = aws.String("http://127.0.0.1:8000")`}},
		{codegen.Python, "Python (boto3)", []string{`    endpoint_url="http://127.0.0.1:8000",`, "response = client.query("}},
		{codegen.JavaScript, "JavaScript (AWS SDK v3)", []string{`import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";`}},
	} {
		press(t, m, "L")
		if q.Lang() != c.lang.String() {
			t.Fatalf("L shows %s, want %s", q.Lang(), c.lang)
		}
		want, err := codegen.Render(c.lang, in, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := q.Code(); got != want {
			t.Errorf("%s: the pane has\n%s\ncodegen renders\n%s", c.lang, got, want)
		}
		s := screen(m)
		if !strings.Contains(s, c.name+"  the Query of the builder") {
			t.Errorf("%s: no title:\n%s", c.lang, s)
		}
		for _, frag := range c.shows {
			if !strings.Contains(s, strings.ReplaceAll(frag, "\t", "    ")) {
				t.Errorf("%s: the pane does not show %q:\n%s", c.lang, frag, s)
			}
		}
		press(t, m, "c")
		if len(copied) == 0 || copied[len(copied)-1] != want {
			t.Fatalf("%s: c copied %q", c.lang, copied)
		}
		if !strings.Contains(flat(m), "copied the "+c.lang.String()+" program to the clipboard (OSC 52)") {
			t.Errorf("%s: the copy is not said:\n%s", c.lang, screen(m))
		}
	}
	// Round to the CLI line: the form again, and c copies the command.
	press(t, m, "L")
	if q.Lang() != "CLI" || !strings.Contains(screen(m), "partition key") {
		t.Fatalf("after JavaScript L shows %s:\n%s", q.Lang(), screen(m))
	}
	press(t, m, "c")
	if copied[len(copied)-1] != query.CLIText(in, "127.0.0.1:8000") {
		t.Errorf("c copied %q", copied[len(copied)-1])
	}
	// The wheel and the list keys scroll a program taller than the pane.
	press(t, m, "L")
	send(t, m, tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if !strings.Contains(flat(m), "lines 4–35 of 97") {
		t.Errorf("the wheel does not scroll the program:\n%s", screen(m))
	}
	press(t, m, "G")
	if !strings.Contains(flat(m), "lines 66–97 of 97") {
		t.Errorf("G does not show the program's end:\n%s", screen(m))
	}
	press(t, m, "esc")
	// esc leaves a program for the form (the sidebar keeps its place).
	press(t, m, "L", "esc")
	if q.Lang() != "CLI" || m.onSidebar {
		t.Errorf("esc from the program: lang %s, on sidebar %v", q.Lang(), m.onSidebar)
	}

	// The transaction and the statement have their code too.
	for _, req := range []any{
		&model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{{Put: &model.Put{TableName: "Songs",
			Item: model.Item{"Id": model.S("3"), "Metadata": model.S("Details"), "Title": model.S("Angie")}}}}},
		&model.ExecuteStatementInput{Statement: `SELECT * FROM "Songs" WHERE Id = '1'`},
	} {
		q.LoadRequest(q.Target(), req)
		got, why := q.ModeRequest()
		if why != "" {
			t.Fatal(why)
		}
		press(t, m, "L")
		want, err := codegen.Render(codegen.Go, got, opts)
		if err != nil {
			t.Fatal(err)
		}
		if code, _ := q.Code(); code != want {
			t.Errorf("%T as Go: the pane has\n%s\ncodegen renders\n%s", req, code, want)
		}
		press(t, m, "c")
		if copied[len(copied)-1] != want {
			t.Errorf("%T: c copied %q", req, copied[len(copied)-1])
		}
		press(t, m, "esc")
	}
}

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
