package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// This program sends its request to dynoscope at http://127.0.0.1:8000.
func main() {
	ctx := context.Background()
	// dynoscope takes any keys: a region and dummy keys let this run without an AWS configuration.
	keys := credentials.NewStaticCredentialsProvider("dummy", "dummy", "")
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRegion("us-east-1"), config.WithCredentialsProvider(keys))
	if err != nil {
		log.Fatal(err)
	}
	client := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		o.BaseEndpoint = aws.String("http://127.0.0.1:8000")
	})
	out, err := client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String("Songs"),
		Key: map[string]types.AttributeValue{
			"Id":       &types.AttributeValueMemberS{Value: "1"},
			"Metadata": &types.AttributeValueMemberS{Value: "Details"},
		},
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		log.Fatal(err)
	}
	if out.Item != nil {
		printItem(out.Item)
	}
}

// printItem prints an item as one line of plain JSON: numbers as numbers
// with all their digits, sets as arrays, binary as base64.
func printItem(item map[string]types.AttributeValue) {
	line, err := json.Marshal(plainMap(item))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(line))
}

func plainMap(m map[string]types.AttributeValue) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = plain(v)
	}
	return out
}

func plain(v types.AttributeValue) any {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return v.Value
	case *types.AttributeValueMemberN:
		return json.Number(v.Value)
	case *types.AttributeValueMemberB:
		return v.Value
	case *types.AttributeValueMemberBOOL:
		return v.Value
	case *types.AttributeValueMemberSS:
		return v.Value
	case *types.AttributeValueMemberNS:
		ns := make([]json.Number, len(v.Value))
		for i, n := range v.Value {
			ns[i] = json.Number(n)
		}
		return ns
	case *types.AttributeValueMemberBS:
		return v.Value
	case *types.AttributeValueMemberL:
		l := make([]any, len(v.Value))
		for i, e := range v.Value {
			l[i] = plain(e)
		}
		return l
	case *types.AttributeValueMemberM:
		return plainMap(v.Value)
	}
	return nil // NULL
}
