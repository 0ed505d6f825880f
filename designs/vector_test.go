package designs_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/dynoscope/dynoscope/designs"
	"github.com/dynoscope/dynoscope/model"
)

// TestVectorIndexRoundTrip: a CloudFormation template's VectorIndexes load
// into the workspace; exported as a Workbench model and loaded into a
// fresh workspace, the table has the same vector indexes (and the same
// attribute definitions); a second export is the same file.
func TestVectorIndexRoundTrip(t *testing.T) {
	const src = "testdata/cfn-vector-index.yaml"
	e := openEngine(t)
	load(t, e, nil, src)
	describe := func(api interface {
		DescribeTable(context.Context, *model.DescribeTableInput) (*model.DescribeTableOutput, error)
	}) *model.TableDescription {
		out, err := api.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: "Products"})
		if err != nil {
			t.Fatal(err)
		}
		return out.Table
	}
	d := describe(e)
	if len(d.VectorIndexes) != 2 || d.VectorIndexes[0].IndexName != "ProductEmbeddingIndex" || d.VectorIndexes[0].Dimensions != 8 ||
		model.SearchHash(d.VectorIndexes[0].SearchSchema) != "Category" || d.VectorIndexes[1].DistanceFunction != model.DistanceDotProduct {
		t.Fatalf("loaded vector indexes %+v", d.VectorIndexes)
	}
	first, notes := export(t, e, 0)
	if len(notes) != 0 {
		t.Errorf("notes %q", notes)
	}
	back, err := designs.ReadWorkbench(first, "export.json")
	if err != nil {
		t.Fatalf("the export does not read back: %v\n%s", err, first)
	}
	e2 := openEngine(t)
	for _, tb := range back.Tables {
		in := tb.Input
		if _, err := e2.CreateTable(context.Background(), &in); err != nil {
			t.Fatal(err)
		}
	}
	d2 := describe(e2)
	strip := func(vs []model.VectorIndexDescription) []model.VectorIndexDescription {
		out := append([]model.VectorIndexDescription(nil), vs...)
		for i := range out {
			out[i].IndexArn, out[i].IndexStatus = "", ""
		}
		return out
	}
	if !reflect.DeepEqual(strip(d.VectorIndexes), strip(d2.VectorIndexes)) || !reflect.DeepEqual(d.AttributeDefinitions, d2.AttributeDefinitions) {
		t.Fatalf("after the round trip\n%+v\n%+v\nwant\n%+v\n%+v", d2.VectorIndexes, d2.AttributeDefinitions, d.VectorIndexes, d.AttributeDefinitions)
	}
	second, _ := export(t, e2, 0)
	if string(first) != string(second) {
		t.Fatalf("the second export differs:\n%s\n%s", first, second)
	}
}
