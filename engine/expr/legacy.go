package expr

import (
	"github.com/dynoscope/dynoscope/model"
)

// Legacy comparison operators: their argument counts (-1: one or more) and
// the AttributeValue types they accept.
var legacyOps = map[string]struct {
	args  int
	types []model.Type
}{
	// EQ and NE take every type, lists and maps included (API Reference,
	// Condition; scylladb test_query_filter.py, run against DynamoDB).
	"EQ":           {1, allTypes},
	"NE":           {1, allTypes},
	"LE":           {1, []model.Type{model.TypeS, model.TypeN, model.TypeB}},
	"LT":           {1, []model.Type{model.TypeS, model.TypeN, model.TypeB}},
	"GE":           {1, []model.Type{model.TypeS, model.TypeN, model.TypeB}},
	"GT":           {1, []model.Type{model.TypeS, model.TypeN, model.TypeB}},
	"NULL":         {0, nil},
	"NOT_NULL":     {0, nil},
	"CONTAINS":     {1, []model.Type{model.TypeS, model.TypeN, model.TypeB}},
	"NOT_CONTAINS": {1, []model.Type{model.TypeS, model.TypeN, model.TypeB}},
	"BEGINS_WITH":  {1, []model.Type{model.TypeS, model.TypeB}},
	"IN":           {-1, []model.Type{model.TypeS, model.TypeN, model.TypeB}},
	"BETWEEN":      {2, []model.Type{model.TypeS, model.TypeN, model.TypeB}},
}

// allTypes are all the AttributeValue types.
var allTypes = []model.Type{model.TypeS, model.TypeN, model.TypeB, model.TypeBOOL, model.TypeNULL,
	model.TypeL, model.TypeM, model.TypeSS, model.TypeNS, model.TypeBS}

// legacyOpEnum is the enum DynamoDB lists when ComparisonOperator is
// unknown.
const legacyOpEnum = "[IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]"

// LegacyOperatorEnum is the enum DynamoDB lists for a ComparisonOperator
// outside it, in DynamoDB's order.
const LegacyOperatorEnum = legacyOpEnum

// LegacyOperator reports whether op is a ComparisonOperator of the legacy
// conditions (QueryFilter, ScanFilter, KeyConditions, Expected).
func LegacyOperator(op string) bool {
	_, ok := legacyOps[op]
	return ok
}

// legacyComparators maps the legacy operators that are comparisons.
var legacyComparators = map[string]string{"EQ": "=", "NE": "<>", "LT": "<", "LE": "<=", "GT": ">", "GE": ">="}

// legacyKeyOps maps the legacy operators a key condition can use.
var legacyKeyOps = map[string]string{"EQ": "=", "LT": "<", "LE": "<=", "GT": ">", "GE": ">=", "BEGINS_WITH": "begins_with", "BETWEEN": "BETWEEN"}

// checkLegacyOp validates one ComparisonOperator and its values, which it
// normalises in place (canonical numbers; DynamoDB's errors for a bad value
// such as an empty set come first).
func checkLegacyOp(op string, values []model.AttributeValue) error {
	for i := range values {
		if err := model.NormalizeValue(&values[i]); err != nil {
			return err
		}
	}
	spec, ok := legacyOps[op]
	if !ok {
		return validation("1 validation error detected: Value '" + op +
			"' at 'comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: " + legacyOpEnum)
	}
	if (spec.args >= 0 && len(values) != spec.args) || (spec.args < 0 && len(values) == 0) {
		return invalidValue("Invalid number of argument(s) for the " + op + " ComparisonOperator")
	}
	for _, v := range values[min(1, len(values)):] {
		if v.Type != values[0].Type {
			return invalidValue("AttributeValues inside AttributeValueList must be of same type")
		}
	}
	for _, v := range values {
		valid := false
		for _, t := range spec.types {
			valid = valid || t == v.Type
		}
		if !valid {
			return invalidValue("ComparisonOperator " + op + " is not valid for " + v.Type.String() + " AttributeValue type")
		}
	}
	if op == "BETWEEN" {
		if c, ok := model.Compare(values[0], values[1]); ok && c > 0 {
			return validation("The BETWEEN condition was provided a range where the lower bound is greater than the upper bound")
		}
	}
	return nil
}

