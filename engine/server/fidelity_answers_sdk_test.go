package server_test

import (
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
)

// fidelityTable creates Things (pk S) with GSI byG on g (S), on-demand, in a
// server with throttling off, and returns the server.
func fidelityTable(t *testing.T) *fidelityServer {
	t.Helper()
	srv := newFidelityServer(t, engine.Options{DisableThrottling: true})
	_, err := srv.c.CreateTable(bg, &dynamodb.CreateTableInput{TableName: aws.String("Things"), BillingMode: types.BillingModePayPerRequest,
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS), keyDef("g", types.ScalarAttributeTypeS)},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("byG"),
			KeySchema: []types.KeySchemaElement{keyElem("g", types.KeyTypeHash)}, Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

func (s *fidelityServer) put(t *testing.T, item map[string]types.AttributeValue) {
	t.Helper()
	if _, err := s.c.PutItem(bg, &dynamodb.PutItemInput{TableName: aws.String("Things"), Item: item}); err != nil {
		t.Fatal(err)
	}
}

// get returns the item with key pk, nil when there is none.
func (s *fidelityServer) get(t *testing.T, pk string) map[string]types.AttributeValue {
	t.Helper()
	out, err := s.c.GetItem(bg, &dynamodb.GetItemInput{TableName: aws.String("Things"), Key: map[string]types.AttributeValue{"pk": sv(pk)}, ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// TestSDKGetItemProjectingNothing: an existing item whose projection selects
// nothing comes back as "Item": {}, a missing one without Item.
func TestSDKGetItemProjectingNothing(t *testing.T) {
	srv := fidelityTable(t)
	srv.put(t, map[string]types.AttributeValue{"pk": sv("a"), "x": nv("1")})
	for _, tt := range []struct {
		pk   string
		want map[string]types.AttributeValue
	}{
		{"a", map[string]types.AttributeValue{}},
		{"missing", nil},
	} {
		out, err := srv.c.GetItem(bg, &dynamodb.GetItemInput{TableName: aws.String("Things"), Key: map[string]types.AttributeValue{"pk": sv(tt.pk)},
			ProjectionExpression: aws.String("nothere")})
		if err != nil {
			t.Fatal(err)
		}
		if (out.Item == nil) != (tt.want == nil) || len(out.Item) != 0 {
			t.Errorf("%s: Item %#v, want %#v", tt.pk, out.Item, tt.want)
		}
	}
	status, body := srv.raw(t, "GetItem", `{"TableName":"Things","Key":{"pk":{"S":"a"}},"ProjectionExpression":"nothere"}`)
	if status != 200 || jsonOf(t, body) != `{"Item":{}}` {
		t.Errorf("raw reply %d %s, want {\"Item\":{}}", status, jsonOf(t, body))
	}
}

// TestSDKAttributeUpdatesEdges: legacy AttributeUpdates refuse empty sets
// (and store nothing); a DELETE on a missing item creates nothing.
func TestSDKAttributeUpdatesEdges(t *testing.T) {
	srv := fidelityTable(t)
	srv.put(t, map[string]types.AttributeValue{"pk": sv("have"), "s": &types.AttributeValueMemberSS{Value: []string{"x"}}})
	update := func(pk string, au map[string]types.AttributeValueUpdate) error {
		_, err := srv.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: aws.String("Things"), Key: map[string]types.AttributeValue{"pk": sv(pk)}, AttributeUpdates: au})
		return err
	}
	refused := []struct {
		name, msg string
		au        map[string]types.AttributeValueUpdate
	}{
		{"PUT of an empty string set", "One or more parameter values were invalid: An string set  may not be empty",
			map[string]types.AttributeValueUpdate{"s": {Action: types.AttributeActionPut, Value: &types.AttributeValueMemberSS{Value: []string{}}}}},
		{"ADD of an empty number set", "One or more parameter values were invalid: An number set  may not be empty",
			map[string]types.AttributeValueUpdate{"n": {Action: types.AttributeActionAdd, Value: &types.AttributeValueMemberNS{Value: []string{}}}}},
		{"DELETE of an empty binary set", "One or more parameter values were invalid: Binary sets should not be empty",
			map[string]types.AttributeValueUpdate{"s": {Action: types.AttributeActionDelete, Value: &types.AttributeValueMemberBS{Value: [][]byte{}}}}},
	}
	for _, tt := range refused {
		for _, pk := range []string{"have", "new"} {
			wantAPIError(t, update(pk, tt.au), "ValidationException", tt.msg)
		}
	}
	if got := srv.get(t, "new"); got != nil {
		t.Fatalf("refused updates created %v", got)
	}
	if got := srv.get(t, "have"); len(got) != 2 || len(got["s"].(*types.AttributeValueMemberSS).Value) != 1 {
		t.Fatalf("refused updates changed the item: %v", got)
	}
	// DELETE on a missing item, with or without a value: nothing is created.
	for _, au := range []map[string]types.AttributeValueUpdate{
		{"s": {Action: types.AttributeActionDelete}},
		{"s": {Action: types.AttributeActionDelete, Value: &types.AttributeValueMemberSS{Value: []string{"x"}}}},
	} {
		if err := update("ghost", au); err != nil {
			t.Fatal(err)
		}
		if got := srv.get(t, "ghost"); got != nil {
			t.Fatalf("DELETE on a missing item created %v", got)
		}
	}
	// An empty AttributeUpdates still creates the key-only item.
	if err := update("keyonly", map[string]types.AttributeValueUpdate{}); err != nil {
		t.Fatal(err)
	}
	if got := srv.get(t, "keyonly"); len(got) != 1 {
		t.Fatalf("empty AttributeUpdates left %v", got)
	}
}

// TestSDKRemoveNestedOnMissingItem: REMOVE a.b (or a[0]) on a missing item
// is no error and creates nothing; on an existing item without a it is the
// invalid-path error.
func TestSDKRemoveNestedOnMissingItem(t *testing.T) {
	srv := fidelityTable(t)
	for _, expr := range []string{"REMOVE a.b", "REMOVE a[0]", "REMOVE a.b, c DELETE s :s"} {
		in := &dynamodb.UpdateItemInput{TableName: aws.String("Things"), Key: map[string]types.AttributeValue{"pk": sv("ghost")}, UpdateExpression: aws.String(expr),
			ReturnValues: types.ReturnValueAllNew}
		if expr == "REMOVE a.b, c DELETE s :s" {
			in.ExpressionAttributeValues = map[string]types.AttributeValue{":s": &types.AttributeValueMemberSS{Value: []string{"x"}}}
		}
		out, err := srv.c.UpdateItem(bg, in)
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		if out.Attributes != nil {
			t.Errorf("%s: Attributes %v", expr, out.Attributes)
		}
		if got := srv.get(t, "ghost"); got != nil {
			t.Fatalf("%s created %v", expr, got)
		}
	}
	srv.put(t, map[string]types.AttributeValue{"pk": sv("have")})
	_, err := srv.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: aws.String("Things"), Key: map[string]types.AttributeValue{"pk": sv("have")}, UpdateExpression: aws.String("REMOVE a.b")})
	wantAPIError(t, err, "ValidationException", "The document path provided in the update expression is invalid for update")
}

