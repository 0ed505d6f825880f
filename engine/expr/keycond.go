package expr

import (
	"github.com/dynoscope/dynoscope/model"
)

// KeySchema describes the key of the table or index a Query reads.
// RangeKey is "" when there is no sort key. For a GSI with a
// multi-attribute key, HashKeys and RangeKeys list every key attribute in
// KeySchema order (HashKey and RangeKey are then the first of each); they
// are nil otherwise.
type KeySchema struct {
	HashKey   string
	HashType  model.Type
	RangeKey  string
	RangeType model.Type
	HashKeys  []KeyPart
	RangeKeys []KeyPart
}

// MultiAttribute reports whether the schema is a multi-attribute key.
func (s KeySchema) MultiAttribute() bool { return s.HashKeys != nil }

// IsKey reports whether name is one of the schema's key attributes.
func (s KeySchema) IsKey(name string) bool {
	if !s.MultiAttribute() {
		return name == s.HashKey || (s.RangeKey != "" && name == s.RangeKey)
	}
	for _, p := range s.HashKeys {
		if p.Name == name {
			return true
		}
	}
	for _, p := range s.RangeKeys {
		if p.Name == name {
			return true
		}
	}
	return false
}

// KeyCondition is a validated key condition: the partition key value and
// an optional test on the sort key, shaped so that a Query is one ordered
// range walk over the partition.
type KeyCondition struct {
	HashValue model.AttributeValue
	Range     *RangeCondition
}

// RangeCondition is the sort-key test of a KeyCondition. Op is one of "=",
// "<", "<=", ">", ">=", "BETWEEN" (Values holds the two bounds) and
// "begins_with"; Values holds one value otherwise. Comparisons put the key
// on the left: ":v < sk" is stored as Op ">" with Values [:v].
type RangeCondition struct {
	Op     string
	Values []model.AttributeValue
}

// Match reports whether a sort-key value satisfies the condition.
func (r *RangeCondition) Match(v model.AttributeValue) bool {
	switch r.Op {
	case "BETWEEN":
		return compareOp(">=", v, r.Values[0]) && compareOp("<=", v, r.Values[1])
	case "begins_with":
		return beginsWith(v, r.Values[0])
	}
	return compareOp(r.Op, v, r.Values[0])
}

// keyCond is one attribute's condition before the schema checks.
type keyCond struct {
	attr   string
	op     string // = < <= > >= BETWEEN begins_with, or "" for a legacy operator a key cannot use
	values []model.AttributeValue
}

