package server_test

// Multi-attribute GSI keys (DynamoDB, November 2025) through the endpoint
// with the SDK: CreateTable and UpdateTable checks, the sparse rule and
// typed writes, Query's left-to-right rules, tuple order, paging and the
// legacy KeyConditions. Texts: docs/FIDELITY.md, "Multi-attribute GSI keys".

import (
	"errors"
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
)

// matchesGSI is the tournament index of the Developer Guide's
// multi-attribute example: partition (tournamentId, region), sort (round,
// bracket, seq) with seq a number.
func matchesGSI() types.GlobalSecondaryIndex {
	return types.GlobalSecondaryIndex{
		IndexName: str("tourney"),
		KeySchema: []types.KeySchemaElement{
			keyElem("tournamentId", types.KeyTypeHash), keyElem("region", types.KeyTypeHash),
			keyElem("round", types.KeyTypeRange), keyElem("bracket", types.KeyTypeRange), keyElem("seq", types.KeyTypeRange),
		},
		Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
	}
}

func matchesDefs() []types.AttributeDefinition {
	return []types.AttributeDefinition{
		keyDef("matchId", types.ScalarAttributeTypeS),
		keyDef("tournamentId", types.ScalarAttributeTypeS), keyDef("region", types.ScalarAttributeTypeS),
		keyDef("round", types.ScalarAttributeTypeS), keyDef("bracket", types.ScalarAttributeTypeS), keyDef("seq", types.ScalarAttributeTypeN),
	}
}

func createMatches(t *testing.T, s *fidelityServer) {
	t.Helper()
	_, err := s.c.CreateTable(bg, &dynamodb.CreateTableInput{
		TableName:              str("matches"),
		BillingMode:            types.BillingModePayPerRequest,
		AttributeDefinitions:   matchesDefs(),
		KeySchema:              []types.KeySchemaElement{keyElem("matchId", types.KeyTypeHash)},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{matchesGSI()},
	})
	if err != nil {
		t.Fatal(err)
	}
}

func putMatch(t *testing.T, s *fidelityServer, id string, attrs map[string]types.AttributeValue) {
	t.Helper()
	item := map[string]types.AttributeValue{"matchId": sv(id)}
	for k, v := range attrs {
		item[k] = v
	}
	if _, err := s.c.PutItem(bg, &dynamodb.PutItemInput{TableName: str("matches"), Item: item}); err != nil {
		t.Fatalf("put %s: %v", id, err)
	}
}

func keySchemaOf(names ...string) []types.KeySchemaElement {
	var ks []types.KeySchemaElement
	for i := 0; i < len(names); i += 2 {
		ks = append(ks, keyElem(names[i], types.KeyType(names[i+1])))
	}
	return ks
}

