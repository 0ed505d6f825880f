package query

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// positionIndex is CartLines' GSI with a multi-attribute sort key.
func positionIndex() kit.Target {
	d := &model.TableDescription{TableName: "CartLines",
		KeySchema: []model.KeySchemaElement{{AttributeName: "UserID", KeyType: model.KeyTypeHash}, {AttributeName: "SK", KeyType: model.KeyTypeRange}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "UserID", AttributeType: "S"}, {AttributeName: "SK", AttributeType: "S"},
			{AttributeName: "Section", AttributeType: "S"}, {AttributeName: "Status", AttributeType: "S"}, {AttributeName: "Position", AttributeType: "N"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndexDescription{{IndexName: "PositionIndex", KeySchema: []model.KeySchemaElement{
			{AttributeName: "UserID", KeyType: model.KeyTypeHash}, {AttributeName: "Section", KeyType: model.KeyTypeRange},
			{AttributeName: "Status", KeyType: model.KeyTypeRange}, {AttributeName: "Position", KeyType: model.KeyTypeRange}}}}}
	return kit.Target{Desc: d, Index: "PositionIndex"}
}

// A Query on a multi-attribute key loads into the builder's fields, from
// an expression (a BETWEEN on the last attribute named, names through
// placeholders or not) or from the legacy KeyConditions, and the builder
// sends the same conditions back under its own placeholders; a condition
// on an attribute outside the key is said to be beyond the form.
func TestLoadMultiAttributeKeyCondition(t *testing.T) {
	n9, n12 := model.N("9"), model.N("12")
	cases := []struct {
		name string
		in   *model.QueryInput
		want []string // "Attribute op value value2"
		kce  string
		note string
	}{
		{"expression", &model.QueryInput{KeyConditionExpression: "UserID = :u AND #sec = :c AND #st = :a AND #pos BETWEEN :lo AND :hi",
			ExpressionAttributeNames:  map[string]string{"#sec": "Section", "#st": "Status", "#pos": "Position"},
			ExpressionAttributeValues: map[string]model.AttributeValue{":u": model.S("u-1001"), ":c": model.S("CART"), ":a": model.S("ACTIVE"), ":lo": n9, ":hi": n12}},
			[]string{"UserID = u-1001 ", "Section = CART ", "Status = ACTIVE ", "Position BETWEEN 9 12"},
			"#pk1 = :pk1 AND #sk1 = :sk1 AND #sk2 = :sk2 AND #sk3 BETWEEN :sk3 AND :sk3b", ""},
		{"legacy KeyConditions", &model.QueryInput{KeyConditions: map[string]model.Condition{
			"UserID":  {ComparisonOperator: "EQ", AttributeValueList: []model.AttributeValue{model.S("u-1001")}},
			"Section": {ComparisonOperator: "EQ", AttributeValueList: []model.AttributeValue{model.S("CART")}},
			"Status":  {ComparisonOperator: "BEGINS_WITH", AttributeValueList: []model.AttributeValue{model.S("SA")}}}},
			[]string{"UserID = u-1001 ", "Section = CART ", "Status begins_with SA ", "Position   "},
			"#pk1 = :pk1 AND #sk1 = :sk1 AND begins_with(#sk2, :sk2)", ""},
		{"a skipped attribute, kept as given", &model.QueryInput{KeyConditionExpression: "UserID = :u AND Section = :c AND Position >= :p",
			ExpressionAttributeValues: map[string]model.AttributeValue{":u": model.S("u-1001"), ":c": model.S("CART"), ":p": n9}},
			[]string{"UserID = u-1001 ", "Section = CART ", "Status   ", "Position >= 9 "},
			"#pk1 = :pk1 AND #sk1 = :sk1 AND #sk3 >= :sk3", ""},
		{"not a key attribute", &model.QueryInput{KeyConditionExpression: "UserID = :u AND Quantity = :q",
			ExpressionAttributeValues: map[string]model.AttributeValue{":u": model.S("u-1001"), ":q": model.N("1")}},
			[]string{"UserID = u-1001 ", "Section   ", "Status   ", "Position   "},
			"#pk1 = :pk1", "from the lesson: the key condition on Quantity is not in a form the builder shows"},
	}
	for _, c := range cases {
		q := New(kit.NewStyles(true), keymap.DefaultKeyMap(), nil, nil, "")
		in := *c.in
		in.TableName, in.IndexName = "CartLines", "PositionIndex"
		note := q.LoadRequest(positionIndex(), &in)
		var got []string
		for _, k := range q.Form().Keys {
			got = append(got, k.Attribute+" "+k.Op+" "+k.Value+" "+k.Value2)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") || note != c.note {
			t.Errorf("%s: fields %q note %q, want %q %q", c.name, got, note, c.want, c.note)
			continue
		}
		req, why := q.Request()
		if why != "" || req.(*model.QueryInput).KeyConditionExpression != c.kce {
			t.Errorf("%s: request %+v %q, want %q", c.name, req, why, c.kce)
		}
	}
}
