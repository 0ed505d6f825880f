package remote

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/model"
)

// Table shapes between the model and the SDK. The model's JSON tags say
// which members DynamoDB's wire form always carries (no omitempty: sent
// even when empty, so the service answers for a missing value) and which
// only when set; the conversions follow them.

// str sends a member the model always sends.
func str(s string) *string { return aws.String(s) }

// optStr sends a member the model sends only when set.
func optStr(s string) *string {
	if s == "" {
		return nil
	}
	return aws.String(s)
}

// named is a request that knows whether it carried TableName as "".
type named interface{ EmptyTableName() bool }

// tableName sends TableName: set, or "" when the request carried it so (a
// length error), else absent (the null error), as the model tells them.
func tableName(name string, in named) *string {
	if name != "" || in.EmptyTableName() {
		return &name
	}
	return nil
}

// deref reads an optional string.
func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// epochOf converts an SDK time to the model's epoch seconds (millisecond
// precision, as DynamoDB gives them).
func epochOf(t *time.Time) float64 {
	if t == nil {
		return 0
	}
	return float64(t.UnixMilli()) / 1000
}

// optEpochOf converts an optional SDK time.
func optEpochOf(t *time.Time) *float64 {
	if t == nil {
		return nil
	}
	f := epochOf(t)
	return &f
}

func toAttributeDefinitions(ads []model.AttributeDefinition) []types.AttributeDefinition {
	if ads == nil {
		return nil
	}
	out := make([]types.AttributeDefinition, len(ads))
	for i, ad := range ads {
		// An empty name goes out as "" only when the request carried it so;
		// otherwise it was left out (null). The type is an enum: the SDK
		// leaves an empty one out, so "" cannot be told from null on the wire.
		out[i] = types.AttributeDefinition{AttributeType: types.ScalarAttributeType(ad.AttributeType)}
		if ad.AttributeName != "" || ad.EmptyName() {
			out[i].AttributeName = aws.String(ad.AttributeName)
		}
	}
	return out
}

func fromAttributeDefinitions(ads []types.AttributeDefinition) []model.AttributeDefinition {
	if ads == nil {
		return nil
	}
	out := make([]model.AttributeDefinition, len(ads))
	for i, ad := range ads {
		out[i] = model.AttributeDefinition{AttributeName: deref(ad.AttributeName), AttributeType: string(ad.AttributeType)}
	}
	return out
}

func toKeySchema(ks []model.KeySchemaElement) []types.KeySchemaElement {
	if ks == nil {
		return nil
	}
	out := make([]types.KeySchemaElement, len(ks))
	for i, k := range ks {
		out[i] = types.KeySchemaElement{AttributeName: str(k.AttributeName), KeyType: types.KeyType(k.KeyType)}
	}
	return out
}

func fromKeySchema(ks []types.KeySchemaElement) []model.KeySchemaElement {
	if ks == nil {
		return nil
	}
	out := make([]model.KeySchemaElement, len(ks))
	for i, k := range ks {
		out[i] = model.KeySchemaElement{AttributeName: deref(k.AttributeName), KeyType: string(k.KeyType)}
	}
	return out
}

func toProjection(p model.Projection) *types.Projection {
	return &types.Projection{ProjectionType: types.ProjectionType(p.ProjectionType), NonKeyAttributes: p.NonKeyAttributes}
}

func fromProjection(p *types.Projection) model.Projection {
	if p == nil {
		return model.Projection{}
	}
	return model.Projection{ProjectionType: string(p.ProjectionType), NonKeyAttributes: p.NonKeyAttributes}
}

func toThroughput(pt *model.ProvisionedThroughput) *types.ProvisionedThroughput {
	if pt == nil {
		return nil
	}
	return &types.ProvisionedThroughput{ReadCapacityUnits: pt.ReadCapacityUnits, WriteCapacityUnits: pt.WriteCapacityUnits}
}

func fromThroughputDescription(pt *types.ProvisionedThroughputDescription) *model.ProvisionedThroughputDescription {
	if pt == nil {
		return nil
	}
	return &model.ProvisionedThroughputDescription{
		ReadCapacityUnits:      aws.ToInt64(pt.ReadCapacityUnits),
		WriteCapacityUnits:     aws.ToInt64(pt.WriteCapacityUnits),
		NumberOfDecreasesToday: aws.ToInt64(pt.NumberOfDecreasesToday),
		LastIncreaseDateTime:   optEpochOf(pt.LastIncreaseDateTime),
		LastDecreaseDateTime:   optEpochOf(pt.LastDecreaseDateTime),
	}
}

func toLSIs(ls []model.LocalSecondaryIndex) []types.LocalSecondaryIndex {
	if ls == nil {
		return nil
	}
	out := make([]types.LocalSecondaryIndex, len(ls))
	for i, l := range ls {
		out[i] = types.LocalSecondaryIndex{IndexName: str(l.IndexName), KeySchema: toKeySchema(l.KeySchema), Projection: toProjection(l.Projection)}
	}
	return out
}