func TestSDKMultiAttributeGSICreateTable(t *testing.T) {
	s := newFidelityServer(t, engine.Options{})
	defs := func(names ...string) []types.AttributeDefinition {
		out := []types.AttributeDefinition{keyDef("p", types.ScalarAttributeTypeS)}
		for _, n := range names {
			out = append(out, keyDef(n, types.ScalarAttributeTypeS))
		}
		return out
	}
	cases := []struct {
		name string
		defs []types.AttributeDefinition
		ks   []types.KeySchemaElement
		msg  string
	}{
		{"five HASH", defs("a", "b", "c", "d", "e"), keySchemaOf("a", "HASH", "b", "HASH", "c", "HASH", "d", "HASH", "e", "HASH"),
			"One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of HASH key attributes"},
		{"five RANGE", defs("h", "a", "b", "c", "d", "e"), keySchemaOf("h", "HASH", "a", "RANGE", "b", "RANGE", "c", "RANGE", "d", "RANGE", "e", "RANGE"),
			"One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of RANGE key attributes"},
		{"HASH after RANGE", defs("a", "b", "c"), keySchemaOf("a", "HASH", "b", "RANGE", "c", "HASH"),
			"One or more parameter values were invalid: All HASH key attributes must precede RANGE key attributes in the KeySchema"},
		{"RANGE first", defs("a", "b"), keySchemaOf("a", "RANGE", "b", "HASH"),
			"Invalid KeySchema: The first KeySchemaElement is not a HASH key type"},
		{"RANGE only", defs("a", "b"), keySchemaOf("a", "RANGE", "b", "RANGE"),
			"Invalid KeySchema: The first KeySchemaElement is not a HASH key type"},
		{"HASH twice", defs("a"), keySchemaOf("a", "HASH", "a", "HASH"),
			"The KeySchema contains multiple key attributes with the same name"},
		{"HASH and RANGE of three", defs("a", "b"), keySchemaOf("a", "HASH", "b", "HASH", "a", "RANGE"),
			"The KeySchema contains multiple key attributes with the same name"},
		{"one HASH one RANGE same name", defs("a"), keySchemaOf("a", "HASH", "a", "RANGE"),
			"Both the Hash Key and the Range Key element in the KeySchema have the same name"},
		// The index's own key attributes, as DynamoDB lists them for an
		// index (dynalite's createTable tests: "Keys: [c, d]" for a GSI on
		// c and d of a table keyed on a, b).
		{"missing definition", defs("a"), keySchemaOf("a", "HASH", "b", "HASH"),
			"One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [a, b], AttributeDefinitions: [p, a]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.c.CreateTable(bg, &dynamodb.CreateTableInput{
				TableName: str("multi"), BillingMode: types.BillingModePayPerRequest,
				AttributeDefinitions: tc.defs,
				KeySchema:            []types.KeySchemaElement{keyElem("p", types.KeyTypeHash)},
				GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: str("gsi"), KeySchema: tc.ks,
					Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}},
			})
			wantAPIError(t, err, "ValidationException", tc.msg)
		})
	}
	// The table's key and an LSI's stay at two elements.
	_, err := s.c.CreateTable(bg, &dynamodb.CreateTableInput{
		TableName: str("multi"), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: defs("c", "l"),
		KeySchema:            keySchemaOf("p", "HASH", "c", "RANGE"),
		LocalSecondaryIndexes: []types.LocalSecondaryIndex{{IndexName: str("lsi"), KeySchema: keySchemaOf("p", "HASH", "c", "RANGE", "l", "RANGE"),
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}},
	})
	// The elements in DynamoDB's Java form, not Go's (nubo-db/dynoxide#11
	// quotes DynamoDB: "Value '[KeySchemaElement(attributeName=pk,
	// keyType=HASH), …]' at 'keySchema' …").
	wantAPIError(t, err, "ValidationException",
		"1 validation error detected: Value '[KeySchemaElement(attributeName=p, keyType=HASH), KeySchemaElement(attributeName=c, keyType=RANGE), KeySchemaElement(attributeName=l, keyType=RANGE)]' at 'localSecondaryIndexes.1.member.keySchema' failed to satisfy constraint: Member must have length less than or equal to 2")
	_, err = s.c.CreateTable(bg, &dynamodb.CreateTableInput{
		TableName: str("multi"), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: defs("c", "d"),
		KeySchema:            keySchemaOf("p", "HASH", "c", "HASH", "d", "RANGE"),
	})
	wantAPIError(t, err, "ValidationException",
		"1 validation error detected: Value '[KeySchemaElement(attributeName=p, keyType=HASH), KeySchemaElement(attributeName=c, keyType=HASH), KeySchemaElement(attributeName=d, keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2")

	// Four of each: accepted and described in the order given.
	ks := keySchemaOf("h1", "HASH", "h2", "HASH", "h3", "HASH", "h4", "HASH", "r1", "RANGE", "r2", "RANGE", "r3", "RANGE", "r4", "RANGE")
	out, err := s.c.CreateTable(bg, &dynamodb.CreateTableInput{
		TableName: str("multi"), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: defs("h1", "h2", "h3", "h4", "r1", "r2", "r3", "r4"),
		KeySchema:            []types.KeySchemaElement{keyElem("p", types.KeyTypeHash)},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: str("gsi"), KeySchema: ks,
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := jsonOf(t, out.TableDescription.GlobalSecondaryIndexes[0].KeySchema), jsonOf(t, ks); got != want {
		t.Errorf("KeySchema %s, want %s", got, want)
	}
}

func TestSDKMultiAttributeGSIUpdateTableCreate(t *testing.T) {
	s := newFidelityServer(t, engine.Options{})
	createTable(t, s.c, "matches2")
	// Items written before the index exists; one lacks a sort attribute.
	for id, attrs := range map[string]map[string]types.AttributeValue{
		"m1": {"tournamentId": sv("W24"), "region": sv("NA"), "round": sv("SEMI"), "bracket": sv("UP"), "seq": nv("2")},
		"m2": {"tournamentId": sv("W24"), "region": sv("NA"), "round": sv("FINAL"), "bracket": sv("UP"), "seq": nv("1")},
		"m3": {"tournamentId": sv("W24"), "region": sv("NA"), "round": sv("SEMI"), "seq": nv("3")},
	} {
		attrs["pk"] = sv(id)
		if _, err := s.c.PutItem(bg, &dynamodb.PutItemInput{TableName: str("matches2"), Item: attrs}); err != nil {
			t.Fatal(err)
		}
	}
	gsi := matchesGSI()
	defs := matchesDefs()[1:]
	_, err := s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("matches2"), AttributeDefinitions: defs,
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
			IndexName: gsi.IndexName, KeySchema: append(keySchemaOf("a", "HASH", "b", "HASH", "c", "HASH", "d", "HASH"), keyElem("e", types.KeyTypeHash)),
			Projection: gsi.Projection}}}})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of HASH key attributes")
	_, err = s.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: str("matches2"), AttributeDefinitions: defs,
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
			IndexName: gsi.IndexName, KeySchema: gsi.KeySchema, Projection: gsi.Projection}}}})
	if err != nil {
		t.Fatal(err)
	}
	waitIndexActive(t, s, "matches2", "tourney")
	out, err := s.c.Query(bg, &dynamodb.QueryInput{TableName: str("matches2"), IndexName: str("tourney"),
		KeyConditionExpression:    str("tournamentId = :t AND #r = :r"),
		ExpressionAttributeNames:  map[string]string{"#r": "region"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":t": sv("W24"), ":r": sv("NA")}})
	if err != nil {
		t.Fatal(err)
	}
	// The backfill indexed the two complete items, FINAL before SEMI.
	if got := idsOf(out.Items, "pk"); !slices.Equal(got, []string{"m2", "m1"}) {
		t.Errorf("backfilled index holds %v, want [m2 m1]", got)
	}
	d, err := s.c.DescribeTable(bg, &dynamodb.DescribeTableInput{TableName: str("matches2")})
	if err != nil {
		t.Fatal(err)
	}
	if g := d.Table.GlobalSecondaryIndexes[0]; *g.ItemCount != 2 || len(g.KeySchema) != 5 {
		t.Errorf("index %s: %d items, %d key elements; want 2 and 5", *g.IndexName, *g.ItemCount, len(g.KeySchema))
	}
}

