package expr

import (
	"github.com/dynoscope/dynoscope/model"
)

// KeyPart is one attribute of a multi-attribute key: its name and
// declared type.
type KeyPart struct {
	Name string
	Type model.Type
}

// MultiKeyCondition is a validated key condition on a GSI with a
// multi-attribute key (DynamoDB, November 2025: up to four partition and
// four sort attributes). Every partition attribute is pinned with =; the
// first len(SortEqual) sort attributes are pinned with = too, left to
// right; Range, when set, tests the next sort attribute (RangeKey), the
// last one the condition names. So the condition is one ordered range walk
// over the partition, as for a single-attribute key.
type MultiKeyCondition struct {
	HashValues []model.AttributeValue // one per partition attribute, in KeySchema order
	SortEqual  []model.AttributeValue
	RangeKey   string
	Range      *RangeCondition
}

// Match reports whether the sort attributes of item satisfy the sort part
// of the condition (the partition part is the caller's: it decides which
// partition is read).
func (k *MultiKeyCondition) Match(schema KeySchema, item model.Item) bool {
	for i, v := range k.SortEqual {
		if !compareOp("=", item[schema.RangeKeys[i].Name], v) {
			return false
		}
	}
	if k.Range != nil {
		return k.Range.Match(item[k.RangeKey])
	}
	return true
}

// ParseMultiKeyCondition parses a KeyConditionExpression against the
// multi-attribute key schema of a GSI.
func (c *Context) ParseMultiKeyCondition(text string, schema KeySchema) (*MultiKeyCondition, error) {
	shape, err := c.ParseKeyConditionShape(text)
	if err != nil {
		return nil, err
	}
	return shape.BuildMulti(schema)
}

// FromMultiKeyConditions translates a legacy KeyConditions map on a GSI
// with a multi-attribute key. DynamoDB accepts KeyConditions there exactly
// as it does on a single-attribute key (scylladb/scylladb#31393 and moto's
// test_dynamodb_multi_attribute_gsi.py, both run against DynamoDB), with the
// same rules as the expression.
func FromMultiKeyConditions(conds map[string]model.Condition, schema KeySchema) (*MultiKeyCondition, error) {
	var kcs []keyCond
	for _, attr := range sortedKeys(conds) {
		c := conds[attr]
		if err := checkLegacyOp(c.ComparisonOperator, c.AttributeValueList); err != nil {
			return nil, err
		}
		kcs = append(kcs, keyCond{attr: attr, op: legacyKeyOps[c.ComparisonOperator], values: c.AttributeValueList})
	}
	return buildMultiKeyCondition(kcs, schema)
}

// buildMultiKeyCondition applies the rules of a multi-attribute key, in
// the order of the single-attribute checks (buildKeyCondition): each
// partition attribute, in KeySchema order, must be named, with a value of
// its type, and with =; a condition on an attribute that is not part of the
// key is refused as a missed sort attribute (the first one not named) or,
// when all are named, as an unsupported condition; the sort attributes
// named must be a prefix of the sort key, all with = but the last one.
//
// The refusal of a skipped sort attribute is DynamoDB's text as moto
// records it; moto's AWS-verified test checks that the message names the
// skipped attribute. A range condition before the last named attribute gets
// the same text (the attribute before must have an equality condition);
// that wording for that case is not confirmed.
func buildMultiKeyCondition(conds []keyCond, schema KeySchema) (*MultiKeyCondition, error) {
	find := func(attr string) *keyCond {
		for i := range conds {
			if conds[i].attr == attr {
				return &conds[i]
			}
		}
		return nil
	}
	typesMatch := func(k *keyCond, t model.Type) bool {
		for _, v := range k.values {
			if v.Type != t {
				return false
			}
		}
		return true
	}
	kc := &MultiKeyCondition{}
	for _, p := range schema.HashKeys {
		h := find(p.Name)
		if h == nil {
			return nil, validation("Query condition missed key schema element: " + p.Name)
		}
		if h.op == "" {
			return nil, validation("Attempted conditional constraint is not an indexable operation")
		}
		if !typesMatch(h, p.Type) {
			return nil, invalidValue("Condition parameter type does not match schema type")
		}
		if h.op != "=" {
			return nil, validation("Query key condition not supported")
		}
		kc.HashValues = append(kc.HashValues, h.values[0])
	}
	known := len(schema.HashKeys)
	last := -1 // the last sort attribute named
	for i, p := range schema.RangeKeys {
		if find(p.Name) != nil {
			known++
			last = i
		}
	}
	if known < len(conds) {
		for _, p := range schema.RangeKeys {
			if find(p.Name) == nil {
				return nil, validation("Query condition missed key schema element: " + p.Name)
			}
		}
		return nil, validation("Query key condition not supported")
	}
	for i := 0; i <= last; i++ {
		p := schema.RangeKeys[i]
		r := find(p.Name)
		if r == nil || (i < last && r.op != "=" && r.op != "") {
			next := i + 1
			for find(schema.RangeKeys[next].Name) == nil {
				next++
			}
			return nil, validation("RANGE key attributes " + p.Name + " must have equality conditions specified in the query because a condition is present on key attribute " + schema.RangeKeys[next].Name)
		}
		if r.op == "" {
			return nil, validation("Attempted conditional constraint is not an indexable operation")
		}
		if !typesMatch(r, p.Type) {
			return nil, invalidValue("Condition parameter type does not match schema type")
		}
		if i < last {
			kc.SortEqual = append(kc.SortEqual, r.values[0])
			continue
		}
		kc.RangeKey = p.Name
		kc.Range = &RangeCondition{Op: r.op, Values: r.values}
	}
	return kc, nil
}
