package server_test

// Query and Scan through the HTTP endpoint with the AWS SDK for Go v2
// (issue 3). engine/query_test.go tells the same stories in process; these
// add what the wire adds: the shapes the SDK parses (Items, Count,
// LastEvaluatedKey, ConsumedCapacity), typed exceptions with their exact
// codes and messages, and LastEvaluatedKey values fed back as
// ExclusiveStartKey.

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/internal/sdkhttp"
)

// sdkItem is an item as the SDK holds it.
type sdkItem = map[string]types.AttributeValue

// sdkStart is the virtual clock's start in these tests.
var sdkStart = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// sdkEngine serves a fresh in-memory engine on a paused virtual clock,
// without the TTL sweeper or throttling (a paused clock never refills the
// buckets of a provisioned table; these tests are about semantics, not
// throughput), and returns it with an SDK client for it (dummy static
// credentials, us-east-1, no retries).
func sdkEngine(tb testing.TB) (*engine.Engine, *dynamodb.Client) {
	tb.Helper()
	eng, url := sdkServe(tb)
	return eng, sdkClientFor(url)
}

// sdkServe serves a fresh engine as sdkEngine does and returns its URL.
func sdkServe(tb testing.TB) (*engine.Engine, string) {
	tb.Helper()
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(sdkStart), DisableTTLSweeper: true, DisableThrottling: true})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := eng.Close(); err != nil {
			tb.Error(err)
		}
	})
	ts := httptest.NewServer(server.New(eng, server.Options{}))
	tb.Cleanup(ts.Close) // runs before eng.Close
	return eng, ts.URL
}

// sdkClientFor returns another SDK client of the server at url, as a second
// application would have.
func sdkClientFor(url string) *dynamodb.Client {
	return dynamodb.New(dynamodb.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("x", "y", ""),
		BaseEndpoint: aws.String(url),
		Retryer:      aws.NopRetryer{},
		HTTPClient:   sdkhttp.Client(), // aws/aws-sdk-go-v2#2737: see sdkhttp
	})
}

func avS(s string) types.AttributeValue  { return &types.AttributeValueMemberS{Value: s} }
func avN(n string) types.AttributeValue  { return &types.AttributeValueMemberN{Value: n} }
func avB(b ...byte) types.AttributeValue { return &types.AttributeValueMemberB{Value: b} }
func avSS(s ...string) types.AttributeValue {
	return &types.AttributeValueMemberSS{Value: s}
}
func avNS(n ...string) types.AttributeValue {
	return &types.AttributeValueMemberNS{Value: n}
}
func avBS(b ...[]byte) types.AttributeValue {
	return &types.AttributeValueMemberBS{Value: b}
}
func avL(v ...types.AttributeValue) types.AttributeValue {
	if v == nil {
		v = []types.AttributeValue{}
	}
	return &types.AttributeValueMemberL{Value: v}
}
func avM(m sdkItem) types.AttributeValue { return &types.AttributeValueMemberM{Value: m} }

// avText renders a scalar: S and N as they are, B in hex.
func avText(v types.AttributeValue) string {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return v.Value
	case *types.AttributeValueMemberN:
		return v.Value
	case *types.AttributeValueMemberB:
		return hex.EncodeToString(v.Value)
	case nil:
		return "<missing>"
	}
	return fmt.Sprintf("%T", v)
}

// attrTexts renders attribute name of each item.
func attrTexts(items []sdkItem, name string) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = avText(it[name])
	}
	return out
}

// sdkCreateTable creates a PAY_PER_REQUEST table keyed on hash (and range,
// when not "") with the given scalar types, and waits until it is ACTIVE.
func sdkCreateTable(tb testing.TB, c *dynamodb.Client, name, hash, hashType, rng, rngType string) {
	tb.Helper()
	in := &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{keyDef(hash, types.ScalarAttributeType(hashType))},
		KeySchema:            []types.KeySchemaElement{keyElem(hash, types.KeyTypeHash)},
	}
	if rng != "" {
		in.AttributeDefinitions = append(in.AttributeDefinitions, keyDef(rng, types.ScalarAttributeType(rngType)))
		in.KeySchema = append(in.KeySchema, keyElem(rng, types.KeyTypeRange))
	}
	sdkCreate(tb, c, in)
}

// sdkCreate sends a CreateTable and waits until the table is ACTIVE.
func sdkCreate(tb testing.TB, c *dynamodb.Client, in *dynamodb.CreateTableInput) {
	tb.Helper()
	if _, err := c.CreateTable(context.Background(), in); err != nil {
		tb.Fatalf("CreateTable %s: %v", aws.ToString(in.TableName), err)
	}
	waitActive(tb, c, aws.ToString(in.TableName))
}

// sdkPutAll writes items with BatchWriteItem, 25 at a time.
func sdkPutAll(tb testing.TB, c *dynamodb.Client, table string, items []sdkItem) {
	tb.Helper()
	for len(items) > 0 {
		n := min(25, len(items))
		var writes []types.WriteRequest
		for _, it := range items[:n] {
			writes = append(writes, types.WriteRequest{PutRequest: &types.PutRequest{Item: it}})
		}
		out, err := c.BatchWriteItem(context.Background(), &dynamodb.BatchWriteItemInput{
			RequestItems: map[string][]types.WriteRequest{table: writes},
		})
		if err != nil {
			tb.Fatalf("BatchWriteItem %s: %v", table, err)
		}
		if len(out.UnprocessedItems) != 0 {
			tb.Fatalf("BatchWriteItem %s: UnprocessedItems %v", table, out.UnprocessedItems)
		}
		items = items[n:]
	}
}

// sdkPut writes one item.
func sdkPut(tb testing.TB, c *dynamodb.Client, table string, item sdkItem) {
	tb.Helper()
	if _, err := c.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String(table), Item: item}); err != nil {
		tb.Fatalf("PutItem %s: %v", table, err)
	}
}

// sdkGet reads one item with a strongly consistent GetItem.
func sdkGet(tb testing.TB, c *dynamodb.Client, table string, key sdkItem) sdkItem {
	tb.Helper()
	out, err := c.GetItem(context.Background(), &dynamodb.GetItemInput{TableName: aws.String(table), Key: key, ConsistentRead: aws.Bool(true)})
	if err != nil {
		tb.Fatalf("GetItem %s: %v", table, err)
	}
	return out.Item
}

// wantLastKey checks a LastEvaluatedKey (nil: none).
func wantLastKey(t *testing.T, what string, got, want sdkItem) {
	t.Helper()
	if want == nil {
		if got != nil {
			t.Errorf("%s: LastEvaluatedKey %s, want none", what, formatItem(got))
		}
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: LastEvaluatedKey %s, want %s", what, formatItem(got), formatItem(want))
	}
}

// capacityWant is an expected ConsumedCapacity: the total and, for
// INDEXES, the table part and each index part (nil maps: none reported).
type capacityWant struct {
	table string
	total float64
	part  *float64 // Table.CapacityUnits; nil: no Table (TOTAL)
	lsi   map[string]float64
	gsi   map[string]float64
}

func capUnits(u float64) *float64 { return &u }

// wantConsumed checks a single ConsumedCapacity exactly.
func wantConsumed(t *testing.T, what string, got *types.ConsumedCapacity, want capacityWant) {
	t.Helper()
	if got == nil {
		t.Errorf("%s: no ConsumedCapacity", what)
		return
	}
	indexUnits := func(m map[string]types.Capacity) map[string]float64 {
		if m == nil {
			return nil
		}
		out := map[string]float64{}
		for k, v := range m {
			out[k] = aws.ToFloat64(v.CapacityUnits)
		}
		return out
	}
	var part *float64
	if got.Table != nil {
		part = capUnits(aws.ToFloat64(got.Table.CapacityUnits))
	}
	ok := aws.ToString(got.TableName) == want.table && aws.ToFloat64(got.CapacityUnits) == want.total &&
		reflect.DeepEqual(part, want.part) &&
		reflect.DeepEqual(indexUnits(got.LocalSecondaryIndexes), want.lsi) &&
		reflect.DeepEqual(indexUnits(got.GlobalSecondaryIndexes), want.gsi)
	if !ok {
		gotPart := "none"
		if part != nil {
			gotPart = fmt.Sprint(*part)
		}
		wantPart := "none"
		if want.part != nil {
			wantPart = fmt.Sprint(*want.part)
		}
		t.Errorf("%s: ConsumedCapacity %s %v (Table %s, LSI %v, GSI %v)\nwant %s %v (Table %s, LSI %v, GSI %v)", what,
			aws.ToString(got.TableName), aws.ToFloat64(got.CapacityUnits), gotPart, indexUnits(got.LocalSecondaryIndexes), indexUnits(got.GlobalSecondaryIndexes),
			want.table, want.total, wantPart, want.lsi, want.gsi)
	}
}

