// Package benchitems is the data of the HTTP benchmark programs under
// docs/bench: the same ~300-byte items as the engine's in-process
// benchmarks (engine/bench_test.go), as SDK values for the clients and as
// DynamoDB JSON for the null server's fixed replies.
package benchitems

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/model"
)

// Partition is how many items share a partition key: a Query of one key
// returns this many, in one page.
const Partition = 100

// Groups is the number of distinct GSI keys (gk) of a table of n items: 100
// items per key, as per partition.
func Groups(n int) int { return max(n/Partition, 1) }

var bio = strings.Repeat("lorem ipsum dolor sit amet ", 7)[:172]

// Item is item i of a table of n items (about 300 bytes in DynamoDB's
// size): partition "p#<i/100>", numeric sort key i%100, GSI key gk =
// "g#<i%groups>" with numeric gs = i.
func Item(i, n int) model.Item {
	return model.Item{
		"pk":     model.S(fmt.Sprintf("p#%08d", i/Partition)),
		"sk":     model.N(strconv.Itoa(i % Partition)),
		"gk":     model.S(fmt.Sprintf("g#%06d", i%Groups(n))),
		"gs":     model.N(strconv.Itoa(i)),
		"name":   model.S(fmt.Sprintf("Ada Lovelace %d", i)),
		"email":  model.S(fmt.Sprintf("ada.%d@example.com", i)),
		"city":   model.S("London"),
		"score":  model.N(strconv.Itoa(i * 7 % 1000)),
		"active": model.Bool(i%2 == 0),
		"tags":   model.SS("alpha", "beta", "gamma"),
		"bio":    model.S(bio),
	}
}

// PartitionKey is the partition-key value of partition p.
func PartitionKey(p int) string { return fmt.Sprintf("p#%08d", p) }

// SDKItem is Item(i, n) as the SDK's values.
func SDKItem(i, n int) map[string]types.AttributeValue {
	return sdkItem(Item(i, n))
}

// SDKKey is the primary key of item i.
func SDKKey(i int) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: PartitionKey(i / Partition)},
		"sk": &types.AttributeValueMemberN{Value: strconv.Itoa(i % Partition)},
	}
}

func sdkItem(it model.Item) map[string]types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(it))
	for k, v := range it {
		switch v.Type {
		case model.TypeS:
			out[k] = &types.AttributeValueMemberS{Value: v.S}
		case model.TypeN:
			out[k] = &types.AttributeValueMemberN{Value: v.N}
		case model.TypeBOOL:
			out[k] = &types.AttributeValueMemberBOOL{Value: v.BOOL}
		case model.TypeSS:
			out[k] = &types.AttributeValueMemberSS{Value: v.SS}
		default:
			panic("benchitems: type " + v.Type.String())
		}
	}
	return out
}

// CreateTable is the table of the benchmarks: pk S, sk N, on demand, and
// one GSI (gk S, gs N; projection ALL).
func CreateTable(name string) *dynamodb.CreateTableInput {
	attr := func(n string, t types.ScalarAttributeType) types.AttributeDefinition {
		return types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: t}
	}
	key := func(n string, t types.KeyType) types.KeySchemaElement {
		return types.KeySchemaElement{AttributeName: aws.String(n), KeyType: t}
	}
	return &dynamodb.CreateTableInput{
		TableName: aws.String(name),
		AttributeDefinitions: []types.AttributeDefinition{attr("pk", types.ScalarAttributeTypeS), attr("sk", types.ScalarAttributeTypeN),
			attr("gk", types.ScalarAttributeTypeS), attr("gs", types.ScalarAttributeTypeN)},
		KeySchema:   []types.KeySchemaElement{key("pk", types.KeyTypeHash), key("sk", types.KeyTypeRange)},
		BillingMode: types.BillingModePayPerRequest,
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{
			IndexName:  aws.String("byGroup"),
			KeySchema:  []types.KeySchemaElement{key("gk", types.KeyTypeHash), key("gs", types.KeyTypeRange)},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		}},
	}
}

// Query is the Query of partition p: its 100 items in one page.
func Query(table string, p int) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		TableName:                 aws.String(table),
		KeyConditionExpression:    aws.String("pk = :p"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": &types.AttributeValueMemberS{Value: PartitionKey(p)}},
	}
}

// Replies are the fixed reply bodies of the null server: what DynamoDB
// answers to a PutItem, to a GetItem of an item of a table of n items, and
// to a Query of one partition.
func Replies(n int) map[string][]byte {
	get := append([]byte(`{"Item":`), model.AppendItemJSON(nil, Item(0, n))...)
	get = append(get, '}')
	q := []byte(`{"Items":[`)
	for i := range Partition {
		if i > 0 {
			q = append(q, ',')
		}
		q = model.AppendItemJSON(q, Item(i, n))
	}
	q = append(q, fmt.Sprintf(`],"Count":%d,"ScannedCount":%d}`, Partition, Partition)...)
	return map[string][]byte{"PutItem": []byte("{}"), "GetItem": get, "Query": q, "BatchWriteItem": []byte(`{"UnprocessedItems":{}}`)}
}
