// Package codegen renders a DynamoDB request (the model.* input of
// GetItem, Query, Scan, PutItem, UpdateItem, DeleteItem, TransactWriteItems
// ExecuteStatement or SearchVectors) as a program that sends it: Go with aws-sdk-go-v2,
// Python with boto3's client, JavaScript with @aws-sdk/client-dynamodb
// (v3). Each program is complete (imports, client, the call, its result)
// and, given an endpoint, points the client at it (dynoscope serve).
//
// The request is first turned into a small tree of values that knows the
// SDKs' shapes (which strings are pointers, which are enums, where an
// AttributeValue goes); each language prints that tree. The AWS CLI line
// of Query and Scan stays in the explorer (ui/querycli.go) for now.
package codegen

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// Language is a target language.
type Language int

// The languages rendered.
const (
	Go Language = iota
	Python
	JavaScript
)

// Languages lists them in the order the explorer cycles through them.
var Languages = []Language{Go, Python, JavaScript}

func (l Language) String() string {
	return [...]string{"Go", "Python", "JavaScript"}[l]
}

// Options shape the program around the request.
type Options struct {
	// Endpoint, when set, points the client at it ("http://127.0.0.1:8000").
	Endpoint string
	// Region, when set, is the client's region.
	Region string
}

// Render renders a request as a program in lang.
func Render(lang Language, in any, opts Options) (string, error) {
	op, root, err := build(in)
	if err != nil {
		return "", err
	}
	switch lang {
	case Go:
		return renderGo(op, root, opts)
	case Python:
		return renderPython(op, root, opts), nil
	case JavaScript:
		return renderJS(op, root, opts), nil
	}
	return "", fmt.Errorf("unknown language %d", lang)
}

// kind is the kind of a value of the tree.
type kind int

const (
	kStr    kind = iota // a string: a pointer field (aws.String), an enum or plain
	kBool               // *bool
	kInt                // *int32
	kAV                 // an AttributeValue
	kList               // a list
	kMap                // a map with string keys
	kStruct             // a structure
)

// strMode says how a Go SDK field holds a string.
type strMode int

const (
	strPointer strMode = iota // *string: aws.String("x")
	strEnum                   // types.Select("COUNT")
	strPlain                  // "x" (map values, list elements)
)

// value is one value of the tree.
type value struct {
	kind kind
	s    string
	mode strMode
	enum string // Go enum type ("types.Select")
	b    bool
	n    int64
	av   model.AttributeValue
	// goType is the Go type of a list, map or structure
	// ("[]types.TransactWriteItem", "map[string]string", "types.Put").
	goType string
	ptr    bool // a structure held by pointer (&types.Put{...})
	elems  []value
	keys   []string // map keys, sorted; structure field names, in order
}

// operations map request types to operation names.
var operations = map[reflect.Type]string{
	reflect.TypeOf(model.GetItemInput{}):            "GetItem",
	reflect.TypeOf(model.QueryInput{}):              "Query",
	reflect.TypeOf(model.ScanInput{}):               "Scan",
	reflect.TypeOf(model.PutItemInput{}):            "PutItem",
	reflect.TypeOf(model.UpdateItemInput{}):         "UpdateItem",
	reflect.TypeOf(model.DeleteItemInput{}):         "DeleteItem",
	reflect.TypeOf(model.TransactWriteItemsInput{}): "TransactWriteItems",
	reflect.TypeOf(model.ExecuteStatementInput{}):   "ExecuteStatement",
	reflect.TypeOf(model.SearchVectorsInput{}):      "SearchVectors",
}

// enums are the string fields the Go SDK types as enums, with their types.
var enums = map[string]string{
	"Select":                              "types.Select",
	"ReturnConsumedCapacity":              "types.ReturnConsumedCapacity",
	"ReturnValues":                        "types.ReturnValue",
	"ReturnItemCollectionMetrics":         "types.ReturnItemCollectionMetrics",
	"ReturnValuesOnConditionCheckFailure": "types.ReturnValuesOnConditionCheckFailure",
	"ConditionalOperator":                 "types.ConditionalOperator",
	"ComparisonOperator":                  "types.ComparisonOperator",
	"Action":                              "types.AttributeAction",
}

var (
	avType   = reflect.TypeOf(model.AttributeValue{})
	itemType = reflect.TypeOf(model.Item{})
)

// build turns a request into its operation name and tree.
func build(in any) (string, value, error) {
	v := reflect.ValueOf(in)
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return "", value{}, fmt.Errorf("no request")
		}
		v = v.Elem()
	}
	op, ok := operations[v.Type()]
	if !ok {
		return "", value{}, fmt.Errorf("codegen: %T is not a request it renders (GetItem, Query, Scan, PutItem, UpdateItem, DeleteItem, TransactWriteItems, ExecuteStatement, SearchVectors)", in)
	}
	root, err := structValue(v, "dynamodb."+op+"Input")
	return op, root, err
}

