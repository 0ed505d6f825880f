package remote

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/model"
)

// The control-plane actions: tables and their time to live.

// CreateTable creates a table (refused when read-only).
func (b *Backend) CreateTable(ctx context.Context, in *model.CreateTableInput) (*model.CreateTableOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	out, err := b.ddb.CreateTable(ctx, &dynamodb.CreateTableInput{
		AttributeDefinitions:               toAttributeDefinitions(in.AttributeDefinitions),
		TableName:                          tableName(in.TableName, in),
		KeySchema:                          toKeySchema(in.KeySchema),
		LocalSecondaryIndexes:              toLSIs(in.LocalSecondaryIndexes),
		GlobalSecondaryIndexes:             toGSIs(in.GlobalSecondaryIndexes),
		BillingMode:                        types.BillingMode(in.BillingMode),
		ProvisionedThroughput:              toThroughput(in.ProvisionedThroughput),
		StreamSpecification:                toStreamSpecification(in.StreamSpecification),
		TableClass:                         types.TableClass(in.TableClass),
		DeletionProtectionEnabled:          in.DeletionProtectionEnabled,
		Tags:                               toTags(in.Tags),
		OnDemandThroughput:                 toOnDemand(in.OnDemandThroughput),
		WarmThroughput:                     toWarm(in.WarmThroughput),
		SSESpecification:                   toSSE(in.SSESpecification),
		ResourcePolicy:                     optString(in.ResourcePolicy),
		GlobalTableSourceArn:               optString(in.GlobalTableSourceArn),
		GlobalTableSettingsReplicationMode: types.GlobalTableSettingsReplicationMode(in.GlobalTableSettingsReplicationMode),
		VectorIndexes:                      toVectorIndexes(in.VectorIndexes),
	})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.CreateTableOutput{TableDescription: fromTableDescription(out.TableDescription)}, nil
}

// DescribeTable describes a table. ItemCount, TableSizeBytes and the
// indexes' counts are DynamoDB's approximate ones (refreshed about every
// six hours on AWS).
func (b *Backend) DescribeTable(ctx context.Context, in *model.DescribeTableInput) (*model.DescribeTableOutput, error) {
	out, err := b.ddb.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: tableName(in.TableName, in)})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.DescribeTableOutput{Table: fromTableDescription(out.Table)}, nil
}

// ListTables lists one page of table names; ListAllTables reads every page.
func (b *Backend) ListTables(ctx context.Context, in *model.ListTablesInput) (*model.ListTablesOutput, error) {
	out, err := b.ddb.ListTables(ctx, &dynamodb.ListTablesInput{ExclusiveStartTableName: optStr(in.ExclusiveStartTableName), Limit: in.Limit})
	if err != nil {
		return nil, b.asError(err)
	}
	names := out.TableNames
	if names == nil {
		names = []string{}
	}
	return &model.ListTablesOutput{TableNames: names, LastEvaluatedTableName: deref(out.LastEvaluatedTableName)}, nil
}

// DeleteTable deletes a table (refused when read-only).
func (b *Backend) DeleteTable(ctx context.Context, in *model.DeleteTableInput) (*model.DeleteTableOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	out, err := b.ddb.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: tableName(in.TableName, in)})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.DeleteTableOutput{TableDescription: fromTableDescription(out.TableDescription)}, nil
}

// UpdateTable changes a table: throughput, billing, GSIs, stream (refused
// when read-only).
func (b *Backend) UpdateTable(ctx context.Context, in *model.UpdateTableInput) (*model.UpdateTableOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	out, err := b.ddb.UpdateTable(ctx, &dynamodb.UpdateTableInput{
		TableName:                   tableName(in.TableName, in),
		AttributeDefinitions:        toAttributeDefinitions(in.AttributeDefinitions),
		BillingMode:                 types.BillingMode(in.BillingMode),
		ProvisionedThroughput:       toThroughput(in.ProvisionedThroughput),
		GlobalSecondaryIndexUpdates: toGSIUpdates(in.GlobalSecondaryIndexUpdates),
		StreamSpecification:         toStreamSpecification(in.StreamSpecification),
		DeletionProtectionEnabled:   in.DeletionProtectionEnabled,
		OnDemandThroughput:          toOnDemand(in.OnDemandThroughput),
		WarmThroughput:              toWarm(in.WarmThroughput),
		VectorIndexUpdates:          toVectorIndexUpdates(in.VectorIndexUpdates),
	})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.UpdateTableOutput{TableDescription: fromTableDescription(out.TableDescription)}, nil
}

// UpdateTimeToLive turns TTL on or off (refused when read-only).
func (b *Backend) UpdateTimeToLive(ctx context.Context, in *model.UpdateTimeToLiveInput) (*model.UpdateTimeToLiveOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	var spec *types.TimeToLiveSpecification
	if s := in.TimeToLiveSpecification; s != nil {
		spec = &types.TimeToLiveSpecification{Enabled: aws.Bool(s.Enabled), AttributeName: str(s.AttributeName)}
	}
	out, err := b.ddb.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: tableName(in.TableName, in), TimeToLiveSpecification: spec})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.UpdateTimeToLiveOutput{}
	if s := out.TimeToLiveSpecification; s != nil {
		res.TimeToLiveSpecification = &model.TimeToLiveSpecification{Enabled: aws.ToBool(s.Enabled), AttributeName: deref(s.AttributeName)}
	}
	return res, nil
}

// DescribeTimeToLive tells a table's TTL status and attribute.
func (b *Backend) DescribeTimeToLive(ctx context.Context, in *model.DescribeTimeToLiveInput) (*model.DescribeTimeToLiveOutput, error) {
	out, err := b.ddb.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: tableName(in.TableName, in)})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.DescribeTimeToLiveOutput{}
	if d := out.TimeToLiveDescription; d != nil {
		res.TimeToLiveDescription = &model.TimeToLiveDescription{TimeToLiveStatus: string(d.TimeToLiveStatus), AttributeName: deref(d.AttributeName)}
	}
	return res, nil
}

// ListAllTables reads every page of ListTables and returns all names, in
// the service's order.
func ListAllTables(ctx context.Context, api interface {
	ListTables(context.Context, *model.ListTablesInput) (*model.ListTablesOutput, error)
}) ([]string, error) {
	var names []string
	in := &model.ListTablesInput{}
	for {
		out, err := api.ListTables(ctx, in)
		if err != nil {
			return names, err
		}
		names = append(names, out.TableNames...)
		if out.LastEvaluatedTableName == "" {
			return names, nil
		}
		in = &model.ListTablesInput{ExclusiveStartTableName: out.LastEvaluatedTableName}
	}
}

// toSSE converts an SSESpecification for the SDK.
func toSSE(s *model.SSESpecification) *types.SSESpecification {
	if s == nil {
		return nil
	}
	return &types.SSESpecification{Enabled: s.Enabled, SSEType: types.SSEType(s.SSEType), KMSMasterKeyId: optString(s.KMSMasterKeyId)}
}

// optString is s for an optional SDK member: nil when empty.
func optString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