// TestSDKIndexKeyTypeBeforeUpdate: an update that gives the index key g (S)
// another type is refused with the typed message before it runs: before the
// condition, before reading a missing attribute, and nothing changes.
func TestSDKIndexKeyTypeBeforeUpdate(t *testing.T) {
	srv := fidelityTable(t)
	item := map[string]types.AttributeValue{"pk": sv("a"), "g": sv("x"), "n": nv("1"), "s": &types.AttributeValueMemberSS{Value: []string{"q"}}}
	srv.put(t, item)
	mismatch := func(actual string) string {
		return "One or more parameter values were invalid: Type mismatch for Index Key g Expected: S Actual: " + actual + " IndexName: byG"
	}
	one := map[string]types.AttributeValue{":one": nv("1")}
	set := map[string]types.AttributeValue{":ss": &types.AttributeValueMemberSS{Value: []string{"z"}}}
	tests := []struct {
		pk, expr, cond, actual string
		values                 map[string]types.AttributeValue
	}{
		{"a", "SET g = n + :one", "", "N", one},
		{"a", "SET g = n + :one", "attribute_not_exists(pk)", "N", one}, // the condition would fail
		{"missing", "SET g = n + :one", "", "N", one},                   // n does not exist there
		{"a", "SET g = list_append(:l, :l)", "", "L", map[string]types.AttributeValue{":l": &types.AttributeValueMemberL{Value: []types.AttributeValue{}}}},
		{"a", "ADD g :ss", "", "SS", set},
		{"missing", "ADD g :ss", "", "SS", set},
		{"a", "DELETE g :ss", "", "SS", set},
		{"a", "SET g = n", "", "N", nil}, // a copy: known when it runs
		{"a", "SET g = s", "", "SS", nil},
	}
	for _, tt := range tests {
		in := &dynamodb.UpdateItemInput{TableName: aws.String("Things"), Key: map[string]types.AttributeValue{"pk": sv(tt.pk)},
			UpdateExpression: aws.String(tt.expr), ExpressionAttributeValues: tt.values}
		if tt.cond != "" {
			in.ConditionExpression = aws.String(tt.cond)
		}
		_, err := srv.c.UpdateItem(bg, in)
		wantAPIError(t, err, "ValidationException", mismatch(tt.actual))
	}
	if got := srv.get(t, "a"); jsonOf(t, got) != jsonOf(t, item) {
		t.Fatalf("item changed: %v", got)
	}
	if got := srv.get(t, "missing"); got != nil {
		t.Fatalf("item created: %v", got)
	}
	// Legacy AttributeUpdates too.
	_, err := srv.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: aws.String("Things"), Key: map[string]types.AttributeValue{"pk": sv("a")},
		AttributeUpdates: map[string]types.AttributeValueUpdate{"g": {Action: types.AttributeActionAdd, Value: nv("1")}}})
	wantAPIError(t, err, "ValidationException", mismatch("N"))
}

