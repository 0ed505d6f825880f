package model

import (
	"encoding/json"
	"reflect"
	"testing"
)

// The one-pass request decoders must decode exactly what encoding/json
// decodes (the requests' UnmarshalJSON before them), or give up.

type (
	plainPut    PutItemInput
	plainGet    GetItemInput
	plainDelete DeleteItemInput
	plainUpdate UpdateItemInput
	plainQuery  QueryInput
	plainScan   ScanInput
	plainBatch  BatchWriteItemInput
)

// viaEncodingJSON decodes b as the requests were decoded before the fast
// path: encoding/json, then the empty-member notes from the body.
var viaEncodingJSON = map[string]func(b []byte) (any, error){
	"PutItem": func(b []byte) (any, error) {
		var in PutItemInput
		err := json.Unmarshal(b, (*plainPut)(&in))
		in.emptyExprs = emptyExprs{names: emptyExpressions(b), emptyTableName: sentEmpty(b, "TableName")}
		return &in, err
	},
	"GetItem": func(b []byte) (any, error) {
		var in GetItemInput
		err := json.Unmarshal(b, (*plainGet)(&in))
		in.emptyExprs = emptyExprs{names: emptyExpressions(b), emptyTableName: sentEmpty(b, "TableName")}
		return &in, err
	},
	"DeleteItem": func(b []byte) (any, error) {
		var in DeleteItemInput
		err := json.Unmarshal(b, (*plainDelete)(&in))
		in.emptyExprs = emptyExprs{names: emptyExpressions(b), emptyTableName: sentEmpty(b, "TableName")}
		return &in, err
	},
	"UpdateItem": func(b []byte) (any, error) {
		var in UpdateItemInput
		err := json.Unmarshal(b, (*plainUpdate)(&in))
		in.emptyExprs = emptyExprs{names: emptyExpressions(b), emptyTableName: sentEmpty(b, "TableName")}
		return &in, err
	},
	"Query": func(b []byte) (any, error) {
		var in QueryInput
		err := json.Unmarshal(b, (*plainQuery)(&in))
		in.emptyExprs = emptyExprs{names: emptyExpressions(b), emptyTableName: sentEmpty(b, "TableName")}
		return &in, err
	},
	"Scan": func(b []byte) (any, error) {
		var in ScanInput
		err := json.Unmarshal(b, (*plainScan)(&in))
		in.emptyExprs = emptyExprs{names: emptyExpressions(b), emptyTableName: sentEmpty(b, "TableName")}
		return &in, err
	},
	"BatchWriteItem": func(b []byte) (any, error) {
		var in BatchWriteItemInput
		err := json.Unmarshal(b, (*plainBatch)(&in))
		return &in, err
	},
}

// viaFastPath decodes b with the one-pass decoder; ok is false when it gave
// up.
var viaFastPath = map[string]func(b []byte) (any, bool){
	"PutItem":        func(b []byte) (any, bool) { var in PutItemInput; return &in, in.decodeFast(b) },
	"GetItem":        func(b []byte) (any, bool) { var in GetItemInput; return &in, in.decodeFast(b) },
	"DeleteItem":     func(b []byte) (any, bool) { var in DeleteItemInput; return &in, in.decodeFast(b) },
	"UpdateItem":     func(b []byte) (any, bool) { var in UpdateItemInput; return &in, in.decodeFast(b) },
	"Query":          func(b []byte) (any, bool) { var in QueryInput; return &in, in.decodeFast(b) },
	"Scan":           func(b []byte) (any, bool) { var in ScanInput; return &in, in.decodeFast(b) },
	"BatchWriteItem": func(b []byte) (any, bool) { var in BatchWriteItemInput; return &in, in.decodeFast(b) },
}

