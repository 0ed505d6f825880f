package model

import (
	"encoding/json"
	"errors"
	"testing"
)

// The fuzz targets check the request decoders of AttributeValue and Item:
// no input panics; a refusal is a SerializationException or a
// ValidationException; text that is not well-formed Unicode is always
// refused (never stored with U+FFFD in its place); and whatever is accepted
// and normalised encodes back to JSON that decodes to an equal value. Seed
// corpora live in testdata/fuzz/<FuzzName>/.

// fuzzSeeds are request fragments: every type, escapes, nesting, and the
// shapes DynamoDB refuses.
var fuzzSeeds = []string{
	`{"pk":{"S":"a"},"n":{"N":"-1.5e3"},"b":{"B":"Yg=="},"t":{"BOOL":true},"z":{"NULL":true}}`,
	`{"ss":{"SS":["a","b"]},"ns":{"NS":["1","2.50"]},"bs":{"BS":["Yg==","YQ=="]}}`,
	`{"l":{"L":[{"S":"x"},{"M":{"k":{"N":"1"}}},{"L":[]}]},"m":{"M":{}}}`,
	`{"e":{"S":"\u00e9\ud83d\ude00\n\"\\\/"}}`,
	`{"bad":{"S":"\ud800"}}`,
	"{\"bad\":{\"S\":\"\xff\"}}",
	`{"x":{"S":1}}`,
	`{"x":{"NS":["1","1.0"]}}`,
	`{"x":{"S":"a","N":"1"}}`,
	`{"x":{"M":{"n":{"M":{"n":{"M":{"n":{"S":"deep"}}}}}}}}`,
	`{"x":{}}`,
	`{"":{"S":"empty name"}}`,
	`null`,
	`{"x":{"B":"Yh=="}}`,
	`{"x":{"N":"1e126"}}`,
}

func checkDecodeErr(t *testing.T, err error) {
	t.Helper()
	var me *Error
	if !errors.As(err, &me) || (me.Code != ErrSerialization && me.Code != ErrValidation) {
		t.Fatalf("decode error %T %v, want a SerializationException or ValidationException", err, err)
	}
}

func FuzzItemJSON(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var it Item
		err := it.UnmarshalJSON(data)
		if err != nil {
			checkDecodeErr(t, err)
			return
		}
		if !ValidJSONText(data) {
			t.Fatalf("accepted text that is not well-formed Unicode: %q", data)
		}
		// Through encoding/json, as the server decodes a request member.
		var viaJSON Item
		if err := json.Unmarshal(data, &viaJSON); err != nil {
			t.Fatalf("UnmarshalJSON accepted what json.Unmarshal refuses: %v", err)
		}
		if it == nil {
			return // null
		}
		if nerr := NormalizeItem(it); nerr != nil {
			checkDecodeErr(t, nerr)
			return
		}
		CheckItemNesting(it)
		ItemSize(it)
		enc := AppendItemJSON(nil, it)
		var back Item
		if err := back.UnmarshalJSON(enc); err != nil {
			t.Fatalf("re-decoding %s: %v", enc, err)
		}
		if nerr := NormalizeItem(back); nerr != nil {
			t.Fatalf("re-normalising %s: %v", enc, nerr)
		}
		if !ItemsEqual(it, back) {
			t.Fatalf("round trip changed the item:\n%s\n%s", enc, AppendItemJSON(nil, back))
		}
	})
}

// requestInputs makes one of each action input the server decodes.
var requestInputs = []func() any{
	func() any { return new(CreateTableInput) }, func() any { return new(DescribeTableInput) },
	func() any { return new(ListTablesInput) }, func() any { return new(DeleteTableInput) },
	func() any { return new(UpdateTableInput) }, func() any { return new(PutItemInput) },
	func() any { return new(GetItemInput) }, func() any { return new(DeleteItemInput) },
	func() any { return new(UpdateItemInput) }, func() any { return new(QueryInput) },
	func() any { return new(ScanInput) }, func() any { return new(BatchGetItemInput) },
	func() any { return new(BatchWriteItemInput) }, func() any { return new(UpdateTimeToLiveInput) },
	func() any { return new(DescribeTimeToLiveInput) }, func() any { return new(ListStreamsInput) },
	func() any { return new(DescribeStreamInput) }, func() any { return new(GetShardIteratorInput) },
	func() any { return new(GetRecordsInput) }, func() any { return new(TagResourceInput) },
	func() any { return new(UntagResourceInput) }, func() any { return new(ListTagsOfResourceInput) },
	func() any { return new(TransactWriteItemsInput) }, func() any { return new(TransactGetItemsInput) },
	func() any { return new(ExecuteStatementInput) }, func() any { return new(BatchExecuteStatementInput) },
	func() any { return new(ExecuteTransactionInput) },
	func() any { return new(UpdateContinuousBackupsInput) }, func() any { return new(DescribeContinuousBackupsInput) },
	func() any { return new(RestoreTableToPointInTimeInput) }, func() any { return new(CreateBackupInput) },
	func() any { return new(DescribeBackupInput) }, func() any { return new(DeleteBackupInput) },
	func() any { return new(ListBackupsInput) }, func() any { return new(RestoreTableFromBackupInput) },
	func() any { return new(SearchVectorsInput) },
}

// requestSeeds are FuzzRequestJSON's seeds: bodies of several actions,
// and members of the wrong kind.
var requestSeeds = []string{
	`{"TableName":"t","Item":{"pk":{"S":"a"},"m":{"M":{"x":{"L":[{"N":"1"}]}}}},"ConditionExpression":"attribute_not_exists(pk)"}`,
	`{"TableName":"t","Key":{"pk":{"S":"a"}},"UpdateExpression":"SET #n = :v","ExpressionAttributeNames":{"#n":"n"},"ExpressionAttributeValues":{":v":{"NS":["1"]}}}`,
	`{"RequestItems":{"t":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}},{"DeleteRequest":{"Key":{"pk":{"S":"b"}}}}]}}`,
	`{"RequestItems":{"t":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"pk"}}}`,
	`{"TableName":"t","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"}`,
	`{"TableName":"t","ExclusiveStartKey":{"pk":{"S":"a"}},"Limit":10,"Segment":0,"TotalSegments":2}`,
	`{"StreamArn":"arn:aws:dynamodb:us-east-1:000000000000:table/t/stream/2026-01-01T00:00:00.000","ShardId":"shardId-00000000000000000000-00000000","ShardIteratorType":"TRIM_HORIZON"}`,
	`{"ShardIterator":"x","Limit":1000}`,
	`{"TableName":"t","Item":{"pk":{"S":"\ud800"}}}`,
	`{"TableName":1,"Item":[],"Limit":"x"}`,
}

// FuzzRequestJSON decodes any body into every action input, as the server
// does (encoding/json with the AttributeValue and Item decoders inside):
// nothing panics, and a decoder's own refusal is a *Error.
func FuzzRequestJSON(f *testing.F) {
	for _, s := range requestSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, mk := range requestInputs {
			in := mk()
			err := json.Unmarshal(data, in)
			var me *Error
			if err != nil && errors.As(err, &me) && me.Code != ErrSerialization && me.Code != ErrValidation {
				t.Fatalf("%T: decoder error %v", in, me)
			}
		}
	})
}
