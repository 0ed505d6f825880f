package engine

import (
	"slices"

	"github.com/dynoscope/dynoscope/model"
)

// validateCreateTable checks a CreateTable request in DynamoDB's order:
// the TableName, every parameter constraint at once, then the schema rules
// in the order dynalite recorded them from DynamoDB (validations/createTable.js
// and test/createTable.js): billing and throughput, the table's key schema
// against AttributeDefinitions, its HASH/RANGE structure, then each LSI and
// each GSI (definitions, structure, projection, throughput, name), then the
// index counts and the definitions no key uses.
func validateCreateTable(in *model.CreateTableInput) *model.Error {
	if in.TableName == "" && !in.EmptyTableName() {
		// DynamoDB's text for a left-out TableName, captured in 2026
		// (dynamodb-conformance tests/tier3/error-messages/createTable.test.ts)
		// as dynalite recorded it before.
		return model.Validation("The parameter 'TableName' is required but was not present in the request")
	}
	if err := checkCreateTableConstraints(in); err != nil {
		return err
	}
	if err := checkUnsupportedCreateParams(in); err != nil {
		return err
	}
	billing := in.BillingMode
	if billing == "" {
		billing = model.BillingProvisioned
	}
	if billing == model.BillingProvisioned {
		pt := in.ProvisionedThroughput
		if pt == nil || pt.ReadCapacityUnits == nil || pt.WriteCapacityUnits == nil {
			return model.InvalidParameter("ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED")
		}
		if err := checkThroughputBounds(pt); err != nil {
			return err
		}
	} else if pt := in.ProvisionedThroughput; pt != nil && (pt.ReadCapacityUnits != nil || pt.WriteCapacityUnits != nil) {
		return model.InvalidParameter("Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST")
	}
	defined := map[string]string{}
	defs := make([]string, 0, len(in.AttributeDefinitions))
	for _, ad := range in.AttributeDefinitions {
		if _, dup := defined[ad.AttributeName]; dup {
			// DynamoDB's text, quoted in scylladb/scylladb#13870.
			return model.Validation("Attribute Name is duplicated: %s", ad.AttributeName)
		}
		defined[ad.AttributeName] = ad.AttributeType
		defs = append(defs, ad.AttributeName)
	}
	if len(in.KeySchema) > len(defs) {
		return model.Validation("Invalid KeySchema: Some index key attribute have no definition")
	}
	if err := checkKeysDefined(in.KeySchema, defined, defs); err != nil {
		return err
	}
	if err := checkKeySchema(in.KeySchema); err != nil {
		return err
	}
	hasIndexes := in.LocalSecondaryIndexes != nil || in.GlobalSecondaryIndexes != nil || in.VectorIndexes != nil
	if !hasIndexes && len(in.KeySchema) != len(defs) {
		return model.InvalidParameter("Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions")
	}
	used := keyNames(nil, in.KeySchema)
	tableHash, tableRange := model.HashKey(in.KeySchema), model.RangeKey(in.KeySchema)
	names := map[string]bool{}
	projected := 0
	if in.LocalSecondaryIndexes != nil {
		if len(in.LocalSecondaryIndexes) == 0 {
			return model.InvalidParameter("List of LocalSecondaryIndexes is empty")
		}
		if tableRange == "" {
			return model.InvalidParameter("Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex")
		}
	}
	for _, l := range in.LocalSecondaryIndexes {
		if err := checkKeysDefined(l.KeySchema, defined, defs); err != nil {
			return err
		}
		if err := checkKeySchema(l.KeySchema); err != nil {
			return err
		}
		if model.RangeKey(l.KeySchema) == "" {
			return model.InvalidParameter("Index KeySchema does not have a range key for index: %s", l.IndexName)
		}
		if h := model.HashKey(l.KeySchema); h != tableHash {
			return model.InvalidParameter("Index KeySchema does not have the same leading hash key as table KeySchema for index: %s. index hash key: %s, table hash key: %s", l.IndexName, h, tableHash)
		}
		n, err := checkProjection(l.Projection, l.IndexName)
		if err != nil {
			return err
		}
		projected += n
		if names[l.IndexName] {
			return model.InvalidParameter("Duplicate index name: %s", l.IndexName)
		}
		names[l.IndexName] = true
		used = keyNames(used, l.KeySchema)
	}
	if len(in.LocalSecondaryIndexes) > maxLSIs {
		return model.InvalidParameter("Number of LocalSecondaryIndexes exceeds per-table limit of %d", maxLSIs)
	}
	if in.GlobalSecondaryIndexes != nil && len(in.GlobalSecondaryIndexes) == 0 {
		return model.InvalidParameter("List of GlobalSecondaryIndexes is empty")
	}
	for _, g := range in.GlobalSecondaryIndexes {
		if err := checkKeysDefined(g.KeySchema, defined, defs); err != nil {
			return err
		}
		if err := checkGSIKeySchema(g.KeySchema); err != nil {
			return err
		}
		n, err := checkProjection(g.Projection, g.IndexName)
		if err != nil {
			return err
		}
		projected += n
		if err := checkIndexThroughput(g, billing); err != nil {
			return err
		}
		if names[g.IndexName] {
			return model.InvalidParameter("Duplicate index name: %s", g.IndexName)
		}
		names[g.IndexName] = true
		used = keyNames(used, g.KeySchema)
	}
	if len(in.GlobalSecondaryIndexes) > maxGSIs {
		return model.InvalidParameter("GlobalSecondaryIndex count exceeds the per-table limit of %d", maxGSIs)
	}
	vused, vprojected, verr := checkVectorIndexes(in.VectorIndexes, nil, defined, billing, names)
	if verr != nil {
		return verr
	}
	projected += vprojected
	for _, a := range vused {
		if !slices.Contains(used, a) {
			used = append(used, a)
		}
	}
	if projected > maxProjectedAttrs {
		return model.InvalidParameter("The sum of all NonKeyAttributes across all secondary indexes exceeds the limit of %d", maxProjectedAttrs)
	}
	if len(defs) != len(used) {
		// With indexes, DynamoDB names both lists (quoted from DynamoDB in
		// aws-cloudformation/cfn-lint#1037 and moto's tests).
		return model.InvalidParameter("Some AttributeDefinitions are not used. AttributeDefinitions: %s, keys used: %s", bracketList(defs), bracketList(used))
	}
	if s := in.StreamSpecification; s != nil {
		if s.StreamEnabled && s.StreamViewType == "" {
			return model.Validation("1 validation error detected: Value null at 'streamSpecification.streamViewType' failed to satisfy constraint: Member must not be null")
		}
		if !s.StreamEnabled && s.StreamViewType != "" {
			return model.Validation("One or more parameter values were invalid: StreamSpecification: Stream view type must not be specified when stream is disabled")
		}
	}
	if err := checkTagContents(in.Tags); err != nil {
		return err
	}
	return checkTagCount(mergeTags(nil, in.Tags))
}

