package expr

import (
	"sort"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// Context holds one request's ExpressionAttributeNames and
// ExpressionAttributeValues. All expressions of the request are parsed
// through the same Context so that CheckUnused can report placeholders that
// no expression used. A Context is not safe for concurrent use; the
// expressions it returns are.
type Context struct {
	names      map[string]string
	values     map[string]model.AttributeValue
	usedNames  map[string]bool
	usedValues map[string]bool
}

// NewContext validates the placeholder maps and returns a Context. A nil map
// means the parameter was absent; a non-nil empty map is rejected as
// DynamoDB does ("ExpressionAttributeNames must not be empty"). Keys must be
// '#' (names) or ':' (values) followed by one or more of [A-Za-z0-9_].
// Values must already be validated and normalized (model.NormalizeValue):
// reporting a bad value is the caller's job.
func NewContext(names map[string]string, values map[string]model.AttributeValue) (*Context, error) {
	if names != nil {
		if len(names) == 0 {
			return nil, validation("ExpressionAttributeNames must not be empty")
		}
		for _, k := range sortedKeys(names) {
			if !validPlaceholder(k, '#') {
				return nil, validation(`ExpressionAttributeNames contains invalid key: Syntax error; key: "` + k + `"`)
			}
		}
		for _, k := range sortedKeys(names) {
			if names[k] == "" {
				return nil, validation("ExpressionAttributeNames contains invalid value: Empty attribute name for key " + k)
			}
			if err := model.CheckAttributeName(names[k]); err != nil {
				return nil, err
			}
		}
	}
	if values != nil {
		if len(values) == 0 {
			return nil, validation("ExpressionAttributeValues must not be empty")
		}
		for _, k := range sortedKeys(values) {
			if !validPlaceholder(k, ':') {
				return nil, validation(`ExpressionAttributeValues contains invalid key: Syntax error; key: "` + k + `"`)
			}
		}
	}
	return &Context{
		names:      names,
		values:     values,
		usedNames:  map[string]bool{},
		usedValues: map[string]bool{},
	}, nil
}

// validPlaceholder reports whether k is prefix followed by [A-Za-z0-9_]+.
func validPlaceholder(k string, prefix byte) bool {
	if len(k) < 2 || k[0] != prefix {
		return false
	}
	for i := 1; i < len(k); i++ {
		if !isIdentPart(k[i]) {
			return false
		}
	}
	return true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// name resolves a #placeholder, marking it used.
func (c *Context) name(k string) (string, bool) {
	v, ok := c.names[k]
	if ok {
		c.usedNames[k] = true
	}
	return v, ok
}

// value resolves a :placeholder, marking it used.
func (c *Context) value(k string) (model.AttributeValue, bool) {
	v, ok := c.values[k]
	if ok {
		c.usedValues[k] = true
	}
	return v, ok
}

// CheckUnused reports placeholders that no expression parsed through this
// Context used: "Value provided in ExpressionAttributeNames unused in
// expressions: keys: {#a, #b}" (names are checked before values; keys are
// listed in sorted order). Call it after parsing all of the request's
// expressions.
func (c *Context) CheckUnused() error {
	if unused := unusedKeys(c.names, c.usedNames); unused != "" {
		return validation("Value provided in ExpressionAttributeNames unused in expressions: keys: {" + unused + "}")
	}
	if unused := unusedKeys(c.values, c.usedValues); unused != "" {
		return validation("Value provided in ExpressionAttributeValues unused in expressions: keys: {" + unused + "}")
	}
	return nil
}

func unusedKeys[V any](m map[string]V, used map[string]bool) string {
	var out []string
	for _, k := range sortedKeys(m) {
		if !used[k] {
			out = append(out, k)
		}
	}
	return strings.Join(out, ", ")
}

// The expression parameters each operation accepts, in the order DynamoDB
// names them in its messages; pass them to CheckPlaceholderParams.
var (
	PutItemParams    = []string{ParamCondition}
	DeleteItemParams = []string{ParamCondition}
	UpdateItemParams = []string{ParamUpdate, ParamCondition}
	GetItemParams    = []string{ParamProjection}
	QueryParams      = []string{ParamProjection, ParamFilter, ParamKeyCondition}
	ScanParams       = []string{ParamProjection, ParamFilter}
)

// CheckPlaceholderParams reports ExpressionAttributeNames or
// ExpressionAttributeValues given without an expression that could use
// them. accepted lists the operation's expression parameters (for example
// UpdateItemParams) and present those the request carries. The messages are
// "ExpressionAttributeNames can only be specified when using expressions"
// and "ExpressionAttributeValues can only be specified when using
// expressions: UpdateExpression and ConditionExpression are null" (the list
// omits ProjectionExpression, which takes no values).
func CheckPlaceholderParams(hasNames, hasValues bool, accepted, present []string) error {
	if hasNames && len(present) == 0 {
		return validation("ExpressionAttributeNames can only be specified when using expressions")
	}
	if !hasValues {
		return nil
	}
	var valueParams []string
	for _, p := range accepted {
		if p == ParamProjection {
			continue
		}
		valueParams = append(valueParams, p)
	}
	if len(valueParams) == 0 {
		return nil
	}
	for _, p := range valueParams {
		for _, q := range present {
			if p == q {
				return nil
			}
		}
	}
	verb := " is null"
	if len(valueParams) > 1 {
		verb = " are null"
	}
	return validation("ExpressionAttributeValues can only be specified when using expressions: " +
		strings.Join(valueParams, " and ") + verb)
}
