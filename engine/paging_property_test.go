package engine

import (
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// The property of issue 24 §1: a Query, Scan or PartiQL SELECT read page by
// page (each request carrying the last page's LastEvaluatedKey or
// NextToken) returns exactly what the same request returns in one call,
// in the same order — for the table and for every kind of index, whatever
// the key condition, the page size, the direction and the filter. Index
// keys are not unique, so pages of an index must continue through items
// that share its whole key.

// pagingTarget is one table or index the property reads, with the key
// attributes its key conditions name.
type pagingTarget struct {
	table, index string
	hash         []string // partition attributes (one, or several on a multi-attribute key)
	sort         string   // the first sort attribute; "" when there is none
}

var pagingTargets = []pagingTarget{
	{table: "hashonly", hash: []string{"pk"}},
	{table: "hashonly", index: "by_g", hash: []string{"g"}},
	{table: "hashrange", hash: []string{"pk"}, sort: "sk"},
	{table: "hashrange", index: "g_only", hash: []string{"g"}},
	{table: "hashrange", index: "g_gs", hash: []string{"g"}, sort: "gs"},
	{table: "hashrange", index: "multi", hash: []string{"g", "g2"}, sort: "gs"},
	{table: "hashrange", index: "lsi", hash: []string{"pk"}, sort: "ls"},
}

// createPagingTables makes a hash-only table with a GSI, and a hash+range
// table with a hash-only GSI, a hash+range GSI, a multi-attribute GSI and
// an LSI, then fills both with items drawn from small domains, so that many
// items share an index key (and some lack one: a sparse index).
func createPagingTables(t testing.TB, e *Engine, r *rand.Rand) {
	t.Helper()
	all := model.Projection{ProjectionType: model.ProjectionAll}
	s := func(name string) model.AttributeDefinition {
		return model.AttributeDefinition{AttributeName: name, AttributeType: "S"}
	}
	hash := func(name string) model.KeySchemaElement {
		return model.KeySchemaElement{AttributeName: name, KeyType: "HASH"}
	}
	rng := func(name string) model.KeySchemaElement {
		return model.KeySchemaElement{AttributeName: name, KeyType: "RANGE"}
	}
	_, err := e.CreateTable(ctx, &model.CreateTableInput{
		TableName: "hashonly", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{s("pk"), s("g")},
		KeySchema:            []model.KeySchemaElement{hash("pk")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{
			{IndexName: "by_g", KeySchema: []model.KeySchemaElement{hash("g")}, Projection: all},
		},
	})
	mustOK(t, err)
	_, err = e.CreateTable(ctx, &model.CreateTableInput{
		TableName: "hashrange", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{s("pk"), s("sk"), s("g"), s("g2"), s("gs"), s("gs2"), s("ls")},
		KeySchema:            []model.KeySchemaElement{hash("pk"), rng("sk")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{
			{IndexName: "g_only", KeySchema: []model.KeySchemaElement{hash("g")}, Projection: all},
			{IndexName: "g_gs", KeySchema: []model.KeySchemaElement{hash("g"), rng("gs")}, Projection: all},
			{IndexName: "multi", KeySchema: []model.KeySchemaElement{hash("g"), hash("g2"), rng("gs"), rng("gs2")}, Projection: all},
		},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{
			{IndexName: "lsi", KeySchema: []model.KeySchemaElement{hash("pk"), rng("ls")}, Projection: all},
		},
	})
	mustOK(t, err)
	oneOf := func(vals ...string) string { return vals[r.Intn(len(vals))] }
	for i := 0; i < 40; i++ {
		item := model.Item{"pk": model.S(fmt.Sprintf("p%02d", i)), "f": model.N(fmt.Sprint(r.Intn(3)))}
		if r.Intn(5) > 0 {
			item["g"] = model.S(oneOf("a", "b"))
		}
		put(t, e, "hashonly", item)
	}
	for i := 0; i < 90; i++ {
		item := model.Item{
			"pk": model.S(oneOf("a", "b", "c")), "sk": model.S(fmt.Sprintf("s%02d", i)),
			"ls": model.S(oneOf("x1", "x2", "y1")), "f": model.N(fmt.Sprint(r.Intn(3))),
		}
		if r.Intn(6) > 0 {
			item["g"] = model.S(oneOf("a", "b"))
			item["g2"] = model.S(oneOf("u", "v"))
			item["gs"] = model.S(oneOf("a1", "a2", "b1"))
			item["gs2"] = model.S(oneOf("p", "q"))
		}
		put(t, e, "hashrange", item)
	}
}

// pagingCondition is one key condition of the property: the partition
// alone, or the partition with one sort-key operator.
type pagingCondition struct {
	name string
	// sortCond is the sort-key part with its values, "" for partition only.
	sortCond   string
	sortValues map[string]model.AttributeValue
}

func pagingConditions(target pagingTarget) []pagingCondition {
	conds := []pagingCondition{{name: "partition"}}
	if target.sort == "" {
		return conds
	}
	sortDomain := map[string][2]string{"sk": {"s20", "s60"}, "gs": {"a2", "b1"}, "ls": {"x2", "y1"}}[target.sort]
	low, high := sortDomain[0], sortDomain[1]
	return append(conds,
		pagingCondition{name: "=", sortCond: target.sort + " = :s1", sortValues: map[string]model.AttributeValue{":s1": model.S(low)}},
		pagingCondition{name: "<", sortCond: target.sort + " < :s1", sortValues: map[string]model.AttributeValue{":s1": model.S(high)}},
		pagingCondition{name: "BETWEEN", sortCond: target.sort + " BETWEEN :s1 AND :s2",
			sortValues: map[string]model.AttributeValue{":s1": model.S(low), ":s2": model.S(high)}},
		pagingCondition{name: "begins_with", sortCond: "begins_with(" + target.sort + ", :s1)",
			sortValues: map[string]model.AttributeValue{":s1": model.S(low[:1])}},
	)
}

// partitionValues are the partition values the property queries: each
// hash attribute's domain (a multi-attribute partition takes one value per
// attribute).
var partitionValues = map[string][]string{"pk": {"a", "b", "p03"}, "g": {"a", "b"}, "g2": {"u", "v"}}

// pagedQueries lists every Query of a target the property pages.
func pagedQueries(target pagingTarget) []*model.QueryInput {
	var out []*model.QueryInput
	partitions := [][]string{{}}
	for _, h := range target.hash {
		var next [][]string
		for _, p := range partitions {
			for _, v := range partitionValues[h] {
				next = append(next, append(slices.Clone(p), v))
			}
		}
		partitions = next
	}
	for _, part := range partitions {
		for _, cond := range pagingConditions(target) {
			for _, filtered := range []bool{false, true} {
				for _, forward := range []bool{true, false} {
					values := map[string]model.AttributeValue{}
					var parts []string
					for i, h := range target.hash {
						parts = append(parts, fmt.Sprintf("%s = :h%d", h, i))
						values[fmt.Sprintf(":h%d", i)] = model.S(part[i])
					}
					if cond.sortCond != "" {
						parts = append(parts, cond.sortCond)
						for k, v := range cond.sortValues {
							values[k] = v
						}
					}
					in := &model.QueryInput{
						TableName: target.table, IndexName: target.index,
						KeyConditionExpression:    strings.Join(parts, " AND "),
						ExpressionAttributeValues: values,
						ScanIndexForward:          boolp(forward),
					}
					if filtered {
						in.FilterExpression = "f <> :f"
						values[":f"] = model.N("1")
					}
					out = append(out, in)
				}
			}
		}
	}
	return out
}

func TestPagingQueryEqualsOneQuery(t *testing.T) {
	e, _ := newTestEngine(t)
	createPagingTables(t, e, rand.New(rand.NewSource(24)))
	sharedPages := 0
	for _, target := range pagingTargets {
		for _, in := range pagedQueries(target) {
			whole, err := e.Query(ctx, in)
			mustOK(t, err)
			if whole.LastEvaluatedKey != nil {
				t.Fatalf("%s/%s %q: the unlimited Query stopped early", target.table, target.index, in.KeyConditionExpression)
			}
			for _, limit := range []int32{1, 2, 3} {
				paged := *in
				paged.Limit = i32(limit)
				var got []model.Item
				for pages := 0; ; pages++ {
					if pages > 200 {
						t.Fatalf("%s/%s %q limit %d: more than 200 pages", target.table, target.index, in.KeyConditionExpression, limit)
					}
					out, err := e.Query(ctx, &paged)
					if err != nil {
						t.Fatalf("%s/%s %q forward=%v filter=%q limit %d, page %d: %v",
							target.table, target.index, in.KeyConditionExpression, *in.ScanIndexForward, in.FilterExpression, limit, pages+1, err)
					}
					got = append(got, out.Items...)
					if out.LastEvaluatedKey == nil {
						break
					}
					if pages > 0 && target.index != "" {
						sharedPages++
					}
					paged.ExclusiveStartKey = out.LastEvaluatedKey
				}
				if !sameItems(got, whole.Items) {
					t.Fatalf("%s/%s %q forward=%v filter=%q limit %d:\npaged %d items %v\nwhole %d items %v",
						target.table, target.index, in.KeyConditionExpression, *in.ScanIndexForward, in.FilterExpression, limit,
						len(got), pagedKeys(got), len(whole.Items), pagedKeys(whole.Items))
				}
			}
		}
	}
	if sharedPages == 0 {
		t.Fatal("no index query went past its second page: the data set does not exercise the property")
	}
}

// sameItems reports whether a and b hold equal items in the same order
// (nil and empty alike).
func sameItems(a, b []model.Item) bool {
	return len(a) == len(b) && (len(a) == 0 || reflect.DeepEqual(a, b))
}

// pagedKeys lists the table keys of items, for failure messages.
func pagedKeys(items []model.Item) []string {
	var out []string
	for _, it := range items {
		k := it["pk"].S
		if sk, ok := it["sk"]; ok {
			k += "/" + sk.S
		}
		out = append(out, k)
	}
	return out
}

// TestPagingScanSegmentsEqualOneScan: the pages of every segment of a
// parallel Scan, together, hold each item of one unlimited Scan exactly
// once, on the table and on every index.
func TestPagingScanSegmentsEqualOneScan(t *testing.T) {
	e, _ := newTestEngine(t)
	createPagingTables(t, e, rand.New(rand.NewSource(25)))
	for _, target := range pagingTargets {
		for _, filter := range []string{"", "f <> :f"} {
			base := model.ScanInput{TableName: target.table, IndexName: target.index}
			if filter != "" {
				base.FilterExpression = filter
				base.ExpressionAttributeValues = map[string]model.AttributeValue{":f": model.N("1")}
			}
			whole, err := e.Scan(ctx, &base)
			mustOK(t, err)
			want := sortedPagedKeys(whole.Items)
			for _, total := range []int32{1, 2, 3} {
				for _, limit := range []int32{1, 2, 3} {
					var got []model.Item
					for seg := int32(0); seg < total; seg++ {
						in := base
						in.TotalSegments, in.Segment, in.Limit = i32(total), i32(seg), i32(limit)
						for pages := 0; ; pages++ {
							if pages > 300 {
								t.Fatalf("%s/%s segment %d/%d: more than 300 pages", target.table, target.index, seg, total)
							}
							out, err := e.Scan(ctx, &in)
							if err != nil {
								t.Fatalf("%s/%s segment %d/%d limit %d, page %d: %v", target.table, target.index, seg, total, limit, pages+1, err)
							}
							got = append(got, out.Items...)
							if out.LastEvaluatedKey == nil {
								break
							}
							in.ExclusiveStartKey = out.LastEvaluatedKey
						}
					}
					if g := sortedPagedKeys(got); !slices.Equal(g, want) {
						t.Fatalf("%s/%s filter %q, %d segments, limit %d:\npaged %v\nwhole %v", target.table, target.index, filter, total, limit, g, want)
					}
				}
			}
		}
	}
}

// sortedPagedKeys returns the table keys of items in order (duplicates kept).
func sortedPagedKeys(items []model.Item) []string {
	k := pagedKeys(items)
	slices.Sort(k)
	return k
}

// TestPagingPartiQLEqualsOneStatement: a SELECT read with Limit and
// NextToken returns what the statement returns in one call, on the table
// and on each index.
func TestPagingPartiQLEqualsOneStatement(t *testing.T) {
	e, _ := newTestEngine(t)
	createPagingTables(t, e, rand.New(rand.NewSource(26)))
	statements := []string{
		`SELECT * FROM "hashrange" WHERE pk = 'a'`,
		`SELECT * FROM "hashrange"."g_only" WHERE g = 'a'`,
		`SELECT * FROM "hashrange"."g_gs" WHERE g = 'b' AND gs = 'a2'`,
		`SELECT * FROM "hashrange"."g_gs" WHERE g = 'a' AND gs BETWEEN 'a2' AND 'b1'`,
		`SELECT * FROM "hashrange"."g_gs" WHERE g = 'a' AND begins_with(gs, 'a')`,
		`SELECT * FROM "hashrange"."lsi" WHERE pk = 'b' AND ls = 'x2'`,
		`SELECT * FROM "hashrange"."multi" WHERE g = 'a' AND g2 = 'u'`,
		`SELECT * FROM "hashonly"."by_g" WHERE g = 'b'`,
		`SELECT * FROM "hashrange"."g_only"`,
		`SELECT * FROM "hashrange"."g_gs" WHERE g = 'a' AND f <> 1`,
	}
	for _, stmt := range statements {
		whole, err := e.ExecuteStatement(ctx, &model.ExecuteStatementInput{Statement: stmt})
		mustOK(t, err)
		if whole.NextToken != "" {
			t.Fatalf("%s: the unlimited statement stopped early", stmt)
		}
		if len(whole.Items) < 3 {
			t.Fatalf("%s: %d items, too few to page", stmt, len(whole.Items))
		}
		for _, limit := range []int32{1, 2, 3} {
			in := &model.ExecuteStatementInput{Statement: stmt, Limit: i32(limit)}
			var got []model.Item
			for pages := 0; ; pages++ {
				if pages > 200 {
					t.Fatalf("%s limit %d: more than 200 pages", stmt, limit)
				}
				out, err := e.ExecuteStatement(ctx, in)
				if err != nil {
					t.Fatalf("%s limit %d, page %d: %v", stmt, limit, pages+1, err)
				}
				got = append(got, out.Items...)
				if out.NextToken == "" {
					break
				}
				in.NextToken = out.NextToken
			}
			if !sameItems(got, whole.Items) {
				t.Fatalf("%s limit %d:\npaged %v\nwhole %v", stmt, limit, pagedKeys(got), pagedKeys(whole.Items))
			}
		}
	}
}

// TestIndexStartKeyOutsideTheQuery: a start key that is genuinely outside
// an index Query (another partition, a sort key the condition refuses) is
// still refused with DynamoDB's text for that case.
func TestIndexStartKeyOutsideTheQuery(t *testing.T) {
	e, _ := newTestEngine(t)
	createPagingTables(t, e, rand.New(rand.NewSource(27)))
	otherPartition := model.Item{"pk": model.S("a"), "sk": model.S("s01"), "g": model.S("b"), "gs": model.S("a1")}
	failsCondition := model.Item{"pk": model.S("a"), "sk": model.S("s01"), "g": model.S("a"), "gs": model.S("b1")}
	cases := []struct {
		name, index, keyCond string
		start                model.Item
		want                 string
	}{
		{"hash-only index, another partition", "g_only", "g = :g",
			model.Item{"pk": model.S("a"), "sk": model.S("s01"), "g": model.S("b")},
			"The provided starting key is outside query boundaries based on provided conditions"},
		{"hash+range index, another partition", "g_gs", "g = :g", otherPartition,
			"The provided starting key is outside query boundaries based on provided conditions"},
		// dynalite "global hash in ExclusiveStartKey but exact match": on an
		// index too, another partition under a sort-key condition is the
		// one-row text.
		{"hash+range index, another partition with a sort condition", "g_gs", "g = :g AND begins_with(gs, :s)", otherPartition,
			"The query can return at most one row and cannot be restarted"},
		{"hash+range index, a sort key the condition refuses", "g_gs", "g = :g AND begins_with(gs, :s)", failsCondition,
			"The provided starting key does not match the range key predicate"},
		{"LSI, a sort key the condition refuses", "lsi", "pk = :g AND begins_with(ls, :s)",
			model.Item{"pk": model.S("a"), "sk": model.S("s01"), "ls": model.S("y1")},
			"The provided starting key does not match the range key predicate"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			values := map[string]model.AttributeValue{":g": model.S("a")}
			if strings.Contains(c.keyCond, ":s") {
				values[":s"] = model.S("a")
			}
			_, err := e.Query(ctx, &model.QueryInput{TableName: "hashrange", IndexName: c.index, KeyConditionExpression: c.keyCond,
				ExpressionAttributeValues: values, ExclusiveStartKey: c.start})
			wantError(t, err, "ValidationException", c.want)
		})
	}
}
