package engine

import (
	"fmt"
	"slices"

	"github.com/dynoscope/dynoscope/model"
)

// checkCreateTableConstraints collects every constraint failure of a
// CreateTable request in one "N validation errors detected" message.
func checkCreateTableConstraints(in *model.CreateTableInput) *model.Error {
	var c constraints
	c.tableName(in.TableName, in.EmptyTableName())
	if in.AttributeDefinitions == nil {
		c.add(nil, "attributeDefinitions", "Member must not be null")
	}
	checkAttributeDefinitions(&c, in.AttributeDefinitions)
	checkKeySchemaConstraints(&c, in.KeySchema, "keySchema", 2)
	c.enum(in.BillingMode, "billingMode", model.BillingProvisioned, model.BillingPayPerRequest)
	checkTableClass(&c, in.TableClass)
	checkThroughputConstraints(&c, in.ProvisionedThroughput, "provisionedThroughput")
	for i, l := range in.LocalSecondaryIndexes {
		p := fmt.Sprintf("localSecondaryIndexes.%d.member", i+1)
		c.name(l.IndexName, p+".indexName", true)
		checkKeySchemaConstraints(&c, l.KeySchema, p+".keySchema", 2)
		c.enum(l.Projection.ProjectionType, p+".projection.projectionType", model.ProjectionAll, model.ProjectionKeysOnly, model.ProjectionInclude)
	}
	for i, g := range in.GlobalSecondaryIndexes {
		p := fmt.Sprintf("globalSecondaryIndexes.%d.member", i+1)
		c.name(g.IndexName, p+".indexName", true)
		checkKeySchemaConstraints(&c, g.KeySchema, p+".keySchema", 0)
		c.enum(g.Projection.ProjectionType, p+".projection.projectionType", model.ProjectionAll, model.ProjectionKeysOnly, model.ProjectionInclude)
		checkThroughputConstraints(&c, g.ProvisionedThroughput, p+".provisionedThroughput")
	}
	if s := in.StreamSpecification; s != nil {
		c.enum(s.StreamViewType, "streamSpecification.streamViewType", model.StreamNewImage, model.StreamOldImage, model.StreamNewAndOldImages, model.StreamKeysOnly)
	}
	for i, v := range in.VectorIndexes {
		checkVectorIndexConstraints(&c, v, fmt.Sprintf("vectorIndexes.%d.member", i+1))
	}
	checkTagConstraints(&c, in.Tags, "tags")
	return c.err()
}

// checkKeysDefined refuses a key schema naming an attribute that
// AttributeDefinitions does not define, listing the schema's attributes and
// the definitions as DynamoDB does ("Keys: [a, c], AttributeDefinitions:
// [a, b]", dynalite's createTable tests).
func checkKeysDefined(ks []model.KeySchemaElement, defined map[string]string, defs []string) *model.Error {
	for _, k := range ks {
		if _, ok := defined[k.AttributeName]; !ok {
			return model.InvalidParameter("Some index key attributes are not defined in AttributeDefinitions. Keys: %s, AttributeDefinitions: %s", bracketList(keyNames(nil, ks)), bracketList(defs))
		}
	}
	return nil
}

// keyNames appends the attribute names of ks that names does not hold yet.
func keyNames(names []string, ks []model.KeySchemaElement) []string {
	for _, k := range ks {
		if !slices.Contains(names, k.AttributeName) {
			names = append(names, k.AttributeName)
		}
	}
	return names
}

// checkAttributeDefinitions adds the constraint failures of attribute
// definitions: an AttributeType left out is null and one sent as "" is not
// in the enum; an AttributeName left out is null and one sent as "" is too
// short.
func checkAttributeDefinitions(c *constraints, defs []model.AttributeDefinition) {
	for i, ad := range defs {
		p := fmt.Sprintf("attributeDefinitions.%d.member", i+1)
		switch {
		case ad.AttributeType == "" && ad.EmptyType():
			c.add("", p+".attributeType", "Member must satisfy enum value set: [B, N, S]")
		case ad.AttributeType == "":
			c.add(nil, p+".attributeType", "Member must not be null")
		default:
			c.enum(ad.AttributeType, p+".attributeType", "B", "N", "S")
		}
		if ad.AttributeName == "" && ad.EmptyName() {
			c.add("", p+".attributeName", "Member must have length greater than or equal to 1")
			continue
		}
		checkKeyAttrName(c, ad.AttributeName, p+".attributeName")
	}
}

func checkKeyAttrName(c *constraints, name, path string) {
	if name == "" {
		c.add(nil, path, "Member must not be null")
		return
	}
	if len(name) > maxKeyAttrNameSize {
		c.add(name, path, "Member must have length less than or equal to 255")
	}
}

