package engine

import (
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// The table classes (TableClass, TableClassSummary).
const (
	tableClassStandard           = "STANDARD"
	tableClassInfrequentAccess   = "STANDARD_INFREQUENT_ACCESS"
	msgTableClassOnlyOperation   = "TableClass modification must be the only operation in the request"
	globalTablesNotModelled      = "global tables (replicas) are not modelled"
	kmsEncryptionNotModelledHint = "encryption at rest with a KMS key is not modelled; leave SSESpecification out (or Enabled false) for the AWS-owned key"
)

// checkTableClass adds the constraint on a TableClass (CreateTable and
// UpdateTable): the enum in the order dynoxide captured from DynamoDB
// (src/actions/create_table.rs).
func checkTableClass(c *constraints, class string) {
	c.enum(class, "tableClass", tableClassStandard, tableClassInfrequentAccess)
}

// updateTableGiven reports whether an UpdateTable request asks for any
// change at all; DynamoDB refuses one that does not ("At least one of …").
func updateTableGiven(in *model.UpdateTableInput) bool {
	return in.BillingMode != "" || in.ProvisionedThroughput != nil || len(in.GlobalSecondaryIndexUpdates) > 0 ||
		len(in.VectorIndexUpdates) > 0 || in.StreamSpecification != nil || in.DeletionProtectionEnabled != nil ||
		in.OnDemandThroughput != nil || in.WarmThroughput != nil || in.TableClass != "" || in.SSESpecification != nil ||
		len(in.ReplicaUpdates) > 0 || len(in.GlobalTableWitnessUpdates) > 0 || in.MultiRegionConsistency != ""
}

// checkTableClassAlone refuses a TableClass change made together with any
// other change: DynamoDB moves a table to another class on its own, and
// answers "One or more parameter values were invalid: TableClass
// modification must be the only operation in the request" even when the
// class sent is the current one (quoted from DynamoDB in
// hashicorp/terraform-provider-aws#29816).
func checkTableClassAlone(in *model.UpdateTableInput) *model.Error {
	if in.TableClass == "" {
		return nil
	}
	others := *in
	others.TableClass = ""
	if updateTableGiven(&others) {
		return model.InvalidParameter(msgTableClassOnlyOperation)
	}
	return nil
}

// checkUnsupportedUpdateParams refuses the UpdateTable parameters that
// would make the table something dynoscope does not model, as CreateTable
// refuses them (checkUnsupportedCreateParams): encryption with a KMS key,
// and the replicas and witnesses of a global table. An SSESpecification of
// {"Enabled": false} asks for the AWS-owned key every dynoscope table has,
// and changes nothing.
func checkUnsupportedUpdateParams(in *model.UpdateTableInput) *model.Error {
	if s := in.SSESpecification; s != nil && ((s.Enabled != nil && *s.Enabled) || s.SSEType != "" || s.KMSMasterKeyId != "") {
		return unsupportedParam("SSESpecification", kmsEncryptionNotModelledHint)
	}
	switch {
	case len(in.ReplicaUpdates) > 0:
		return unsupportedParam("ReplicaUpdates", globalTablesNotModelled)
	case len(in.GlobalTableWitnessUpdates) > 0:
		return unsupportedParam("GlobalTableWitnessUpdates", globalTablesNotModelled)
	case in.MultiRegionConsistency != "":
		return unsupportedParam("MultiRegionConsistency", globalTablesNotModelled)
	}
	return nil
}

// DynamoDB allows a table at most two table class changes in a trailing
// 30-day period (Developer Guide, "Considerations when choosing a table
// class"; see docs/FIDELITY.md). The third is refused with
// LimitExceededException; the text is ours.
const (
	maxClassChanges    = 2
	classChangeWindow  = 30 * 24 * time.Hour
	msgClassChangeRate = "Subscriber limit exceeded: TableClass can be updated at most 2 times in a trailing 30-day period"
)

// updateTableClass moves the table to another table class: TableClassSummary
// shows the new class and when it changed, and the table is UPDATING for
// the move, as in DynamoDB. The class the table has already changes
// nothing (no public capture shows DynamoDB refusing it) and is not
// counted. A move beyond DynamoDB's two in a trailing 30 days of the
// engine's clock is refused.
func updateTableClass(m *tableMeta, class string, now time.Time, changed *bool) *model.Error {
	if class == "" {
		return nil
	}
	current := tableClassStandard
	if s := m.Desc.TableClassSummary; s != nil && s.TableClass != "" {
		current = s.TableClass
	}
	if class == current {
		return nil
	}
	since := float64(now.Add(-classChangeWindow).Unix())
	recent := make([]float64, 0, maxClassChanges)
	for _, t := range m.ClassChanges {
		if t > since {
			recent = append(recent, t)
		}
	}
	if len(recent) >= maxClassChanges {
		return model.NewError(model.ErrLimitExceeded, msgClassChangeRate)
	}
	ts := float64(now.Unix())
	m.ClassChanges = append(recent, ts)
	m.Desc.TableClassSummary = &model.TableClassSummary{TableClass: class, LastUpdateDateTime: &ts}
	*changed = true
	return nil
}
