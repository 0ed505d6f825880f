package engine

import (
	"slices"

	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/model"
)

// exprParams are the expression-related parameters of one request.
type exprParams struct {
	names  map[string]string
	values map[string]model.AttributeValue
	// Expression parameters present, by wire name.
	condition, filter, keyCondition, update, projection string
	// Legacy parameters present.
	expected         map[string]model.ExpectedAttributeValue
	keyConditions    map[string]model.Condition
	queryFilter      map[string]model.Condition
	scanFilter       map[string]model.Condition
	attributesToGet  []string
	attributeUpdates map[string]model.AttributeValueUpdate
	conditionalOp    string
	hasUpdates       bool // AttributeUpdates given (even empty)
	// accepted lists the expression parameters the action takes
	// (expr.PutItemParams, ...).
	accepted []string
	// empty lists expression parameters sent as "" on the wire.
	empty []string
	// prepared is set once prepare has run; ctx is the context it built.
	prepared bool
	ctx      *expr.Context
}

// parsedExprs is the result of parsing a request's expressions.
type parsedExprs struct {
	condition *expr.Condition
	filter    *expr.Condition
	// keyShape is the KeyConditionExpression as far as it is checked
	// without the key schema; Query builds keyCond or multiKey from it
	// (or from KeyConditions) once the table is known.
	keyShape   *expr.KeyConditionShape
	keyCond    *expr.KeyCondition
	multiKey   *expr.MultiKeyCondition // instead of keyCond, on a multi-attribute key
	update     *expr.Update
	projection *expr.Projection
}

// parse validates and parses every expression of a request, legacy forms
// included, and checks that placeholders are all defined and all used. A
// KeyConditionExpression is parsed as far as it can be without the key
// schema (parsedExprs.keyShape); legacy KeyConditions are left to Query.
func (p *exprParams) parse() (*parsedExprs, error) {
	if p.none() {
		return &parsedExprs{}, nil // no expression parameter: nothing to parse or check
	}
	if err := p.prepare(); err != nil {
		return nil, err
	}
	return p.parseWith(p.ctx)
}

// none reports whether the request has no expression parameter at all.
func (p *exprParams) none() bool {
	return len(p.empty) == 0 && p.names == nil && p.values == nil && p.condition == "" && p.filter == "" && p.keyCondition == "" &&
		p.update == "" && p.projection == "" && p.expected == nil && p.keyConditions == nil && p.queryFilter == nil &&
		p.scanFilter == nil && p.attributesToGet == nil && p.attributeUpdates == nil && p.conditionalOp == "" && !p.hasUpdates
}

// prepare runs the checks of the parameters together (legacy and
// expression parameters mixed, ConditionalOperator), then of the
// placeholder maps and the ExpressionAttributeValues (normalised in place).
func (p *exprParams) prepare() error {
	if p.prepared || p.none() {
		return nil
	}
	if err := p.prepareParams(); err != nil {
		return err
	}
	return p.prepareMaps()
}

// prepareParams runs the checks of prepare on the parameters together:
// expressions and legacy parameters mixed, ConditionalOperator, placeholder
// maps without expressions. Query runs its own checks between these and
// prepareMaps, as DynamoDB does.
func (p *exprParams) prepareParams() error {
	if p.prepared || p.none() {
		return nil
	}
	// An expression sent as "" counts as given: DynamoDB finds it empty
	// only when it parses it, after the checks of the parameters together
	// (dynalite's validations/index.js, recorded from DynamoDB).
	given := func(v, wire string) bool { return v != "" || slices.Contains(p.empty, wire) }
	// Both lists follow the order DynamoDB names parameters in its messages.
	var exprNames, legacyNames []string
	add := func(present bool, list *[]string, name string) {
		if present {
			*list = append(*list, name)
		}
	}
	add(p.attributesToGet != nil, &legacyNames, "AttributesToGet")
	add(p.hasUpdates, &legacyNames, "AttributeUpdates")
	add(p.expected != nil, &legacyNames, "Expected")
	add(p.queryFilter != nil, &legacyNames, "QueryFilter")
	add(p.scanFilter != nil, &legacyNames, "ScanFilter")
	add(p.conditionalOp != "", &legacyNames, "ConditionalOperator")
	// KeyConditions may go with expressions as long as there is no
	// KeyConditionExpression.
	add(p.keyConditions != nil && given(p.keyCondition, expr.ParamKeyCondition), &legacyNames, "KeyConditions")
	add(given(p.update, expr.ParamUpdate), &exprNames, "UpdateExpression")
	add(given(p.condition, expr.ParamCondition), &exprNames, "ConditionExpression")
	add(given(p.projection, expr.ParamProjection), &exprNames, "ProjectionExpression")
	add(given(p.filter, expr.ParamFilter), &exprNames, "FilterExpression")
	add(given(p.keyCondition, expr.ParamKeyCondition), &exprNames, "KeyConditionExpression")
	if len(exprNames) > 0 && len(legacyNames) > 0 {
		return expr.CheckMixed(legacyNames, exprNames)
	}
	if err := p.checkConditionalOperator(); err != nil {
		return err
	}
	return expr.CheckPlaceholderParams(p.names != nil, p.values != nil, p.accepted, exprNames)
}