// checkKeySchemaConstraints adds the constraint failures of a key schema.
// maxLen is 2 for the table's and an LSI's key schema; a GSI's (0: no
// constraint) may have up to four HASH and four RANGE elements, which
// checkGSIKeySchema checks with DynamoDB's own texts (spec §3, multi-attribute keys).
func checkKeySchemaConstraints(c *constraints, ks []model.KeySchemaElement, path string, maxLen int) {
	if ks == nil {
		c.add(nil, path, "Member must not be null")
		return
	}
	if len(ks) == 0 {
		c.add("[]", path, "Member must have length greater than or equal to 1")
	}
	if maxLen > 0 && len(ks) > maxLen {
		c.add(javaKeySchema(ks), path, fmt.Sprintf("Member must have length less than or equal to %d", maxLen))
	}
	for i, k := range ks {
		c.enum(k.KeyType, fmt.Sprintf("%s.%d.member.keyType", path, i+1), model.KeyTypeHash, model.KeyTypeRange)
		if k.KeyType == "" {
			c.add(nil, fmt.Sprintf("%s.%d.member.keyType", path, i+1), "Member must not be null")
		}
		checkKeyAttrName(c, k.AttributeName, fmt.Sprintf("%s.%d.member.attributeName", path, i+1))
	}
}

// checkKeySchema checks the HASH/RANGE structure of a table or LSI key
// schema (at most two elements, as checkKeySchemaConstraints saw to), in
// dynalite's recorded order: one name twice, then the first element's type,
// then the second's. An index's key schema gets the table's texts:
// DynamoDB answers a GSI's [RANGE, HASH] with the same "Invalid KeySchema:
// The first KeySchemaElement is not a HASH key type" (ack-api-quirks
// DDB-TABLE-124, verified against DynamoDB in October 2026).
func checkKeySchema(ks []model.KeySchemaElement) *model.Error {
	const prefix = "Invalid KeySchema: "
	if len(ks) > 1 && ks[0].AttributeName == ks[1].AttributeName {
		return model.Validation("Both the Hash Key and the Range Key element in the KeySchema have the same name")
	}
	if len(ks) > 0 && ks[0].KeyType != model.KeyTypeHash {
		return model.Validation("%sThe first KeySchemaElement is not a HASH key type", prefix)
	}
	if len(ks) > 1 && ks[1].KeyType != model.KeyTypeRange {
		return model.Validation("%sThe second KeySchemaElement is not a RANGE key type", prefix)
	}
	return nil
}

// checkProjection checks an index projection and returns how many
// NonKeyAttributes it names.
func checkProjection(p model.Projection, index string) (int, *model.Error) {
	switch p.ProjectionType {
	case "":
		return 0, model.InvalidParameter("Unknown ProjectionType: null")
	case model.ProjectionKeysOnly, model.ProjectionAll:
		if len(p.NonKeyAttributes) > 0 {
			return 0, model.InvalidParameter("ProjectionType is %s, but NonKeyAttributes is specified", p.ProjectionType)
		}
	case model.ProjectionInclude:
		if len(p.NonKeyAttributes) == 0 {
			return 0, model.InvalidParameter("ProjectionType is INCLUDE, but NonKeyAttributes is not specified")
		}
		seen := map[string]bool{}
		for _, a := range p.NonKeyAttributes {
			if seen[a] {
				// The text DynamoDB gives a name repeated in a list of
				// attribute names (AttributesToGet, dynalite's tests):
				// the one text quoted for this case, "Cannot have two
				// attributes with the same name", is DynamoDB Local's own
				// (docs/FIDELITY.md, CreateTable).
				return 0, model.InvalidParameter("Duplicate value in attribute name: %s", a)
			}
			seen[a] = true
		}
	}
	return len(p.NonKeyAttributes), nil
}

func checkIndexThroughput(g model.GlobalSecondaryIndex, billing string) *model.Error {
	pt := g.ProvisionedThroughput
	if billing == model.BillingPayPerRequest {
		if pt != nil && (pt.ReadCapacityUnits != nil || pt.WriteCapacityUnits != nil) {
			return model.InvalidParameter("ProvisionedThroughput should not be specified for index: %s when BillingMode is PAY_PER_REQUEST", g.IndexName)
		}
		return nil
	}
	if pt == nil || pt.ReadCapacityUnits == nil || pt.WriteCapacityUnits == nil {
		return model.InvalidParameter("ProvisionedThroughput must be specified for index: %s", g.IndexName)
	}
	return checkThroughputBounds(pt)
}

func checkThroughputConstraints(c *constraints, pt *model.ProvisionedThroughput, path string) {
	if pt == nil {
		return
	}
	if pt.ReadCapacityUnits != nil && *pt.ReadCapacityUnits < 1 {
		c.add(*pt.ReadCapacityUnits, path+".readCapacityUnits", "Member must have value greater than or equal to 1")
	}
	if pt.WriteCapacityUnits != nil && *pt.WriteCapacityUnits < 1 {
		c.add(*pt.WriteCapacityUnits, path+".writeCapacityUnits", "Member must have value greater than or equal to 1")
	}
}

func checkThroughputBounds(pt *model.ProvisionedThroughput) *model.Error {
	if pt == nil {
		return nil
	}
	if pt.ReadCapacityUnits != nil && *pt.ReadCapacityUnits > maxCapacityUnits {
		return model.Validation("Given value %d for ReadCapacityUnits is out of bounds", *pt.ReadCapacityUnits)
	}
	if pt.WriteCapacityUnits != nil && *pt.WriteCapacityUnits > maxCapacityUnits {
		return model.Validation("Given value %d for WriteCapacityUnits is out of bounds", *pt.WriteCapacityUnits)
	}
	return nil
}
