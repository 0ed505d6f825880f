package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// The property of issue 19: on a GSI with a multi-attribute key, a Query
// with any valid key condition returns exactly what a full Scan of the table
// with the equivalent filter returns, in the order of the sort attributes
// taken together (each with its type's order), ties broken by the table key.

// multiKeyDomain holds the values the random items draw from: numbers that
// string order would put wrong (9 < 10, -1.5 < -1, 1e2), strings with
// prefixes and upper/lower case, binaries across the 0x7F/0x80 boundary.
var multiKeyDomain = map[string][]model.AttributeValue{
	"h1": {model.S("a"), model.S("b")},
	"h2": {model.N("1"), model.N("2")},
	"r1": {model.N("-10"), model.N("-1.5"), model.N("-1"), model.N("0"), model.N("2"), model.N("9"), model.N("10"), model.N("1e2")},
	"r2": {model.S("a"), model.S("aa"), model.S("ab"), model.S("b"), model.S("B"), model.S("é")},
	"r3": {model.B([]byte{0x00}), model.B([]byte{0x7f}), model.B([]byte{0x80}), model.B([]byte{0x80, 0x01}), model.B([]byte{0xff})},
}

var multiKeySort = []string{"r1", "r2", "r3"}

func createMultiKeyTable(t testing.TB, e *Engine) {
	t.Helper()
	_, err := e.CreateTable(ctx, &model.CreateTableInput{
		TableName:   "prop",
		BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{
			{AttributeName: "id", AttributeType: "S"},
			{AttributeName: "h1", AttributeType: "S"}, {AttributeName: "h2", AttributeType: "N"},
			{AttributeName: "r1", AttributeType: "N"}, {AttributeName: "r2", AttributeType: "S"}, {AttributeName: "r3", AttributeType: "B"},
		},
		KeySchema: []model.KeySchemaElement{{AttributeName: "id", KeyType: "HASH"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{
			IndexName: "gsi",
			KeySchema: []model.KeySchemaElement{
				{AttributeName: "h1", KeyType: "HASH"}, {AttributeName: "h2", KeyType: "HASH"},
				{AttributeName: "r1", KeyType: "RANGE"}, {AttributeName: "r2", KeyType: "RANGE"}, {AttributeName: "r3", KeyType: "RANGE"},
			},
			Projection: model.Projection{ProjectionType: model.ProjectionAll},
		}},
	})
	mustOK(t, err)
}

// multiKeyCase is one random key condition: the expression, its values,
// and the same test as a Scan filter.
type multiKeyCase struct {
	keyCond string
	filter  string
	values  map[string]model.AttributeValue
}

func pick(r *rand.Rand, attr string) model.AttributeValue {
	d := multiKeyDomain[attr]
	return d[r.Intn(len(d))]
}

func randomMultiKeyCase(r *rand.Rand) multiKeyCase {
	c := multiKeyCase{values: map[string]model.AttributeValue{}}
	var conds []string
	add := func(cond string, vals ...model.AttributeValue) {
		conds = append(conds, cond)
		for i, v := range vals {
			c.values[fmt.Sprintf(":v%d_%d", len(conds), i)] = v
		}
	}
	for _, h := range []string{"h1", "h2"} {
		add(fmt.Sprintf("%s = :v%d_0", h, len(conds)+1), pick(r, h))
	}
	named := r.Intn(len(multiKeySort) + 1)
	for i := 0; i < named; i++ {
		attr := multiKeySort[i]
		n := len(conds) + 1
		if i < named-1 {
			add(fmt.Sprintf("%s = :v%d_0", attr, n), pick(r, attr))
			continue
		}
		ops := []string{"=", "<", "<=", ">", ">=", "BETWEEN"}
		if attr != "r1" {
			ops = append(ops, "begins_with")
		}
		switch op := ops[r.Intn(len(ops))]; op {
		case "BETWEEN":
			lo, hi := pick(r, attr), pick(r, attr)
			if c, _ := model.Compare(lo, hi); c > 0 {
				lo, hi = hi, lo
			}
			add(fmt.Sprintf("%s BETWEEN :v%d_0 AND :v%d_1", attr, n, n), lo, hi)
		case "begins_with":
			v := pick(r, attr)
			if v.Type == model.TypeS {
				v = model.S(v.S[:1])
			} else {
				v = model.B(v.B[:1])
			}
			add(fmt.Sprintf("begins_with(%s, :v%d_0)", attr, n), v)
		default:
			add(fmt.Sprintf("%s %s :v%d_0", attr, op, n), pick(r, attr))
		}
	}
	c.keyCond = strings.Join(conds, " AND ")
	// The index holds only items with every key attribute (the sparse rule).
	c.filter = c.keyCond + " AND attribute_exists(r1) AND attribute_exists(r2) AND attribute_exists(r3)"
	return c
}

func TestMultiAttributeQueryEqualsFilteredScan(t *testing.T) {
	e, _ := newTestEngine(t)
	createMultiKeyTable(t, e)
	r := rand.New(rand.NewSource(19))
	for i := range 500 {
		item := model.Item{"id": model.S(fmt.Sprintf("item%03d", i))}
		for _, a := range []string{"h1", "h2", "r1", "r2", "r3"} {
			if r.Intn(12) > 0 { // about one item in three lacks an attribute
				item[a] = pick(r, a)
			}
		}
		put(t, e, "prop", item)
	}
	for n := range 300 {
		c := randomMultiKeyCase(r)
		forward := r.Intn(2) == 0
		limit := int32(1 + r.Intn(9))
		got := queryAllIDs(t, e, c, forward, limit)
		want := scanIDs(t, e, c, forward)
		if !slices.Equal(got, want) {
			t.Fatalf("case %d: %s (forward %v, limit %d) %v\nQuery: %v\nScan:  %v", n, c.keyCond, forward, limit, c.values, got, want)
		}
	}
}

// queryAllIDs runs the Query page by page, restarting each page from the
// previous LastEvaluatedKey.
func queryAllIDs(t *testing.T, e *Engine, c multiKeyCase, forward bool, limit int32) []string {
	t.Helper()
	var ids []string
	var start model.Item
	for {
		out, err := e.Query(ctx, &model.QueryInput{TableName: "prop", IndexName: "gsi", KeyConditionExpression: c.keyCond,
			ExpressionAttributeValues: c.values, ScanIndexForward: &forward, Limit: &limit, ExclusiveStartKey: start})
		if err != nil {
			t.Fatalf("%s %v: %v", c.keyCond, c.values, err)
		}
		for _, it := range out.Items {
			ids = append(ids, it["id"].S)
		}
		if out.LastEvaluatedKey == nil {
			return ids
		}
		if len(out.LastEvaluatedKey) != 6 {
			t.Fatalf("LastEvaluatedKey %v: want the table key and the five index key attributes", out.LastEvaluatedKey)
		}
		start = out.LastEvaluatedKey
	}
}

// scanIDs scans the whole table with the filter and sorts the matches by
// (r1, r2, r3, id), each compared with its type's order.
func scanIDs(t *testing.T, e *Engine, c multiKeyCase, forward bool) []string {
	t.Helper()
	var items []model.Item
	var start model.Item
	for {
		out, err := e.Scan(ctx, &model.ScanInput{TableName: "prop", FilterExpression: c.filter,
			ExpressionAttributeValues: c.values, ExclusiveStartKey: start})
		mustOK(t, err)
		items = append(items, out.Items...)
		if out.LastEvaluatedKey == nil {
			break
		}
		start = out.LastEvaluatedKey
	}
	slices.SortFunc(items, func(a, b model.Item) int {
		for _, k := range append(multiKeySort, "id") {
			if c, _ := model.Compare(a[k], b[k]); c != 0 {
				return c
			}
		}
		return 0
	})
	if !forward {
		slices.Reverse(items)
	}
	ids := []string{}
	for _, it := range items {
		ids = append(ids, it["id"].S)
	}
	if len(ids) == 0 {
		return nil
	}
	return ids
}
