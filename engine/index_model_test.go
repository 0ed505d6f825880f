package engine

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// checkIndexesMatchTable recomputes every index of a table from its items
// and compares entry by entry with what is stored: no entry missing, none
// extra, projections exact, and the statistics agree.
func checkIndexesMatchTable(t *testing.T, e *Engine, name string) {
	t.Helper()
	mustVerify(t, e)
	e.mu.RLock()
	defer e.mu.RUnlock()
	tb := e.tables[name]
	err := e.db.View(func(tx *buntdb.Tx) error {
		want := map[string]map[string]model.Item{}
		for _, ix := range tb.indexes {
			want[ix.name] = map[string]model.Item{}
		}
		var items int64
		tx.AscendGreaterOrEqual("", tb.dataPrefix, func(k, v string) bool {
			if !strings.HasPrefix(k, tb.dataPrefix) {
				return false
			}
			items++
			item, _, err := decodeStored(v)
			if err != nil {
				t.Fatal(err)
			}
			if k != tb.itemStorageKey(item) {
				t.Fatalf("item stored under the wrong key: %v", item)
			}
			for _, ix := range tb.indexes {
				if indexMembership(ix, item).in {
					want[ix.name][tb.indexEntryKey(ix, item)] = tb.project(ix, item)
				}
			}
			return true
		})
		// Running item-collection sizes equal a fresh sum.
		tb.stats.mu.Lock()
		coll := make(map[string]int64, len(tb.stats.coll))
		for k, v := range tb.stats.coll {
			coll[k] = v
		}
		tb.stats.mu.Unlock()
		for k, n := range coll {
			pk, _, _ := decodeFirstKey(tb, k)
			if got := tb.scanCollection(tx, model.Item{tb.hash.name: pk}); got != n {
				t.Fatalf("running size of collection %v is %d, a fresh sum says %d", pk, n, got)
			}
		}
		if items != tb.stats.items.Load() {
			t.Fatalf("ItemCount %d, table holds %d", tb.stats.items.Load(), items)
		}
		for _, ix := range tb.indexes {
			got := map[string]model.Item{}
			var bytes int64
			tx.AscendGreaterOrEqual("", ix.prefix, func(k, v string) bool {
				if !strings.HasPrefix(k, ix.prefix) {
					return false
				}
				entry, size, err := decodeStored(v)
				if err != nil {
					t.Fatal(err)
				}
				got[k] = entry
				bytes += int64(size + indexEntryOverhead)
				return true
			})
			if len(got) != len(want[ix.name]) {
				t.Fatalf("index %s holds %d entries, recomputed %d", ix.name, len(got), len(want[ix.name]))
			}
			for k, w := range want[ix.name] {
				g, ok := got[k]
				if !ok {
					t.Fatalf("index %s is missing the entry of %v", ix.name, w)
				}
				if !model.ItemsEqual(g, w) {
					t.Fatalf("index %s entry\n got %v\nwant %v", ix.name, g, w)
				}
			}
			st := tb.stats.index(ix.name)
			if st.items.Load() != int64(len(got)) || st.bytes.Load() != bytes {
				t.Fatalf("index %s stats %d items %d bytes, storage %d items %d bytes", ix.name, st.items.Load(), st.bytes.Load(), len(got), bytes)
			}
		}
		return nil
	})
	mustOK(t, err)
}