func waitIndexActive(t *testing.T, s *fidelityServer, table, index string) {
	t.Helper()
	for range 1000 {
		d, err := s.c.DescribeTable(bg, &dynamodb.DescribeTableInput{TableName: str(table)})
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range d.Table.GlobalSecondaryIndexes {
			if *g.IndexName == index && g.IndexStatus == types.IndexStatusActive {
				return
			}
		}
		s.eng.WaitBackgroundIndexWork()
	}
	t.Fatalf("index %s never ACTIVE", index)
}

func idsOf(items []map[string]types.AttributeValue, key string) []string {
	ids := []string{}
	for _, it := range items {
		ids = append(ids, it[key].(*types.AttributeValueMemberS).Value)
	}
	return ids
}

func TestSDKMultiAttributeGSIWrites(t *testing.T) {
	s := newFidelityServer(t, engine.Options{})
	createMatches(t, s)
	full := func() map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"tournamentId": sv("W24"), "region": sv("NA"), "round": sv("SEMI"), "bracket": sv("UP"), "seq": nv("1")}
	}
	putMatch(t, s, "in", full())
	// The sparse rule, extended: an item lacking any one key attribute,
	// partition or sort, has no entry.
	for _, drop := range []string{"region", "bracket"} {
		attrs := full()
		delete(attrs, drop)
		putMatch(t, s, "no-"+drop, attrs)
	}
	scan, err := s.c.Scan(bg, &dynamodb.ScanInput{TableName: str("matches"), IndexName: str("tourney")})
	if err != nil {
		t.Fatal(err)
	}
	if got := idsOf(scan.Items, "matchId"); !slices.Equal(got, []string{"in"}) {
		t.Errorf("index holds %v, want [in]", got)
	}
	// A key attribute of the wrong type is refused, partition or sort, on
	// Put and on Update.
	attrs := full()
	attrs["region"] = nv("1")
	_, err = s.c.PutItem(bg, &dynamodb.PutItemInput{TableName: str("matches"), Item: withID("bad", attrs)})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: Type mismatch for Index Key region Expected: S Actual: N IndexName: tourney")
	attrs = full()
	attrs["seq"] = sv("one")
	_, err = s.c.PutItem(bg, &dynamodb.PutItemInput{TableName: str("matches"), Item: withID("bad", attrs)})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: Type mismatch for Index Key seq Expected: N Actual: S IndexName: tourney")
	_, err = s.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: str("matches"), Key: map[string]types.AttributeValue{"matchId": sv("no-bracket")},
		UpdateExpression: str("SET bracket = :b"), ExpressionAttributeValues: map[string]types.AttributeValue{":b": nv("7")}})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: Type mismatch for Index Key bracket Expected: S Actual: N IndexName: tourney")
	// Completing the item brings it into the index, charged as a new entry.
	up, err := s.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: str("matches"), Key: map[string]types.AttributeValue{"matchId": sv("no-bracket")},
		UpdateExpression: str("SET bracket = :b"), ExpressionAttributeValues: map[string]types.AttributeValue{":b": sv("LOW")},
		ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes})
	if err != nil {
		t.Fatal(err)
	}
	if cc := up.ConsumedCapacity; *cc.CapacityUnits != 2 || *cc.Table.CapacityUnits != 1 || *cc.GlobalSecondaryIndexes["tourney"].CapacityUnits != 1 {
		t.Errorf("ConsumedCapacity %s, want 2 = table 1 + tourney 1", jsonOf(t, cc))
	}
	// An empty string in a key attribute is refused.
	attrs = full()
	attrs["bracket"] = sv("")
	_, err = s.c.PutItem(bg, &dynamodb.PutItemInput{TableName: str("matches"), Item: withID("bad", attrs)})
	wantAPIError(t, err, "ValidationException", "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: tourney, IndexKey: bracket")
	// The explorer's "why is this item not in the index" names the
	// attributes.
	left, err := s.eng.IndexLeftOut("matches", "tourney", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 1 || left[0].Reason != "no region" || left[0].Attribute != "region" {
		t.Errorf("left out %+v, want no-region: no region", left)
	}
}