// checkSameDecoding fails when the fast path accepts b and decodes it
// otherwise than encoding/json.
func checkSameDecoding(t *testing.T, action string, b []byte) (fast bool) {
	t.Helper()
	got, ok := viaFastPath[action](b)
	if !ok {
		return false
	}
	want, err := viaEncodingJSON[action](b)
	if err != nil {
		t.Fatalf("%s %q: the fast path accepted what encoding/json refuses: %v", action, b, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s %q:\nfast path     %#v\nencoding/json %#v", action, b, got, want)
	}
	return true
}

func TestRequestDecodersAgreeWithEncodingJSON(t *testing.T) {
	item := `{"pk":{"S":"p#1"},"sk":{"N":"7"},"tags":{"SS":["a","b"]},"ok":{"BOOL":true},"m":{"M":{"x":{"L":[{"NULL":true},{"B":"YQ=="}]}}},"é\n":{"S":"\u00e9\"x"}}`
	key := `{"pk":{"S":"p#1"},"sk":{"N":"7"}}`
	for _, tt := range []struct {
		action, body string
		fast         bool // the fast path takes it
	}{
		{"PutItem", `{"TableName":"t","Item":` + item + `}`, true},
		{"PutItem", ` {"Item":` + item + `, "TableName" : "t" , "ReturnConsumedCapacity":"TOTAL","ReturnValues":"ALL_OLD"} `, true},
		{"PutItem", `{"TableName":"t","Item":` + item + `,"ConditionExpression":"attribute_not_exists(#p) AND :v <> x","ExpressionAttributeNames":{"#p":"pk"},"ExpressionAttributeValues":{":v":{"N":"1"}}}`, true},
		{"PutItem", `{"TableName":"","Item":{},"ConditionExpression":""}`, true},
		{"PutItem", `{"TableName":"t","Item":{"a":{"S":"x"}},"ReturnItemCollectionMetrics":"SIZE","ReturnValuesOnConditionCheckFailure":"ALL_OLD"}`, true},
		{"PutItem", `{"tablename":"t","Item":{}}`, false},                 // another case: encoding/json's
		{"PutItem", `{"TableName":"t","TableName":"u","Item":{}}`, false}, // twice
		{"PutItem", `{"TableName":null,"Item":{}}`, false},                // null
		{"PutItem", `{"TableName":"t","Item":{},"Expected":{}}`, false},   // legacy
		{"PutItem", `{"TableName":"t","Item":{},"Unknown":1}`, false},     // unknown
		{"PutItem", `{"TableName":"t","Item":{"a":{"S":1}}}`, false},      // an error inside the item
		{"PutItem", `{"TableName":"t","Item":{"a":{"S":"x"}}} x`, false},  // trailing bytes
		{"PutItem", `{"TableName":1,"Item":{}}`, false},                   // another kind
		{"PutItem", `{"TableName":"t","Item":[]}`, false},                 // another kind
		{"PutItem", `{"TableName":"t","ExpressionAttributeValues":{":v":null}}`, false},
		{"PutItem", `{"TableName":"t","ExpressionAttributeNames":{"#a":"x","#a":"y"}}`, false},
		{"PutItem", `[]`, false},
		{"GetItem", `{"TableName":"t","Key":` + key + `,"ConsistentRead":true,"ProjectionExpression":"#a, b","ExpressionAttributeNames":{"#a":"a"}}`, true},
		{"GetItem", `{"TableName":"t","Key":` + key + `,"AttributesToGet":["a","b"],"ConsistentRead":false,"ReturnConsumedCapacity":"INDEXES"}`, true},
		{"GetItem", `{"TableName":"t","Key":` + key + `,"AttributesToGet":[]}`, true},
		{"GetItem", `{"TableName":"t","Key":` + key + `,"ConsistentRead":"true"}`, false},
		{"DeleteItem", `{"TableName":"t","Key":` + key + `,"ConditionExpression":"attribute_exists(pk)","ReturnValues":"ALL_OLD"}`, true},
		{"UpdateItem", `{"TableName":"t","Key":` + key + `,"UpdateExpression":"SET #n = :n ADD c :one","ExpressionAttributeNames":{"#n":"name"},"ExpressionAttributeValues":{":n":{"S":"x"},":one":{"N":"1"}},"ReturnValues":"UPDATED_NEW"}`, true},
		{"UpdateItem", `{"TableName":"t","Key":` + key + `,"UpdateExpression":"","ConditionExpression":""}`, true},
		{"UpdateItem", `{"TableName":"t","Key":` + key + `,"AttributeUpdates":{}}`, false},
		{"Query", `{"TableName":"t","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p#1"}}}`, true},
		{"Query", `{"TableName":"t","IndexName":"i","Select":"COUNT","Limit":25,"ConsistentRead":false,"ScanIndexForward":false,"ExclusiveStartKey":` + key + `,"FilterExpression":"x > :x","ProjectionExpression":"a","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p#1"},":x":{"N":"0"}},"ReturnConsumedCapacity":"TOTAL"}`, true},
		{"Query", `{"TableName":"t","Limit":-2147483648,"KeyConditionExpression":""}`, true},
		{"Query", `{"TableName":"t","Limit":2147483648}`, false},
		{"Query", `{"TableName":"t","Limit":1.0}`, false},
		{"Query", `{"TableName":"t","Limit":1e2}`, false},
		{"Query", `{"TableName":"t","Limit":01}`, false},
		{"Query", `{"TableName":"t","KeyConditions":{}}`, false},
		{"Scan", `{"TableName":"t","Segment":0,"TotalSegments":4,"Limit":100,"FilterExpression":"","ConsistentRead":true,"Select":"ALL_ATTRIBUTES","AttributesToGet":["a"]}`, true},
		{"Scan", `{"TableName":"t","ScanFilter":{}}`, false},
		{"BatchWriteItem", `{"RequestItems":{"t":[{"PutRequest":{"Item":` + item + `}},{"DeleteRequest":{"Key":` + key + `}}],"u\u00e9":[]},"ReturnConsumedCapacity":"TOTAL","ReturnItemCollectionMetrics":"SIZE"}`, true},
		{"BatchWriteItem", `{"RequestItems":{"t":[{}, {"PutRequest":{"Item":{}},"DeleteRequest":{"Key":{}}}]}}`, true},
		{"BatchWriteItem", `{"RequestItems":{"t":[{"PutRequest":{}}]}}`, false},
		{"BatchWriteItem", `{"RequestItems":{"t":[{"PutRequest":{"Item":{},"Key":{}}}]}}`, false},
		{"BatchWriteItem", `{"RequestItems":{"t":[{"PutRequest":{"Item":{}},"PutRequest":{"Item":{}}}]}}`, false},
		{"BatchWriteItem", `{"RequestItems":{"t":[],"t":[]}}`, false},
		{"BatchWriteItem", `{"RequestItems":{"t":[null]}}`, false},
	} {
		if got := checkSameDecoding(t, tt.action, []byte(tt.body)); got != tt.fast {
			t.Errorf("%s %s: fast path took it: %v, want %v", tt.action, tt.body, got, tt.fast)
		}
	}
}

// FuzzRequestDecoders: whatever the one-pass decoders accept, encoding/json
// decodes to the same request. Seed corpus: testdata/fuzz/FuzzRequestDecoders.
func FuzzRequestDecoders(f *testing.F) {
	for _, s := range []string{
		`{"TableName":"t","Item":{"pk":{"S":"a"},"n":{"N":"1"}},"ConditionExpression":""}`,
		`{"TableName":"t","Key":{"pk":{"S":"a"}},"ProjectionExpression":"a","AttributesToGet":["x"]}`,
		`{"TableName":"t","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"x"}},"Limit":3}`,
		`{"RequestItems":{"t":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}},{"DeleteRequest":{"Key":{"pk":{"S":"b"}}}}]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for action := range viaFastPath {
			checkSameDecoding(t, action, b)
		}
	})
}
