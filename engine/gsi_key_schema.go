package engine

import (
	"github.com/dynoscope/dynoscope/model"
)

// Multi-attribute GSI keys (DynamoDB, November 2025; Developer Guide
// "Multi-attribute keys pattern", GSI.DesignPattern.MultiAttributeKeys): a
// GSI's partition key and sort key may each be made of up to four
// attributes.
const (
	maxGSIHashAttrs  = 4
	maxGSIRangeAttrs = 4
)

// checkGSIKeySchema checks the structure of a GSI key schema: HASH first,
// every HASH before every RANGE, at most four of each, no attribute twice.
// The texts are DynamoDB's, as ack-api-quirks recorded them from CreateTable
// and UpdateTable in October 2026 (findings DDB-TABLE-123 and DDB-TABLE-442);
// the order in which DynamoDB checks them is not known.
func checkGSIKeySchema(ks []model.KeySchemaElement) *model.Error {
	if len(ks) > 0 && ks[0].KeyType != model.KeyTypeHash {
		return model.Validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type")
	}
	hashes, ranges := 0, 0
	for _, k := range ks {
		switch k.KeyType {
		case model.KeyTypeHash:
			if ranges > 0 {
				return model.InvalidParameter("All HASH key attributes must precede RANGE key attributes in the KeySchema")
			}
			hashes++
		case model.KeyTypeRange:
			ranges++
		}
	}
	if hashes > maxGSIHashAttrs {
		return model.InvalidParameter("The KeySchema exceeds the maximum allowed number of HASH key attributes")
	}
	if ranges > maxGSIRangeAttrs {
		return model.InvalidParameter("The KeySchema exceeds the maximum allowed number of RANGE key attributes")
	}
	seen := make(map[string]bool, len(ks))
	for _, k := range ks {
		if seen[k.AttributeName] {
			if len(ks) == 2 && hashes == 1 {
				return model.Validation("Both the Hash Key and the Range Key element in the KeySchema have the same name")
			}
			return model.Validation("The KeySchema contains multiple key attributes with the same name")
		}
		seen[k.AttributeName] = true
	}
	return nil
}