// TestRandomWritesKeepIndexesExact runs thousands of random puts, updates,
// deletes, batch writes and transactions against a table with two LSIs and two GSIs of
// different projections, then checks every index against the table — and
// again after reopening the file.
func TestRandomWritesKeepIndexesExact(t *testing.T) {
	path := filepath.Join(t.TempDir(), "model.db")
	e, err := Open(Options{Path: path, Sync: SyncNever, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
	mustOK(t, err)
	_, err = e.CreateTable(ctx, &model.CreateTableInput{TableName: "orders", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("cust"), rk("id")},
		AttributeDefinitions: []model.AttributeDefinition{ad("cust", "S"), ad("id", "N"), ad("placed", "S"), ad("total", "N"),
			ad("status", "S"), ad("region", "S"), ad("sku", "B")},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{
			{IndexName: "byPlaced", KeySchema: []model.KeySchemaElement{hk("cust"), rk("placed")}, Projection: model.Projection{ProjectionType: "KEYS_ONLY"}},
			{IndexName: "byTotal", KeySchema: []model.KeySchemaElement{hk("cust"), rk("total")}, Projection: model.Projection{ProjectionType: "INCLUDE", NonKeyAttributes: []string{"note", "status"}}},
		},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{
			{IndexName: "byStatus", KeySchema: []model.KeySchemaElement{hk("status"), rk("placed")}, Projection: model.Projection{ProjectionType: "ALL"}},
			{IndexName: "byRegionSku", KeySchema: []model.KeySchemaElement{hk("region"), rk("sku")}, Projection: model.Projection{ProjectionType: "INCLUDE", NonKeyAttributes: []string{"total"}}},
		}})
	mustOK(t, err)
	r := rand.New(rand.NewSource(42))
	pick := func(vals ...model.AttributeValue) model.AttributeValue { return vals[r.Intn(len(vals))] }
	randomItem := func() model.Item {
		it := model.Item{"cust": model.S(fmt.Sprintf("c%d", r.Intn(8))), "id": model.N(fmt.Sprint(r.Intn(40)))}
		maybe := func(name string, v model.AttributeValue) {
			if r.Intn(3) > 0 {
				it[name] = v
			}
		}
		maybe("placed", pick(model.S(fmt.Sprintf("2026-0%d", 1+r.Intn(9))), model.S("2025-12")))
		maybe("total", pick(model.N(fmt.Sprint(r.Intn(1000))), model.N("-1.5"), model.N("1e3")))
		maybe("status", pick(model.S("NEW"), model.S("SHIPPED"), model.S("DONE")))
		maybe("region", pick(model.S("eu"), model.S("us")))
		maybe("sku", pick(model.B([]byte{byte(r.Intn(4))}), model.B([]byte{0xff, 0})))
		maybe("note", model.S(strings.Repeat("n", r.Intn(50))))
		if r.Intn(20) == 0 {
			it["total"] = model.S("not a number") // rejected: index key type mismatch
		}
		return it
	}
	transactions := 0
	for i := 0; i < 3000; i++ {
		switch op := r.Intn(12); {
		case op >= 10:
			if err := randomTransaction(e, r, randomItem); err == nil {
				transactions++
			}
		case op < 4:
			e.PutItem(ctx, &model.PutItemInput{TableName: "orders", Item: randomItem()})
		case op < 7:
			it := randomItem()
			key := model.Item{"cust": it["cust"], "id": it["id"]}
			var expr string
			vals := map[string]model.AttributeValue{}
			switch r.Intn(4) {
			case 0:
				expr, vals[":s"] = "SET #s = :s", pick(model.S("NEW"), model.S("DONE"), model.N("3"))
			case 1:
				expr = "REMOVE placed, note"
				vals = nil
			case 2:
				expr, vals[":t"] = "ADD total :t", model.N(fmt.Sprint(r.Intn(10)))
			default:
				expr, vals[":n"], vals[":r"] = "SET note = :n, region = :r", model.S("updated"), pick(model.S("eu"), model.S(""))
			}
			in := &model.UpdateItemInput{TableName: "orders", Key: key, UpdateExpression: expr, ExpressionAttributeValues: vals}
			if strings.Contains(expr, "#s") {
				in.ExpressionAttributeNames = map[string]string{"#s": "status"}
			}
			e.UpdateItem(ctx, in)
		case op < 9:
			it := randomItem()
			e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "orders", Key: model.Item{"cust": it["cust"], "id": it["id"]}})
		default:
			var reqs []model.WriteRequest
			seen := map[string]bool{}
			for j := 0; j < 5; j++ {
				it := randomItem()
				k := it["cust"].S + "/" + it["id"].N
				if seen[k] {
					continue
				}
				seen[k] = true
				if r.Intn(2) == 0 {
					reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: it}})
				} else {
					reqs = append(reqs, model.WriteRequest{DeleteRequest: &model.DeleteRequest{Key: model.Item{"cust": it["cust"], "id": it["id"]}}})
				}
			}
			e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"orders": reqs}})
		}
		if i%1000 == 999 {
			checkIndexesMatchTable(t, e, "orders")
		}
	}
	checkIndexesMatchTable(t, e, "orders")
	if transactions < 50 {
		t.Fatalf("only %d transactions committed: the random mix does not exercise them", transactions)
	}
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "orders"})
	mustOK(t, err)
	if d.Table.ItemCount < 100 {
		t.Fatalf("only %d items: the random mix does not exercise the indexes", d.Table.ItemCount)
	}
	for _, l := range d.Table.LocalSecondaryIndexes {
		if l.ItemCount < 20 || l.ItemCount >= d.Table.ItemCount {
			t.Fatalf("LSI %s holds %d of %d items: want a sparse but busy index", l.IndexName, l.ItemCount, d.Table.ItemCount)
		}
	}
	for _, g := range d.Table.GlobalSecondaryIndexes {
		if g.ItemCount < 20 || g.ItemCount >= d.Table.ItemCount {
			t.Fatalf("GSI %s holds %d of %d items: want a sparse but busy index", g.IndexName, g.ItemCount, d.Table.ItemCount)
		}
	}
	mustOK(t, e.Close())
	e, err = Open(Options{Path: path, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
	mustOK(t, err)
	defer e.Close()
	checkIndexesMatchTable(t, e, "orders")
}

// decodeFirstKey finds the partition-key value of a collection key by
// matching it against the table's items (test helper).
func decodeFirstKey(tb *table, key string) (model.AttributeValue, bool, error) {
	for _, c := range []string{"c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7"} {
		v := model.S(c)
		if string(appendHashedKey(nil, v, nil)) == key {
			return v, true, nil
		}
	}
	return model.AttributeValue{}, false, nil
}
