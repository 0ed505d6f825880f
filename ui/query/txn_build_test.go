package query

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// An item as typed: name = value pairs, quoted names, every kind of value
// the builder reads; what it cannot read is refused with the reason; and
// itemText writes an item back so that parseItem reads the same item.
func TestParseItem(t *testing.T) {
	cases := []struct {
		text string
		want model.Item
		why  string
	}{
		{`PK = "CUSTOMER#c-1", SK = PROFILE, Points = 5, Vip = true, Gone = null`,
			model.Item{"PK": model.S("CUSTOMER#c-1"), "SK": model.S("PROFILE"), "Points": model.N("5"), "Vip": model.Bool(true), "Gone": model.Null()}, ""},
		{`"odd, name" = "a = b", Tags = {"SS":["x","y"]}`,
			model.Item{"odd, name": model.S("a = b"), "Tags": {Type: model.TypeSS, SS: []string{"x", "y"}}}, ""},
		{``, nil, "item: type its attributes as name = value, separated by commas"},
		{`PK "x"`, nil, `item: write each attribute as name = value (got "PK \"x\"")`},
		{`PK = 1, PK = 2`, nil, "item: PK is given twice"},
		{`PK = {"S":`, nil, "item: PK: bad DynamoDB JSON"},
	}
	for _, c := range cases {
		got, r := parseItem(c.text)
		if c.why != "" {
			if r == nil || !strings.HasPrefix(r.why, c.why) {
				t.Errorf("%q: refusal %v, want %q", c.text, r, c.why)
			}
			continue
		}
		if r != nil || string(model.AppendItemJSON(nil, got)) != string(model.AppendItemJSON(nil, c.want)) {
			t.Errorf("%q: %v %v", c.text, got, r)
			continue
		}
		back, r := parseItem(itemText(got, []string{"PK", "SK"}))
		if r != nil || string(model.AppendItemJSON(nil, back)) != string(model.AppendItemJSON(nil, got)) {
			t.Errorf("%q: written back as %q, read %v %v", c.text, itemText(got, []string{"PK", "SK"}), back, r)
		}
	}
	if s := itemText(model.Item{"Z": model.N("1"), "SK": model.S("b"), "PK": model.S("a")}, []string{"PK", "SK"}); s != `PK = "a", SK = "b", Z = 1` {
		t.Errorf("key attributes first: %s", s)
	}
}

// The table a statement names, quoted or bare, with its index.
func TestStatementTarget(t *testing.T) {
	cases := []struct{ stmt, table, index string }{
		{`SELECT * FROM "Thread"`, "Thread", ""},
		{`select a from Thread where x = 1`, "Thread", ""},
		{`SELECT * FROM "Thread"."LastPostIndex" WHERE ForumName = 'a'`, "Thread", "LastPostIndex"},
		{`INSERT INTO "schema-demo" VALUE {'pk': 'x'}`, "schema-demo", ""},
		{`UPDATE Votes SET n = 1 WHERE Contestant = 'a'`, "Votes", ""},
		{`DELETE FROM "a""b" WHERE k = 1`, `a"b`, ""},
		{`SELECT * FR`, "", ""},
	}
	for _, c := range cases {
		if table, index := statementTarget(c.stmt); table != c.table || index != c.index {
			t.Errorf("%s: %q %q", c.stmt, table, index)
		}
	}
}

// softWrap keeps every character and breaks after spaces where it can.
func TestSoftWrap(t *testing.T) {
	for _, c := range []struct {
		s    string
		w    int
		want []string
	}{
		{"SELECT * FROM t", 40, []string{"SELECT * FROM t"}},
		{"SELECT * FROM Thread WHERE x = 1", 14, []string{"SELECT * FROM ", "Thread WHERE ", "x = 1"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
	} {
		got := softWrap(c.s, c.w)
		if strings.Join(got, "|") != strings.Join(c.want, "|") || strings.Join(got, "") != c.s {
			t.Errorf("%q at %d: %q", c.s, c.w, got)
		}
	}
}

// Parameters are the builder's values, one per ?.
func TestParseParams(t *testing.T) {
	got, r := parseParams(`"EC2", 5, {"SS":["a"]}`)
	if r != nil || len(got) != 3 || got[0].S != "EC2" || got[1].N != "5" || got[2].Type != model.TypeSS {
		t.Fatalf("%v %v", got, r)
	}
	if got, r := parseParams("  "); got != nil || r != nil {
		t.Fatalf("empty: %v %v", got, r)
	}
	if _, r := parseParams(`"a", , 1`); r == nil || r.why != "parameters: parameter 2 is empty" {
		t.Fatalf("refusal %v", r)
	}
}

// The CLI lines of a statement and of a transaction paste back exactly:
// parameters as DynamoDB JSON, --next-token for a later page, <> as is.
func TestCLIOfStatementAndTransaction(t *testing.T) {
	lim := int32(10)
	in := &model.ExecuteStatementInput{Statement: `SELECT * FROM "T" WHERE k = ? AND n <> 'it''s'`, Parameters: []model.AttributeValue{model.S("a"), model.N("2")},
		Limit: &lim, NextToken: "abc", ReturnConsumedCapacity: model.ReturnCapacityIndexes}
	want := `aws dynamodb execute-statement --statement 'SELECT * FROM "T" WHERE k = ? AND n <> '\''it'\'''\''s'\''' --parameters '[{"S":"a"},{"N":"2"}]' --limit 10 --next-token abc --return-consumed-capacity INDEXES --endpoint-url http://127.0.0.1:8000`
	if got := CLIText(in, "127.0.0.1:8000"); got != want {
		t.Errorf("statement:\n%s\nwant\n%s", got, want)
	}
	tx := &model.TransactWriteItemsInput{ReturnConsumedCapacity: model.ReturnCapacityIndexes, TransactItems: []model.TransactWriteItem{
		{ConditionCheck: &model.ConditionCheck{TableName: "T", Key: model.Item{"k": model.S("a")}, ConditionExpression: "n <> :v",
			ExpressionAttributeValues: map[string]model.AttributeValue{":v": model.N("1")}}}}}
	want = `aws dynamodb transact-write-items --transact-items '[{"ConditionCheck":{"Key":{"k":{"S":"a"}},"TableName":"T","ConditionExpression":"n <> :v","ExpressionAttributeValues":{":v":{"N":"1"}}}}]' --return-consumed-capacity INDEXES`
	if got := CLIText(tx, ""); got != want {
		t.Errorf("transaction:\n%s\nwant\n%s", got, want)
	}
}
