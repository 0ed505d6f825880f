package designs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/dynoscope/dynoscope/engine/partiql"
	"github.com/dynoscope/dynoscope/model"
)

// Operations a pattern may run.
var Operations = []string{"GetItem", "Query", "Scan", "PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "ExecuteStatement", "SearchVectors"}

// Pattern is one access pattern: a name and a request, its parameters
// written with ${placeholders}, the values the placeholders take when the
// pattern is checked, and a budget.
//
// In a pattern file (YAML or JSON):
//
//	Model: design.json            # optional: what check-patterns loads when no --db is given
//	Patterns:
//	  - Name: Replies of a thread
//	    Description: newest first
//	    Operation: Query
//	    Request:                  # the operation's input, as the API takes it
//	      TableName: Reply
//	      KeyConditionExpression: Id = :id
//	      ExpressionAttributeValues: {":id": {S: "${forum}#${subject}"}}
//	      ScanIndexForward: false
//	    Values: {forum: Amazon DynamoDB, subject: DynamoDB Thread 1}
//	    Budget: {MaxRCU: 1}       # MaxRCU, MaxWCU per call; AllowScan: true to accept a Scan
//
// A placeholder is ${name} anywhere inside a string of Request ($${ writes
// a literal ${); every placeholder needs a value and every value a
// placeholder.
type Pattern struct {
	Name        string            `json:"Name"`
	Description string            `json:"Description,omitempty"`
	Operation   string            `json:"Operation"`
	Request     json.RawMessage   `json:"Request"`
	Values      map[string]string `json:"Values,omitempty"`
	Budget      Budget            `json:"Budget,omitempty"`
	// File and Line locate the pattern's definition ("" and 0 for one
	// saved in a workspace).
	File string `json:"-"`
	Line int    `json:"-"`
}

// Budget is what one call of a pattern may cost.
type Budget struct {
	// MaxRCU and MaxWCU bound the read and write units of one call (table
	// and indexes together); nil is no bound.
	MaxRCU *float64 `json:"MaxRCU,omitempty"`
	MaxWCU *float64 `json:"MaxWCU,omitempty"`
	// AllowScan accepts a pattern that reads the whole table or index.
	AllowScan bool `json:"AllowScan,omitempty"`
}

// Where names the pattern in messages: `pattern "X" (file.yaml:12)`.
func (p Pattern) Where() string {
	if p.File == "" {
		return fmt.Sprintf("pattern %q", p.Name)
	}
	return fmt.Sprintf("pattern %q (%s:%d)", p.Name, p.File, p.Line)
}

// Input returns the pattern's request with its placeholders filled from
// Values, overridden by values (nil: none): a *model.GetItemInput,
// *model.QueryInput, ... as Operation says.
func (p Pattern) Input(values map[string]string) (any, error) {
	vals := map[string]string{}
	for k, v := range p.Values {
		vals[k] = v
	}
	for k, v := range values {
		vals[k] = v
	}
	var req any
	if err := json.Unmarshal(p.Request, &req); err != nil {
		return nil, fmt.Errorf("%s: the request is not JSON: %v", p.Where(), err)
	}
	filled, err := fill(req, vals)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p.Where(), err)
	}
	b, _ := json.Marshal(filled)
	in, err := decodeInput(p.Operation, b)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p.Where(), err)
	}
	return in, nil
}

// Table is the table the pattern's request names (the first action's, for
// a transaction; the statement's, for PartiQL), or "".
func (p Pattern) Table() string {
	in, err := p.Input(nil)
	if err != nil {
		return ""
	}
	return RequestTable(in)
}

// RequestTable is the table a request names.
func RequestTable(in any) string {
	switch in := in.(type) {
	case *model.GetItemInput:
		return in.TableName
	case *model.QueryInput:
		return in.TableName
	case *model.ScanInput:
		return in.TableName
	case *model.SearchVectorsInput:
		return in.TableName
	case *model.PutItemInput:
		return in.TableName
	case *model.UpdateItemInput:
		return in.TableName
	case *model.DeleteItemInput:
		return in.TableName
	case *model.TransactWriteItemsInput:
		for _, a := range in.TransactItems {
			if _, table, _ := a.Action(); table != "" {
				return table
			}
		}
	case *model.ExecuteStatementInput:
		parsed, err := partiql.Parse(in.Statement)
		if err != nil {
			return ""
		}
		switch st := parsed.Statement.(type) {
		case *partiql.Select:
			return st.Table
		case *partiql.Insert:
			return st.Table
		case *partiql.Update:
			return st.Table
		case *partiql.Delete:
			return st.Table
		}
	}
	return ""
}