// sortTables creates the three tables of the ordering tests (sort keys of
// type N, S and B under partition "p", with decoys under partition "q")
// and returns the sort-key values of partition p in ascending order.
func sortTables(t *testing.T, c *dynamodb.Client) map[string][]types.AttributeValue {
	t.Helper()
	zeros := func(n int) string { return strings.Repeat("0", n) }
	nums := []struct{ in, canonical string }{
		{"1E100", "1" + zeros(100)},
		{"-1e100", "-1" + zeros(100)},
		{"9e99", "9" + zeros(99)},
		{"12345678901234567890123456789012345678", "12345678901234567890123456789012345678"},
		{"1e2", "100"},
		{"10", "10"},
		{"+2", "2"},
		{"1E-5", "0.00001"},
		{"0", "0"},
		{"-0.001", "-0.001"},
		{"-1.50", "-1.5"},
		{"-10", "-10"},
		{"-1e3", "-1000"},
	}
	strs := []string{"😀", "b", "A", "a b", "ｚ", "aa", "Z", "é", "a", "B", "ab"}
	bins := [][]byte{{0xff}, {0x80, 0x00}, {0x00}, {0x7f}, {0x80}, {0x00, 0x01}}

	sdkCreateTable(t, c, "nums", "pk", "S", "sk", "N")
	sdkCreateTable(t, c, "strs", "pk", "S", "sk", "S")
	sdkCreateTable(t, c, "bins", "pk", "S", "sk", "B")
	var numItems, strItems, binItems []sdkItem
	for _, n := range nums {
		numItems = append(numItems, sdkItem{"pk": avS("p"), "sk": avN(n.in)}, sdkItem{"pk": avS("q"), "sk": avN(n.in)})
	}
	for _, s := range strs {
		strItems = append(strItems, sdkItem{"pk": avS("p"), "sk": avS(s)}, sdkItem{"pk": avS("q"), "sk": avS(s)})
	}
	for _, b := range bins {
		binItems = append(binItems, sdkItem{"pk": avS("p"), "sk": avB(b...)}, sdkItem{"pk": avS("q"), "sk": avB(b...)})
	}
	sdkPutAll(t, c, "nums", numItems)
	sdkPutAll(t, c, "strs", strItems)
	sdkPutAll(t, c, "bins", binItems)

	// Ascending: numeric for N, UTF-8 bytes for S ("A" < "a", "a" < "aa",
	// U+FF5A before U+1F600 although UTF-16 would order them the other way
	// round), unsigned bytes for B (0x7f < 0x80, a prefix first).
	asc := map[string][]types.AttributeValue{}
	for _, n := range []string{"-1" + zeros(100), "-1000", "-10", "-1.5", "-0.001", "0", "0.00001", "2", "10", "100",
		"12345678901234567890123456789012345678", "9" + zeros(99), "1" + zeros(100)} {
		asc["nums"] = append(asc["nums"], avN(n))
	}
	for _, s := range []string{"A", "B", "Z", "a", "a b", "aa", "ab", "b", "é", "ｚ", "😀"} {
		asc["strs"] = append(asc["strs"], avS(s))
	}
	for _, b := range [][]byte{{0x00}, {0x00, 0x01}, {0x7f}, {0x80}, {0x80, 0x00}, {0xff}} {
		asc["bins"] = append(asc["bins"], avB(b...))
	}
	return asc
}

// TestSDKQuerySortKeyOrder reads whole partitions forwards and backwards,
// by Query and by the QueryPaginator with a small Limit, and checks the
// exact sort-key values and their order.
func TestSDKQuerySortKeyOrder(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	asc := sortTables(t, c)
	for _, table := range []string{"nums", "strs", "bins"} {
		for _, forward := range []bool{true, false} {
			want := slices.Clone(asc[table])
			if !forward {
				slices.Reverse(want)
			}
			wantItems := make([]sdkItem, len(want))
			for i, v := range want {
				wantItems[i] = sdkItem{"pk": avS("p"), "sk": v}
			}
			name := fmt.Sprintf("%s forward=%v", table, forward)
			t.Run(name, func(t *testing.T) {
				in := &dynamodb.QueryInput{
					TableName:                 aws.String(table),
					KeyConditionExpression:    aws.String("pk = :p"),
					ExpressionAttributeValues: sdkItem{":p": avS("p")},
					ScanIndexForward:          aws.Bool(forward),
				}
				out, err := c.Query(ctx, in)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(out.Items, wantItems) {
					t.Errorf("items %v\nwant  %v", attrTexts(out.Items, "sk"), attrTexts(wantItems, "sk"))
				}
				if int(out.Count) != len(want) || out.ScannedCount != out.Count || out.LastEvaluatedKey != nil {
					t.Errorf("Count %d ScannedCount %d LastEvaluatedKey %v, want %d, %d, none", out.Count, out.ScannedCount, out.LastEvaluatedKey, len(want), len(want))
				}
				// The same order page by page, each page resuming after the
				// last key of the one before.
				in.Limit = aws.Int32(4)
				var paged []sdkItem
				pages := 0
				for p := dynamodb.NewQueryPaginator(c, in); p.HasMorePages(); {
					page, err := p.NextPage(ctx)
					if err != nil {
						t.Fatal(err)
					}
					pages++
					paged = append(paged, page.Items...)
					if page.LastEvaluatedKey != nil {
						wantLastKey(t, fmt.Sprintf("page %d", pages), page.LastEvaluatedKey, page.Items[len(page.Items)-1])
					}
				}
				if !reflect.DeepEqual(paged, wantItems) {
					t.Errorf("paged items %v\nwant        %v", attrTexts(paged, "sk"), attrTexts(wantItems, "sk"))
				}
				// A page that ends on Limit has a LastEvaluatedKey even when
				// nothing follows, so an exact multiple takes one more page.
				if wantPages := len(want)/4 + 1; pages != wantPages {
					t.Errorf("%d pages, want %d", pages, wantPages)
				}
			})
		}
	}
}

// keyOp is one sort-key test in both request styles.
type keyOp struct {
	expr   string // the sort-key part of KeyConditionExpression, over sk, :a and :b
	legacy types.ComparisonOperator
}

var (
	opEQ         = keyOp{"sk = :a", types.ComparisonOperatorEq}
	opLT         = keyOp{"sk < :a", types.ComparisonOperatorLt}
	opLE         = keyOp{"sk <= :a", types.ComparisonOperatorLe}
	opGT         = keyOp{"sk > :a", types.ComparisonOperatorGt}
	opGE         = keyOp{"sk >= :a", types.ComparisonOperatorGe}
	opBetween    = keyOp{"sk BETWEEN :a AND :b", types.ComparisonOperatorBetween}
	opBeginsWith = keyOp{"begins_with(sk, :a)", types.ComparisonOperatorBeginsWith}
	opFlippedLT  = keyOp{":a < sk", ""} // sk > :a, written value first
	opFlippedGE  = keyOp{":a >= sk", ""}
)

