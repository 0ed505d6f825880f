package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// sortKeys returns the values of attribute name in the items, rendered.
func attrValues(items []model.Item, name string) []string {
	out := make([]string, len(items))
	for i, it := range items {
		v := it[name]
		switch v.Type {
		case model.TypeS:
			out[i] = v.S
		case model.TypeN:
			out[i] = v.N
		case model.TypeB:
			out[i] = fmt.Sprintf("%x", v.B)
		}
	}
	return out
}

func TestQuerySortOrderAndOperators(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "nums", "sk", "N")
	createSimple(t, e, "strs", "sk", "S")
	createSimple(t, e, "bins", "sk", "B")
	for _, n := range []string{"-10", "-1.5", "0", "2", "10", "100", "1e3"} {
		put(t, e, "nums", model.Item{"pk": model.S("p"), "sk": model.N(n)})
	}
	put(t, e, "nums", model.Item{"pk": model.S("other"), "sk": model.N("5")})
	for _, s := range []string{"B", "a", "aa", "ab", "b", "é", "A"} {
		put(t, e, "strs", model.Item{"pk": model.S("p"), "sk": model.S(s)})
	}
	for _, b := range [][]byte{{0x00}, {0x7f}, {0x80}, {0xff}, {0x80, 0x00}} {
		put(t, e, "bins", model.Item{"pk": model.S("p"), "sk": model.B(b)})
	}
	type q struct {
		table, cond string
		values      map[string]model.AttributeValue
		forward     bool
		want        string
	}
	p := model.S("p")
	tests := []q{
		{"nums", "pk = :p", nil, true, "-10 -1.5 0 2 10 100 1000"},
		{"nums", "pk = :p", nil, false, "1000 100 10 2 0 -1.5 -10"},
		{"nums", "pk = :p AND sk = :a", map[string]model.AttributeValue{":a": model.N("10.0")}, true, "10"},
		{"nums", "pk = :p AND sk < :a", map[string]model.AttributeValue{":a": model.N("2")}, true, "-10 -1.5 0"},
		{"nums", "pk = :p AND sk <= :a", map[string]model.AttributeValue{":a": model.N("2")}, true, "-10 -1.5 0 2"},
		{"nums", "pk = :p AND sk > :a", map[string]model.AttributeValue{":a": model.N("2")}, true, "10 100 1000"},
		{"nums", "pk = :p AND sk >= :a", map[string]model.AttributeValue{":a": model.N("2")}, false, "1000 100 10 2"},
		{"nums", "pk = :p AND :a < sk", map[string]model.AttributeValue{":a": model.N("99")}, true, "100 1000"},
		{"nums", "pk = :p AND sk BETWEEN :a AND :b", map[string]model.AttributeValue{":a": model.N("-1.5"), ":b": model.N("10")}, true, "-1.5 0 2 10"},
		{"strs", "pk = :p", nil, true, "A B a aa ab b é"},
		{"strs", "pk = :p", nil, false, "é b ab aa a B A"},
		{"strs", "pk = :p AND begins_with(sk, :a)", map[string]model.AttributeValue{":a": model.S("a")}, true, "a aa ab"},
		{"strs", "pk = :p AND sk BETWEEN :a AND :b", map[string]model.AttributeValue{":a": model.S("B"), ":b": model.S("aa")}, true, "B a aa"},
		{"strs", "pk = :p AND sk > :a", map[string]model.AttributeValue{":a": model.S("a")}, true, "aa ab b é"},
		{"bins", "pk = :p", nil, true, "00 7f 80 8000 ff"},
		{"bins", "pk = :p AND begins_with(sk, :a)", map[string]model.AttributeValue{":a": model.B([]byte{0x80})}, false, "8000 80"},
	}
	for _, tt := range tests {
		t.Run(tt.table+" "+tt.cond, func(t *testing.T) {
			vals := map[string]model.AttributeValue{":p": p}
			for k, v := range tt.values {
				vals[k] = v
			}
			out, err := e.Query(ctx, &model.QueryInput{TableName: tt.table, KeyConditionExpression: tt.cond,
				ExpressionAttributeValues: vals, ScanIndexForward: boolp(tt.forward)})
			mustOK(t, err)
			got := strings.Join(attrValues(out.Items, "sk"), " ")
			if got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
			if int(out.Count) != len(out.Items) || out.ScannedCount != out.Count || out.LastEvaluatedKey != nil {
				t.Fatalf("Count %d ScannedCount %d LEK %v", out.Count, out.ScannedCount, out.LastEvaluatedKey)
			}
		})
	}
}