// TestSDKOrderedComparisonOperands: a constant without an order beside
// < <= > >= or BETWEEN is a ValidationException, not a false comparison.
func TestSDKOrderedComparisonOperands(t *testing.T) {
	srv := fidelityTable(t)
	srv.put(t, map[string]types.AttributeValue{"pk": sv("a"), "n": nv("1")})
	values := map[string]types.AttributeValue{
		":l":  &types.AttributeValueMemberL{Value: []types.AttributeValue{nv("1")}},
		":m":  &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"k": nv("1")}},
		":ns": &types.AttributeValueMemberNS{Value: []string{"1"}},
		":t":  &types.AttributeValueMemberBOOL{Value: true},
		":z":  &types.AttributeValueMemberNULL{Value: true},
		":n":  nv("5"),
	}
	msg := func(param, op, typ string) string {
		return "Invalid " + param + ": Incorrect operand type for operator or function; operator or function: " + op + ", operand type: " + typ
	}
	for _, tt := range []struct{ expr, op, typ string }{
		{"n < :l", "<", "L"},
		{":m <= n", "<=", "M"},
		{"n > :ns", ">", "NS"},
		{"n >= :t", ">=", "BOOL"},
		{"n < :z", "<", "NULL"},
		{"n BETWEEN :n AND :l", "BETWEEN", "L"},
	} {
		only := map[string]types.AttributeValue{}
		for k, v := range values {
			if containsPlaceholder(tt.expr, k) {
				only[k] = v
			}
		}
		_, err := srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String("Things"), FilterExpression: aws.String(tt.expr), ExpressionAttributeValues: only})
		wantAPIError(t, err, "ValidationException", msg("FilterExpression", tt.op, tt.typ))
		_, err = srv.c.PutItem(bg, &dynamodb.PutItemInput{TableName: aws.String("Things"), Item: map[string]types.AttributeValue{"pk": sv("a")},
			ConditionExpression: aws.String(tt.expr), ExpressionAttributeValues: only})
		wantAPIError(t, err, "ValidationException", msg("ConditionExpression", tt.op, tt.typ))
	}
	if got := srv.get(t, "a"); len(got) != 2 {
		t.Fatalf("refused PutItems changed the item: %v", got)
	}
}

