package remote

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/model"
)

// SearchVectors searches a vector index of the real table (the SDK sends it
// to DynamoDB's vector-search endpoint).
func (b *Backend) SearchVectors(ctx context.Context, in *model.SearchVectorsInput) (*model.SearchVectorsOutput, error) {
	vals, err := toValues(in.ExpressionAttributeValues)
	if err != nil {
		return nil, err
	}
	var sv []types.AttributeValue
	if in.SearchVector != nil {
		sv = make([]types.AttributeValue, len(in.SearchVector))
		for i, v := range in.SearchVector {
			if sv[i], err = toValue(v); err != nil {
				return nil, err
			}
		}
	}
	var topK *int32
	if in.TopK != nil {
		topK = aws.Int32(int32(*in.TopK))
	}
	out, err := b.ddb.SearchVectors(ctx, &dynamodb.SearchVectorsInput{
		TableName:                 tableName(in.TableName, in),
		IndexName:                 in.IndexName,
		SearchVector:              sv,
		TopK:                      topK,
		SearchConditionExpression: in.SearchConditionExpression,
		ProjectionExpression:      optStr(in.ProjectionExpression),
		ExpressionAttributeNames:  in.ExpressionAttributeNames,
		ExpressionAttributeValues: vals,
		ReturnConsumedCapacity:    types.ReturnConsumedCapacity(in.ReturnConsumedCapacity),
	})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.SearchVectorsOutput{SearchResults: make([]model.SearchResultItem, 0, len(out.SearchResults))}
	for _, r := range out.SearchResults {
		item, err := fromItem(r.Item)
		if err != nil {
			return nil, err
		}
		res.SearchResults = append(res.SearchResults, model.SearchResultItem{Item: item, Score: r.Score})
	}
	if out.ConsumedCapacity != nil {
		c := fromVectorCapacity(*out.ConsumedCapacity)
		res.ConsumedCapacity = &c
	}
	return res, nil
}