// legacyNode translates one legacy condition on a top-level attribute.
func legacyNode(attr, op string, values []model.AttributeValue) *node {
	path := &node{kind: nPath, path: Path{{Name: attr}}}
	args := []*node{path}
	for _, v := range values {
		args = append(args, &node{kind: nValue, val: v})
	}
	if cmp, ok := legacyComparators[op]; ok {
		return &node{kind: nCompare, op: cmp, args: args}
	}
	switch op {
	case "NULL":
		return &node{kind: nFunc, op: "attribute_not_exists", args: args}
	case "NOT_NULL":
		return &node{kind: nFunc, op: "attribute_exists", args: args}
	case "CONTAINS":
		return &node{kind: nFunc, op: "contains", args: args}
	case "NOT_CONTAINS":
		// Like NE, unlike contains(): a missing attribute does not match.
		return &node{kind: nAnd, args: []*node{
			{kind: nFunc, op: "attribute_exists", args: args[:1]},
			{kind: nNot, args: []*node{{kind: nFunc, op: "contains", args: args}}},
		}}
	case "BEGINS_WITH":
		return &node{kind: nFunc, op: "begins_with", args: args}
	case "IN":
		return &node{kind: nIn, args: args}
	}
	return &node{kind: nBetween, args: args}
}

// combine joins legacy conditions with ConditionalOperator (AND by
// default); nil means no condition, which always holds.
func combine(nodes []*node, conditionalOperator string) (*Condition, error) {
	kind := nAnd
	switch conditionalOperator {
	case "", "AND":
	case "OR":
		kind = nOr
	default:
		return nil, validation("1 validation error detected: Value '" + conditionalOperator +
			"' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]")
	}
	var root *node
	for _, n := range nodes {
		if root == nil {
			root = n
		} else {
			root = &node{kind: kind, args: []*node{root, n}}
		}
	}
	return &Condition{root: root}, nil
}

// FromFilter translates a legacy QueryFilter or ScanFilter. Attributes are
// validated in sorted order so that errors are deterministic.
func FromFilter(conds map[string]model.Condition, conditionalOperator string) (*Condition, error) {
	var nodes []*node
	for _, attr := range sortedKeys(conds) {
		c := conds[attr]
		if err := checkLegacyOp(c.ComparisonOperator, c.AttributeValueList); err != nil {
			return nil, err
		}
		nodes = append(nodes, legacyNode(attr, c.ComparisonOperator, c.AttributeValueList))
	}
	return combine(nodes, conditionalOperator)
}

// FromExpected translates a legacy Expected map: {Value} or {Exists:true,
// Value} is equality, {Exists:false} is attribute_not_exists, and
// {ComparisonOperator, AttributeValueList|Value} is as in FromFilter.
func FromExpected(exp map[string]model.ExpectedAttributeValue, conditionalOperator string) (*Condition, error) {
	var nodes []*node
	for _, attr := range sortedKeys(exp) {
		e := exp[attr]
		if e.AttributeValueList != nil && e.Value != nil {
			return nil, invalidValue("Value and AttributeValueList cannot be used together for Attribute: " + attr)
		}
		switch {
		case e.ComparisonOperator != "":
			op := e.ComparisonOperator
			if e.Exists != nil {
				return nil, invalidValue("Exists and ComparisonOperator cannot be used together for Attribute: " + attr)
			}
			values := e.AttributeValueList
			if e.Value != nil {
				values = []model.AttributeValue{*e.Value}
			}
			if _, known := legacyOps[op]; known && op != "NULL" && op != "NOT_NULL" && e.AttributeValueList == nil && e.Value == nil {
				return nil, invalidValue("Value or AttributeValueList must be used with ComparisonOperator: " + op + " for Attribute: " + attr)
			}
			if err := checkLegacyOp(op, values); err != nil {
				return nil, err
			}
			nodes = append(nodes, legacyNode(attr, op, values))
		case e.AttributeValueList != nil:
			return nil, invalidValue("AttributeValueList can only be used with a ComparisonOperator for Attribute: " + attr)
		default:
			exists := e.Exists == nil || *e.Exists
			switch {
			case exists && e.Value == nil:
				state := "null"
				if e.Exists != nil {
					state = "true"
				}
				return nil, invalidValue("Value must be provided when Exists is " + state + " for Attribute: " + attr)
			case !exists && e.Value != nil:
				return nil, invalidValue("Value cannot be used when Exists is false for Attribute: " + attr)
			case exists:
				v := *e.Value
				if err := model.NormalizeValue(&v); err != nil {
					return nil, err
				}
				nodes = append(nodes, legacyNode(attr, "EQ", []model.AttributeValue{v}))
			default:
				nodes = append(nodes, legacyNode(attr, "NULL", nil))
			}
		}
	}
	return combine(nodes, conditionalOperator)
}