// TestSDKQueryKeyConditionOperators runs every sort-key operator on N, S
// and B keys, as a KeyConditionExpression and as legacy KeyConditions, and
// checks the exact items in order.
func TestSDKQueryKeyConditionOperators(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sortTables(t, c)
	zeros := func(n int) string { return strings.Repeat("0", n) }
	big := "12345678901234567890123456789012345678"
	tests := []struct {
		table   string
		op      keyOp
		args    []types.AttributeValue
		forward bool
		want    string // sort keys as avText renders them, space-separated
	}{
		{"nums", opEQ, []types.AttributeValue{avN("10.0")}, true, "10"},
		{"nums", opEQ, []types.AttributeValue{avN("1e1")}, true, "10"},
		{"nums", opEQ, []types.AttributeValue{avN("11")}, true, ""},
		{"nums", opLT, []types.AttributeValue{avN("0")}, true, "-1" + zeros(100) + " -1000 -10 -1.5 -0.001"},
		{"nums", opLE, []types.AttributeValue{avN("0")}, true, "-1" + zeros(100) + " -1000 -10 -1.5 -0.001 0"},
		{"nums", opLE, []types.AttributeValue{avN("0")}, false, "0 -0.001 -1.5 -10 -1000 -1" + zeros(100)},
		{"nums", opGT, []types.AttributeValue{avN("100")}, true, big + " 9" + zeros(99) + " 1" + zeros(100)},
		{"nums", opGE, []types.AttributeValue{avN("1e2")}, false, "1" + zeros(100) + " 9" + zeros(99) + " " + big + " 100"},
		{"nums", opGE, []types.AttributeValue{avN("9.5E99")}, true, "1" + zeros(100)},
		{"nums", opBetween, []types.AttributeValue{avN("-1.5"), avN("2")}, true, "-1.5 -0.001 0 0.00001 2"},
		{"nums", opBetween, []types.AttributeValue{avN("-1.5"), avN("2")}, false, "2 0.00001 0 -0.001 -1.5"},
		{"nums", opBetween, []types.AttributeValue{avN("3"), avN("3")}, true, ""},
		{"nums", opFlippedLT, []types.AttributeValue{avN("100")}, true, big + " 9" + zeros(99) + " 1" + zeros(100)},
		{"nums", opFlippedGE, []types.AttributeValue{avN("-10")}, true, "-1" + zeros(100) + " -1000 -10"},

		{"strs", opEQ, []types.AttributeValue{avS("a")}, true, "a"},
		{"strs", opLT, []types.AttributeValue{avS("a")}, true, "A B Z"},
		{"strs", opLE, []types.AttributeValue{avS("a")}, true, "A B Z a"},
		{"strs", opGT, []types.AttributeValue{avS("a")}, true, "a b aa ab b é ｚ 😀"},
		{"strs", opGE, []types.AttributeValue{avS("b")}, false, "😀 ｚ é b"},
		{"strs", opBetween, []types.AttributeValue{avS("Z"), avS("aa")}, true, "Z a a b aa"},
		{"strs", opBeginsWith, []types.AttributeValue{avS("a")}, true, "a a b aa ab"},
		{"strs", opBeginsWith, []types.AttributeValue{avS("a")}, false, "ab aa a b a"},
		{"strs", opBeginsWith, []types.AttributeValue{avS("é")}, true, "é"},
		{"strs", opBeginsWith, []types.AttributeValue{avS("c")}, true, ""},
		{"strs", opFlippedLT, []types.AttributeValue{avS("b")}, true, "é ｚ 😀"},

		{"bins", opEQ, []types.AttributeValue{avB(0x80)}, true, "80"},
		{"bins", opLT, []types.AttributeValue{avB(0x80)}, true, "00 0001 7f"},
		{"bins", opLE, []types.AttributeValue{avB(0x7f)}, true, "00 0001 7f"},
		{"bins", opGT, []types.AttributeValue{avB(0x7f)}, true, "80 8000 ff"},
		{"bins", opGE, []types.AttributeValue{avB(0x80)}, false, "ff 8000 80"},
		{"bins", opBetween, []types.AttributeValue{avB(0x00, 0x01), avB(0x80)}, true, "0001 7f 80"},
		{"bins", opBeginsWith, []types.AttributeValue{avB(0x80)}, false, "8000 80"},
		{"bins", opBeginsWith, []types.AttributeValue{avB(0x00)}, true, "00 0001"},
	}
	for _, tt := range tests {
		var want []string
		if tt.want != "" {
			// Values holding spaces are written with a single space
			// between words; split on the known value "a b".
			want = splitKeys(tt.want)
		}
		args := make([]string, len(tt.args))
		for i, a := range tt.args {
			args[i] = avText(a)
		}
		name := fmt.Sprintf("%s %s %v forward=%v", tt.table, tt.op.expr, args, tt.forward)
		t.Run(name, func(t *testing.T) {
			check := func(style string, out *dynamodb.QueryOutput, err error) {
				t.Helper()
				if err != nil {
					t.Fatalf("%s: %v", style, err)
				}
				got := attrTexts(out.Items, "sk")
				if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
					t.Errorf("%s: %q, want %q", style, got, want)
				}
				for _, it := range out.Items {
					if avText(it["pk"]) != "p" || len(it) != 2 {
						t.Errorf("%s: item %s outside partition p", style, formatItem(it))
					}
				}
				if int(out.Count) != len(want) || out.ScannedCount != out.Count || out.LastEvaluatedKey != nil || out.Items == nil {
					t.Errorf("%s: Count %d ScannedCount %d LastEvaluatedKey %v Items nil %v", style, out.Count, out.ScannedCount, out.LastEvaluatedKey, out.Items == nil)
				}
			}
			values := sdkItem{":p": avS("p"), ":a": tt.args[0]}
			if len(tt.args) == 2 {
				values[":b"] = tt.args[1]
			}
			out, err := c.Query(ctx, &dynamodb.QueryInput{
				TableName:                 aws.String(tt.table),
				KeyConditionExpression:    aws.String("pk = :p AND " + tt.op.expr),
				ExpressionAttributeValues: values,
				ScanIndexForward:          aws.Bool(tt.forward),
			})
			check("KeyConditionExpression", out, err)
			// The sort-key condition first works the same.
			out, err = c.Query(ctx, &dynamodb.QueryInput{
				TableName:                 aws.String(tt.table),
				KeyConditionExpression:    aws.String(tt.op.expr + " AND pk = :p"),
				ExpressionAttributeValues: values,
				ScanIndexForward:          aws.Bool(tt.forward),
			})
			check("KeyConditionExpression, sort key first", out, err)
			if tt.op.legacy == "" {
				return
			}
			out, err = c.Query(ctx, &dynamodb.QueryInput{
				TableName: aws.String(tt.table),
				KeyConditions: map[string]types.Condition{
					"pk": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{avS("p")}},
					"sk": {ComparisonOperator: tt.op.legacy, AttributeValueList: tt.args},
				},
				ScanIndexForward: aws.Bool(tt.forward),
			})
			check("KeyConditions", out, err)
		})
	}
}

// splitKeys splits a space-separated list of rendered keys, keeping the
// value "a b" whole.
func splitKeys(s string) []string {
	s = strings.ReplaceAll(s, "a b", "a\x00b")
	out := strings.Fields(s)
	for i := range out {
		out[i] = strings.ReplaceAll(out[i], "a\x00b", "a b")
	}
	return out
}

// bigItems writes 25 items of about 100 KB under partition p (sort keys
// item-00 … item-24) and returns their exact size: 2+1 (pk) + 2+7 (sk) +
// 1+100,000 (d) = 100,013 bytes.
func bigItems(t *testing.T, c *dynamodb.Client, table string) int {
	t.Helper()
	payload := strings.Repeat("x", 100_000)
	var items []sdkItem
	for i := range 25 {
		items = append(items, sdkItem{"pk": avS("p"), "sk": avS(fmt.Sprintf("item-%02d", i)), "d": avS(payload)})
	}
	sdkPutAll(t, c, table, items)
	return 2 + 1 + 2 + 7 + 1 + 100_000
}

// TestSDKQueryOneMegabytePages pages a partition of ~100 KB items: a page
// stops once the items read reach 1 MB (the item that crosses the limit is
// included, as dynalite does), its LastEvaluatedKey is the exact key of its
// last item, and feeding it back as ExclusiveStartKey resumes right after
// it, forwards and backwards. Each page is charged its summed size rounded
// up to 4 KB once.
func TestSDKQueryOneMegabytePages(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreateTable(t, c, "big", "pk", "S", "sk", "S")
	size := bigItems(t, c, "big")
	perPage := (1<<20 + size - 1) / size // 11 items: 10 are 1,000,130 B, short of 1,048,576
	if perPage != 11 {
		t.Fatalf("items per page %d", perPage)
	}
	key := func(i int) sdkItem { return sdkItem{"pk": avS("p"), "sk": avS(fmt.Sprintf("item-%02d", i))} }
	pageUnits := func(n int, consistent bool) float64 {
		u := float64((n*size + 4095) / 4096)
		if !consistent {
			u /= 2
		}
		return u
	}
	for _, tt := range []struct {
		forward    bool
		consistent bool
		first      []int // first item of each page
		counts     []int
		lastKeys   []sdkItem
	}{
		{true, false, []int{0, 11, 22}, []int{11, 11, 3}, []sdkItem{key(10), key(21), nil}},
		{false, true, []int{24, 13, 2}, []int{11, 11, 3}, []sdkItem{key(14), key(3), nil}},
	} {
		t.Run(fmt.Sprintf("forward=%v", tt.forward), func(t *testing.T) {
			var start sdkItem
			for page := range tt.counts {
				out, err := c.Query(ctx, &dynamodb.QueryInput{
					TableName:                 aws.String("big"),
					KeyConditionExpression:    aws.String("pk = :p"),
					ExpressionAttributeValues: sdkItem{":p": avS("p")},
					ScanIndexForward:          aws.Bool(tt.forward),
					ConsistentRead:            aws.Bool(tt.consistent),
					ExclusiveStartKey:         start,
					ReturnConsumedCapacity:    types.ReturnConsumedCapacityTotal,
				})
				if err != nil {
					t.Fatal(err)
				}
				what := fmt.Sprintf("page %d", page+1)
				n := tt.counts[page]
				if int(out.Count) != n || int(out.ScannedCount) != n || len(out.Items) != n {
					t.Fatalf("%s: Count %d ScannedCount %d items %d, want %d", what, out.Count, out.ScannedCount, len(out.Items), n)
				}
				wantLastKey(t, what+" first item", sdkItem{"pk": out.Items[0]["pk"], "sk": out.Items[0]["sk"]}, key(tt.first[page]))
				if d := avText(out.Items[0]["d"]); len(d) != 100_000 {
					t.Errorf("%s: payload of %d bytes", what, len(d))
				}
				wantLastKey(t, what, out.LastEvaluatedKey, tt.lastKeys[page])
				wantConsumed(t, what, out.ConsumedCapacity, capacityWant{table: "big", total: pageUnits(n, tt.consistent)})
				start = out.LastEvaluatedKey
			}
		})
	}
	// A Limit below the 1 MB mark ends the page first.
	out, err := c.Query(ctx, &dynamodb.QueryInput{
		TableName: aws.String("big"), KeyConditionExpression: aws.String("pk = :p"),
		ExpressionAttributeValues: sdkItem{":p": avS("p")}, Limit: aws.Int32(2), ExclusiveStartKey: key(10),
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := attrTexts(out.Items, "sk"); !slices.Equal(got, []string{"item-11", "item-12"}) {
		t.Errorf("Limit 2 after item-10: %v", got)
	}
	wantLastKey(t, "Limit 2", out.LastEvaluatedKey, key(12))
}

// TestSDKScanOneMegabytePages pages a Scan over ~100 KB items in 25
// partitions: 11, 11 and 3 items, the union is every item once, and each
// LastEvaluatedKey is the key of its page's last item.
func TestSDKScanOneMegabytePages(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreateTable(t, c, "bigscan", "pk", "S", "", "")
	payload := strings.Repeat("x", 100_000)
	var items []sdkItem
	for i := range 25 {
		items = append(items, sdkItem{"pk": avS(fmt.Sprintf("k%02d", i)), "d": avS(payload)})
	}
	sdkPutAll(t, c, "bigscan", items)
	size := 2 + 3 + 1 + 100_000
	var start sdkItem
	seen := map[string]int{}
	var counts []int32
	for {
		out, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("bigscan"), ExclusiveStartKey: start,
			ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes})
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, out.Count)
		for _, it := range out.Items {
			seen[avText(it["pk"])]++
		}
		n := int(out.ScannedCount)
		u := float64((n*size+4095)/4096) / 2
		wantConsumed(t, fmt.Sprintf("page %d", len(counts)), out.ConsumedCapacity, capacityWant{table: "bigscan", total: u, part: capUnits(u)})
		if out.LastEvaluatedKey == nil {
			break
		}
		wantLastKey(t, fmt.Sprintf("page %d", len(counts)), out.LastEvaluatedKey, sdkItem{"pk": out.Items[len(out.Items)-1]["pk"]})
		start = out.LastEvaluatedKey
		if len(counts) > 5 {
			t.Fatal("Scan does not end")
		}
	}
	if !slices.Equal(counts, []int32{11, 11, 3}) || len(seen) != 25 {
		t.Errorf("pages %v covering %d items, want [11 11 3] covering 25", counts, len(seen))
	}
	for k, n := range seen {
		if n != 1 {
			t.Errorf("%s returned %d times", k, n)
		}
	}
}

