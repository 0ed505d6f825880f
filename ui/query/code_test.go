package query

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/codegen"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// L shows the builder's request as a Go, Python and JavaScript program
// (then the CLI line again), each exactly what codegen renders with the
// served address as endpoint; c copies the one shown; esc goes back to the
// form. So for every mode: Query, Scan, the transaction, the statement.
func TestCodeSwitch(t *testing.T) {
	eng := uitest.MusicEngine(t, true)
	var copied []string
	m := newBedServing(t, eng, "127.0.0.1:8000", 120, 40)
	m.q.copy = func(s string) error { copied = append(copied, s); return nil }
	m.Select("Songs", "")
	q := m.q
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
	if copied[len(copied)-1] != CLIText(in, "127.0.0.1:8000") {
		t.Errorf("c copied %q", copied[len(copied)-1])
	}
	// The wheel and the list keys scroll a program taller than the pane.
	press(t, m, "L")
	m.Send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if !strings.Contains(flat(m), "lines 4–35 of 97") {
		t.Errorf("the wheel does not scroll the program:\n%s", screen(m))
	}
	press(t, m, "G")
	if !strings.Contains(flat(m), "lines 66–97 of 97") {
		t.Errorf("G does not show the program's end:\n%s", screen(m))
	}
	press(t, m, "esc")
	// esc leaves a program for the form (the sidebar keeps its place: the
	// pane uses esc while a program is shown, so the root gives it esc).
	press(t, m, "L")
	usesEsc := q.UsesEsc()
	press(t, m, "esc")
	if q.Lang() != "CLI" || !usesEsc {
		t.Errorf("esc from the program: lang %s, the pane uses esc %v", q.Lang(), usesEsc)
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