// containsPlaceholder reports whether expr uses the :placeholder k as a
// whole token.
func containsPlaceholder(expr, k string) bool {
	for i := 0; i+len(k) <= len(expr); i++ {
		if expr[i:i+len(k)] == k && (i+len(k) == len(expr) || !isWordByte(expr[i+len(k)])) {
			return true
		}
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// TestSDKLegacyEqualityEveryType: EQ and NE of QueryFilter, ScanFilter and
// Expected take lists, maps, BOOL and NULL.
func TestSDKLegacyEqualityEveryType(t *testing.T) {
	srv := fidelityTable(t)
	list := &types.AttributeValueMemberL{Value: []types.AttributeValue{sv("x"), nv("1")}}
	mp := &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"k": sv("v")}}
	srv.put(t, map[string]types.AttributeValue{"pk": sv("a"), "l": list, "m": mp, "b": &types.AttributeValueMemberBOOL{Value: true}})
	srv.put(t, map[string]types.AttributeValue{"pk": sv("b"), "l": &types.AttributeValueMemberL{Value: []types.AttributeValue{sv("y")}}})
	scan := func(attr string, op types.ComparisonOperator, v types.AttributeValue) []string {
		t.Helper()
		out, err := srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String("Things"),
			ScanFilter: map[string]types.Condition{attr: {ComparisonOperator: op, AttributeValueList: []types.AttributeValue{v}}}})
		if err != nil {
			t.Fatalf("ScanFilter %s %s: %v", attr, op, err)
		}
		var pks []string
		for _, it := range out.Items {
			pks = append(pks, it["pk"].(*types.AttributeValueMemberS).Value)
		}
		slices.Sort(pks)
		return pks
	}
	for _, tt := range []struct {
		attr string
		op   types.ComparisonOperator
		v    types.AttributeValue
		want string
	}{
		{"l", types.ComparisonOperatorEq, list, "[a]"},
		{"l", types.ComparisonOperatorNe, list, "[b]"},
		{"m", types.ComparisonOperatorEq, mp, "[a]"},
		{"m", types.ComparisonOperatorNe, mp, "[b]"},
		{"b", types.ComparisonOperatorEq, &types.AttributeValueMemberBOOL{Value: true}, "[a]"},
		{"b", types.ComparisonOperatorNe, &types.AttributeValueMemberNULL{Value: true}, "[a b]"},
	} {
		if got := jsonOf(t, scan(tt.attr, tt.op, tt.v)); got != jsonOf(t, parseList(tt.want)) {
			t.Errorf("ScanFilter %s %s: %s, want %s", tt.attr, tt.op, got, tt.want)
		}
	}
	// Expected EQ on a map, then NE on a list, guarding an update.
	_, err := srv.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: aws.String("Things"), Key: map[string]types.AttributeValue{"pk": sv("a")},
		AttributeUpdates: map[string]types.AttributeValueUpdate{"ok": {Action: types.AttributeActionPut, Value: nv("1")}},
		Expected: map[string]types.ExpectedAttributeValue{
			"m": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{mp}},
			"l": {ComparisonOperator: types.ComparisonOperatorNe, AttributeValueList: []types.AttributeValue{&types.AttributeValueMemberL{Value: []types.AttributeValue{}}}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	if got := srv.get(t, "a"); got["ok"] == nil {
		t.Fatalf("guarded update not applied: %v", got)
	}
	// QueryFilter, on the table's partition.
	out, err := srv.c.Query(bg, &dynamodb.QueryInput{TableName: aws.String("Things"),
		KeyConditions: map[string]types.Condition{"pk": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{sv("a")}}},
		QueryFilter:   map[string]types.Condition{"l": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{list}}}})
	if err != nil || out.Count != 1 {
		t.Fatalf("QueryFilter EQ on a list: %v, count %d", err, out.Count)
	}
}

func parseList(s string) []string {
	s = s[1 : len(s)-1]
	if s == "" {
		return nil
	}
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}
