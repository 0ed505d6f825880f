package remote

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/model"
)

// Vector index shapes between the model and the SDK (service/dynamodb
// v1.74.0 and later).

func toSearchSchema(ss []model.SearchSchemaElement) []types.SearchSchemaElement {
	if ss == nil {
		return nil
	}
	out := make([]types.SearchSchemaElement, len(ss))
	for i, e := range ss {
		out[i] = types.SearchSchemaElement{AttributeName: str(e.AttributeName), SearchSchemaElementType: types.SearchSchemaElementType(e.SearchSchemaElementType)}
	}
	return out
}

func fromSearchSchema(ss []types.SearchSchemaElement) []model.SearchSchemaElement {
	if ss == nil {
		return nil
	}
	out := make([]model.SearchSchemaElement, len(ss))
	for i, e := range ss {
		out[i] = model.SearchSchemaElement{AttributeName: deref(e.AttributeName), SearchSchemaElementType: string(e.SearchSchemaElementType)}
	}
	return out
}

func toVectorAttribute(a *model.VectorAttributeDefinition) *types.VectorAttributeDefinition {
	if a == nil {
		return nil
	}
	return &types.VectorAttributeDefinition{AttributeName: str(a.AttributeName)}
}

func toOptProjection(p *model.Projection) *types.Projection {
	if p == nil {
		return nil
	}
	return toProjection(*p)
}

func toVectorIndexes(vs []model.VectorIndex) []types.VectorIndex {
	if vs == nil {
		return nil
	}
	out := make([]types.VectorIndex, len(vs))
	for i, v := range vs {
		out[i] = types.VectorIndex{IndexName: str(v.IndexName), VectorAttribute: toVectorAttribute(v.VectorAttribute),
			Dimensions: v.Dimensions, DistanceFunction: types.VectorDistanceFunction(v.DistanceFunction),
			Projection: toOptProjection(v.Projection), SearchSchema: toSearchSchema(v.SearchSchema)}
	}
	return out
}

func toVectorIndexUpdates(us []model.VectorIndexUpdate) []types.VectorIndexUpdate {
	if us == nil {
		return nil
	}
	out := make([]types.VectorIndexUpdate, len(us))
	for i, u := range us {
		if c := u.Create; c != nil {
			out[i].Create = &types.CreateVectorIndexAction{IndexName: str(c.IndexName), VectorAttribute: toVectorAttribute(c.VectorAttribute),
				Dimensions: c.Dimensions, DistanceFunction: types.VectorDistanceFunction(c.DistanceFunction),
				Projection: toOptProjection(c.Projection), SearchSchema: toSearchSchema(c.SearchSchema)}
		}
		if d := u.Delete; d != nil {
			out[i].Delete = &types.DeleteVectorIndexAction{IndexName: str(d.IndexName)}
		}
	}
	return out
}

func fromVectorIndexes(vs []types.VectorIndexDescription) []model.VectorIndexDescription {
	if vs == nil {
		return nil
	}
	out := make([]model.VectorIndexDescription, len(vs))
	for i, v := range vs {
		d := model.VectorIndexDescription{IndexName: deref(v.IndexName), Dimensions: aws.ToInt64(v.Dimensions),
			DistanceFunction: string(v.DistanceFunction), SearchSchema: fromSearchSchema(v.SearchSchema),
			Projection: fromProjection(v.Projection), IndexStatus: string(v.IndexStatus), Backfilling: v.Backfilling,
			IndexSizeBytes: aws.ToInt64(v.IndexSizeBytes), ItemCount: aws.ToInt64(v.ItemCount), IndexArn: deref(v.IndexArn)}
		if v.VectorAttribute != nil {
			d.VectorAttribute.AttributeName = deref(v.VectorAttribute.AttributeName)
		}
		out[i] = d
	}
	return out
}

func fromVectorCapacity(c types.VectorCapacity) model.VectorCapacity {
	return model.VectorCapacity{VectorSearchRequestBytes: c.VectorSearchRequestBytes, VectorWriteRequestBytes: c.VectorWriteRequestBytes}
}