func withID(id string, attrs map[string]types.AttributeValue) map[string]types.AttributeValue {
	attrs["matchId"] = sv(id)
	return attrs
}

// loadMatches writes a bracket whose seq values sort wrongly as strings.
func loadMatches(t *testing.T, s *fidelityServer) {
	t.Helper()
	for _, m := range []struct {
		id, round, bracket, seq string
	}{
		{"a", "QUARTER", "UP", "10"}, {"b", "QUARTER", "UP", "9"}, {"c", "QUARTER", "LOW", "1"},
		{"d", "SEMI", "UP", "2"}, {"e", "SEMI", "LOW", "100"}, {"f", "FINAL", "UP", "1"}, {"g", "QUARTER", "UP", "-3"},
	} {
		putMatch(t, s, m.id, map[string]types.AttributeValue{"tournamentId": sv("W24"), "region": sv("NA"),
			"round": sv(m.round), "bracket": sv(m.bracket), "seq": nv(m.seq)})
	}
	putMatch(t, s, "other", map[string]types.AttributeValue{"tournamentId": sv("W24"), "region": sv("EU"),
		"round": sv("QUARTER"), "bracket": sv("UP"), "seq": nv("5")})
}

func TestSDKMultiAttributeGSIQuery(t *testing.T) {
	s := newFidelityServer(t, engine.Options{})
	createMatches(t, s)
	loadMatches(t, s)
	vals := func(kv ...string) map[string]types.AttributeValue {
		m := map[string]types.AttributeValue{":t": sv("W24"), ":r": sv("NA")}
		for i := 0; i < len(kv); i += 2 {
			if kv[i][1] == 'n' {
				m[kv[i]] = nv(kv[i+1])
			} else {
				m[kv[i]] = sv(kv[i+1])
			}
		}
		return m
	}
	names := map[string]string{"#reg": "region", "#rd": "round"}
	ok := []struct {
		cond    string
		values  map[string]types.AttributeValue
		forward bool
		want    []string
	}{
		// Tuple order: round, then bracket, then seq as a number.
		{"tournamentId = :t AND #reg = :r", vals(), true, []string{"f", "c", "g", "b", "a", "e", "d"}},
		{"tournamentId = :t AND #reg = :r", vals(), false, []string{"d", "e", "a", "b", "g", "c", "f"}},
		{"tournamentId = :t AND #reg = :r AND #rd = :rd", vals(":rd", "QUARTER"), true, []string{"c", "g", "b", "a"}},
		{"tournamentId = :t AND #reg = :r AND #rd = :rd AND bracket = :b", vals(":rd", "QUARTER", ":b", "UP"), true, []string{"g", "b", "a"}},
		{"tournamentId = :t AND #reg = :r AND #rd = :rd AND bracket = :b AND seq > :n", vals(":rd", "QUARTER", ":b", "UP", ":n", "2"), true, []string{"b", "a"}},
		{"tournamentId = :t AND #reg = :r AND #rd = :rd AND bracket = :b AND seq BETWEEN :n AND :n2", vals(":rd", "QUARTER", ":b", "UP", ":n", "0", ":n2", "9"), true, []string{"b"}},
		{"tournamentId = :t AND #reg = :r AND #rd < :rd", vals(":rd", "SEMI"), true, []string{"f", "c", "g", "b", "a"}},
		{"tournamentId = :t AND #reg = :r AND begins_with(#rd, :rd)", vals(":rd", "S"), true, []string{"e", "d"}},
		{"tournamentId = :t AND #reg = :r AND #rd = :rd AND begins_with(bracket, :b)", vals(":rd", "QUARTER", ":b", "L"), true, []string{"c"}},
	}
	for _, tc := range ok {
		out, err := s.c.Query(bg, &dynamodb.QueryInput{TableName: str("matches"), IndexName: str("tourney"), KeyConditionExpression: str(tc.cond),
			ExpressionAttributeNames: namesUsed(names, tc.cond), ExpressionAttributeValues: tc.values, ScanIndexForward: &tc.forward})
		if err != nil {
			t.Errorf("%s: %v", tc.cond, err)
			continue
		}
		if got := idsOf(out.Items, "matchId"); !slices.Equal(got, tc.want) {
			t.Errorf("%s (forward %v): %v, want %v", tc.cond, tc.forward, got, tc.want)
		}
	}

	refused := []struct {
		cond   string
		values map[string]types.AttributeValue
		filter string
		msg    string
	}{
		// Only :t: an unused :r would be reported first, before the table
		// is looked up (docs/FIDELITY.md, "Order of checks").
		{"tournamentId = :t", map[string]types.AttributeValue{":t": sv("W24")}, "", "Query condition missed key schema element: region"},
		{"tournamentId = :t AND #reg > :r", vals(), "", "Query key condition not supported"},
		{"tournamentId = :t AND begins_with(#reg, :r)", vals(), "", "Query key condition not supported"},
		{"tournamentId = :t AND #reg = :r AND bracket = :b", vals(":b", "UP"), "",
			"RANGE key attributes round must have equality conditions specified in the query because a condition is present on key attribute bracket"},
		{"tournamentId = :t AND #reg = :r AND #rd = :rd AND seq = :n", vals(":rd", "SEMI", ":n", "1"), "",
			"RANGE key attributes bracket must have equality conditions specified in the query because a condition is present on key attribute seq"},
		{"tournamentId = :t AND #reg = :r AND #rd > :rd AND bracket = :b", vals(":rd", "A", ":b", "UP"), "",
			"RANGE key attributes round must have equality conditions specified in the query because a condition is present on key attribute bracket"},
		{"tournamentId = :t AND #reg = :r AND #rd = :rd", vals(":rd", "A"), "bracket = :b", "Filter Expression can only contain non-primary key attributes: Primary key attribute: bracket"},
		{"tournamentId = :t AND #reg = :r AND #rd = :n", vals(":n", "1"), "", "One or more parameter values were invalid: Condition parameter type does not match schema type"},
		{"tournamentId = :t AND #reg = :r AND winner = :w", vals(":w", "x"), "", "Query condition missed key schema element: round"},
	}
	for _, tc := range refused {
		in := &dynamodb.QueryInput{TableName: str("matches"), IndexName: str("tourney"), KeyConditionExpression: str(tc.cond),
			ExpressionAttributeNames: namesUsed(names, tc.cond+tc.filter), ExpressionAttributeValues: tc.values}
		if tc.filter != "" {
			in.FilterExpression = str(tc.filter)
			in.ExpressionAttributeValues[":b"] = sv("UP")
		}
		_, err := s.c.Query(bg, in)
		wantAPIError(t, err, "ValidationException", tc.msg)
	}
	_, err := s.c.Query(bg, &dynamodb.QueryInput{TableName: str("matches"), IndexName: str("tourney"), ConsistentRead: boolPtr(true),
		KeyConditionExpression: str("tournamentId = :t AND #reg = :r"), ExpressionAttributeNames: map[string]string{"#reg": "region"},
		ExpressionAttributeValues: vals()})
	wantAPIError(t, err, "ValidationException", "Consistent reads are not supported on global secondary indexes")
}

