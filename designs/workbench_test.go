package designs

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func i64(v int64) *int64 { return &v }

// jsonEqual compares two values by their JSON.
func jsonEqual(t *testing.T, what string, got, want any) {
	t.Helper()
	g, _ := json.MarshalIndent(got, "", "  ")
	w, _ := json.MarshalIndent(want, "", "  ")
	if string(g) != string(w) {
		t.Errorf("%s =\n%s\nwant\n%s", what, g, w)
	}
}

func TestReadWorkbench30(t *testing.T) {
	const file = "testdata/workbench-3.0-music.json"
	d, err := Read(readFile(t, file), file, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Format != FormatWorkbench || d.Version != "3.0" || d.Name != "Music Library" || len(d.Tables) != 2 {
		t.Fatalf("design = %v %q %q, %d tables", d.Format, d.Version, d.Name, len(d.Tables))
	}
	songs := d.Tables[0]
	pt := &model.ProvisionedThroughput{ReadCapacityUnits: i64(5), WriteCapacityUnits: i64(5)}
	jsonEqual(t, "Songs", songs.Input, model.CreateTableInput{
		TableName: "Songs",
		AttributeDefinitions: []model.AttributeDefinition{
			{AttributeName: "Id", AttributeType: "S"}, {AttributeName: "Metadata", AttributeType: "S"},
			{AttributeName: "DownloadMonth", AttributeType: "S"}, {AttributeName: "TotalDownloadsInMonth", AttributeType: "N"},
			{AttributeName: "Artist", AttributeType: "S"}},
		KeySchema: []model.KeySchemaElement{{AttributeName: "Id", KeyType: "HASH"}, {AttributeName: "Metadata", KeyType: "RANGE"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{
			{IndexName: "DownloadsByMonth", KeySchema: []model.KeySchemaElement{{AttributeName: "DownloadMonth", KeyType: "HASH"}, {AttributeName: "TotalDownloadsInMonth", KeyType: "RANGE"}},
				Projection: model.Projection{ProjectionType: "INCLUDE", NonKeyAttributes: []string{"Title"}}, ProvisionedThroughput: pt},
			{IndexName: "ByArtist", KeySchema: []model.KeySchemaElement{{AttributeName: "Artist", KeyType: "HASH"}},
				Projection: model.Projection{ProjectionType: "KEYS_ONLY"}, ProvisionedThroughput: pt}},
		BillingMode:           "PROVISIONED",
		ProvisionedThroughput: pt,
	})
	wantFacets := []engine.Facet{
		{Name: "SongDetails", PartitionKeyAlias: "SongId", SortKeyAlias: "Metadata", NonKeyAttributes: []string{"Title", "Artist", "TotalDownloads", "Cover", "Explicit", "Label", "Credits", "Tracks", "Genres", "Ratings", "Samples"}},
		{Name: "Downloads", PartitionKeyAlias: "SongId", SortKeyAlias: "DownloadId", NonKeyAttributes: []string{"DownloadTimestamp"}},
		{Name: "MonthlyDownloads", PartitionKeyAlias: "SongId", SortKeyAlias: "Month", NonKeyAttributes: []string{"DownloadMonth", "TotalDownloadsInMonth"}},
	}
	if !reflect.DeepEqual(songs.Facets, wantFacets) {
		t.Errorf("facets = %+v", songs.Facets)
	}
	if len(songs.Items) != 5 {
		t.Fatalf("%d items", len(songs.Items))
	}
	first := songs.Items[0]
	want := model.Item{
		"Id": model.S("1"), "Metadata": model.S("Details"), "Title": model.S("Wild Horses"), "Artist": model.S("The Rolling Stones"),
		"TotalDownloads": model.N("2"), "Cover": model.B([]byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}), "Explicit": model.Bool(false),
		"Label": model.Null(), "Credits": model.M(map[string]model.AttributeValue{"Producer": model.S("Jimmy Miller"), "Year": model.N("1971")}),
		"Tracks": model.L(model.S("Side B"), model.N("2"), model.Bool(true)), "Genres": model.SS("Rock", "Country rock"),
		"Ratings": model.NS("4.5", "5"), "Samples": model.BS([]byte{0, 1, 2}, []byte{0xff}),
	}
	if !model.ItemsEqual(first.Item, want) {
		t.Errorf("first item = %v", first.Item)
	}
	if first.Line != 104 || first.Path != "DataModel[0].TableData[0]" {
		t.Errorf("first item at line %d, %s", first.Line, first.Path)
	}
	for _, f := range wantFacets {
		n := 0
		for _, it := range songs.Items {
			if f.Matches(it.Item, []string{"Id", "Metadata"}) {
				n++
			}
		}
		if want := map[string]int{"SongDetails": 2, "Downloads": 2, "MonthlyDownloads": 1}[f.Name]; n != want {
			t.Errorf("facet %s matches %d items, want %d", f.Name, n, want)
		}
	}
	artists := d.Tables[1]
	jsonEqual(t, "Artists", artists.Input, model.CreateTableInput{TableName: "Artists",
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "Name", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "Name", KeyType: "HASH"}}, BillingMode: "PAY_PER_REQUEST"})
	wantNotes := []string{
		"table Songs: its global secondary indexes get the table's provisioned throughput (5 RCU, 5 WCU), as a model holds none of their own",
		"line 155: ignored DataModel[0].ProvisionedCapacitySettings.AutoScalingRead (auto scaling is not simulated: the table keeps its provisioned throughput)",
		"line 165: ignored DataModel[0].ProvisionedCapacitySettings.AutoScalingWrite (auto scaling is not simulated: the table keeps its provisioned throughput)",
		"line 49: ignored DataModel[0].TableFacets[0].DataAccess (Workbench's own settings for importing and generating sample data)",
		"line 143: ignored DataModel[0].DataAccess (Workbench's own settings for importing and generating sample data)",
		"line 146: ignored DataModel[0].SampleDataFormats (Workbench's own settings for importing and generating sample data)",
		"line 193: ignored DataModel[1].DataAccess (Workbench's own settings for importing and generating sample data)",
	}
	notes := strings.Join(d.Notes, "\n")
	for _, n := range wantNotes {
		if !strings.Contains(notes, n) {
			t.Errorf("notes lack %q; notes:\n%s", n, notes)
		}
	}
}

