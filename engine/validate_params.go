package engine

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// validName reports whether s matches DynamoDB's name pattern
// [a-zA-Z0-9_.-]+ (a loop, not a regexp: it runs on every request).
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// constraints collects DynamoDB's "N validation errors detected" failures.
type constraints struct {
	msgs []string
}

func (c *constraints) add(value any, path, rule string) {
	v := "null"
	if value != nil {
		v = fmt.Sprintf("'%v'", value)
	}
	c.msgs = append(c.msgs, fmt.Sprintf("Value %s at '%s' failed to satisfy constraint: %s", v, path, rule))
}

// addUnvalued adds a failure in the form DynamoDB's newer validation
// framework answers for some members: no value, and the member path as the
// API spells it ("Value at 'Limit' failed to satisfy constraint: …",
// captured from DynamoDB in 2026; see docs/FIDELITY.md, "Constraint texts").
func (c *constraints) addUnvalued(path, rule string) {
	c.msgs = append(c.msgs, fmt.Sprintf("Value at '%s' failed to satisfy constraint: %s", path, rule))
}

// name checks a table or index name: present, pattern, 3-255 characters.
func (c *constraints) name(value, path string, required bool) {
	if value == "" {
		if required {
			c.add(nil, path, "Member must not be null")
		}
		return
	}
	if !validName(value) {
		c.add(value, path, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+")
	}
	if len(value) < 3 {
		c.add(value, path, "Member must have length greater than or equal to 3")
	}
	if len(value) > 255 {
		c.add(value, path, "Member must have length less than or equal to 255")
	}
}

// indexName checks a Query's or Scan's IndexName: left out is no index;
// sent as "", it fails the pattern and the minimum length, as dynalite's
// query test "empty IndexName" recorded from DynamoDB.
func (c *constraints) indexName(value string, emptySent bool) {
	if value == "" && emptySent {
		c.add("", "indexName", "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+")
		c.add("", "indexName", "Member must have length greater than or equal to 3")
		return
	}
	c.name(value, "indexName", false)
}

func (c *constraints) enum(value, path string, allowed ...string) {
	if value == "" {
		return
	}
	for _, a := range allowed {
		if value == a {
			return
		}
	}
	c.add(value, path, "Member must satisfy enum value set: ["+strings.Join(allowed, ", ")+"]")
}

func (c *constraints) err() *model.Error {
	switch n := len(c.msgs); {
	case n == 0:
		return nil
	case n == 1:
		return model.Validation("1 validation error detected: %s", c.msgs[0])
	default:
		// DynamoDB stops at ten failures and counts those it lists
		// (dynalite's query and scan tests "incorrect attributes", eleven
		// failures answered "10 validation errors detected").
		if n > 10 {
			n, c.msgs = 10, c.msgs[:10]
		}
		return model.Validation("%d validation errors detected: %s", n, strings.Join(c.msgs, "; "))
	}
}

// validateTableNameParam checks a data-plane TableName with the short
// messages DynamoDB uses there.
func validateTableNameParam(name string) *model.Error {
	if name == "" {
		return model.Validation("The parameter 'TableName' is required but was not present in the request")
	}
	if len(name) < 3 || len(name) > 255 {
		return model.Validation("TableName must be at least 3 characters long and at most 255 characters long")
	}
	if !validName(name) {
		return model.Validation("TableName must satisfy regular expression pattern: [a-zA-Z0-9_.-]+")
	}
	return nil
}

// tableName checks a request's TableName: left out, it is null; sent as
// "", it is too short (the API Reference's minimum length is 1; DynamoDB
// answers that the empty value "failed to satisfy constraint: Member must
// have length greater than or equal to 1", paritysuite/dynamodb-conformance
// tests/tier3/validation-ordering/updateItem.test.ts); otherwise the pattern
// and the 3 to 255 characters of a table name.
func (c *constraints) tableName(name string, emptySent bool) {
	if name == "" {
		if emptySent {
			c.add("", "tableName", "Member must have length greater than or equal to 1")
			return
		}
		c.add(nil, "tableName", "Member must not be null")
		return
	}
	c.name(name, "tableName", true)
}

// validateControlTableName checks the TableName of a control-plane call.
func validateControlTableName(name string, emptySent bool) *model.Error {
	var c constraints
	c.tableName(name, emptySent)
	return c.err()
}

func checkReturnCapacity(c *constraints, v string) {
	c.enum(v, "returnConsumedCapacity", model.ReturnCapacityIndexes, model.ReturnCapacityTotal, model.ReturnCapacityNone)
}

func checkReturnMetrics(c *constraints, v string) {
	c.enum(v, "returnItemCollectionMetrics", model.ReturnItemCollectionMetricsSize, model.ReturnItemCollectionMetricsNone)
}

// bracketList renders names as DynamoDB lists them: "[a, b]".
func bracketList(names []string) string {
	return "[" + strings.Join(names, ", ") + "]"
}

// errRequestItemsRequired is DynamoDB's answer to a batch whose
// RequestItems is empty: "The requestItems parameter is required for
// BatchGetItem" (and BatchWriteItem), captured from DynamoDB in 2026
// (dynamodb-conformance, tests/tier3/error-messages/batch*.test.ts). A
// RequestItems left out gets the same text (the parameter is required),
// which no public capture shows.
func errRequestItemsRequired(action string) *model.Error {
	return model.Validation("The requestItems parameter is required for %s", action)
}