func boolPtr(b bool) *bool { return &b }

// namesUsed keeps the placeholders an expression uses (DynamoDB refuses
// unused ones).
func namesUsed(all map[string]string, text string) map[string]string {
	out := map[string]string{}
	for k, v := range all {
		if containsWord(text, k) {
			out[k] = v
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func containsWord(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		if s[i:i+len(w)] == w {
			return true
		}
	}
	return false
}

func TestSDKMultiAttributeGSIPagingAndKeyConditions(t *testing.T) {
	s := newFidelityServer(t, engine.Options{})
	createMatches(t, s)
	loadMatches(t, s)
	names := map[string]string{"#reg": "region"}
	values := map[string]types.AttributeValue{":t": sv("W24"), ":r": sv("NA")}
	var ids []string
	var start map[string]types.AttributeValue
	for {
		out, err := s.c.Query(bg, &dynamodb.QueryInput{TableName: str("matches"), IndexName: str("tourney"),
			KeyConditionExpression: str("tournamentId = :t AND #reg = :r"), ExpressionAttributeNames: names,
			ExpressionAttributeValues: values, Limit: i32p(3), ExclusiveStartKey: start})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, idsOf(out.Items, "matchId")...)
		if out.LastEvaluatedKey == nil {
			break
		}
		// The LastEvaluatedKey carries the table key and every index key
		// attribute.
		keys := slices.Sorted(mapsKeys(out.LastEvaluatedKey))
		if !slices.Equal(keys, []string{"bracket", "matchId", "region", "round", "seq", "tournamentId"}) {
			t.Fatalf("LastEvaluatedKey %v", keys)
		}
		start = out.LastEvaluatedKey
	}
	if !slices.Equal(ids, []string{"f", "c", "g", "b", "a", "e", "d"}) {
		t.Errorf("paged %v", ids)
	}
	// A start key missing an index key attribute.
	_, err := s.c.Query(bg, &dynamodb.QueryInput{TableName: str("matches"), IndexName: str("tourney"),
		KeyConditionExpression: str("tournamentId = :t AND #reg = :r"), ExpressionAttributeNames: names, ExpressionAttributeValues: values,
		ExclusiveStartKey: map[string]types.AttributeValue{"matchId": sv("a"), "tournamentId": sv("W24"), "region": sv("NA"), "round": sv("QUARTER"), "bracket": sv("UP")}})
	// A start key without the key attributes read gets the short text,
	// before the key condition is checked (dynalite test/query.js "should
	// return ValidationException if ExclusiveStartKey is invalid for global
	// index"; dynamodb-conformance tier3 query.test.ts, captured in 2026).
	wantAPIError(t, err, "ValidationException", "The provided starting key is invalid")
	// A start key outside the sort conditions.
	_, err = s.c.Query(bg, &dynamodb.QueryInput{TableName: str("matches"), IndexName: str("tourney"),
		KeyConditionExpression: str("tournamentId = :t AND #reg = :r AND #rd = :rd"), ExpressionAttributeNames: map[string]string{"#reg": "region", "#rd": "round"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":t": sv("W24"), ":r": sv("NA"), ":rd": sv("SEMI")},
		ExclusiveStartKey:         map[string]types.AttributeValue{"matchId": sv("a"), "tournamentId": sv("W24"), "region": sv("NA"), "round": sv("QUARTER"), "bracket": sv("UP"), "seq": nv("10")}})
	wantAPIError(t, err, "ValidationException", "The provided starting key does not match the range key predicate")

	// Legacy KeyConditions: DynamoDB accepts them on a multi-attribute key
	// with the same rules.
	out, err := s.c.Query(bg, &dynamodb.QueryInput{TableName: str("matches"), IndexName: str("tourney"),
		KeyConditions: map[string]types.Condition{
			"tournamentId": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{sv("W24")}},
			"region":       {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{sv("NA")}},
			"round":        {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{sv("QUARTER")}},
			"bracket":      {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{sv("UP")}},
			"seq":          {ComparisonOperator: types.ComparisonOperatorGe, AttributeValueList: []types.AttributeValue{nv("9")}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	if got := idsOf(out.Items, "matchId"); !slices.Equal(got, []string{"b", "a"}) {
		t.Errorf("KeyConditions: %v, want [b a]", got)
	}
	_, err = s.c.Query(bg, &dynamodb.QueryInput{TableName: str("matches"), IndexName: str("tourney"),
		KeyConditions: map[string]types.Condition{
			"tournamentId": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{sv("W24")}},
			"region":       {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{sv("NA")}},
			"seq":          {ComparisonOperator: types.ComparisonOperatorGt, AttributeValueList: []types.AttributeValue{nv("1")}},
		}})
	wantAPIError(t, err, "ValidationException", "RANGE key attributes round must have equality conditions specified in the query because a condition is present on key attribute seq")
	var apiErr interface{ ErrorCode() string }
	if !errors.As(err, &apiErr) {
		t.Fatal("no API error")
	}
}

func i32p(v int32) *int32 { return &v }

func mapsKeys(m map[string]types.AttributeValue) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