// TestSDKQueryLimitFilterAndCount: Limit counts the items read before the
// filter, Count and ScannedCount are per page, a page ending on Limit has a
// LastEvaluatedKey (even the last one, which leaves an empty page after
// it), and Select COUNT leaves out Items but pages and counts the same.
func TestSDKQueryLimitFilterAndCount(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreateTable(t, c, "events", "pk", "S", "sk", "N")
	var items []sdkItem
	for i := 1; i <= 10; i++ {
		items = append(items, sdkItem{"pk": avS("p"), "sk": avN(fmt.Sprint(i)), "kind": avS([]string{"even", "odd"}[i%2]), "n": avN(fmt.Sprint(i * i))})
	}
	sdkPutAll(t, c, "events", items)
	key := func(i int) sdkItem { return sdkItem{"pk": avS("p"), "sk": avN(fmt.Sprint(i))} }
	expression := func(in *dynamodb.QueryInput) {
		in.KeyConditionExpression = aws.String("pk = :p")
		in.FilterExpression = aws.String("kind = :k")
		in.ExpressionAttributeValues = sdkItem{":p": avS("p"), ":k": avS("even")}
	}
	legacy := func(in *dynamodb.QueryInput) {
		in.KeyConditions = map[string]types.Condition{"pk": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{avS("p")}}}
		in.QueryFilter = map[string]types.Condition{"kind": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{avS("even")}}}
	}
	// Legacy KeyConditions may be combined with a FilterExpression.
	mixed := func(in *dynamodb.QueryInput) {
		in.KeyConditions = map[string]types.Condition{"pk": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{avS("p")}}}
		in.FilterExpression = aws.String("kind = :k")
		in.ExpressionAttributeValues = sdkItem{":k": avS("even")}
	}
	type page struct {
		count, scanned int32
		sks            string
		last           sdkItem
	}
	for _, style := range []struct {
		name string
		set  func(*dynamodb.QueryInput)
	}{{"expressions", expression}, {"legacy", legacy}, {"KeyConditions with FilterExpression", mixed}} {
		for _, tt := range []struct {
			limit int32
			sel   types.Select
			pages []page
		}{
			{3, "", []page{{1, 3, "2", key(3)}, {2, 3, "4 6", key(6)}, {1, 3, "8", key(9)}, {1, 1, "10", nil}}},
			{5, "", []page{{2, 5, "2 4", key(5)}, {3, 5, "6 8 10", key(10)}, {0, 0, "", nil}}},
			{5, types.SelectCount, []page{{2, 5, "", key(5)}, {3, 5, "", key(10)}, {0, 0, "", nil}}},
			{0, types.SelectCount, []page{{5, 10, "", nil}}},
			{0, "", []page{{5, 10, "2 4 6 8 10", nil}}},
		} {
			t.Run(fmt.Sprintf("%s limit %d %s", style.name, tt.limit, tt.sel), func(t *testing.T) {
				var start sdkItem
				for i, p := range tt.pages {
					in := &dynamodb.QueryInput{TableName: aws.String("events"), Select: tt.sel, ExclusiveStartKey: start}
					if tt.limit > 0 {
						in.Limit = aws.Int32(tt.limit)
					}
					style.set(in)
					out, err := c.Query(ctx, in)
					if err != nil {
						t.Fatal(err)
					}
					what := fmt.Sprintf("page %d", i+1)
					if out.Count != p.count || out.ScannedCount != p.scanned {
						t.Errorf("%s: Count %d ScannedCount %d, want %d %d", what, out.Count, out.ScannedCount, p.count, p.scanned)
					}
					if tt.sel == types.SelectCount {
						if out.Items != nil {
							t.Errorf("%s: COUNT returned Items %v", what, out.Items)
						}
					} else if got := strings.Join(attrTexts(out.Items, "sk"), " "); got != p.sks || out.Items == nil {
						t.Errorf("%s: items %q (nil %v), want %q", what, got, out.Items == nil, p.sks)
					}
					wantLastKey(t, what, out.LastEvaluatedKey, p.last)
					start = out.LastEvaluatedKey
				}
			})
		}
	}
	// Filters see every attribute; projection picks the returned ones.
	out, err := c.Query(ctx, &dynamodb.QueryInput{
		TableName:                 aws.String("events"),
		KeyConditionExpression:    aws.String("pk = :p AND sk BETWEEN :lo AND :hi"),
		FilterExpression:          aws.String("n > :min AND kind = :odd"),
		ProjectionExpression:      aws.String("sk, #n"),
		ExpressionAttributeNames:  map[string]string{"#n": "n"},
		ExpressionAttributeValues: sdkItem{":p": avS("p"), ":lo": avN("2"), ":hi": avN("9"), ":min": avN("10"), ":odd": avS("odd")},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []sdkItem{{"sk": avN("5"), "n": avN("25")}, {"sk": avN("7"), "n": avN("49")}, {"sk": avN("9"), "n": avN("81")}}
	if !reflect.DeepEqual(out.Items, want) || out.Count != 3 || out.ScannedCount != 8 {
		t.Errorf("filter and projection: %d/%d %v", out.Count, out.ScannedCount, out.Items)
	}
}

// TestSDKQueryScanCapacity checks read units on the wire: summed item
// sizes rounded up to 4 KB once per page (1,500 items of 64 B = 96,000 B =
// 24 × 4 KB), halved for eventually consistent reads; the same whatever the
// filter, projection, Select or Limit leave out of the reply; a minimum of
// one 4 KB read for an empty result; TOTAL without and INDEXES with the
// Table part; nothing without ReturnConsumedCapacity.
func TestSDKQueryScanCapacity(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreateTable(t, c, "cap", "pk", "S", "sk", "S")
	var items []sdkItem
	for i := range 1500 {
		// pk 2+1, sk 2+4, x 1+54: 64 bytes
		items = append(items, sdkItem{"pk": avS("p"), "sk": avS(fmt.Sprintf("%04d", i)), "x": avS(strings.Repeat("y", 54))})
	}
	sdkPutAll(t, c, "cap", items)
	total, indexes := types.ReturnConsumedCapacityTotal, types.ReturnConsumedCapacityIndexes
	query := func(mod func(*dynamodb.QueryInput)) *dynamodb.QueryOutput {
		t.Helper()
		in := &dynamodb.QueryInput{TableName: aws.String("cap"), KeyConditionExpression: aws.String("pk = :p"), ExpressionAttributeValues: sdkItem{":p": avS("p")}}
		mod(in)
		out, err := c.Query(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	tests := []struct {
		name string
		mod  func(*dynamodb.QueryInput)
		want capacityWant
	}{
		{"strong TOTAL", func(in *dynamodb.QueryInput) { in.ConsistentRead, in.ReturnConsumedCapacity = aws.Bool(true), total }, capacityWant{table: "cap", total: 24}},
		{"eventual TOTAL", func(in *dynamodb.QueryInput) { in.ReturnConsumedCapacity = total }, capacityWant{table: "cap", total: 12}},
		{"strong INDEXES", func(in *dynamodb.QueryInput) { in.ConsistentRead, in.ReturnConsumedCapacity = aws.Bool(true), indexes },
			capacityWant{table: "cap", total: 24, part: capUnits(24)}},
		{"eventual INDEXES", func(in *dynamodb.QueryInput) { in.ReturnConsumedCapacity = indexes }, capacityWant{table: "cap", total: 12, part: capUnits(12)}},
		{"filter matching nothing", func(in *dynamodb.QueryInput) {
			in.ReturnConsumedCapacity, in.FilterExpression = total, aws.String("attribute_exists(nothing)")
		}, capacityWant{table: "cap", total: 12}},
		{"projection", func(in *dynamodb.QueryInput) {
			in.ReturnConsumedCapacity, in.ProjectionExpression = total, aws.String("sk")
		},
			capacityWant{table: "cap", total: 12}},
		{"COUNT", func(in *dynamodb.QueryInput) { in.ReturnConsumedCapacity, in.Select = total, types.SelectCount }, capacityWant{table: "cap", total: 12}},
		// 100 × 64 B = 6,400 B → 2 × 4 KB.
		{"Limit 100 strong", func(in *dynamodb.QueryInput) {
			in.ReturnConsumedCapacity, in.Limit, in.ConsistentRead = total, aws.Int32(100), aws.Bool(true)
		}, capacityWant{table: "cap", total: 2}},
		// 64 items = 4,096 B: exactly one 4 KB read; 65 need two.
		{"Limit 64 strong", func(in *dynamodb.QueryInput) {
			in.ReturnConsumedCapacity, in.Limit, in.ConsistentRead = total, aws.Int32(64), aws.Bool(true)
		}, capacityWant{table: "cap", total: 1}},
		{"Limit 65 strong", func(in *dynamodb.QueryInput) {
			in.ReturnConsumedCapacity, in.Limit, in.ConsistentRead = total, aws.Int32(65), aws.Bool(true)
		}, capacityWant{table: "cap", total: 2}},
		{"empty partition eventual", func(in *dynamodb.QueryInput) {
			in.ReturnConsumedCapacity, in.ExpressionAttributeValues = total, sdkItem{":p": avS("none")}
		}, capacityWant{table: "cap", total: 0.5}},
		{"empty partition strong INDEXES", func(in *dynamodb.QueryInput) {
			in.ReturnConsumedCapacity, in.ConsistentRead, in.ExpressionAttributeValues = indexes, aws.Bool(true), sdkItem{":p": avS("none")}
		}, capacityWant{table: "cap", total: 1, part: capUnits(1)}},
	}
	for _, tt := range tests {
		out := query(tt.mod)
		wantConsumed(t, "Query "+tt.name, out.ConsumedCapacity, tt.want)
	}
	if out := query(func(*dynamodb.QueryInput) {}); out.ConsumedCapacity != nil {
		t.Errorf("Query without ReturnConsumedCapacity: %+v", out.ConsumedCapacity)
	}
	if out := query(func(in *dynamodb.QueryInput) { in.ReturnConsumedCapacity = types.ReturnConsumedCapacityNone }); out.ConsumedCapacity != nil {
		t.Errorf("Query with NONE: %+v", out.ConsumedCapacity)
	}
	// Scan: the items evaluated, summed and rounded the same way.
	for _, tt := range []struct {
		name string
		in   *dynamodb.ScanInput
		want capacityWant
	}{
		{"strong", &dynamodb.ScanInput{ConsistentRead: aws.Bool(true), ReturnConsumedCapacity: total}, capacityWant{table: "cap", total: 24}},
		{"eventual INDEXES", &dynamodb.ScanInput{ReturnConsumedCapacity: indexes}, capacityWant{table: "cap", total: 12, part: capUnits(12)}},
		{"COUNT with a filter", &dynamodb.ScanInput{Select: types.SelectCount, FilterExpression: aws.String("sk < :n"),
			ExpressionAttributeValues: sdkItem{":n": avS("0010")}, ReturnConsumedCapacity: total}, capacityWant{table: "cap", total: 12}},
		{"Limit 65 strong", &dynamodb.ScanInput{Limit: aws.Int32(65), ConsistentRead: aws.Bool(true), ReturnConsumedCapacity: total}, capacityWant{table: "cap", total: 2}},
	} {
		tt.in.TableName = aws.String("cap")
		out, err := c.Scan(ctx, tt.in)
		if err != nil {
			t.Fatal(err)
		}
		wantConsumed(t, "Scan "+tt.name, out.ConsumedCapacity, tt.want)
		if tt.name == "COUNT with a filter" && (out.Count != 10 || out.ScannedCount != 1500 || out.Items != nil) {
			t.Errorf("Scan COUNT: Count %d ScannedCount %d Items %v", out.Count, out.ScannedCount, out.Items)
		}
	}
}

// TestSDKScanSegments scans 300 items as 4 parallel segments, each paged
// with Limit 17 on its own goroutine and client: the segments are disjoint,
// cover the table, and together list it in the order a plain Scan does
// (partition-hash order).
func TestSDKScanSegments(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreateTable(t, c, "scn", "pk", "S", "", "")
	var items []sdkItem
	for i := range 300 {
		items = append(items, sdkItem{"pk": avS(fmt.Sprintf("k%03d", i)), "i": avN(fmt.Sprint(i))})
	}
	sdkPutAll(t, c, "scn", items)
	const total = 4
	segments := make([][]string, total)
	var wg sync.WaitGroup
	errs := make([]error, total)
	for seg := range total {
		wg.Go(func() {
			var start sdkItem
			for pages := 0; ; pages++ {
				if pages > 300 {
					errs[seg] = errors.New("segment does not end")
					return
				}
				out, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("scn"), Segment: aws.Int32(int32(seg)),
					TotalSegments: aws.Int32(total), Limit: aws.Int32(17), ExclusiveStartKey: start})
				if err != nil {
					errs[seg] = err
					return
				}
				segments[seg] = append(segments[seg], attrTexts(out.Items, "pk")...)
				if out.LastEvaluatedKey == nil {
					return
				}
				if last := avText(out.LastEvaluatedKey["pk"]); len(out.LastEvaluatedKey) != 1 || last != avText(out.Items[len(out.Items)-1]["pk"]) {
					errs[seg] = fmt.Errorf("LastEvaluatedKey %v after %v", out.LastEvaluatedKey, attrTexts(out.Items, "pk"))
					return
				}
				start = out.LastEvaluatedKey
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	var concat []string
	for seg, keys := range segments {
		if len(keys) == 0 {
			t.Errorf("segment %d is empty", seg)
		}
		for _, k := range keys {
			seen[k]++
		}
		concat = append(concat, keys...)
	}
	if len(seen) != 300 {
		t.Errorf("segments cover %d of 300 items", len(seen))
	}
	for k, n := range seen {
		if n != 1 {
			t.Errorf("%s in %d segments", k, n)
		}
	}
	full, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("scn")})
	if err != nil {
		t.Fatal(err)
	}
	if got := attrTexts(full.Items, "pk"); !slices.Equal(got, concat) {
		t.Errorf("plain Scan order differs from segments 0…3 in turn")
	}
	one, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("scn"), Segment: aws.Int32(0), TotalSegments: aws.Int32(1)})
	if err != nil || one.Count != 300 {
		t.Errorf("TotalSegments 1: %v items, %v", one.Count, err)
	}
	// A segment resumes from its own LastEvaluatedKey.
	p1, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("scn"), Segment: aws.Int32(2), TotalSegments: aws.Int32(total), Limit: aws.Int32(5)})
	if err != nil {
		t.Fatal(err)
	}
	p2, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("scn"), Segment: aws.Int32(2), TotalSegments: aws.Int32(total), Limit: aws.Int32(5),
		ExclusiveStartKey: p1.LastEvaluatedKey})
	if err != nil {
		t.Fatal(err)
	}
	if got := append(attrTexts(p1.Items, "pk"), attrTexts(p2.Items, "pk")...); !slices.Equal(got, segments[2][:10]) {
		t.Errorf("segment 2 in pages of 5: %v, want %v", got, segments[2][:10])
	}
}

