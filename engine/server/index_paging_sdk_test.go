package server_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// TestSDKPaginatorOverEveryIndexShape is issue 24 §1 through the endpoint:
// the Go SDK's Query paginator, two items a page, reads every index shape
// to the end — a hash-only GSI whose items all share one key, a hash+range
// GSI and an LSI with "=" on their sort key, a multi-attribute GSI — and
// returns what one Query returns. Before the fix the second page was
// refused with "The query can return at most one row and cannot be
// restarted". A table Query that can return one row at most ends after
// its first page, with no LastEvaluatedKey to restart from.
func TestSDKPaginatorOverEveryIndexShape(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	s := func(name string) types.AttributeDefinition { return keyDef(name, types.ScalarAttributeTypeS) }
	all := &types.Projection{ProjectionType: types.ProjectionTypeAll}
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: aws.String("Tab"), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{s("pk"), s("sk"), s("g"), s("g2"), s("gs"), s("ls")},
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash), keyElem("sk", types.KeyTypeRange)},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{
			{IndexName: aws.String("Gix"), KeySchema: []types.KeySchemaElement{keyElem("g", types.KeyTypeHash)}, Projection: all},
			{IndexName: aws.String("GixRange"), KeySchema: []types.KeySchemaElement{keyElem("g", types.KeyTypeHash), keyElem("gs", types.KeyTypeRange)}, Projection: all},
			{IndexName: aws.String("GixMulti"), KeySchema: []types.KeySchemaElement{
				keyElem("g", types.KeyTypeHash), keyElem("g2", types.KeyTypeHash), keyElem("gs", types.KeyTypeRange)}, Projection: all},
		},
		LocalSecondaryIndexes: []types.LocalSecondaryIndex{
			{IndexName: aws.String("Lix"), KeySchema: []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash), keyElem("ls", types.KeyTypeRange)}, Projection: all},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	var items []sdkItem
	for i := 0; i < 7; i++ {
		items = append(items, sdkItem{"pk": avS("p"), "sk": avS(fmt.Sprintf("s%d", i)),
			"g": avS("same"), "g2": avS("x"), "gs": avS("same"), "ls": avS("same")})
	}
	sdkPutAll(t, c, "Tab", items)

	cases := []struct {
		name, index, keyCond string
		values               sdkItem
		want                 []string // sk of the items, in order
	}{
		{"hash-only GSI", "Gix", "g = :v", sdkItem{":v": avS("same")}, nil},
		{"hash+range GSI, = on its sort key", "GixRange", "g = :v AND gs = :v", sdkItem{":v": avS("same")}, nil},
		{"multi-attribute GSI, = on its sort key", "GixMulti", "g = :v AND g2 = :x AND gs = :v", sdkItem{":v": avS("same"), ":x": avS("x")}, nil},
		{"LSI, = on its sort key", "Lix", "pk = :p AND ls = :v", sdkItem{":p": avS("p"), ":v": avS("same")}, nil},
		{"table, = on its sort key", "", "pk = :p AND sk = :s", sdkItem{":p": avS("p"), ":s": avS("s3")}, []string{"s3"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := &dynamodb.QueryInput{TableName: aws.String("Tab"), KeyConditionExpression: aws.String(tc.keyCond),
				ExpressionAttributeValues: tc.values, Limit: aws.Int32(2)}
			if tc.index != "" {
				in.IndexName = aws.String(tc.index)
			}
			whole := *in
			whole.Limit = nil
			one, err := c.Query(ctx, &whole)
			if err != nil {
				t.Fatal(err)
			}
			want := attrTexts(one.Items, "sk")
			if tc.want != nil && !slices.Equal(want, tc.want) {
				t.Fatalf("one Query: %v, want %v", want, tc.want)
			}
			if tc.want == nil && len(want) != 7 {
				t.Fatalf("one Query: %d items, want 7", len(want))
			}
			var got []string
			pages := 0
			p := dynamodb.NewQueryPaginator(c, in)
			for p.HasMorePages() {
				out, err := p.NextPage(ctx)
				if err != nil {
					t.Fatalf("page %d: %v", pages+1, err)
				}
				pages++
				got = append(got, attrTexts(out.Items, "sk")...)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("paginator read %v in %d pages, one Query %v", got, pages, want)
			}
		})
	}
}