func toGSIs(gs []model.GlobalSecondaryIndex) []types.GlobalSecondaryIndex {
	if gs == nil {
		return nil
	}
	out := make([]types.GlobalSecondaryIndex, len(gs))
	for i, g := range gs {
		out[i] = types.GlobalSecondaryIndex{IndexName: str(g.IndexName), KeySchema: toKeySchema(g.KeySchema),
			Projection: toProjection(g.Projection), ProvisionedThroughput: toThroughput(g.ProvisionedThroughput),
			OnDemandThroughput: toOnDemand(g.OnDemandThroughput), WarmThroughput: toWarm(g.WarmThroughput)}
	}
	return out
}

func toGSIUpdates(us []model.GlobalSecondaryIndexUpdate) []types.GlobalSecondaryIndexUpdate {
	if us == nil {
		return nil
	}
	out := make([]types.GlobalSecondaryIndexUpdate, len(us))
	for i, u := range us {
		if c := u.Create; c != nil {
			out[i].Create = &types.CreateGlobalSecondaryIndexAction{IndexName: str(c.IndexName), KeySchema: toKeySchema(c.KeySchema),
				Projection: toProjection(c.Projection), ProvisionedThroughput: toThroughput(c.ProvisionedThroughput),
				OnDemandThroughput: toOnDemand(c.OnDemandThroughput), WarmThroughput: toWarm(c.WarmThroughput)}
		}
		if up := u.Update; up != nil {
			out[i].Update = &types.UpdateGlobalSecondaryIndexAction{IndexName: str(up.IndexName), ProvisionedThroughput: toThroughput(up.ProvisionedThroughput),
				OnDemandThroughput: toOnDemand(up.OnDemandThroughput), WarmThroughput: toWarm(up.WarmThroughput)}
		}
		if d := u.Delete; d != nil {
			out[i].Delete = &types.DeleteGlobalSecondaryIndexAction{IndexName: str(d.IndexName)}
		}
	}
	return out
}

func toStreamSpecification(s *model.StreamSpecification) *types.StreamSpecification {
	if s == nil {
		return nil
	}
	return &types.StreamSpecification{StreamEnabled: aws.Bool(s.StreamEnabled), StreamViewType: types.StreamViewType(s.StreamViewType)}
}

func fromStreamSpecification(s *types.StreamSpecification) *model.StreamSpecification {
	if s == nil {
		return nil
	}
	return &model.StreamSpecification{StreamEnabled: aws.ToBool(s.StreamEnabled), StreamViewType: string(s.StreamViewType)}
}

// fromTableDescription converts a table description: every member the
// model has.
func fromTableDescription(d *types.TableDescription) *model.TableDescription {
	if d == nil {
		return nil
	}
	out := &model.TableDescription{
		AttributeDefinitions:      fromAttributeDefinitions(d.AttributeDefinitions),
		TableName:                 deref(d.TableName),
		KeySchema:                 fromKeySchema(d.KeySchema),
		TableStatus:               string(d.TableStatus),
		CreationDateTime:          epochOf(d.CreationDateTime),
		ProvisionedThroughput:     fromThroughputDescription(d.ProvisionedThroughput),
		TableSizeBytes:            aws.ToInt64(d.TableSizeBytes),
		ItemCount:                 aws.ToInt64(d.ItemCount),
		TableArn:                  deref(d.TableArn),
		TableId:                   deref(d.TableId),
		StreamSpecification:       fromStreamSpecification(d.StreamSpecification),
		LatestStreamLabel:         deref(d.LatestStreamLabel),
		LatestStreamArn:           deref(d.LatestStreamArn),
		DeletionProtectionEnabled: aws.ToBool(d.DeletionProtectionEnabled),
		OnDemandThroughput:        fromOnDemand(d.OnDemandThroughput),
		WarmThroughput:            fromTableWarm(d.WarmThroughput),
	}
	if b := d.BillingModeSummary; b != nil {
		out.BillingModeSummary = &model.BillingModeSummary{BillingMode: string(b.BillingMode),
			LastUpdateToPayPerRequestDateTime: optEpochOf(b.LastUpdateToPayPerRequestDateTime)}
	}
	if c := d.TableClassSummary; c != nil {
		out.TableClassSummary = &model.TableClassSummary{TableClass: string(c.TableClass)}
	}
	for _, l := range d.LocalSecondaryIndexes {
		out.LocalSecondaryIndexes = append(out.LocalSecondaryIndexes, model.LocalSecondaryIndexDescription{
			IndexName: deref(l.IndexName), KeySchema: fromKeySchema(l.KeySchema), Projection: fromProjection(l.Projection),
			IndexSizeBytes: aws.ToInt64(l.IndexSizeBytes), ItemCount: aws.ToInt64(l.ItemCount), IndexArn: deref(l.IndexArn),
		})
	}
	for _, g := range d.GlobalSecondaryIndexes {
		out.GlobalSecondaryIndexes = append(out.GlobalSecondaryIndexes, model.GlobalSecondaryIndexDescription{
			IndexName: deref(g.IndexName), KeySchema: fromKeySchema(g.KeySchema), Projection: fromProjection(g.Projection),
			IndexStatus: string(g.IndexStatus), Backfilling: g.Backfilling,
			ProvisionedThroughput: fromThroughputDescription(g.ProvisionedThroughput),
			IndexSizeBytes:        aws.ToInt64(g.IndexSizeBytes), ItemCount: aws.ToInt64(g.ItemCount), IndexArn: deref(g.IndexArn),
			OnDemandThroughput: fromOnDemand(g.OnDemandThroughput), WarmThroughput: fromIndexWarm(g.WarmThroughput),
		})
	}
	out.VectorIndexes = fromVectorIndexes(d.VectorIndexes)
	return out
}