// sdkErrorCase is a request that must fail with an exact code and message.
type sdkErrorCase struct {
	name          string
	code, message string
	call          func(ctx context.Context, c *dynamodb.Client) error
}

func runErrorCases(t *testing.T, c *dynamodb.Client, cases []sdkErrorCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call(context.Background(), c)
			if err == nil {
				t.Fatalf("no error, want %s: %s", tc.code, tc.message)
			}
			wantAPIError(t, err, tc.code, tc.message)
		})
	}
}

// TestSDKQueryScanErrors sends malformed Query and Scan requests and checks
// DynamoDB's exception and exact message on each, as the SDK surfaces them
// (smithy.APIError; typed for ResourceNotFoundException).
func TestSDKQueryScanErrors(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreateTable(t, c, "qerr", "pk", "S", "sk", "N")
	sdkCreateTable(t, c, "hashonly", "pk", "S", "", "")
	sdkPut(t, c, "qerr", sdkItem{"pk": avS("p"), "sk": avN("1"), "status": avS("new")})
	sdkPut(t, c, "hashonly", sdkItem{"pk": avS("p")})
	const validation = "ValidationException"
	query := func(kce string, values sdkItem, mod ...func(*dynamodb.QueryInput)) func(context.Context, *dynamodb.Client) error {
		return func(ctx context.Context, c *dynamodb.Client) error {
			in := &dynamodb.QueryInput{TableName: aws.String("qerr"), ExpressionAttributeValues: values}
			if kce != "" {
				in.KeyConditionExpression = aws.String(kce)
			}
			for _, m := range mod {
				m(in)
			}
			_, err := c.Query(ctx, in)
			return err
		}
	}
	scan := func(in *dynamodb.ScanInput) func(context.Context, *dynamodb.Client) error {
		return func(ctx context.Context, c *dynamodb.Client) error {
			if in.TableName == nil {
				in.TableName = aws.String("qerr")
			}
			_, err := c.Scan(ctx, in)
			return err
		}
	}
	p, n1, n2 := avS("p"), avN("1"), avN("2")
	legacyEQ := types.Condition{ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{p}}
	cases := []sdkErrorCase{
		{"begins_with on a number sort key", validation,
			"Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
			query("pk = :p AND begins_with(sk, :n)", sdkItem{":p": p, ":n": n1})},
		{"legacy BEGINS_WITH on a number", validation,
			"One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type",
			query("", nil, func(in *dynamodb.QueryInput) {
				in.KeyConditions = map[string]types.Condition{"pk": legacyEQ,
					"sk": {ComparisonOperator: types.ComparisonOperatorBeginsWith, AttributeValueList: []types.AttributeValue{n1}}}
			})},
		{"OR in a key condition", validation, "Invalid operator used in KeyConditionExpression: OR",
			query("pk = :p OR sk = :n", sdkItem{":p": p, ":n": n1})},
		{"NOT in a key condition", validation, "Invalid operator used in KeyConditionExpression: NOT",
			query("pk = :p AND NOT sk = :n", sdkItem{":p": p, ":n": n1})},
		{"<> in a key condition", validation, "Invalid operator used in KeyConditionExpression: <>",
			query("pk = :p AND sk <> :n", sdkItem{":p": p, ":n": n1})},
		{"IN in a key condition", validation, "Invalid operator used in KeyConditionExpression: IN",
			query("pk IN (:p)", sdkItem{":p": p})},
		{"attribute_exists in a key condition", validation, "Invalid operator used in KeyConditionExpression: attribute_exists",
			query("pk = :p AND attribute_exists(sk)", sdkItem{":p": p})},
		{"two conditions on the sort key", validation, "KeyConditionExpressions must only contain one condition per key",
			query("pk = :p AND sk > :n AND sk < :m", sdkItem{":p": p, ":n": n1, ":m": n2})},
		{"reserved word in a key condition", validation,
			"Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: Timestamp",
			query("pk = :p AND Timestamp > :n", sdkItem{":p": p, ":n": n1})},
		{"reserved word in a filter", validation, "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status",
			query("pk = :p", sdkItem{":p": p, ":s": avS("new")}, func(in *dynamodb.QueryInput) { in.FilterExpression = aws.String("status = :s") })},
		{"reserved word in a projection", validation, "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: name",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) { in.ProjectionExpression = aws.String("sk, name") })},
		{"undefined value", validation,
			"Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :x",
			query("pk = :p AND sk > :x", sdkItem{":p": p})},
		{"undefined name", validation,
			"Invalid KeyConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #k",
			query("#k = :p", sdkItem{":p": p})},
		{"unused name", validation, "Value provided in ExpressionAttributeNames unused in expressions: keys: {#unused}",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) { in.ExpressionAttributeNames = map[string]string{"#unused": "sk"} })},
		{"unused value", validation, "Value provided in ExpressionAttributeValues unused in expressions: keys: {:extra}",
			query("pk = :p", sdkItem{":p": p, ":extra": n1})},
		{"syntax error", validation, `Invalid KeyConditionExpression: Syntax error; token: "<EOF>", near: "AND"`,
			query("pk = :p AND", sdkItem{":p": p})},
		{"BETWEEN bounds reversed", validation,
			"Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:2}, upper bound operand: AttributeValue: {N:1}",
			query("pk = :p AND sk BETWEEN :hi AND :lo", sdkItem{":p": p, ":hi": n2, ":lo": n1})},
		{"filter on a key attribute", validation, "Filter Expression can only contain non-primary key attributes: Primary key attribute: sk",
			query("pk = :p", sdkItem{":p": p, ":n": n1}, func(in *dynamodb.QueryInput) { in.FilterExpression = aws.String("sk > :n") })},
		{"no partition key condition", validation, "Query condition missed key schema element: pk",
			query("sk > :n", sdkItem{":n": n1})},
		{"range test on the partition key", validation, "Query key condition not supported",
			query("pk > :p", sdkItem{":p": p})},
		{"wrong key type", validation, "One or more parameter values were invalid: Condition parameter type does not match schema type",
			query("pk = :n", sdkItem{":n": n1})},
		{"no key condition", validation, "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
			query("", nil)},
		{"ExpressionAttributeNames without expressions", validation, "ExpressionAttributeNames can only be specified when using expressions",
			query("", nil, func(in *dynamodb.QueryInput) {
				in.KeyConditions = map[string]types.Condition{"pk": legacyEQ}
				in.ExpressionAttributeNames = map[string]string{"#a": "a"}
			})},
		{"COUNT with a projection", validation, "Cannot specify the ProjectionExpression when choosing to get only the Count",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) {
				in.Select, in.ProjectionExpression = types.SelectCount, aws.String("sk")
			})},
		{"SPECIFIC_ATTRIBUTES without a projection", validation,
			"Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) { in.Select = types.SelectSpecificAttributes })},
		{"ALL_PROJECTED_ATTRIBUTES on a table", validation, "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) { in.Select = types.SelectAllProjectedAttributes })},
		{"bad Select", validation,
			"1 validation error detected: Value 'count' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) { in.Select = "count" })},
		// Query's Limit in the form DynamoDB answers it since 2026, no value
		// and the member capitalised (nubo-db/dynamodb-conformance,
		// tests/tier3/error-messages/query.test.ts, captured from DynamoDB);
		// the older form, "Value '0' at 'limit'", is Scan's still.
		{"Limit 0", validation,
			"1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) { in.Limit = aws.Int32(0) })},
		{"unknown index", validation, "The table does not have the specified index: nope",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) { in.IndexName = aws.String("nope") })},
		{"start key in another partition", validation, "The provided starting key is outside query boundaries based on provided conditions",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) { in.ExclusiveStartKey = sdkItem{"pk": avS("q"), "sk": n1} })},
		// Not the key's attributes: the short text (dynalite test/query.js;
		// dynamodb-conformance tier3 query.test.ts, captured in 2026); the
		// right attributes with a wrong type: the long one.
		{"start key missing the sort key", validation, "The provided starting key is invalid",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) { in.ExclusiveStartKey = sdkItem{"pk": p} })},
		{"start key of the wrong type", validation, "The provided starting key is invalid: The provided key element does not match the schema",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) { in.ExclusiveStartKey = sdkItem{"pk": p, "sk": avS("1")} })},
		{"restarting a query of a hash-only table", validation, "The query can return at most one row and cannot be restarted",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) {
				in.TableName, in.ExclusiveStartKey = aws.String("hashonly"), sdkItem{"pk": p}
			})},
		{"BETWEEN bounds of different types", validation,
			"Invalid KeyConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:x}",
			query("pk = :p AND sk BETWEEN :lo AND :hi", sdkItem{":p": p, ":lo": n1, ":hi": avS("x")})},
		{"size() in a key condition", validation, "KeyConditionExpressions cannot contain nested operations",
			query("pk = :p AND size(sk) > :n", sdkItem{":p": p, ":n": n1})},
		{"condition on a non-key attribute", validation, "Query condition missed key schema element: sk",
			query("pk = :p AND other2 = :n", sdkItem{":p": p, ":n": n1})},
		{"empty ExpressionAttributeNames", validation, "ExpressionAttributeNames must not be empty",
			query("pk = :p", sdkItem{":p": p}, func(in *dynamodb.QueryInput) { in.ExpressionAttributeNames = map[string]string{} })},
		{"Scan: Segment without TotalSegments", validation,
			"The TotalSegments parameter is required but was not present in the request when Segment parameter is present",
			scan(&dynamodb.ScanInput{Segment: aws.Int32(1)})},
		{"Scan: TotalSegments without Segment", validation,
			"The Segment parameter is required but was not present in the request when parameter TotalSegments is present",
			scan(&dynamodb.ScanInput{TotalSegments: aws.Int32(2)})},
		{"Scan: Segment out of range", validation,
			"The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 3 is not less than TotalSegments: 3",
			scan(&dynamodb.ScanInput{Segment: aws.Int32(3), TotalSegments: aws.Int32(3)})},
		{"Scan: ALL_PROJECTED_ATTRIBUTES on a table", validation, "ALL_PROJECTED_ATTRIBUTES can be used only when Scanning using an IndexName",
			scan(&dynamodb.ScanInput{Select: types.SelectAllProjectedAttributes})},
		{"Scan: reserved word in a filter", validation, "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status",
			scan(&dynamodb.ScanInput{FilterExpression: aws.String("status = :s"), ExpressionAttributeValues: sdkItem{":s": avS("new")}})},
		{"Scan: unused value", validation, "Value provided in ExpressionAttributeValues unused in expressions: keys: {:s}",
			scan(&dynamodb.ScanInput{FilterExpression: aws.String("attribute_exists(sk)"), ExpressionAttributeValues: sdkItem{":s": avS("new")}})},
		{"Scan: ExpressionAttributeValues with a projection only", validation,
			"ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null",
			scan(&dynamodb.ScanInput{ProjectionExpression: aws.String("sk"), ExpressionAttributeValues: sdkItem{":s": avS("new")}})},
	}
	runErrorCases(t, c, cases)

	// A missing table is a typed ResourceNotFoundException.
	_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("nope"), KeyConditionExpression: aws.String("pk = :p"), ExpressionAttributeValues: sdkItem{":p": p}})
	if _, ok := errors.AsType[*types.ResourceNotFoundException](err); !ok {
		t.Errorf("Query of a missing table: %v (%T), want *types.ResourceNotFoundException", err, err)
	}
	wantAPIError(t, err, "ResourceNotFoundException", "Requested resource not found")
	_, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("nope")})
	if _, ok := errors.AsType[*types.ResourceNotFoundException](err); !ok {
		t.Errorf("Scan of a missing table: %v (%T), want *types.ResourceNotFoundException", err, err)
	}

	// The fixes of the failing requests succeed: #name for a reserved word,
	// a key filter in a Scan (allowed there).
	q, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("qerr"), KeyConditionExpression: aws.String("pk = :p"),
		FilterExpression: aws.String("#s = :s"), ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: sdkItem{":p": p, ":s": avS("new")}})
	if err != nil || q.Count != 1 {
		t.Errorf("filter with #s: %v items, %v", q, err)
	}
	s, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("qerr"), FilterExpression: aws.String("sk = :n"), ExpressionAttributeValues: sdkItem{":n": n1}})
	if err != nil || s.Count != 1 {
		t.Errorf("Scan filter on a key: %v, %v", s, err)
	}
}

