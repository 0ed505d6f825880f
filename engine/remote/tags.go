package remote

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
)

// Tags on tables: TagResource and UntagResource write (refused when
// read-only), ListTagsOfResource reads. DynamoDB tells a missing Key or
// Value from an empty one; the model says which a request had.

func toTags(tags []model.Tag) []types.Tag {
	if tags == nil {
		return nil
	}
	out := make([]types.Tag, len(tags))
	for i, t := range tags {
		if t.HasKey() {
			out[i].Key = str(t.Key)
		}
		if t.HasValue() {
			out[i].Value = str(t.Value)
		}
	}
	return out
}

// TagResource adds or replaces tags of a table (refused when read-only).
func (b *Backend) TagResource(ctx context.Context, in *model.TagResourceInput) (*model.TagResourceOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	if _, err := b.ddb.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: in.ResourceArn, Tags: toTags(in.Tags)}); err != nil {
		return nil, b.asError(err)
	}
	return &model.TagResourceOutput{}, nil
}

// UntagResource removes tags of a table (refused when read-only).
func (b *Backend) UntagResource(ctx context.Context, in *model.UntagResourceInput) (*model.UntagResourceOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	if _, err := b.ddb.UntagResource(ctx, &dynamodb.UntagResourceInput{ResourceArn: in.ResourceArn, TagKeys: in.TagKeys}); err != nil {
		return nil, b.asError(err)
	}
	return &model.UntagResourceOutput{}, nil
}

// ListTagsOfResource lists one page of a table's tags.
func (b *Backend) ListTagsOfResource(ctx context.Context, in *model.ListTagsOfResourceInput) (*model.ListTagsOfResourceOutput, error) {
	out, err := b.ddb.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: in.ResourceArn, NextToken: optStr(in.NextToken)})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.ListTagsOfResourceOutput{Tags: []model.Tag{}, NextToken: deref(out.NextToken)}
	for _, t := range out.Tags {
		res.Tags = append(res.Tags, model.Tag{Key: deref(t.Key), Value: deref(t.Value)})
	}
	return res, nil
}

// ListAllTags reads every page of a table's tags (the ARN is the table's
// TableArn).
func ListAllTags(ctx context.Context, api interface {
	ListTagsOfResource(context.Context, *model.ListTagsOfResourceInput) (*model.ListTagsOfResourceOutput, error)
}, arn string) ([]model.Tag, error) {
	return remoteapi.ListAllTags(ctx, api, arn)
}