// sdkStructs maps model structures inside requests to the SDK's types.
var sdkStructs = map[string]string{
	"Condition": "types.Condition", "ExpectedAttributeValue": "types.ExpectedAttributeValue",
	"AttributeValueUpdate": "types.AttributeValueUpdate", "TransactWriteItem": "types.TransactWriteItem",
	"Put": "types.Put", "Update": "types.Update", "Delete": "types.Delete", "ConditionCheck": "types.ConditionCheck",
}

// structValue builds a structure's tree: its exported, non-zero fields in
// declaration order.
func structValue(v reflect.Value, goType string) (value, error) {
	out := value{kind: kStruct, goType: goType}
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		fv := v.Field(i)
		if fv.IsZero() {
			continue
		}
		fvv, err := fieldValue(f.Name, fv)
		if err != nil {
			return out, err
		}
		out.keys = append(out.keys, f.Name)
		out.elems = append(out.elems, fvv)
	}
	return out, nil
}

// fieldValue builds the tree of one field.
func fieldValue(name string, v reflect.Value) (value, error) {
	switch {
	case v.Type() == avType:
		return value{kind: kAV, av: v.Interface().(model.AttributeValue)}, nil
	case v.Kind() == reflect.Pointer && v.Type().Elem() == avType:
		return value{kind: kAV, av: v.Elem().Interface().(model.AttributeValue)}, nil
	case v.Type() == itemType || v.Kind() == reflect.Map && v.Type().Elem() == avType:
		m := value{kind: kMap, goType: "map[string]types.AttributeValue"}
		for _, k := range sortedKeys(v) {
			m.keys = append(m.keys, k)
			m.elems = append(m.elems, value{kind: kAV, av: v.MapIndex(reflect.ValueOf(k)).Interface().(model.AttributeValue)})
		}
		return m, nil
	}
	switch v.Kind() {
	case reflect.String:
		if e, ok := enums[name]; ok {
			return value{kind: kStr, s: v.String(), mode: strEnum, enum: e}, nil
		}
		return value{kind: kStr, s: v.String(), mode: strPointer}, nil
	case reflect.Pointer:
		switch v.Elem().Kind() {
		case reflect.Bool:
			return value{kind: kBool, b: v.Elem().Bool()}, nil
		case reflect.String: // SearchVectors' IndexName, SearchConditionExpression
			return value{kind: kStr, s: v.Elem().String(), mode: strPointer}, nil
		case reflect.Int32, reflect.Int64:
			return value{kind: kInt, n: v.Elem().Int()}, nil
		case reflect.Struct:
			s, err := structValue(v.Elem(), sdkStructs[v.Elem().Type().Name()])
			s.ptr = true
			return s, err
		}
	case reflect.Slice:
		et := v.Type().Elem()
		l := value{kind: kList}
		switch {
		case et == avType:
			l.goType = "[]types.AttributeValue"
		case et.Kind() == reflect.String:
			l.goType = "[]string"
		default:
			l.goType = "[]" + sdkStructs[et.Name()]
		}
		for i := 0; i < v.Len(); i++ {
			e := v.Index(i)
			switch {
			case et == avType:
				l.elems = append(l.elems, value{kind: kAV, av: e.Interface().(model.AttributeValue)})
			case et.Kind() == reflect.String:
				l.elems = append(l.elems, value{kind: kStr, s: e.String(), mode: strPlain})
			default:
				sv, err := structValue(e, sdkStructs[et.Name()])
				if err != nil {
					return l, err
				}
				l.elems = append(l.elems, sv)
			}
		}
		return l, nil
	case reflect.Map:
		et := v.Type().Elem()
		m := value{kind: kMap}
		if et.Kind() == reflect.String {
			m.goType = "map[string]string"
		} else {
			m.goType = "map[string]" + sdkStructs[et.Name()]
		}
		for _, k := range sortedKeys(v) {
			e := v.MapIndex(reflect.ValueOf(k))
			m.keys = append(m.keys, k)
			if et.Kind() == reflect.String {
				m.elems = append(m.elems, value{kind: kStr, s: e.String(), mode: strPlain})
			} else {
				sv, err := structValue(e, sdkStructs[et.Name()])
				if err != nil {
					return m, err
				}
				m.elems = append(m.elems, sv)
			}
		}
		return m, nil
	}
	return value{}, fmt.Errorf("codegen: field %s (%s) has no rendering", name, v.Type())
}

func sortedKeys(m reflect.Value) []string {
	keys := make([]string, 0, m.Len())
	for _, k := range m.MapKeys() {
		keys = append(keys, k.String())
	}
	sort.Strings(keys)
	return keys
}

// snake turns an operation name into boto3's method name (GetItem →
// get_item).
func snake(op string) string {
	var b strings.Builder
	for i, r := range op {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// resultField is the part of the response a program prints.
func resultField(op string) string {
	switch op {
	case "GetItem":
		return "Item"
	case "Query", "Scan", "ExecuteStatement":
		return "Items"
	case "TransactWriteItems":
		return "ConsumedCapacity"
	case "SearchVectors":
		return "SearchResults"
	}
	return "Attributes"
}