// flipped maps a comparator to the one that keeps its meaning when the
// operands swap sides.
var flipped = map[string]string{"=": "=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}

// ParseKeyCondition parses a KeyConditionExpression and validates it
// against the key schema of the table or index queried.
func (c *Context) ParseKeyCondition(text string, schema KeySchema) (*KeyCondition, error) {
	shape, err := c.ParseKeyConditionShape(text)
	if err != nil {
		return nil, err
	}
	return shape.Build(schema)
}

// KeyConditionShape is a KeyConditionExpression parsed and checked as far
// as it can be without the key schema: its syntax and operands
// (ParseKeyConditionShape), then the constructs a key condition may not use
// (Check). DynamoDB runs both before it looks the table up, Check after
// every expression of the request is parsed (dynalite's validations/query.js
// and index.js, recorded from DynamoDB); Build and BuildMulti finish the
// checks against the schema of the table or index queried.
type KeyConditionShape struct {
	root    *node
	conds   []keyCond
	checked bool
}

// ParseKeyConditionShape parses a KeyConditionExpression without the key
// schema (see KeyConditionShape).
func (c *Context) ParseKeyConditionShape(text string) (*KeyConditionShape, error) {
	root, err := c.parseConditionTree(ParamKeyCondition, text)
	if err != nil {
		return nil, err
	}
	return &KeyConditionShape{root: root}, nil
}

// Check refuses the constructs a key condition may not use (OR, NOT, IN,
// functions other than begins_with, nested paths, two conditions on one
// key, …), with DynamoDB's texts.
func (s *KeyConditionShape) Check() error {
	if s.checked {
		return nil
	}
	if msg := collectKeyConds(s.root, &s.conds); msg != "" {
		return validation(msg)
	}
	s.checked = true
	return nil
}

// Build validates the key condition against a single-attribute key schema.
func (s *KeyConditionShape) Build(schema KeySchema) (*KeyCondition, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	if len(s.conds) != 1 && len(s.conds) != 2 {
		return nil, validation("Conditions can be of length 1 or 2 only")
	}
	return buildKeyCondition(s.conds, schema)
}

// BuildMulti validates the key condition against a multi-attribute key
// schema (a GSI's, up to four attributes on each side).
func (s *KeyConditionShape) BuildMulti(schema KeySchema) (*MultiKeyCondition, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	return buildMultiKeyCondition(s.conds, schema)
}

// collectKeyConds flattens the AND tree of a key condition into one
// condition per attribute, returning DynamoDB's message for the first
// construct a key condition may not use.
func collectKeyConds(n *node, conds *[]keyCond) string {
	const invalidOp = "Invalid operator used in KeyConditionExpression: "
	switch n.kind {
	case nOr:
		return invalidOp + "OR"
	case nNot:
		return invalidOp + "NOT"
	case nIn:
		return invalidOp + "IN"
	case nCompare:
		if n.op == "<>" {
			return invalidOp + "<>"
		}
	case nFunc:
		switch n.op {
		case "attribute_exists", "attribute_not_exists", "attribute_type", "contains":
			return invalidOp + n.op
		case "size":
			return "KeyConditionExpressions cannot contain nested operations"
		case "begins_with":
			if n.args[0].kind != nPath {
				return "Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand"
			}
		}
	case nBetween:
		if n.args[0].kind != nPath {
			return "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand"
		}
	}
	attr, attrIx := "", -1
	for i, a := range n.args {
		switch a.kind {
		case nPath:
			if attrIx >= 0 {
				return "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"
			}
			if len(a.path) > 1 {
				return "KeyConditionExpressions cannot have conditions on nested attributes"
			}
			attr, attrIx = a.path[0].Name, i
		case nValue:
		default:
			if msg := collectKeyConds(a, conds); msg != "" {
				return msg
			}
		}
	}
	if n.kind == nAnd {
		return ""
	}
	if attrIx < 0 {
		return "Invalid condition in KeyConditionExpression: No key attribute specified"
	}
	for _, k := range *conds {
		if k.attr == attr {
			return "KeyConditionExpressions must only contain one condition per key"
		}
	}
	k := keyCond{attr: attr}
	switch n.kind {
	case nCompare:
		k.op = n.op
		if attrIx != 0 {
			k.op = flipped[n.op]
		}
		k.values = []model.AttributeValue{n.args[1-attrIx].val}
	case nBetween:
		k.op = "BETWEEN"
		k.values = []model.AttributeValue{n.args[1].val, n.args[2].val}
	case nFunc: // begins_with
		k.op = "begins_with"
		k.values = []model.AttributeValue{n.args[1].val}
	}
	*conds = append(*conds, k)
	return ""
}

// buildKeyCondition applies the key schema checks Query makes, in
// DynamoDB's order: the partition key first, then the sort key.
func buildKeyCondition(conds []keyCond, schema KeySchema) (*KeyCondition, error) {
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
	if schema.RangeKey == "" && len(conds) > 1 {
		return nil, validation("Query key condition not supported")
	}
	hash := find(schema.HashKey)
	if hash == nil {
		return nil, validation("Query condition missed key schema element: " + schema.HashKey)
	}
	if hash.op == "" {
		return nil, validation("Attempted conditional constraint is not an indexable operation")
	}
	if !typesMatch(hash, schema.HashType) {
		return nil, invalidValue("Condition parameter type does not match schema type")
	}
	if hash.op != "=" {
		return nil, validation("Query key condition not supported")
	}
	kc := &KeyCondition{HashValue: hash.values[0]}
	if schema.RangeKey == "" {
		return kc, nil
	}
	rng := find(schema.RangeKey)
	if rng == nil {
		if len(conds) > 1 {
			return nil, validation("Query condition missed key schema element: " + schema.RangeKey)
		}
		return kc, nil
	}
	if rng.op == "" {
		return nil, validation("Attempted conditional constraint is not an indexable operation")
	}
	if !typesMatch(rng, schema.RangeType) {
		return nil, invalidValue("Condition parameter type does not match schema type")
	}
	kc.Range = &RangeCondition{Op: rng.op, Values: rng.values}
	return kc, nil
}