// prepareMaps runs the checks of prepare that follow those of the
// parameters together: the placeholder maps' own checks (empty, keys,
// names), then the values. An empty expression is found when it is parsed
// (parseWith).
func (p *exprParams) prepareMaps() error {
	if p.prepared || p.none() {
		return nil
	}
	p.prepared = true
	ctx, err := expr.NewContext(p.names, p.values)
	if err != nil {
		return err
	}
	p.ctx = ctx
	// The error reported is the one of the smallest offending key, as for
	// every map (model.NormalizeItem): it does not depend on map iteration
	// order.
	var bad *model.Error
	var badKey string
	for k, v := range p.values {
		if bad != nil && k > badKey {
			continue
		}
		if err := model.NormalizeValue(&v); err != nil {
			bad, badKey = err, k
			continue
		}
		p.values[k] = v
	}
	if bad != nil {
		if bad.Message == model.MsgAttributeNameTooLarge {
			return bad // a request-level check, not the value's own
		}
		return model.Validation("ExpressionAttributeValues contains invalid value: %s for key %s", bad.Message, badKey)
	}
	return nil
}

// parseWith parses every expression of a prepared request, legacy forms
// included, and checks that placeholders are all defined and all used. The
// expressions go in the order DynamoDB parses them (Update, Condition,
// KeyCondition, Filter, Projection), each found empty or parsed before the
// next is looked at: an empty FilterExpression is reported after a syntax
// error in the KeyConditionExpression (dynalite's validations/index.js and
// query tests, recorded from DynamoDB).
func (p *exprParams) parseWith(ctx *expr.Context) (*parsedExprs, error) {
	var err error
	out := &parsedExprs{}
	empty := func(param string) error {
		if slices.Contains(p.empty, param) {
			return model.Validation("Invalid %s: The expression can not be empty;", param)
		}
		return nil
	}
	if err := empty(expr.ParamUpdate); err != nil {
		return nil, err
	}
	if p.update != "" {
		if out.update, err = ctx.ParseUpdate(p.update); err != nil {
			return nil, err
		}
	}
	if err := empty(expr.ParamCondition); err != nil {
		return nil, err
	}
	if p.condition != "" {
		if out.condition, err = ctx.ParseCondition("ConditionExpression", p.condition); err != nil {
			return nil, err
		}
	}
	if err := empty(expr.ParamKeyCondition); err != nil {
		return nil, err
	}
	if p.keyCondition != "" {
		if out.keyShape, err = ctx.ParseKeyConditionShape(p.keyCondition); err != nil {
			return nil, err
		}
	}
	if err := empty(expr.ParamFilter); err != nil {
		return nil, err
	}
	if p.filter != "" {
		if out.filter, err = ctx.ParseCondition("FilterExpression", p.filter); err != nil {
			return nil, err
		}
	}
	if err := empty(expr.ParamProjection); err != nil {
		return nil, err
	}
	if p.projection != "" {
		if out.projection, err = ctx.ParseProjection(p.projection); err != nil {
			return nil, err
		}
	}
	if err := ctx.CheckUnused(); err != nil {
		return nil, err
	}
	// AttributeUpdates before Expected, as DynamoDB checks them (dynalite's
	// validations/updateItem.js and its test "update has no value").
	if p.hasUpdates {
		if out.update, err = expr.FromAttributeUpdates(p.attributeUpdates); err != nil {
			return nil, err
		}
	}
	if p.expected != nil {
		if out.condition, err = expr.FromExpected(p.expected, p.conditionalOp); err != nil {
			return nil, err
		}
	}
	if p.queryFilter != nil {
		if out.filter, err = expr.FromFilter(p.queryFilter, p.conditionalOp); err != nil {
			return nil, err
		}
	}
	if p.scanFilter != nil {
		if out.filter, err = expr.FromFilter(p.scanFilter, p.conditionalOp); err != nil {
			return nil, err
		}
	}
	if p.attributesToGet != nil {
		if out.projection, err = expr.FromAttributesToGet(p.attributesToGet); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// checkConditionalOperator refuses a ConditionalOperator with nothing to
// join: DynamoDB wants an Expected, QueryFilter or ScanFilter of at least two
// conditions ("ConditionalOperator can only be used when Filter or Expected
// has two or more elements", captured from DynamoDB by
// paritysuite/dynamodb-conformance, tests/tier3/validation-ordering/
// deepRequests.test.ts; scylladb test_expected.py agrees for an absent or
// empty Expected). An operator outside [OR, AND] is a constraint error,
// reported before.
func (p *exprParams) checkConditionalOperator() error {
	if p.conditionalOp != "AND" && p.conditionalOp != "OR" {
		return nil
	}
	if len(p.expected)+len(p.queryFilter)+len(p.scanFilter) < 2 {
		return model.Validation("ConditionalOperator can only be used when Filter or Expected has two or more elements")
	}
	return nil
}

// checkCondition evaluates a write's condition against the current item
// (nil when absent).
func checkCondition(c *expr.Condition, current model.Item) (bool, error) {
	if c == nil {
		return true, nil
	}
	if current == nil {
		current = model.Item{}
	}
	return c.Eval(current)
}

// returnValuesPutDelete refuses, after the constraints, the ReturnValues
// that exist but that PutItem and DeleteItem do not take.
func returnValuesPutDelete(v string) *model.Error {
	switch v {
	case model.ReturnValuesAllNew, model.ReturnValuesUpdatedNew, model.ReturnValuesUpdatedOld:
		return model.Validation("ReturnValues can only be ALL_OLD or NONE")
	}
	return nil
}

// returnValuesOnFailure checks ReturnValuesOnConditionCheckFailure.
func returnValuesOnFailure(c *constraints, v string) {
	c.enum(v, "returnValuesOnConditionCheckFailure", model.ReturnValuesAllOld, model.ReturnValuesNone)
}

// keySchema returns the expression package's view of a table's key.
func (t *table) keySchema() *expr.KeySchema {
	return &expr.KeySchema{HashKey: t.hash.name, HashType: t.hash.typ, RangeKey: t.rng.name, RangeType: t.rng.typ}
}

// indexKeySchema returns the key schema of an index.
func indexKeySchema(ix *index) *expr.KeySchema {
	ks := &expr.KeySchema{HashKey: ix.hashKeys[0].name, HashType: ix.hashKeys[0].typ}
	if len(ix.rangeKeys) > 0 {
		ks.RangeKey, ks.RangeType = ix.rangeKeys[0].name, ix.rangeKeys[0].typ
	}
	if ix.multiAttribute() {
		for _, ka := range ix.hashKeys {
			ks.HashKeys = append(ks.HashKeys, expr.KeyPart{Name: ka.name, Type: ka.typ})
		}
		for _, ka := range ix.rangeKeys {
			ks.RangeKeys = append(ks.RangeKeys, expr.KeyPart{Name: ka.name, Type: ka.typ})
		}
	}
	return ks
}

// failedCondition builds the ConditionalCheckFailedException, with the item
// when ReturnValuesOnConditionCheckFailure is ALL_OLD.
func failedCondition(returnOnFailure string, current model.Item) *model.Error {
	if returnOnFailure == model.ReturnValuesAllOld && current != nil {
		return model.ConditionalCheckFailed(current)
	}
	return model.ConditionalCheckFailed(nil)
}