// checkUnsupportedCreateParams refuses the CreateTable parameters that
// would make the table something dynoscope does not model, rather than
// create it without them: encryption with a KMS key (an SSESpecification
// that is not the default AWS-owned key), a resource policy, and a
// multi-account global table. The texts are dynoscope's own.
func checkUnsupportedCreateParams(in *model.CreateTableInput) *model.Error {
	if s := in.SSESpecification; s != nil && ((s.Enabled != nil && *s.Enabled) || s.SSEType != "" || s.KMSMasterKeyId != "") {
		return unsupportedParam("SSESpecification", kmsEncryptionNotModelledHint)
	}
	if in.ResourcePolicy != "" {
		return unsupportedParam("ResourcePolicy", "resource-based policies are not modelled (credentials are not checked)")
	}
	if in.GlobalTableSourceArn != "" || in.GlobalTableSettingsReplicationMode != "" {
		return unsupportedParam("GlobalTableSourceArn", globalTablesNotModelled)
	}
	return nil
}

// unsupportedParam is dynoscope's refusal of a parameter it does not
// implement: a ValidationException that names the parameter, so that a
// request is never half-applied.
func unsupportedParam(param, why string) *model.Error {
	return model.InvalidParameter("dynoscope does not support %s: %s", param, why)
}
