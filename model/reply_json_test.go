package model

import (
	"bytes"
	"encoding/json"
	"testing"
)

// viaEncoder is how the server wrote replies before AppendJSON: an
// encoding/json Encoder without HTML escaping.
func viaEncoder(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	out := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	// GetItemOutput's, QueryOutput's and ScanOutput's MarshalJSON go through
	// json.Marshal, which escapes <, > and & whatever the encoder says; the
	// server's replies never did for other actions, nor does DynamoDB.
	out = bytes.ReplaceAll(out, []byte(`\u003c`), []byte("<"))
	out = bytes.ReplaceAll(out, []byte(`\u003e`), []byte(">"))
	out = bytes.ReplaceAll(out, []byte(`\u0026`), []byte("&"))
	return string(out)
}

// TestReplyJSON: every output's AppendJSON writes what encoding/json
// writes for it, and items given encoded are written as the decoded items.
func TestReplyJSON(t *testing.T) {
	units := func(f float64) *Units { u := Units(f); return &u }
	item := Item{"pk": S("p<&>\u2028"), "sk": N("12.5"), "b": B([]byte{1, 2, 250}), "m": M(map[string]AttributeValue{"z": SS("x"), "a": NS("1", "2")}), "l": L(Bool(true), Null())}
	key := Item{"pk": S("p"), "sk": N("1")}
	full := &ConsumedCapacity{TableName: "T", CapacityUnits: 3, ReadCapacityUnits: units(1.5), WriteCapacityUnits: units(1e21),
		Table:                  &Capacity{ReadCapacityUnits: units(0.5), CapacityUnits: 1},
		LocalSecondaryIndexes:  map[string]Capacity{"l2": {CapacityUnits: 0.5}, "l1": {WriteCapacityUnits: units(2), CapacityUnits: 2}},
		GlobalSecondaryIndexes: map[string]Capacity{"g": {CapacityUnits: 1}}}
	total := &ConsumedCapacity{TableName: "T", CapacityUnits: 1}
	metrics := &ItemCollectionMetrics{ItemCollectionKey: Item{"pk": S("p")}, SizeEstimateRangeGB: []float64{0, 1e-7, 1, 1e21}}
	enc := func(items ...Item) []EncodedItem {
		out := []EncodedItem{}
		for _, it := range items {
			out = append(out, EncodedItem(AppendItem(nil, it)))
		}
		return out
	}
	type appender interface{ AppendJSON([]byte) ([]byte, error) }
	for _, tt := range []struct {
		name string
		out  appender
		want any // what encoding/json is given; nil: out itself
	}{
		{"PutItem empty", &PutItemOutput{}, nil},
		{"PutItem all", &PutItemOutput{Attributes: item, ConsumedCapacity: full, ItemCollectionMetrics: metrics}, nil},
		{"PutItem empty attributes", &PutItemOutput{Attributes: Item{}, ConsumedCapacity: total}, nil},
		{"PutItem metrics only", &PutItemOutput{ItemCollectionMetrics: &ItemCollectionMetrics{}}, nil},
		{"DeleteItem", &DeleteItemOutput{Attributes: item, ItemCollectionMetrics: &ItemCollectionMetrics{SizeEstimateRangeGB: []float64{0.5}}}, nil},
		{"UpdateItem", &UpdateItemOutput{Attributes: key, ConsumedCapacity: total}, nil},
		{"GetItem none", &GetItemOutput{}, nil},
		{"GetItem capacity only", &GetItemOutput{ConsumedCapacity: total}, nil},
		{"GetItem item", &GetItemOutput{Item: item, ConsumedCapacity: full}, nil},
		{"GetItem projected nothing", &GetItemOutput{Item: Item{}, ConsumedCapacity: total}, nil},
		{"GetItem encoded", &GetItemOutput{EncodedItem: enc(item)[0], ConsumedCapacity: total}, &GetItemOutput{Item: item, ConsumedCapacity: total}},
		{"Query count", &QueryOutput{Count: 3, ScannedCount: 5}, nil},
		{"Query empty page", &QueryOutput{Items: []Item{}, ConsumedCapacity: total}, nil},
		{"Query page", &QueryOutput{Items: []Item{item, key, {}}, Count: 3, ScannedCount: 4, LastEvaluatedKey: key, ConsumedCapacity: full}, nil},
		{"Query encoded", &QueryOutput{EncodedItems: enc(item, key, Item{}), Count: 3, ScannedCount: 3, LastEvaluatedKey: key},
			&QueryOutput{Items: []Item{item, key, {}}, Count: 3, ScannedCount: 3, LastEvaluatedKey: key}},
		{"Query encoded empty", &QueryOutput{EncodedItems: enc()}, &QueryOutput{Items: []Item{}}},
		{"Scan page", &ScanOutput{Items: []Item{item}, Count: 1, ScannedCount: 10, LastEvaluatedKey: Item{}}, nil},
		{"Scan encoded", &ScanOutput{EncodedItems: enc(key), Count: 1, ScannedCount: 1, ConsumedCapacity: total}, &ScanOutput{Items: []Item{key}, Count: 1, ScannedCount: 1, ConsumedCapacity: total}},
		{"BatchWriteItem none", &BatchWriteItemOutput{}, nil},
		{"BatchWriteItem nothing left", &BatchWriteItemOutput{UnprocessedItems: map[string][]WriteRequest{}}, nil},
		{"BatchWriteItem unprocessed", &BatchWriteItemOutput{
			UnprocessedItems: map[string][]WriteRequest{"b": {{PutRequest: &PutRequest{Item: item}}, {DeleteRequest: &DeleteRequest{Key: key}}, {}}, "a": nil,
				"c": {{PutRequest: &PutRequest{}, DeleteRequest: &DeleteRequest{Key: Item{}}}}},
			ItemCollectionMetrics: map[string][]ItemCollectionMetrics{"b": {*metrics}, "a": nil},
			ConsumedCapacity:      []ConsumedCapacity{*full, *total}}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ref := tt.want
			if ref == nil {
				ref = tt.out
			}
			want := viaEncoder(t, ref)
			got, err := tt.out.AppendJSON([]byte("x"))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != "x"+want {
				t.Fatalf("\ngot  %s\nwant x%s", got, want)
			}
		})
	}
}

func TestReplyJSONRefusesDamagedItems(t *testing.T) {
	if _, err := (&QueryOutput{EncodedItems: []EncodedItem{"\x01\x05"}}).AppendJSON(nil); err == nil {
		t.Fatal("a damaged item was written")
	}
	if _, err := (&GetItemOutput{EncodedItem: "\x07"}).AppendJSON(nil); err == nil {
		t.Fatal("a damaged item was written")
	}
}