// inputTypes are the request types of the operations.
var inputTypes = map[string]reflect.Type{
	"GetItem":            reflect.TypeOf(model.GetItemInput{}),
	"Query":              reflect.TypeOf(model.QueryInput{}),
	"Scan":               reflect.TypeOf(model.ScanInput{}),
	"PutItem":            reflect.TypeOf(model.PutItemInput{}),
	"UpdateItem":         reflect.TypeOf(model.UpdateItemInput{}),
	"DeleteItem":         reflect.TypeOf(model.DeleteItemInput{}),
	"TransactWriteItems": reflect.TypeOf(model.TransactWriteItemsInput{}),
	"ExecuteStatement":   reflect.TypeOf(model.ExecuteStatementInput{}),
	"SearchVectors":      reflect.TypeOf(model.SearchVectorsInput{}),
}

// decodeInput decodes a request of an operation, refusing members the
// operation does not have.
func decodeInput(op string, b []byte) (any, error) {
	typ, ok := inputTypes[op]
	if !ok {
		return nil, fmt.Errorf("unknown operation %q (expected %s)", op, oneOf(Operations))
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		return nil, fmt.Errorf("the request is not an object")
	}
	known := jsonFields(typ)
	var unknown []string
	for k := range top {
		if !contains(known, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, fmt.Errorf("%s has no parameter %s", op, strings.Join(unknown, ", "))
	}
	in := reflect.New(typ).Interface()
	if err := json.Unmarshal(b, in); err != nil {
		return nil, fmt.Errorf("the %s request does not decode: %v", op, err)
	}
	return in, nil
}

// jsonFields lists the JSON member names of a struct's exported fields.
func jsonFields(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		if name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// fill replaces the placeholders in every string of v (not in member
// names).
func fill(v any, vals map[string]string) (any, error) {
	switch v := v.(type) {
	case string:
		return substitute(v, vals)
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			f, err := fill(e, vals)
			if err != nil {
				return nil, err
			}
			out[i] = f
		}
		return out, nil
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			f, err := fill(e, vals)
			if err != nil {
				return nil, err
			}
			out[k] = f
		}
		return out, nil
	}
	return v, nil
}

// substitute fills one string.
func substitute(s string, vals map[string]string) (string, error) {
	if !strings.Contains(s, "${") {
		return s, nil
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		if i > 0 && s[i-1] == '$' {
			b.WriteString(s[:i-1] + "${")
			s = s[i+2:]
			continue
		}
		b.WriteString(s[:i])
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return "", fmt.Errorf("${ without a closing } in %q", s)
		}
		name := s[i+2 : i+j]
		v, ok := vals[name]
		if !ok {
			return "", fmt.Errorf("placeholder ${%s} has no value (give it in Values)", name)
		}
		b.WriteString(v)
		s = s[i+j+1:]
	}
}

// placeholders lists the placeholder names used in a request.
func placeholders(v any, into map[string]bool) {
	switch v := v.(type) {
	case string:
		s := v
		for {
			i := strings.Index(s, "${")
			if i < 0 {
				return
			}
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				return
			}
			if i == 0 || s[i-1] != '$' {
				into[s[i+2:i+j]] = true
			}
			s = s[i+j+1:]
		}
	case []any:
		for _, e := range v {
			placeholders(e, into)
		}
	case map[string]any:
		for _, e := range v {
			placeholders(e, into)
		}
	}
}

// PatternFile is a pattern file: the patterns and the model they are for.
type PatternFile struct {
	// Model is the path of the model or template the patterns are for,
	// relative to the pattern file ("" when not given).
	Model    string
	Patterns []Pattern
}

// ReadPatterns reads a pattern file (YAML or JSON) into a Design holding
// only Patterns (and the Model path in Name).
func ReadPatterns(data []byte, file string) (*Design, error) {
	pf, err := ReadPatternFile(data, file)
	if err != nil {
		return nil, err
	}
	return &Design{File: file, Format: FormatPatterns, Name: pf.Model, Patterns: pf.Patterns}, nil
}

