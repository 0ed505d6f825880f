package engine

import (
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// TestBackfillProgressCounts: a backfill's progress says, of the items it
// read, how many it indexed, how many it skipped because an attribute the
// index needs has the wrong type or shape (Skipped), and how many it left
// out because they lack such an attribute, as a sparse index leaves them
// out (Sparse) — so that read = indexed + skipped + sparse. DynamoDB
// reports none of these counts (DescribeTable has Backfilling and, once
// ACTIVE, ItemCount); they are the explorer's build watch.
func TestBackfillProgressCounts(t *testing.T) {
	three := []model.AttributeValue{model.N("1"), model.N("2"), model.N("3")}
	tests := []struct {
		name   string
		update *model.UpdateTableInput
		items  []model.Item
		// indexed, skipped, sparse
		want [3]int64
	}{
		{"vector index with a HASH search attribute", &model.UpdateTableInput{
			AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "cat", AttributeType: "S"}},
			VectorIndexUpdates: []model.VectorIndexUpdate{{Create: &model.VectorIndex{
				IndexName: "idx", VectorAttribute: &model.VectorAttributeDefinition{AttributeName: "emb"}, Dimensions: i64(3),
				DistanceFunction: model.DistanceCosine, Projection: &model.Projection{ProjectionType: model.ProjectionKeysOnly},
				SearchSchema: []model.SearchSchemaElement{{AttributeName: "cat", SearchSchemaElementType: model.SearchSchemaHash}}}}}},
			[]model.Item{
				{"pk": model.S("in1"), "cat": model.S("a"), "emb": model.L(three...)},
				{"pk": model.S("in2"), "cat": model.S("b"), "emb": model.L(three...)},
				{"pk": model.S("in3"), "cat": model.S("a"), "emb": model.L(three...)},
				{"pk": model.S("novector1"), "cat": model.S("a")},
				{"pk": model.S("novector2")},
				{"pk": model.S("nocat"), "emb": model.L(three...)},
				{"pk": model.S("short"), "cat": model.S("a"), "emb": model.L(three[:2]...)},
				{"pk": model.S("string"), "cat": model.S("a"), "emb": model.S("1,2,3")},
				{"pk": model.S("numbercat"), "cat": model.N("7"), "emb": model.L(three...)},
			},
			[3]int64{3, 3, 3}},
		{"GSI", &model.UpdateTableInput{
			AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "g", AttributeType: "S"}},
			GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: &model.GlobalSecondaryIndex{
				IndexName: "idx", KeySchema: []model.KeySchemaElement{{AttributeName: "g", KeyType: "HASH"}}, Projection: model.Projection{ProjectionType: "ALL"}}}}},
			[]model.Item{
				{"pk": model.S("in1"), "g": model.S("x")},
				{"pk": model.S("in2"), "g": model.S("y")},
				{"pk": model.S("nog")},
				{"pk": model.S("numberg"), "g": model.N("1")},
			},
			[3]int64{2, 1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := newTestEngine(t)
			createSimple(t, e, "Things", "", "")
			for _, it := range tt.items {
				put(t, e, "Things", it)
			}
			tt.update.TableName = "Things"
			_, err := e.UpdateTable(ctx, tt.update)
			mustOK(t, err)
			e.WaitBackgroundIndexWork()
			p, ok := e.IndexBuildProgress("Things", "idx")
			if !ok || !p.Done {
				t.Fatalf("progress %+v %v", p, ok)
			}
			got := [3]int64{p.Indexed, p.Skipped, p.Sparse}
			if got != tt.want || p.Scanned != int64(len(tt.items)) || p.Total != int64(len(tt.items)) {
				t.Fatalf("read %d of %d, indexed/skipped/sparse %v, want %d read, %v", p.Scanned, p.Total, got, len(tt.items), tt.want)
			}
		})
	}
}