// CheckKeyConditions runs the checks of a legacy KeyConditions map that
// need no key schema, as DynamoDB runs them before it looks the table up:
// each condition's values and argument count (attributes in sorted order,
// values normalised in place), then an empty map. More than two conditions
// are refused once the key schema is known (FromKeyConditions): a
// multi-attribute GSI key takes up to eight.
func CheckKeyConditions(conds map[string]model.Condition) error {
	for _, attr := range sortedKeys(conds) {
		c := conds[attr]
		if err := checkLegacyOp(c.ComparisonOperator, c.AttributeValueList); err != nil {
			return err
		}
	}
	if len(conds) == 0 {
		return conditionCountError()
	}
	return nil
}

// conditionCountError refuses a single-attribute key condition of no or
// more than two conditions.
func conditionCountError() error {
	return validation("Conditions can be of length 1 or 2 only")
}

// FromKeyConditions translates a legacy KeyConditions map and validates it
// against the key schema like ParseKeyCondition.
func FromKeyConditions(conds map[string]model.Condition, schema KeySchema) (*KeyCondition, error) {
	if err := CheckKeyConditions(conds); err != nil {
		return nil, err
	}
	if len(conds) > 2 {
		return nil, conditionCountError()
	}
	var kcs []keyCond
	for _, attr := range sortedKeys(conds) {
		c := conds[attr]
		kcs = append(kcs, keyCond{attr: attr, op: legacyKeyOps[c.ComparisonOperator], values: c.AttributeValueList})
	}
	return buildKeyCondition(kcs, schema)
}

// FromAttributesToGet translates a legacy AttributesToGet list: top-level
// names, taken literally.
func FromAttributesToGet(names []string) (*Projection, error) {
	if len(names) == 0 {
		return nil, validation("1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1")
	}
	seen := map[string]bool{}
	p := &Projection{}
	for _, n := range names {
		if seen[n] {
			return nil, invalidValue("Duplicate value in attribute name: " + n)
		}
		seen[n] = true
		p.paths = append(p.paths, Path{{Name: n}})
	}
	return p, nil
}

// FromAttributeUpdates translates a legacy AttributeUpdates map. PUT (the
// default action) sets the attribute; ADD adds a number, unions a set or
// appends to a list (a missing attribute is created); DELETE with a set
// removes its elements (an emptied set removes the attribute) and DELETE
// without a value removes the attribute. Type mismatches at Apply time are
// "One or more parameter values were invalid: Type mismatch for attribute
// to update".
func FromAttributeUpdates(updates map[string]model.AttributeValueUpdate) (*Update, error) {
	u := &Update{}
	for _, attr := range sortedKeys(updates) {
		upd := updates[attr]
		action := upd.Action
		if action == "" {
			action = "PUT"
		}
		switch action {
		case "PUT", "ADD", "DELETE":
		default:
			return nil, validation("1 validation error detected: Value '" + upd.Action + "' at 'attributeUpdates." + attr +
				".member.action' failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]")
		}
		if upd.Value != nil {
			// An empty set, a bad number …: the value's own error first
			// (dynalite's updateItem validation, recorded from DynamoDB).
			v := *upd.Value
			if err := model.NormalizeValue(&v); err != nil {
				return nil, err
			}
			upd.Value = &v
		}
		if upd.Value == nil && action != "DELETE" {
			return nil, invalidValue("Only DELETE action is allowed when no attribute value is specified")
		}
		a := legacyAction(attr, action, upd.Value)
		if upd.Value != nil {
			t := upd.Value.Type
			if action == "DELETE" && !t.IsSet() {
				return nil, invalidValue("DELETE action with value is not supported for the type " + t.String())
			}
			if action == "ADD" && !t.IsSet() && t != model.TypeN && t != model.TypeL {
				return nil, invalidValue("ADD action is not supported for the type " + t.String())
			}
		}
		u.actions = append(u.actions, a)
	}
	return u, nil
}

// legacyAction builds the update action for one legacy AttributeUpdates
// entry.
func legacyAction(attr, verb string, v *model.AttributeValue) action {
	a := action{path: Path{{Name: attr}}, legacy: true}
	if v != nil {
		a.value = &node{kind: nValue, val: *v}
	}
	switch {
	case verb == "PUT":
		a.kind = actSet
	case verb == "ADD":
		a.kind = actAdd
	case v == nil:
		a.kind = actRemove
	default:
		a.kind = actDelete
	}
	return a
}