func TestReadWorkbench20FacetData(t *testing.T) {
	const file = "testdata/workbench-2.0-offers.json"
	d, err := ReadWorkbench(readFile(t, file), file)
	if err != nil {
		t.Fatal(err)
	}
	if d.Version != "2.0" || len(d.Tables) != 1 {
		t.Fatalf("design %q with %d tables", d.Version, len(d.Tables))
	}
	tb := d.Tables[0]
	if len(tb.Items) != 3 || len(tb.Facets) != 2 {
		t.Fatalf("%d items, %d facets", len(tb.Items), len(tb.Facets))
	}
	if tb.Items[2].Path != "DataModel[0].TableFacets[1].TableData[0]" || tb.Items[2].Line != 40 {
		t.Errorf("facet item at %d %s", tb.Items[2].Line, tb.Items[2].Path)
	}
	pt := &model.ProvisionedThroughput{ReadCapacityUnits: i64(10), WriteCapacityUnits: i64(4)}
	jsonEqual(t, "CardOffers", tb.Input, model.CreateTableInput{TableName: "CardOffers",
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "PK", AttributeType: "S"}, {AttributeName: "SK", AttributeType: "S"}, {AttributeName: "GSI1SK", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "PK", KeyType: "HASH"}, {AttributeName: "SK", KeyType: "RANGE"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "GSI1",
			KeySchema:  []model.KeySchemaElement{{AttributeName: "PK", KeyType: "HASH"}, {AttributeName: "GSI1SK", KeyType: "RANGE"}},
			Projection: model.Projection{ProjectionType: "ALL"}, ProvisionedThroughput: pt}},
		BillingMode: "PROVISIONED", ProvisionedThroughput: pt})
}

// TestReadWorkbenchOldModel reads a model with no ModelMetadata (as early
// Workbench exports were) and no capacity settings.
func TestReadWorkbenchOldModel(t *testing.T) {
	src := `{"ModelName": "Cart", "DataModel": [{"TableName": "Cart",
  "KeyAttributes": {"PartitionKey": {"AttributeName": "CustomerID", "AttributeType": "S"}, "SortKey": {"AttributeName": "Date#Status", "AttributeType": "S"}},
  "TableData": [{"CustomerID": {"S": "Liz"}, "Date#Status": {"S": "2019-11-26#Shipped"}}],
  "ModelSchema": {"indexes": {}}}]}`
	d, err := ReadWorkbench([]byte(src), "cart.json")
	if err != nil {
		t.Fatal(err)
	}
	if d.Version != "2.0" || d.Tables[0].Input.BillingMode != "PAY_PER_REQUEST" || len(d.Tables[0].Items) != 1 {
		t.Fatalf("design = %+v", d)
	}
	want := []string{
		"no ModelMetadata: read as a version 2.0 model",
		"line 4: ignored DataModel[0].ModelSchema (not part of the NoSQL Workbench model format)",
		"line 1: table Cart has no BillingMode: on-demand (PAY_PER_REQUEST) assumed",
	}
	if !reflect.DeepEqual(d.Notes, want) {
		t.Errorf("notes = %q", d.Notes)
	}
}

