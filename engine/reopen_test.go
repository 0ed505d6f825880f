package engine

import (
	"path/filepath"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// TestReopenFileWorkspace writes to a file workspace, closes it, reopens it
// and finds tables, items, counts and index entries as they were.
func TestReopenFileWorkspace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ws.db")
	open := func() *Engine {
		e, err := Open(Options{Path: path, Sync: SyncAlways, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
		mustOK(t, err)
		return e
	}
	e := open()
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "docs", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{hk("pk"), rk("sk")},
		AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("sk", "N"), ad("g", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byG", KeySchema: []model.KeySchemaElement{hk("g")},
			Projection: model.Projection{ProjectionType: "KEYS_ONLY"}}}})
	mustOK(t, err)
	put(t, e, "docs", model.Item{"pk": model.S("a"), "sk": model.N("1"), "g": model.S("x"), "all": allTypes("ignored")["m"]})
	put(t, e, "docs", model.Item{"pk": model.S("a"), "sk": model.N("2")})
	put(t, e, "docs", model.Item{"pk": model.S("b"), "sk": model.N("-1.5"), "g": model.S("y")})
	_, err = e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "docs", Key: model.Item{"pk": model.S("a"), "sk": model.N("2")}})
	mustOK(t, err)
	before, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "docs"})
	mustOK(t, err)
	mustOK(t, e.Close())

	e = open()
	defer e.Close()
	after, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "docs"})
	mustOK(t, err)
	if after.Table.ItemCount != 2 || after.Table.TableSizeBytes != before.Table.TableSizeBytes {
		t.Fatalf("after reopen: %d items, %d bytes; before: %d items, %d bytes",
			after.Table.ItemCount, after.Table.TableSizeBytes, before.Table.ItemCount, before.Table.TableSizeBytes)
	}
	if g := after.Table.GlobalSecondaryIndexes[0]; g.ItemCount != 2 || g.IndexSizeBytes != before.Table.GlobalSecondaryIndexes[0].IndexSizeBytes {
		t.Fatalf("GSI after reopen = %+v", g)
	}
	got, err := e.GetItem(ctx, &model.GetItemInput{TableName: "docs", Key: model.Item{"pk": model.S("b"), "sk": model.N("-1.50")}})
	mustOK(t, err)
	if !model.ItemsEqual(got.Item, model.Item{"pk": model.S("b"), "sk": model.N("-1.5"), "g": model.S("y")}) {
		t.Fatalf("item after reopen = %v", got.Item)
	}
	scan, err := e.Scan(ctx, &model.ScanInput{TableName: "docs", IndexName: "byG"})
	mustOK(t, err)
	if scan.Count != 2 {
		t.Fatalf("index scan after reopen: %d entries", scan.Count)
	}
}