// fromCapacityPart converts the units one table or index consumed.
func fromCapacityPart(c types.Capacity) model.Capacity {
	return model.Capacity{CapacityUnits: model.Units(aws.ToFloat64(c.CapacityUnits)),
		ReadCapacityUnits: optUnits(c.ReadCapacityUnits), WriteCapacityUnits: optUnits(c.WriteCapacityUnits)}
}

func optUnits(f *float64) *model.Units {
	if f == nil {
		return nil
	}
	u := model.Units(*f)
	return &u
}

// fromCapacity converts a ConsumedCapacity, with its table and index parts
// (ReturnConsumedCapacity INDEXES).
func fromCapacity(c *types.ConsumedCapacity) *model.ConsumedCapacity {
	if c == nil {
		return nil
	}
	out := &model.ConsumedCapacity{TableName: deref(c.TableName), CapacityUnits: model.Units(aws.ToFloat64(c.CapacityUnits)),
		ReadCapacityUnits: optUnits(c.ReadCapacityUnits), WriteCapacityUnits: optUnits(c.WriteCapacityUnits)}
	if c.Table != nil {
		t := fromCapacityPart(*c.Table)
		out.Table = &t
	}
	if c.LocalSecondaryIndexes != nil {
		out.LocalSecondaryIndexes = make(map[string]model.Capacity, len(c.LocalSecondaryIndexes))
		for k, v := range c.LocalSecondaryIndexes {
			out.LocalSecondaryIndexes[k] = fromCapacityPart(v)
		}
	}
	if c.GlobalSecondaryIndexes != nil {
		out.GlobalSecondaryIndexes = make(map[string]model.Capacity, len(c.GlobalSecondaryIndexes))
		for k, v := range c.GlobalSecondaryIndexes {
			out.GlobalSecondaryIndexes[k] = fromCapacityPart(v)
		}
	}
	if c.VectorIndexes != nil {
		out.VectorIndexes = make(map[string]model.VectorCapacity, len(c.VectorIndexes))
		for k, v := range c.VectorIndexes {
			out.VectorIndexes[k] = fromVectorCapacity(v)
		}
	}
	return out
}

// fromCapacities converts the per-table list of batch actions.
func fromCapacities(cs []types.ConsumedCapacity) []model.ConsumedCapacity {
	if cs == nil {
		return nil
	}
	out := make([]model.ConsumedCapacity, len(cs))
	for i := range cs {
		out[i] = *fromCapacity(&cs[i])
	}
	return out
}

// fromCollectionMetrics converts ItemCollectionMetrics.
func fromCollectionMetrics(m *types.ItemCollectionMetrics) (*model.ItemCollectionMetrics, error) {
	if m == nil {
		return nil, nil
	}
	key, err := fromItem(m.ItemCollectionKey)
	if err != nil {
		return nil, err
	}
	return &model.ItemCollectionMetrics{ItemCollectionKey: key, SizeEstimateRangeGB: m.SizeEstimateRangeGB}, nil
}

// fromCollectionMetricsMap converts per-table ItemCollectionMetrics.
func fromCollectionMetricsMap(m map[string][]types.ItemCollectionMetrics) (map[string][]model.ItemCollectionMetrics, error) {
	if m == nil {
		return nil, nil
	}
	out := make(map[string][]model.ItemCollectionMetrics, len(m))
	for t, ms := range m {
		list := make([]model.ItemCollectionMetrics, 0, len(ms))
		for i := range ms {
			cm, err := fromCollectionMetrics(&ms[i])
			if err != nil {
				return nil, err
			}
			list = append(list, *cm)
		}
		out[t] = list
	}
	return out, nil
}