func TestQueryLimitFilterCountAndPaging(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "events", "sk", "N")
	for i := 1; i <= 10; i++ {
		put(t, e, "events", model.Item{"pk": model.S("p"), "sk": model.N(fmt.Sprint(i)), "even": model.Bool(i%2 == 0)})
	}
	vals := map[string]model.AttributeValue{":p": model.S("p"), ":t": model.Bool(true)}
	// Limit counts items read before the filter.
	out, err := e.Query(ctx, &model.QueryInput{TableName: "events", KeyConditionExpression: "pk = :p",
		FilterExpression: "even = :t", ExpressionAttributeValues: vals, Limit: i32(3)})
	mustOK(t, err)
	if out.Count != 1 || out.ScannedCount != 3 || strings.Join(attrValues(out.Items, "sk"), " ") != "2" {
		t.Fatalf("limit 3 with filter: Count %d ScannedCount %d items %v", out.Count, out.ScannedCount, out.Items)
	}
	if !model.ItemsEqual(out.LastEvaluatedKey, model.Item{"pk": model.S("p"), "sk": model.N("3")}) {
		t.Fatalf("LastEvaluatedKey = %v", out.LastEvaluatedKey)
	}
	// Page through with ExclusiveStartKey.
	var all []string
	var start model.Item
	pages := 0
	for {
		out, err := e.Query(ctx, &model.QueryInput{TableName: "events", KeyConditionExpression: "pk = :p",
			ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p")}, Limit: i32(4), ExclusiveStartKey: start})
		mustOK(t, err)
		pages++
		all = append(all, attrValues(out.Items, "sk")...)
		if out.LastEvaluatedKey == nil {
			break
		}
		start = out.LastEvaluatedKey
	}
	// Hitting Limit on the last item still returns a LastEvaluatedKey: 4+4+2 → 3 pages.
	if pages != 3 || strings.Join(all, " ") != "1 2 3 4 5 6 7 8 9 10" {
		t.Fatalf("%d pages, items %v", pages, all)
	}
	// COUNT leaves out Items.
	out, err = e.Query(ctx, &model.QueryInput{TableName: "events", KeyConditionExpression: "pk = :p", Select: "COUNT",
		FilterExpression: "even = :t", ExpressionAttributeValues: vals})
	mustOK(t, err)
	if out.Count != 5 || out.ScannedCount != 10 || out.Items != nil {
		t.Fatalf("COUNT: %+v", out)
	}
	_, err = e.Query(ctx, &model.QueryInput{TableName: "events", KeyConditionExpression: "pk = :p", Select: "COUNT",
		ProjectionExpression: "sk", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p")}})
	wantError(t, err, model.ErrValidation, "Cannot specify the ProjectionExpression when choosing to get only the Count")
	_, err = e.Query(ctx, &model.QueryInput{TableName: "events", KeyConditionExpression: "pk = :p",
		FilterExpression: "sk > :p", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p")}})
	wantError(t, err, model.ErrValidation, "Filter Expression can only contain non-primary key attributes: Primary key attribute: sk")
	_, err = e.Query(ctx, &model.QueryInput{TableName: "events", ExclusiveStartKey: model.Item{"pk": model.S("q"), "sk": model.N("1")},
		KeyConditionExpression: "pk = :p", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p")}})
	wantError(t, err, model.ErrValidation, "The provided starting key is outside query boundaries based on provided conditions")
	_, err = e.Query(ctx, &model.QueryInput{TableName: "events", KeyConditionExpression: "pk = :p AND sk = :s",
		ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S(""), ":s": model.N("1")}})
	wantError(t, err, model.ErrValidation, "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk")
	_, err = e.Query(ctx, &model.QueryInput{TableName: "events"})
	wantError(t, err, model.ErrValidation, "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.")
	_, err = e.Query(ctx, &model.QueryInput{TableName: "events", IndexName: "nope", KeyConditionExpression: "pk = :p",
		ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p")}})
	wantError(t, err, model.ErrValidation, "The table does not have the specified index: nope")
}

func TestQueryOneMegabytePages(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "big", "sk", "N")
	payload := strings.Repeat("x", 100_000)
	for i := 0; i < 25; i++ {
		put(t, e, "big", model.Item{"pk": model.S("p"), "sk": model.N(fmt.Sprint(i)), "d": model.S(payload)})
	}
	size := model.ItemSize(model.Item{"pk": model.S("p"), "sk": model.N("10"), "d": model.S(payload)})
	perPage := (1<<20 + size - 1) / size // items read until the page reaches 1 MB
	var start model.Item
	var counts []int32
	for {
		out, err := e.Query(ctx, &model.QueryInput{TableName: "big", KeyConditionExpression: "pk = :p",
			ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p")}, ExclusiveStartKey: start,
			ReturnConsumedCapacity: "TOTAL"})
		mustOK(t, err)
		counts = append(counts, out.Count)
		if out.LastEvaluatedKey == nil {
			break
		}
		if want := fmt.Sprint(int(out.Count)*len(counts) - 1); out.LastEvaluatedKey["sk"].N != want {
			t.Fatalf("LastEvaluatedKey = %v, want sk %s", out.LastEvaluatedKey, want)
		}
		start = out.LastEvaluatedKey
	}
	if fmt.Sprint(counts) != fmt.Sprint([]int32{int32(perPage), int32(perPage), int32(25 - 2*perPage)}) {
		t.Fatalf("page sizes %v, want %d, %d, rest (item %d B)", counts, perPage, perPage, size)
	}
}

func TestQueryCapacity(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "cap", "sk", "N")
	// 1,500 items of 64 B: 96,000 B → 24 × 4 KB (DG example: sum, then round).
	for i := 0; i < 1500; i++ {
		it := model.Item{"pk": model.S("p"), "sk": model.N(fmt.Sprint(i))}
		pad := 64 - model.ItemSize(it) - 1
		it["x"] = model.S(strings.Repeat("y", pad))
		if model.ItemSize(it) != 64 {
			t.Fatalf("item size %d", model.ItemSize(it))
		}
		put(t, e, "cap", it)
	}
	for _, tt := range []struct {
		consistent bool
		want       float64
	}{{true, 24}, {false, 12}} {
		out, err := e.Query(ctx, &model.QueryInput{TableName: "cap", KeyConditionExpression: "pk = :p", ConsistentRead: boolp(tt.consistent),
			ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p")}, ReturnConsumedCapacity: "TOTAL"})
		mustOK(t, err)
		if float64(out.ConsumedCapacity.CapacityUnits) != tt.want || out.Count != 1500 {
			t.Errorf("consistent=%v: %v RCU for %d items, want %v", tt.consistent, out.ConsumedCapacity.CapacityUnits, out.Count, tt.want)
		}
	}
	// An empty result still costs the minimum.
	out, err := e.Query(ctx, &model.QueryInput{TableName: "cap", KeyConditionExpression: "pk = :p",
		ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("none")}, ReturnConsumedCapacity: "TOTAL"})
	mustOK(t, err)
	if out.ConsumedCapacity.CapacityUnits != 0.5 {
		t.Errorf("empty query = %v RCU, want 0.5", out.ConsumedCapacity.CapacityUnits)
	}
}

// TestSeed004CompositeSortKeyCart is the seed's shopping cart: items in the
// cart and on the wish list under one partition key, told apart by a
// sort-key prefix and read with begins_with.
func TestSeed004CompositeSortKeyCart(t *testing.T) {
	e, _ := newTestEngine(t)
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "Cart", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{hk("UserId"), rk("SK")},
		AttributeDefinitions: []model.AttributeDefinition{ad("UserId", "S"), ad("SK", "S")}})
	mustOK(t, err)
	for _, sk := range []string{"CART#ITEM#1001", "CART#ITEM#1002", "WISHLIST#ITEM#2001", "CART#ITEM#1003", "WISHLIST#ITEM#2002"} {
		put(t, e, "Cart", model.Item{"UserId": model.S("u#42"), "SK": model.S(sk), "Qty": model.N("1")})
	}
	put(t, e, "Cart", model.Item{"UserId": model.S("u#7"), "SK": model.S("CART#ITEM#9"), "Qty": model.N("2")})
	out, err := e.Query(ctx, &model.QueryInput{TableName: "Cart", KeyConditionExpression: "UserId = :u AND begins_with(SK, :c)",
		ExpressionAttributeValues: map[string]model.AttributeValue{":u": model.S("u#42"), ":c": model.S("CART#")}})
	mustOK(t, err)
	if got := strings.Join(attrValues(out.Items, "SK"), " "); got != "CART#ITEM#1001 CART#ITEM#1002 CART#ITEM#1003" {
		t.Fatalf("cart = %s", got)
	}
	out, err = e.Query(ctx, &model.QueryInput{TableName: "Cart", KeyConditionExpression: "UserId = :u AND begins_with(SK, :w)",
		ExpressionAttributeValues: map[string]model.AttributeValue{":u": model.S("u#42"), ":w": model.S("WISHLIST#")}})
	mustOK(t, err)
	if got := strings.Join(attrValues(out.Items, "SK"), " "); got != "WISHLIST#ITEM#2001 WISHLIST#ITEM#2002" {
		t.Fatalf("wish list = %s", got)
	}
}

func TestScanSegmentsAndPaging(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "scn", "", "")
	for i := 0; i < 300; i++ {
		put(t, e, "scn", model.Item{"pk": model.S(fmt.Sprintf("k%03d", i))})
	}
	seen := map[string]int{}
	for seg := int32(0); seg < 4; seg++ {
		var start model.Item
		for {
			out, err := e.Scan(ctx, &model.ScanInput{TableName: "scn", Segment: i32(seg), TotalSegments: i32(4), Limit: i32(17), ExclusiveStartKey: start})
			mustOK(t, err)
			for _, k := range attrValues(out.Items, "pk") {
				seen[k]++
			}
			if out.LastEvaluatedKey == nil {
				break
			}
			start = out.LastEvaluatedKey
		}
	}
	if len(seen) != 300 {
		t.Fatalf("segments covered %d of 300 items", len(seen))
	}
	for k, n := range seen {
		if n != 1 {
			t.Fatalf("%s seen %d times: segments overlap", k, n)
		}
	}
	// Scan order is stable and equals the order of the segments.
	full, err := e.Scan(ctx, &model.ScanInput{TableName: "scn"})
	mustOK(t, err)
	if full.Count != 300 {
		t.Fatalf("full scan %d", full.Count)
	}
	_, err = e.Scan(ctx, &model.ScanInput{TableName: "scn", Segment: i32(3), TotalSegments: i32(3)})
	wantError(t, err, model.ErrValidation, "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 3 is not less than TotalSegments: 3")
	_, err = e.Scan(ctx, &model.ScanInput{TableName: "scn", Segment: i32(1)})
	wantError(t, err, model.ErrValidation, "The TotalSegments parameter is required but was not present in the request when Segment parameter is present")
	_, err = e.Scan(ctx, &model.ScanInput{TableName: "scn", Select: "ALL_PROJECTED_ATTRIBUTES"})
	wantError(t, err, model.ErrValidation, "ALL_PROJECTED_ATTRIBUTES can be used only when Scanning using an IndexName")
}
