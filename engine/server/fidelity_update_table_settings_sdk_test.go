package server_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
)

// TestSDKUpdateTableClass: UpdateTable moves a table to another table class,
// which DescribeTable shows in TableClassSummary with the time of the move;
// the class the table has changes nothing.
func TestSDKUpdateTableClass(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	mustCreate(t, srv, "Archive")
	out, err := srv.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: aws.String("Archive"), TableClass: types.TableClassStandardInfrequentAccess})
	if err != nil {
		t.Fatal(err)
	}
	if got := out.TableDescription.TableStatus; got != types.TableStatusUpdating {
		t.Errorf("UpdateTable's reply: status %s, want UPDATING", got)
	}
	desc, err := srv.c.DescribeTable(bg, &dynamodb.DescribeTableInput{TableName: aws.String("Archive")})
	if err != nil {
		t.Fatal(err)
	}
	s := desc.Table.TableClassSummary
	if s == nil || s.TableClass != types.TableClassStandardInfrequentAccess || s.LastUpdateDateTime == nil || !s.LastUpdateDateTime.Equal(fidelityStart) {
		t.Fatalf("TableClassSummary = %+v, want STANDARD_INFREQUENT_ACCESS updated at %v", s, fidelityStart)
	}
	if desc.Table.TableStatus != types.TableStatusActive {
		t.Errorf("after the move: status %s, want ACTIVE", desc.Table.TableStatus)
	}
	// The same class again: nothing moves, the table stays ACTIVE.
	out, err = srv.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: aws.String("Archive"), TableClass: types.TableClassStandardInfrequentAccess})
	if err != nil {
		t.Fatal(err)
	}
	if got := out.TableDescription.TableStatus; got != types.TableStatusActive {
		t.Errorf("same class: status %s, want ACTIVE", got)
	}
	// And back to STANDARD.
	if _, err := srv.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: aws.String("Archive"), TableClass: types.TableClassStandard}); err != nil {
		t.Fatal(err)
	}
	desc, err = srv.c.DescribeTable(bg, &dynamodb.DescribeTableInput{TableName: aws.String("Archive")})
	if err != nil {
		t.Fatal(err)
	}
	if s := desc.Table.TableClassSummary; s == nil || s.TableClass != types.TableClassStandard {
		t.Fatalf("TableClassSummary = %+v, want STANDARD", s)
	}
}

// TestUpdateTableSettingsRefusals: the UpdateTable parameters beside the
// throughput, stream and indexes are either applied or refused, never
// dropped: a TableClass outside the enum, a TableClass change with any other
// change (DynamoDB's text), KMS encryption and global-table replicas
// (dynoscope's refusal, as CreateTable's). The table "Plain" exists; each
// refusal changes nothing.
func TestUpdateTableSettingsRefusals(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	mustCreate(t, srv, "Plain")
	const (
		v           = "ValidationException"
		invalid     = "One or more parameter values were invalid: "
		classAlone  = invalid + "TableClass modification must be the only operation in the request"
		notModelled = invalid + "dynoscope does not support "
		replicas    = ": global tables (replicas) are not modelled"
	)
	cases := []struct{ name, action, body, want string }{
		{"UpdateTable class outside the enum", "UpdateTable", `{"TableName":"Plain","TableClass":"EXPRESS"}`,
			"1 validation error detected: Value 'EXPRESS' at 'tableClass' failed to satisfy constraint: Member must satisfy enum value set: [STANDARD, STANDARD_INFREQUENT_ACCESS]"},
		{"CreateTable class outside the enum", "CreateTable", `{"TableName":"Other","BillingMode":"PAY_PER_REQUEST","TableClass":"EXPRESS","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]}`,
			"1 validation error detected: Value 'EXPRESS' at 'tableClass' failed to satisfy constraint: Member must satisfy enum value set: [STANDARD, STANDARD_INFREQUENT_ACCESS]"},
		{"class with billing", "UpdateTable", `{"TableName":"Plain","TableClass":"STANDARD_INFREQUENT_ACCESS","BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}}`, classAlone},
		{"current class with deletion protection", "UpdateTable", `{"TableName":"Plain","TableClass":"STANDARD","DeletionProtectionEnabled":true}`, classAlone},
		{"class with a stream", "UpdateTable", `{"TableName":"Plain","TableClass":"STANDARD_INFREQUENT_ACCESS","StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"}}`, classAlone},
		{"class with SSE", "UpdateTable", `{"TableName":"Plain","TableClass":"STANDARD_INFREQUENT_ACCESS","SSESpecification":{"Enabled":false}}`, classAlone},
		{"KMS encryption", "UpdateTable", `{"TableName":"Plain","SSESpecification":{"Enabled":true,"SSEType":"KMS","KMSMasterKeyId":"alias/mine"}}`,
			notModelled + "SSESpecification: encryption at rest with a KMS key is not modelled; leave SSESpecification out (or Enabled false) for the AWS-owned key"},
		{"KMS type alone", "UpdateTable", `{"TableName":"Plain","SSESpecification":{"SSEType":"KMS"}}`,
			notModelled + "SSESpecification: encryption at rest with a KMS key is not modelled; leave SSESpecification out (or Enabled false) for the AWS-owned key"},
		{"replicas", "UpdateTable", `{"TableName":"Plain","ReplicaUpdates":[{"Create":{"RegionName":"eu-west-1"}}]}`, notModelled + "ReplicaUpdates" + replicas},
		{"witnesses", "UpdateTable", `{"TableName":"Plain","GlobalTableWitnessUpdates":[{"Create":{"RegionName":"eu-west-1"}}]}`, notModelled + "GlobalTableWitnessUpdates" + replicas},
		{"multi-region consistency", "UpdateTable", `{"TableName":"Plain","MultiRegionConsistency":"STRONG"}`, notModelled + "MultiRegionConsistency" + replicas},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv.rawError(t, tc.action, tc.body, v, tc.want)
		})
	}
	desc, err := srv.c.DescribeTable(bg, &dynamodb.DescribeTableInput{TableName: aws.String("Plain")})
	if err != nil {
		t.Fatal(err)
	}
	if d := desc.Table; d.TableClassSummary != nil || d.StreamSpecification != nil || (d.DeletionProtectionEnabled != nil && *d.DeletionProtectionEnabled) || d.BillingModeSummary.BillingMode != types.BillingModePayPerRequest {
		t.Errorf("a refused UpdateTable changed the table: %+v", d)
	}
	// SSESpecification {"Enabled": false} is the AWS-owned key the table
	// has: accepted, nothing changes.
	out, err := srv.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: aws.String("Plain"), SSESpecification: &types.SSESpecification{Enabled: aws.Bool(false)}})
	if err != nil {
		t.Fatal(err)
	}
	if d := out.TableDescription; d.TableStatus != types.TableStatusActive || d.SSEDescription != nil {
		t.Errorf("SSESpecification Enabled false: status %s, SSEDescription %+v; want ACTIVE and none", d.TableStatus, d.SSEDescription)
	}
}