// ReadPatternFile reads a pattern file. Every pattern is checked: a known
// operation, a request that decodes as that operation's input once its
// placeholders are filled, names unique in the file.
func ReadPatternFile(data []byte, file string) (*PatternFile, error) {
	root, _, err := parse(data, file)
	if err != nil {
		return nil, err
	}
	r := &reader{file: file}
	if err := r.members(root, []string{"Model", "Patterns"}, "Patterns"); err != nil {
		return nil, err
	}
	pf := &PatternFile{}
	if m := root.get("Model"); m != nil {
		if pf.Model, err = r.str(m); err != nil {
			return nil, err
		}
	}
	list := root.get("Patterns")
	if err := r.want(list, kArray); err != nil {
		return nil, err
	}
	seen := map[string]*node{}
	for _, pn := range list.elems {
		p, err := readPattern(r, pn)
		if err != nil {
			return nil, err
		}
		if first, dup := seen[p.Name]; dup {
			return nil, r.fail(pn.get("Name"), "two patterns are named %q (first at line %d)", p.Name, first.line)
		}
		seen[p.Name] = pn
		pf.Patterns = append(pf.Patterns, p)
	}
	return pf, nil
}

func readPattern(r *reader, n *node) (Pattern, error) {
	p := Pattern{File: r.file, Line: n.line}
	if err := r.members(n, []string{"Name", "Description", "Operation", "Request", "Values", "Budget"}, "Name", "Operation", "Request"); err != nil {
		return p, err
	}
	var err error
	if p.Name, err = r.str(n.get("Name")); err != nil {
		return p, err
	}
	if p.Name == "" {
		return p, r.fail(n.get("Name"), "expected a pattern name, found an empty string")
	}
	if d := n.get("Description"); d != nil {
		if p.Description, err = r.str(d); err != nil {
			return p, err
		}
	}
	if p.Operation, err = r.enum(n.get("Operation"), Operations...); err != nil {
		return p, err
	}
	req := n.get("Request")
	if err := r.want(req, kObject); err != nil {
		return p, err
	}
	p.Request = req.toJSON(nil)
	if v := n.get("Values"); v != nil {
		if err := r.want(v, kObject); err != nil {
			return p, err
		}
		p.Values = map[string]string{}
		for i, k := range v.keys {
			val := v.vals[i]
			if !isScalar(val) && val.kind != kBool {
				return p, r.fail(val, "expected a string or a number, found %s", describe(val))
			}
			s := val.str
			if val.kind == kBool {
				s = fmt.Sprint(val.b)
			}
			p.Values[k] = s
		}
	}
	if b := n.get("Budget"); b != nil {
		if p.Budget, err = readBudget(r, b); err != nil {
			return p, err
		}
	}
	// Every placeholder has a value, every value a placeholder, and the
	// filled request decodes.
	var decoded any
	_ = json.Unmarshal(p.Request, &decoded)
	used := map[string]bool{}
	placeholders(decoded, used)
	for _, k := range sortedKeys(p.Values) {
		if !used[k] {
			return p, r.fail(n.get("Values"), "value %q is not used by any ${%s} in Request", k, k)
		}
	}
	if _, err := p.Input(nil); err != nil {
		msg := strings.TrimPrefix(err.Error(), p.Where()+": ")
		return p, r.fail(req, "%s", msg)
	}
	return p, nil
}

func readBudget(r *reader, n *node) (Budget, error) {
	var b Budget
	if err := r.members(n, []string{"MaxRCU", "MaxWCU", "AllowScan"}); err != nil {
		return b, err
	}
	for _, f := range []struct {
		key string
		dst **float64
	}{{"MaxRCU", &b.MaxRCU}, {"MaxWCU", &b.MaxWCU}} {
		v := n.get(f.key)
		if v == nil {
			continue
		}
		var x float64
		if v.kind != kNumber || json.Unmarshal([]byte(v.str), &x) != nil || x < 0 {
			return b, r.fail(v, "expected a number of units, 0 or more, found %s", describe(v))
		}
		*f.dst = &x
	}
	if v := n.get("AllowScan"); v != nil {
		var err error
		if b.AllowScan, err = r.boolean(v); err != nil {
			return b, err
		}
	}
	return b, nil
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// DecodeSavedPattern decodes a pattern kept in a workspace (a document of
// engine.TableDesign.Patterns).
func DecodeSavedPattern(raw json.RawMessage) (Pattern, error) {
	var p Pattern
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return p, fmt.Errorf("a saved pattern does not decode: %v", err)
	}
	if p.Name == "" {
		return p, errors.New("a saved pattern has no name")
	}
	if _, err := p.Input(nil); err != nil {
		return p, err
	}
	return p, nil
}