// TestSDKQueryKeyConditionsWithKeyConditionExpression: legacy KeyConditions
// may be combined with the other expression parameters, but not with
// KeyConditionExpression — DynamoDB rejects the pair as a mix of styles
// (dynalite's validateExpressionParams exempts KeyConditions only "if
// (data.KeyConditions != null && data.KeyConditionExpression == null)").
func TestSDKQueryKeyConditionsWithKeyConditionExpression(t *testing.T) {
	_, c := sdkEngine(t)
	sdkCreateTable(t, c, "qmix", "pk", "S", "sk", "N")
	_, err := c.Query(context.Background(), &dynamodb.QueryInput{
		TableName:                 aws.String("qmix"),
		KeyConditionExpression:    aws.String("pk = :p"),
		ExpressionAttributeValues: sdkItem{":p": avS("p")},
		KeyConditions: map[string]types.Condition{
			"pk": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{avS("p")}},
		},
	})
	wantAPIError(t, err, "ValidationException",
		"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}")
}

// TestSDKQueryExclusiveStartKeyPredicate: an ExclusiveStartKey inside the
// key condition resumes after it; one that contradicts the condition is
// refused. dynalite's query tests (test/query.js, written to pass against
// DynamoDB) expect "The provided starting key does not match the range key
// predicate" for a start key below a GT condition, and — a DynamoDB quirk —
// "The query can return at most one row and cannot be restarted" for a
// start key in another partition when the query has a sort-key condition
// (without one it is "... outside query boundaries ...", tested in
// TestSDKQueryScanErrors).
func TestSDKQueryExclusiveStartKeyPredicate(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreateTable(t, c, "esk", "pk", "S", "sk", "N")
	var items []sdkItem
	for i := 1; i <= 9; i++ {
		items = append(items, sdkItem{"pk": avS("p"), "sk": avN(fmt.Sprint(i))}, sdkItem{"pk": avS("q"), "sk": avN(fmt.Sprint(i))})
	}
	sdkPutAll(t, c, "esk", items)
	query := func(kce string, esk sdkItem) (*dynamodb.QueryOutput, error) {
		return c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("esk"), KeyConditionExpression: aws.String(kce),
			ExpressionAttributeValues: sdkItem{":p": avS("p"), ":n": avN("5")}, ExclusiveStartKey: esk})
	}
	out, err := query("pk = :p AND sk > :n", sdkItem{"pk": avS("p"), "sk": avN("7")})
	if err != nil {
		t.Fatal(err)
	}
	if got := attrTexts(out.Items, "sk"); !slices.Equal(got, []string{"8", "9"}) {
		t.Errorf("resumed after 7: %v", got)
	}
	t.Run("start key outside the range predicate", func(t *testing.T) {
		_, err := query("pk = :p AND sk > :n", sdkItem{"pk": avS("p"), "sk": avN("2")})
		wantAPIError(t, err, "ValidationException", "The provided starting key does not match the range key predicate")
		_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("esk"),
			KeyConditions: map[string]types.Condition{
				"pk": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{avS("p")}},
				"sk": {ComparisonOperator: types.ComparisonOperatorGt, AttributeValueList: []types.AttributeValue{avN("5")}},
			},
			ExclusiveStartKey: sdkItem{"pk": avS("p"), "sk": avN("2")}})
		wantAPIError(t, err, "ValidationException", "The provided starting key does not match the range key predicate")
	})
	t.Run("start key in another partition with a sort-key condition", func(t *testing.T) {
		_, err := query("pk = :p AND sk < :n", sdkItem{"pk": avS("q"), "sk": avN("1")})
		wantAPIError(t, err, "ValidationException", "The query can return at most one row and cannot be restarted")
	})
}

