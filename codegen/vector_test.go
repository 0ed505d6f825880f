package codegen

import (
	"context"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/model"
)

// vectorSearch is a SearchVectors request on a partitioned vector index
// with a filter and a projection.
func vectorSearch() *model.SearchVectorsInput {
	index, cond, k := "ByShelf", "Shelf = :s", int64(2)
	return &model.SearchVectorsInput{TableName: "Books", IndexName: &index, TopK: &k,
		SearchVector:              []model.AttributeValue{model.N("1"), model.N("0"), model.N("0.5")},
		SearchConditionExpression: &cond, ExpressionAttributeValues: map[string]model.AttributeValue{":s": model.S("A")},
		ProjectionExpression: "Id, Shelf", ReturnConsumedCapacity: model.ReturnCapacityTotal}
}

// A SearchVectors request renders in every language: the call, its
// members in the SDK's shapes (IndexName and the condition as pointers,
// TopK an int32, the vector a list of Numbers), and a loop that prints
// each result's score and item.
func TestSearchVectorsRenders(t *testing.T) {
	want := map[Language][]string{
		Go: {"out, err := client.SearchVectors(ctx, &dynamodb.SearchVectorsInput{", `IndexName: aws.String("ByShelf"),`,
			`SearchVector: []types.AttributeValue{`, `&types.AttributeValueMemberN{Value: "0.5"},`, "TopK: aws.Int32(2),",
			`SearchConditionExpression: aws.String("Shelf = :s"),`, "ReturnConsumedCapacity: types.ReturnConsumedCapacity(\"TOTAL\"),",
			"for _, r := range out.SearchResults {", `fmt.Printf("%g\t", r.Score)`},
		Python: {"response = client.search_vectors(", `IndexName="ByShelf",`, `TopK=2,`, `{"N": "0.5"}`,
			`for result in response.get("SearchResults", []):`, `print(result["Score"], plain_item(result["Item"]), sep="\t")`},
		JavaScript: {"import { DynamoDBClient, SearchVectorsCommand }", "new SearchVectorsCommand(", `TopK: 2,`,
			"for (const result of response.SearchResults ?? []) {", `console.log(result.Score + "\t" + plainItem(result.Item));`},
	}
	for lang, parts := range want {
		src, err := Render(lang, vectorSearch(), Options{Endpoint: "http://127.0.0.1:8000"})
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		flat := strings.Join(strings.Fields(src), " ") // gofmt aligns the members
		for _, p := range parts {
			if !strings.Contains(flat, strings.Join(strings.Fields(p), " ")) {
				t.Errorf("%s: no %q in\n%s", lang, p, src)
			}
		}
	}
}

// The Go program of a SearchVectors request compiles against the SDK
// (service/dynamodb v1.74.0 models SearchVectors), runs against the served
// engine and prints the engine's results: each score and item.
func TestSearchVectorsGoProgramRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("compiling the SDK takes a while; skipped with -short")
	}
	noAWSConfig(t)
	eng, err := engine.Open(engine.Options{DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ctx := context.Background()
	dims := int64(3)
	if _, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Books", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "Id", AttributeType: "S"}, {AttributeName: "Shelf", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "Id", KeyType: "HASH"}},
		VectorIndexes: []model.VectorIndex{{IndexName: "ByShelf", VectorAttribute: &model.VectorAttributeDefinition{AttributeName: "V"},
			Dimensions: &dims, DistanceFunction: model.DistanceEuclidean, Projection: &model.Projection{ProjectionType: model.ProjectionAll},
			SearchSchema: []model.SearchSchemaElement{{AttributeName: "Shelf", SearchSchemaElementType: model.SearchSchemaHash}}}}}); err != nil {
		t.Fatal(err)
	}
	for i, v := range [][3]string{{"1", "0", "0"}, {"0", "1", "0"}, {"1", "0", "1"}, {"1", "0", "0.4"}} {
		shelf := "A"
		if i == 1 {
			shelf = "B"
		}
		item := model.Item{"Id": model.S("b" + strconv.Itoa(i)), "Shelf": model.S(shelf), "V": model.L(model.N(v[0]), model.N(v[1]), model.N(v[2]))}
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Books", Item: item}); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(server.New(eng, server.Options{}))
	t.Cleanup(srv.Close)
	want, err := eng.SearchVectors(ctx, vectorSearch())
	if err != nil {
		t.Fatal(err)
	}
	src, err := Render(Go, vectorSearch(), Options{Endpoint: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	dir := goModule(t)
	writeGoProgram(t, dir, "search", src)
	bin := filepath.Join(dir, "bin")
	goCommand(t, dir, "build", "-o", bin+string(filepath.Separator), "./...")
	out, err := exec.Command(filepath.Join(bin, "search")).Output()
	if err != nil {
		t.Fatalf("%v: %s", err, stderrOf(err))
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(want.SearchResults) || len(lines) != 2 {
		t.Fatalf("printed\n%s\nwant %d results", out, len(want.SearchResults))
	}
	for i, l := range lines {
		score, item, _ := strings.Cut(l, "\t")
		r := want.SearchResults[i]
		if s, _ := strconv.ParseFloat(score, 64); s != r.Score || !strings.Contains(item, `"Id":"`+r.Item["Id"].S+`"`) {
			t.Errorf("line %d %q; the engine's result is %v %v", i, l, r.Score, r.Item)
		}
	}
}