func TestReadWorkbenchErrors(t *testing.T) {
	table := func(inner string) string {
		return `{"ModelName": "M", "ModelMetadata": {"Version": "3.0"}, "DataModel": [` + inner + `]}`
	}
	const keys = `"KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "S"}}`
	for _, tc := range []struct {
		name, src, want string
	}{
		{"not JSON", `{"ModelName": `, "m.json:1: ModelName: invalid JSON: unexpected end of file"},
		{"trailing data", `{"DataModel": []} x`, "m.json:1: invalid JSON: data after the end of the document"},
		{"duplicate member", "{\"ModelName\": \"a\",\n\"ModelName\": \"b\"}", `m.json:2: ModelName: member appears twice`},
		{"no DataModel", `{"ModelName": "M"}`, "m.json:1: missing DataModel (the model's tables)"},
		{"empty DataModel", `{"ModelName": "M", "DataModel": []}`, "m.json:1: DataModel: expected at least one table"},
		{"version", `{"ModelName": "M", "ModelMetadata": {"Version": "4.0"}, "DataModel": []}`, `m.json:1: ModelMetadata.Version: expected 2.0 or 3.0, found the string "4.0"`},
		{"keyspaces", `{"ModelName": "M", "ModelMetadata": {"AWSService": "Amazon Keyspaces (for Apache Cassandra)"}, "DataModel": []}`,
			`m.json:1: ModelMetadata.AWSService: expected "Amazon DynamoDB", found the string "Amazon Keyspaces (for Apache Cassandra)": this model is not for DynamoDB`},
		{"no TableName", table(`{` + keys + `}`), "m.json:1: DataModel[0]: missing TableName"},
		{"TableName number", table(`{"TableName": 5, ` + keys + `}`), "m.json:1: DataModel[0].TableName: expected a string, found the number 5"},
		{"no KeyAttributes", table(`{"TableName": "T1"}`), "m.json:1: DataModel[0]: missing KeyAttributes"},
		{"no PartitionKey", table(`{"TableName": "T1", "KeyAttributes": {}}`), "m.json:1: DataModel[0].KeyAttributes: missing PartitionKey"},
		{"key type", table(`{"TableName": "T1", "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "BOOL"}}}`),
			`m.json:1: DataModel[0].KeyAttributes.PartitionKey.AttributeType: expected S, N or B, found the string "BOOL"`},
		{"non-key type", table(`{"TableName": "T1", ` + keys + `, "NonKeyAttributes": [{"AttributeName": "a", "AttributeType": "STRING"}]}`),
			`m.json:1: DataModel[0].NonKeyAttributes[0].AttributeType: expected S, N, B, BOOL, NULL, M, L, SS, NS or BS, found the string "STRING"`},
		{"GSI key of two types", table(`{"TableName": "T1", ` + keys + `, "GlobalSecondaryIndexes": [{"IndexName": "g", "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "N"}}, "Projection": {"ProjectionType": "ALL"}}]}`),
			"m.json:1: DataModel[0].GlobalSecondaryIndexes[0].KeyAttributes.PartitionKey: attribute pk is N here but S at line 1 (DataModel[0].KeyAttributes.PartitionKey)"},
		{"projection", table(`{"TableName": "T1", ` + keys + `, "GlobalSecondaryIndexes": [{"IndexName": "g", "KeyAttributes": {"PartitionKey": {"AttributeName": "a", "AttributeType": "N"}}, "Projection": {"ProjectionType": "SOME"}}]}`),
			`m.json:1: DataModel[0].GlobalSecondaryIndexes[0].Projection.ProjectionType: expected ALL, KEYS_ONLY or INCLUDE, found the string "SOME"`},
		{"provisioned without throughput", table(`{"TableName": "T1", ` + keys + `, "BillingMode": "PROVISIONED"}`),
			"m.json:1: DataModel[0]: BillingMode PROVISIONED needs ProvisionedCapacitySettings.ProvisionedThroughput"},
		{"capacity zero", table(`{"TableName": "T1", ` + keys + `, "ProvisionedCapacitySettings": {"ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 1}}}`),
			"m.json:1: DataModel[0].ProvisionedCapacitySettings.ProvisionedThroughput.ReadCapacityUnits: expected a whole number from 1 to 1000000000000, found 0"},
		{"bad item", table(`{"TableName": "T1", ` + keys + `, "TableData": [{"pk": {"S": "a"}}, {"pk": {"N": "x"}}]}`),
			"m.json:1: DataModel[0].TableData[1]: ValidationException: The parameter cannot be converted to a numeric value: x"},
		{"item not object", table(`{"TableName": "T1", ` + keys + `, "TableData": [[]]}`),
			"m.json:1: DataModel[0].TableData[0]: expected an object, found a list"},
		{"facet twice", table(`{"TableName": "T1", ` + keys + `, "TableFacets": [{"FacetName": "F"}]}, {"TableName": "T2", ` + keys + `, "TableFacets": [{"FacetName": "F"}]}`),
			"m.json:1: DataModel[1].TableFacets[0].FacetName: facet F is defined twice (first at line 1): facet names are unique in a model"},
		{"table twice", table(`{"TableName": "T1", ` + keys + `}, {"TableName": "T1", ` + keys + `}`), "m.json:1: DataModel[1]: table T1 is defined twice (first at line 1)"},
	} {
		_, err := ReadWorkbench([]byte(tc.src), "m.json")
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got  %v\n want %s", tc.name, err, tc.want)
		}
		var de *Error
		if err != nil && !errorsAs(err, &de) {
			t.Errorf("%s: error is %T, not *Error", tc.name, err)
		}
	}
}

func errorsAs(err error, target **Error) bool { return errors.As(err, target) }