// TestSDKMixedStyleParameterOrder: the "Can not use both expression and
// non-expression parameters" message lists the parameters in DynamoDB's
// order — for Query {AttributesToGet, QueryFilter, ConditionalOperator,
// KeyConditions} and {ProjectionExpression, FilterExpression,
// KeyConditionExpression}, for Scan {AttributesToGet, ScanFilter,
// ConditionalOperator} and {ProjectionExpression, FilterExpression}, for
// UpdateItem {AttributeUpdates, Expected} and {UpdateExpression,
// ConditionExpression} (dynalite's tests of these messages, test/query.js,
// test/scan.js, test/updateItem.js).
func TestSDKMixedStyleParameterOrder(t *testing.T) {
	_, c := sdkEngine(t)
	sdkCreateTable(t, c, "mixed", "pk", "S", "sk", "N")
	cond := func(op types.ComparisonOperator, v ...types.AttributeValue) types.Condition {
		return types.Condition{ComparisonOperator: op, AttributeValueList: v}
	}
	const prefix = "Can not use both expression and non-expression parameters in the same request: "
	runErrorCases(t, c, []sdkErrorCase{
		{"Query: AttributesToGet with two expressions", "ValidationException",
			prefix + "Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression, KeyConditionExpression}",
			func(ctx context.Context, c *dynamodb.Client) error {
				_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("mixed"), KeyConditionExpression: aws.String("pk = :p"),
					ExpressionAttributeValues: sdkItem{":p": avS("p")}, ProjectionExpression: aws.String("sk"), AttributesToGet: []string{"sk"}})
				return err
			}},
		// KeyConditions is left out of the list whenever
		// KeyConditionExpression is absent.
		{"Query: KeyConditions, AttributesToGet and ProjectionExpression", "ValidationException",
			prefix + "Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}",
			func(ctx context.Context, c *dynamodb.Client) error {
				_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("mixed"),
					KeyConditions:        map[string]types.Condition{"pk": cond(types.ComparisonOperatorEq, avS("p"))},
					ProjectionExpression: aws.String("sk"), AttributesToGet: []string{"sk"}})
				return err
			}},
		{"Query: everything", "ValidationException",
			prefix + "Non-expression parameters: {AttributesToGet, QueryFilter, ConditionalOperator, KeyConditions} Expression parameters: {ProjectionExpression, FilterExpression, KeyConditionExpression}",
			func(ctx context.Context, c *dynamodb.Client) error {
				_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("mixed"),
					KeyConditionExpression: aws.String("pk = :p"), FilterExpression: aws.String("x = :p"), ProjectionExpression: aws.String("sk"),
					ExpressionAttributeValues: sdkItem{":p": avS("p")},
					AttributesToGet:           []string{"sk"}, QueryFilter: map[string]types.Condition{"x": cond(types.ComparisonOperatorEq, avS("p"))},
					ConditionalOperator: types.ConditionalOperatorOr, KeyConditions: map[string]types.Condition{"pk": cond(types.ComparisonOperatorEq, avS("p"))}})
				return err
			}},
		{"Scan: everything", "ValidationException",
			prefix + "Non-expression parameters: {AttributesToGet, ScanFilter, ConditionalOperator} Expression parameters: {ProjectionExpression, FilterExpression}",
			func(ctx context.Context, c *dynamodb.Client) error {
				_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("mixed"),
					FilterExpression: aws.String("x = :p"), ProjectionExpression: aws.String("sk"), ExpressionAttributeValues: sdkItem{":p": avS("p")},
					AttributesToGet: []string{"sk"}, ScanFilter: map[string]types.Condition{"x": cond(types.ComparisonOperatorEq, avS("p"))},
					ConditionalOperator: types.ConditionalOperatorOr})
				return err
			}},
		{"UpdateItem: everything", "ValidationException",
			prefix + "Non-expression parameters: {AttributeUpdates, Expected} Expression parameters: {UpdateExpression, ConditionExpression}",
			func(ctx context.Context, c *dynamodb.Client) error {
				_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("mixed"), Key: sdkItem{"pk": avS("p"), "sk": avN("1")},
					UpdateExpression: aws.String("SET x = :p"), ConditionExpression: aws.String("attribute_exists(pk)"),
					ExpressionAttributeValues: sdkItem{":p": avS("p")},
					AttributeUpdates:          map[string]types.AttributeValueUpdate{"y": {Action: types.AttributeActionPut, Value: avS("y")}},
					Expected:                  map[string]types.ExpectedAttributeValue{"pk": {Exists: aws.Bool(true), Value: avS("p")}}})
				return err
			}},
	})
}

