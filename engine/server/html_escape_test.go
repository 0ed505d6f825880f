package server_test

// < > & in items go on the wire as they are in every reply, as DynamoDB
// writes them: no reply escapes them as \u003c, \u003e, \u0026 (which
// encoding/json's Marshal does). The SDK decodes both forms alike, so the
// replies are read raw.

import (
	"net/http"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
)

func TestRepliesDoNotEscapeHTML(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	_, err := srv.c.CreateTable(bg, &dynamodb.CreateTableInput{TableName: aws.String("html"), BillingMode: types.BillingModePayPerRequest,
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = srv.c.PutItem(bg, &dynamodb.PutItemInput{TableName: aws.String("html"), Item: map[string]types.AttributeValue{
		"pk": sv("<&>"), "v": sv("a<b>&c"), "<m>": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"&": sv(">")}}}})
	if err != nil {
		t.Fatal(err)
	}
	const item = `{"<m>":{"M":{"&":{"S":">"}}},"pk":{"S":"<&>"},"v":{"S":"a<b>&c"}}`
	const key = `{"pk":{"S":"<&>"}}`
	tests := []struct{ action, body, want string }{
		{"GetItem", `{"TableName":"html","Key":` + key + `}`, `{"Item":` + item + `}`},
		{"Query", `{"TableName":"html","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"<&>"}}}`,
			`{"Items":[` + item + `],"Count":1,"ScannedCount":1}`},
		{"Scan", `{"TableName":"html"}`, `{"Items":[` + item + `],"Count":1,"ScannedCount":1}`},
		{"BatchGetItem", `{"RequestItems":{"html":{"Keys":[` + key + `]}}}`,
			`{"Responses":{"html":[` + item + `]},"UnprocessedKeys":{}}`},
		{"TransactGetItems", `{"TransactItems":[{"Get":{"TableName":"html","Key":` + key + `}}]}`,
			`{"Responses":[{"Item":` + item + `}]}`},
		{"ExecuteStatement", `{"Statement":"SELECT * FROM html WHERE pk = '<&>'"}`, `{"Items":[` + item + `]}`},
		{"BatchExecuteStatement", `{"Statements":[{"Statement":"SELECT * FROM html WHERE pk = '<&>'"}]}`,
			`{"Responses":[{"TableName":"html","Item":` + item + `}]}`},
		{"ExecuteTransaction", `{"TransactStatements":[{"Statement":"SELECT * FROM html WHERE pk = '<&>'"}]}`,
			`{"Responses":[{"Item":` + item + `}]}`},
		{"PutItem", `{"TableName":"html","Item":` + item + `,"ReturnValues":"ALL_OLD"}`, `{"Attributes":` + item + `}`},
	}
	for _, tt := range tests {
		t.Run(tt.action, func(t *testing.T) {
			status, body := postRaw(t, srv.url, target(tt.action), []byte(tt.body))
			if status != http.StatusOK || body != tt.want {
				t.Errorf("%s:\n got  %d %s\n want 200 %s", tt.action, status, body, tt.want)
			}
		})
	}
}
