package query

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// Every mode's CLI line names the endpoint once, with one scheme, whatever
// form the explorer knows it in: an address it serves on, an http:// or an
// https:// URL; none without one.
func TestCLIEndpointEveryModeEveryForm(t *testing.T) {
	modes := map[string]any{
		"Query":   &model.QueryInput{TableName: "T", KeyConditionExpression: "pk = :p", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("a")}},
		"Scan":    &model.ScanInput{TableName: "T"},
		"PartiQL": &model.ExecuteStatementInput{Statement: `SELECT * FROM "T"`},
		"Transaction": &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
			{Delete: &model.Delete{TableName: "T", Key: model.Item{"pk": model.S("a")}}}}},
	}
	forms := []struct{ endpoint, want string }{
		{"127.0.0.1:8111", " --endpoint-url http://127.0.0.1:8111"},
		{"http://127.0.0.1:8111", " --endpoint-url http://127.0.0.1:8111"},
		{"https://dynamodb.eu-west-1.amazonaws.com", " --endpoint-url https://dynamodb.eu-west-1.amazonaws.com"},
		{"", ""},
	}
	for mode, in := range modes {
		for _, f := range forms {
			got := CLIText(in, f.endpoint)
			if f.want == "" {
				if strings.Contains(got, "--endpoint-url") {
					t.Errorf("%s with no endpoint: %s", mode, got)
				}
				continue
			}
			if !strings.HasSuffix(got, f.want) || strings.Count(got, "://") != 1 {
				t.Errorf("%s, endpoint %q:\n%s\nwant it to end %q", mode, f.endpoint, got, f.want)
			}
		}
	}
}

// After n, the CLI line and the programs read the page the pane shows:
// the Query or Scan carries the ExclusiveStartKey that read it, the
// statement its NextToken; a request changed since goes back to page 1.
func TestCodeReadsTheShownPage(t *testing.T) {
	lek := model.Item{"pk": model.S("a"), "sk": model.N("2")}
	query := func() *model.QueryInput {
		return &model.QueryInput{TableName: "T", KeyConditionExpression: "pk = :p", Limit: new(int32(2)),
			ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("a")}}
	}
	shown := query()
	shown.ExclusiveStartKey = lek
	q := &Model{}
	q.f.res = &result{in: shown, page: 2}

	cli, err := q.codeText(0, query())
	if err != nil {
		t.Fatal(err)
	}
	if want := ` --exclusive-start-key '{"pk":{"S":"a"},"sk":{"N":"2"}}'`; !strings.Contains(cli, want) {
		t.Errorf("page 2's CLI line:\n%s\nwant %s", cli, want)
	}
	for i := 1; i < len(codeLangs); i++ {
		prog, err := q.codeText(i, query())
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(prog, "ExclusiveStartKey") {
			t.Errorf("page 2's %s program reads page 1:\n%s", shortLang(i), prog)
		}
	}
	changed := query()
	changed.KeyConditionExpression = "pk = :p AND sk > :s"
	if cli, _ := q.codeText(0, changed); strings.Contains(cli, "--exclusive-start-key") {
		t.Errorf("a changed request kept the shown page's key: %s", cli)
	}

	scan := &model.ScanInput{TableName: "T", ExclusiveStartKey: lek}
	q.f.res = &result{in: scan, page: 3}
	if cli, _ := q.codeText(0, &model.ScanInput{TableName: "T"}); !strings.Contains(cli, "--exclusive-start-key") {
		t.Errorf("page 3 of a Scan: %s", cli)
	}

	st := &model.ExecuteStatementInput{Statement: `SELECT * FROM "T"`, Limit: new(int32(1)), NextToken: "tok-2"}
	q.pq.res = &pqResult{in: st, page: 2}
	cli, _ = q.codeText(0, &model.ExecuteStatementInput{Statement: `SELECT * FROM "T"`, Limit: new(int32(1))})
	if !strings.Contains(cli, "--next-token tok-2") {
		t.Errorf("page 2 of a statement: %s", cli)
	}
	prog, _ := q.codeText(2, &model.ExecuteStatementInput{Statement: `SELECT * FROM "T"`, Limit: new(int32(1))})
	if !strings.Contains(prog, `NextToken="tok-2"`) {
		t.Errorf("page 2 of a statement in Python:\n%s", prog)
	}
}