// TestSDKEmptyExpressions: an expression parameter sent as "" is present
// and empty, not absent: DynamoDB answers "Invalid <Param>: The expression
// can not be empty;" (the UpdateItem form is a familiar error of real
// applications that build update expressions dynamically; dynalite's
// validateExpressions parses every parameter that is not null).
func TestSDKEmptyExpressions(t *testing.T) {
	_, c := sdkEngine(t)
	sdkCreateTable(t, c, "empties", "pk", "S", "sk", "N")
	sdkPut(t, c, "empties", sdkItem{"pk": avS("p"), "sk": avN("1")})
	key := sdkItem{"pk": avS("p"), "sk": avN("1")}
	empty := aws.String("")
	const msg = "The expression can not be empty;"
	runErrorCases(t, c, []sdkErrorCase{
		{"KeyConditionExpression", "ValidationException", "Invalid KeyConditionExpression: " + msg, func(ctx context.Context, c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("empties"), KeyConditionExpression: empty})
			return err
		}},
		{"FilterExpression", "ValidationException", "Invalid FilterExpression: " + msg, func(ctx context.Context, c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("empties"), KeyConditionExpression: aws.String("pk = :p"),
				ExpressionAttributeValues: sdkItem{":p": avS("p")}, FilterExpression: empty})
			return err
		}},
		{"ProjectionExpression", "ValidationException", "Invalid ProjectionExpression: " + msg, func(ctx context.Context, c *dynamodb.Client) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("empties"), ProjectionExpression: empty})
			return err
		}},
		{"UpdateExpression", "ValidationException", "Invalid UpdateExpression: " + msg, func(ctx context.Context, c *dynamodb.Client) error {
			_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("empties"), Key: key, UpdateExpression: empty})
			return err
		}},
		{"ConditionExpression", "ValidationException", "Invalid ConditionExpression: " + msg, func(ctx context.Context, c *dynamodb.Client) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("empties"), Item: key, ConditionExpression: empty})
			return err
		}},
	})
}

// TestSDKSeed004CompositeSortKeyCart is seed 004's shopping cart through
// the SDK: cart and wish-list items under one user, told apart by the
// CART# / WISHLIST# prefix of the sort key and read with begins_with. Only
// the items under the prefix are read and charged ("no wasted RCUs"):
// 3 cart items of 3,000 B are 9,000 B, 3 × 4 KB; the whole collection of
// 5 is 15,000 B, 4 × 4 KB.
func TestSDKSeed004CompositeSortKeyCart(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreateTable(t, c, "Cart", "UserId", "S", "SK", "S")
	item := func(user, sk string) sdkItem {
		// UserId 6+4, SK 2+14 or 18, Qty 3+2 (N "1"), Note 4+pad = 3,000 B.
		it := sdkItem{"UserId": avS(user), "SK": avS(sk), "Qty": avN("1")}
		used := 6 + len(user) + 2 + len(sk) + 3 + 2 + 4
		it["Note"] = avS(strings.Repeat("n", 3000-used))
		return it
	}
	var items []sdkItem
	for _, sk := range []string{"CART#ITEM#1001", "WISHLIST#ITEM#2001", "CART#ITEM#1003", "CART#ITEM#1002", "WISHLIST#ITEM#2002"} {
		items = append(items, item("u#42", sk))
	}
	items = append(items, item("u#07", "CART#ITEM#9"), item("u#43", "CART#ITEM#1"))
	sdkPutAll(t, c, "Cart", items)

	read := func(prefix string, legacy bool) *dynamodb.QueryOutput {
		t.Helper()
		in := &dynamodb.QueryInput{TableName: aws.String("Cart"), ProjectionExpression: aws.String("SK, Qty"),
			ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal, ConsistentRead: aws.Bool(true)}
		switch {
		case legacy:
			in.KeyConditions = map[string]types.Condition{
				"UserId": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{avS("u#42")}},
				"SK":     {ComparisonOperator: types.ComparisonOperatorBeginsWith, AttributeValueList: []types.AttributeValue{avS(prefix)}},
			}
		case prefix == "":
			in.KeyConditionExpression = aws.String("UserId = :u")
			in.ExpressionAttributeValues = sdkItem{":u": avS("u#42")}
		default:
			in.KeyConditionExpression = aws.String("UserId = :u AND begins_with(SK, :prefix)")
			in.ExpressionAttributeValues = sdkItem{":u": avS("u#42"), ":prefix": avS(prefix)}
		}
		out, err := c.Query(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	qty := func(sks ...string) []sdkItem {
		var out []sdkItem
		for _, sk := range sks {
			out = append(out, sdkItem{"SK": avS(sk), "Qty": avN("1")})
		}
		return out
	}
	cart := qty("CART#ITEM#1001", "CART#ITEM#1002", "CART#ITEM#1003")
	wish := qty("WISHLIST#ITEM#2001", "WISHLIST#ITEM#2002")
	for _, tt := range []struct {
		what   string
		prefix string
		legacy bool
		want   []sdkItem
		units  float64
	}{
		{"checkout: the active cart", "CART#", false, cart, 3},
		{"checkout, legacy KeyConditions", "CART#", true, cart, 3},
		{"saved for later", "WISHLIST#", false, wish, 2},
		{"the whole cart at login", "", false, append(slices.Clone(cart), wish...), 4},
		{"a prefix of the hierarchy", "CART#ITEM#100", false, cart, 3},
		{"a prefix matching nothing", "ORDER#", false, []sdkItem{}, 1},
	} {
		out := read(tt.prefix, tt.legacy)
		if !reflect.DeepEqual(out.Items, tt.want) || int(out.ScannedCount) != len(tt.want) {
			t.Errorf("%s: %d read, items %v, want %v", tt.what, out.ScannedCount, attrTexts(out.Items, "SK"), attrTexts(tt.want, "SK"))
		}
		wantConsumed(t, tt.what, out.ConsumedCapacity, capacityWant{table: "Cart", total: tt.units})
	}
}

// TestSDKQueryProjectionShapes: a ProjectionExpression keeps the structure
// of the document paths it picks (a.b comes back as {a: {b}}), picks list
// elements in list order, compacted, skips missing paths, and accepts #names
// whose values contain dots as one attribute name; AttributesToGet takes
// top-level names literally. Neither changes the capacity.
func TestSDKQueryProjectionShapes(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreateTable(t, c, "docs2", "pk", "S", "sk", "N")
	item := sdkItem{
		"pk": avS("p"), "sk": avN("1"),
		"m":       avM(sdkItem{"x": avN("1"), "y": avM(sdkItem{"z": avN("2"), "w": avS("drop")})}),
		"l":       avL(avN("10"), avN("20"), avN("30"), avM(sdkItem{"deep": avS("d"), "other": avS("o")})),
		"dot.ted": avS("literal"),
		"plain":   avS("v"),
	}
	sdkPut(t, c, "docs2", item)
	for _, tt := range []struct {
		projection string
		names      map[string]string
		toGet      []string
		want       sdkItem
	}{
		{"m.y.z", nil, nil, sdkItem{"m": avM(sdkItem{"y": avM(sdkItem{"z": avN("2")})})}},
		{"l[2], l[0]", nil, nil, sdkItem{"l": avL(avN("10"), avN("30"))}},
		{"l[3].deep, m.x, nope, m.nope", nil, nil, sdkItem{"l": avL(avM(sdkItem{"deep": avS("d")})), "m": avM(sdkItem{"x": avN("1")})}},
		{"#d, sk", map[string]string{"#d": "dot.ted"}, nil, sdkItem{"dot.ted": avS("literal"), "sk": avN("1")}},
		{"", nil, []string{"plain", "dot.ted", "nope"}, sdkItem{"plain": avS("v"), "dot.ted": avS("literal")}},
	} {
		in := &dynamodb.QueryInput{TableName: aws.String("docs2"), KeyConditionExpression: aws.String("pk = :p"),
			ExpressionAttributeValues: sdkItem{":p": avS("p")}, ExpressionAttributeNames: tt.names, AttributesToGet: tt.toGet,
			ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal}
		if tt.projection != "" {
			in.ProjectionExpression = aws.String(tt.projection)
		} else { // AttributesToGet goes with the legacy KeyConditions
			in.KeyConditionExpression, in.ExpressionAttributeValues = nil, nil
			in.KeyConditions = map[string]types.Condition{"pk": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{avS("p")}}}
		}
		out, err := c.Query(ctx, in)
		if err != nil {
			t.Fatalf("%q %v: %v", tt.projection, tt.toGet, err)
		}
		if len(out.Items) != 1 {
			t.Fatalf("%q: %d items", tt.projection, len(out.Items))
		}
		wantItem(t, fmt.Sprintf("projection %q %v", tt.projection, tt.toGet), out.Items[0], tt.want)
		wantConsumed(t, fmt.Sprintf("projection %q", tt.projection), out.ConsumedCapacity, capacityWant{table: "docs2", total: 0.5})
	}
	_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("docs2"), KeyConditionExpression: aws.String("pk = :p"),
		ExpressionAttributeValues: sdkItem{":p": avS("p")}, ProjectionExpression: aws.String("m, m.x")})
	wantAPIError(t, err, "ValidationException",
		"Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [m], path two: [m, x]")
}
