package model

import (
	"strings"
	"testing"
)

// benchRequests are request bodies as SDKs send them, one per one-pass
// decoder.
var benchRequests = func() []struct {
	action string
	body   []byte
} {
	item := `{"pk":{"S":"user#000042"},"sk":{"S":"order#2024-06-01#0007"},"status":{"S":"SHIPPED"},"total":{"N":"129.95"},"items":{"N":"3"},"tags":{"SS":["gift","express"]},"address":{"M":{"city":{"S":"Lyon"},"zip":{"S":"69001"}}},"paid":{"BOOL":true}}`
	key := `{"pk":{"S":"user#000042"},"sk":{"S":"order#2024-06-01#0007"}}`
	batch := make([]string, 25)
	for i := range batch {
		batch[i] = `{"PutRequest":{"Item":` + item + `}}`
	}
	return []struct {
		action string
		body   []byte
	}{
		{"PutItem", []byte(`{"TableName":"orders","Item":` + item + `,"ConditionExpression":"attribute_not_exists(#pk)","ExpressionAttributeNames":{"#pk":"pk"},"ReturnConsumedCapacity":"TOTAL"}`)},
		{"GetItem", []byte(`{"TableName":"orders","Key":` + key + `,"ConsistentRead":true,"ReturnConsumedCapacity":"TOTAL"}`)},
		{"DeleteItem", []byte(`{"TableName":"orders","Key":` + key + `,"ReturnValues":"ALL_OLD"}`)},
		{"UpdateItem", []byte(`{"TableName":"orders","Key":` + key + `,"UpdateExpression":"SET #s = :s ADD #n :one","ConditionExpression":"attribute_exists(pk)","ExpressionAttributeNames":{"#s":"status","#n":"items"},"ExpressionAttributeValues":{":s":{"S":"DELIVERED"},":one":{"N":"1"}},"ReturnValues":"UPDATED_NEW","ReturnConsumedCapacity":"TOTAL"}`)},
		{"Query", []byte(`{"TableName":"orders","IndexName":"by-status","KeyConditionExpression":"pk = :p AND begins_with(sk, :o)","FilterExpression":"#t > :min","ExpressionAttributeNames":{"#t":"total"},"ExpressionAttributeValues":{":p":{"S":"user#000042"},":o":{"S":"order#"},":min":{"N":"100"}},"Limit":25,"ScanIndexForward":false,"ExclusiveStartKey":` + key + `,"ReturnConsumedCapacity":"TOTAL"}`)},
		{"Scan", []byte(`{"TableName":"orders","Segment":1,"TotalSegments":4,"Limit":100,"FilterExpression":"#s = :s","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":s":{"S":"SHIPPED"}},"ConsistentRead":false}`)},
		{"BatchWriteItem", []byte(`{"RequestItems":{"orders":[` + strings.Join(batch, ",") + `]},"ReturnConsumedCapacity":"TOTAL"}`)},
	}
}()

// BenchmarkRequestDecoders measures each one-pass request decoder on a body
// it takes.
func BenchmarkRequestDecoders(b *testing.B) {
	for _, r := range benchRequests {
		b.Run(r.action, func(b *testing.B) {
			decode := viaFastPath[r.action]
			b.SetBytes(int64(len(r.body)))
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := decode(r.body); !ok {
					b.Fatal("the fast path gave up")
				}
			}
		})
	}
}
