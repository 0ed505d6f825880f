package engine

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// TestVectorIndexRestore: a table restored from a backup has its vector
// indexes again, built from the restored items, and answers the same
// searches as its source.
func TestVectorIndexRestore(t *testing.T) {
	e, _ := newTestEngine(t)
	vecTable(t, e, "Vecs", 3, model.DistanceEuclidean)
	for i := range 30 {
		item := model.Item{"pk": model.S(fmt.Sprintf("k%02d", i)), "cat": model.S([]string{"a", "b"}[i%2]),
			"emb": vecValue([]float32{float32(i % 7), float32(i % 5), float32(i % 3)})}
		put(t, e, "Vecs", item)
	}
	b, err := e.CreateBackup(ctx, &model.CreateBackupInput{TableName: "Vecs", BackupName: "before"})
	mustOK(t, err)
	_, err = e.RestoreTableFromBackup(ctx, &model.RestoreTableFromBackupInput{TargetTableName: "Restored", BackupArn: b.BackupDetails.BackupArn})
	mustOK(t, err)
	e.WaitBackgroundIndexWork()
	search := func(table, index, cond string) []model.SearchResultItem {
		in := &model.SearchVectorsInput{TableName: table, IndexName: &index, SearchVector: numbers([]float32{1, 2, 0}), TopK: i64(8)}
		if cond != "" {
			in.SearchConditionExpression = &cond
			in.ExpressionAttributeValues = map[string]model.AttributeValue{":c": model.S("b")}
		}
		out, err := e.SearchVectors(ctx, in)
		mustOK(t, err)
		return out.SearchResults
	}
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Restored"})
	mustOK(t, err)
	if len(d.Table.VectorIndexes) != 2 || d.Table.VectorIndexes[1].ItemCount != 30 {
		t.Fatalf("restored vector indexes %+v", d.Table.VectorIndexes)
	}
	for _, c := range []struct{ index, cond string }{{"all", ""}, {"bycat", "cat = :c"}} {
		if got, want := search("Restored", c.index, c.cond), search("Vecs", c.index, c.cond); !reflect.DeepEqual(got, want) || len(got) != 8 {
			t.Fatalf("%s: restored answers %v, source %v", c.index, got, want)
		}
	}
	rep, err := e.Verify()
	mustOK(t, err)
	if !rep.OK() {
		t.Fatalf("drift %v", rep.Drift)
	}
}
