package designs

import (
	"encoding/base64"
	"strconv"
	"strings"
)

// Pseudo parameters and the values they take locally when --param does not
// give one: the engine's own region and account (its ARNs use them), the
// aws partition. AWS::StackName and AWS::StackId have no local value.
var pseudoDefaults = map[string]string{
	"AWS::Region":    "us-east-1",
	"AWS::AccountId": "000000000000",
	"AWS::Partition": "aws",
	"AWS::URLSuffix": "amazonaws.com",
}

var pseudoParams = []string{"AWS::AccountId", "AWS::NotificationARNs", "AWS::NoValue", "AWS::Partition",
	"AWS::Region", "AWS::StackId", "AWS::StackName", "AWS::URLSuffix"}

// noValue is what Ref AWS::NoValue resolves to: the member or element that
// holds it is removed.
var noValue = &node{kind: kNull, str: "AWS::NoValue"}

// template is what resolving intrinsic functions needs of a template.
type template struct {
	reader
	params     map[string]*node // parameter values, resolved
	paramDecl  map[string]*node // the Parameters section's declarations
	given      map[string]string
	mappings   *node
	conditions *node
	condValue  map[string]bool
	condBusy   map[string]bool
	resources  *node
	used       map[string]bool // pseudo parameters that took their local default
}

// isIntrinsic reports whether an object is one intrinsic function call.
func isIntrinsic(n *node) (string, bool) {
	if n.kind != kObject || len(n.keys) != 1 {
		return "", false
	}
	k := n.keys[0]
	if k == "Ref" || k == "Condition" || strings.HasPrefix(k, "Fn::") {
		return k, true
	}
	return "", false
}

// resolve returns n with every intrinsic function in it evaluated.
func (t *template) resolve(n *node) (*node, error) {
	if fn, ok := isIntrinsic(n); ok {
		return t.call(fn, n.vals[0], n)
	}
	switch n.kind {
	case kObject:
		out := &node{kind: kObject, line: n.line, path: n.path}
		for i, k := range n.keys {
			v, err := t.resolve(n.vals[i])
			if err != nil {
				return nil, err
			}
			if v == noValue {
				continue
			}
			out.keys = append(out.keys, k)
			out.vals = append(out.vals, v)
		}
		return out, nil
	case kArray:
		out := &node{kind: kArray, line: n.line, path: n.path}
		for _, e := range n.elems {
			v, err := t.resolve(e)
			if err != nil {
				return nil, err
			}
			if v != noValue {
				out.elems = append(out.elems, v)
			}
		}
		return out, nil
	}
	return n, nil
}

// scalar returns a string node standing where at is.
func scalar(s string, at *node) *node {
	return &node{kind: kString, str: s, line: at.line, path: at.path}
}

// text resolves n to a string (numbers become their text).
func (t *template) text(n *node, what string) (string, error) {
	v, err := t.resolve(n)
	if err != nil {
		return "", err
	}
	if v.kind != kString && v.kind != kNumber {
		return "", t.fail(n, "%s: expected a string, found %s", what, describe(v))
	}
	return v.str, nil
}

// list resolves n to a list.
func (t *template) list(n *node, what string) (*node, error) {
	v, err := t.resolve(n)
	if err != nil {
		return nil, err
	}
	if v.kind != kArray {
		return nil, t.fail(n, "%s: expected a list, found %s", what, describe(v))
	}
	return v, nil
}

// args checks that an intrinsic's argument is a list of count elements.
func (t *template) args(fn string, arg *node, counts ...int) error {
	if arg.kind != kArray || !containsInt(counts, len(arg.elems)) {
		want := make([]string, len(counts))
		for i, c := range counts {
			want[i] = strconv.Itoa(c)
		}
		return t.fail(arg, "%s takes a list of %s values", fn, oneOf(want))
	}
	return nil
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// call evaluates one intrinsic function.
func (t *template) call(fn string, arg, at *node) (*node, error) {
	switch fn {
	case "Ref":
		if arg.kind != kString {
			return nil, t.fail(arg, "Ref takes a name, found %s", describe(arg))
		}
		return t.ref(arg.str, arg)
	case "Fn::Sub":
		return t.sub(arg, at)
	case "Fn::Join":
		if err := t.args(fn, arg, 2); err != nil {
			return nil, err
		}
		delim, err := t.text(arg.elems[0], fn)
		if err != nil {
			return nil, err
		}
		l, err := t.list(arg.elems[1], fn)
		if err != nil {
			return nil, err
		}
		parts := make([]string, len(l.elems))
		for i, e := range l.elems {
			if parts[i], err = t.text(e, fn); err != nil {
				return nil, err
			}
		}
		return scalar(strings.Join(parts, delim), at), nil
	case "Fn::Select":
		if err := t.args(fn, arg, 2); err != nil {
			return nil, err
		}
		is, err := t.text(arg.elems[0], fn)
		if err != nil {
			return nil, err
		}
		l, err := t.list(arg.elems[1], fn)
		if err != nil {
			return nil, err
		}
		i, err := strconv.Atoi(is)
		if err != nil || i < 0 || i >= len(l.elems) {
			return nil, t.fail(arg.elems[0], "Fn::Select: index %q is not within the list of %d", is, len(l.elems))
		}
		return l.elems[i], nil
	case "Fn::Split":
		if err := t.args(fn, arg, 2); err != nil {
			return nil, err
		}
		delim, err := t.text(arg.elems[0], fn)
		if err != nil {
			return nil, err
		}
		s, err := t.text(arg.elems[1], fn)
		if err != nil {
			return nil, err
		}
		if delim == "" {
			return nil, t.fail(arg.elems[0], "Fn::Split: the delimiter is empty")
		}
		out := &node{kind: kArray, line: at.line, path: at.path}
		for _, p := range strings.Split(s, delim) {
			out.elems = append(out.elems, scalar(p, at))
		}
		return out, nil
	case "Fn::FindInMap":
		return t.findInMap(arg, at)
	case "Fn::If":
		if err := t.args(fn, arg, 3); err != nil {
			return nil, err
		}
		if arg.elems[0].kind != kString {
			return nil, t.fail(arg.elems[0], "Fn::If: expected a condition name, found %s", describe(arg.elems[0]))
		}
		ok, err := t.condition(arg.elems[0].str, arg.elems[0])
		if err != nil {
			return nil, err
		}
		if ok {
			return t.resolve(arg.elems[1])
		}
		return t.resolve(arg.elems[2])
	case "Fn::Base64":
		s, err := t.text(arg, fn)
		if err != nil {
			return nil, err
		}
		return scalar(base64.StdEncoding.EncodeToString([]byte(s)), at), nil
	case "Fn::GetAtt", "Fn::ImportValue", "Fn::GetAZs", "Fn::Cidr", "Fn::Transform", "Fn::Length", "Fn::ToJsonString":
		return nil, t.fail(at, "%s cannot be resolved locally (its value exists only in a deployed stack); write the value itself here", fn)
	case "Fn::Equals", "Fn::And", "Fn::Or", "Fn::Not", "Condition":
		return nil, t.fail(at, "%s belongs in the Conditions section or in Fn::If", fn)
	}
	return nil, t.fail(at, "unknown intrinsic function %s", fn)
}

// ref resolves Ref name: a parameter or a pseudo parameter.
func (t *template) ref(name string, at *node) (*node, error) {
	if name == "AWS::NoValue" {
		return noValue, nil
	}
	if v, ok := t.params[name]; ok {
		return v, nil
	}
	if contains(pseudoParams, name) {
		if v, ok := t.given[name]; ok {
			return scalar(v, at), nil
		}
		if v, ok := pseudoDefaults[name]; ok {
			t.used[name] = true
			return scalar(v, at), nil
		}
		return nil, t.fail(at, "%s has no local value: pass --param %s=VALUE", name, name)
	}
	if decl, ok := t.paramDecl[name]; ok {
		return nil, t.fail(at, "parameter %s (line %d) has no Default: pass --param %s=VALUE", name, decl.line, name)
	}
	if t.resources != nil && t.resources.get(name) != nil {
		return nil, t.fail(at, "Ref %s names a resource, whose physical ID exists only in a deployed stack; write the value itself here", name)
	}
	return nil, t.fail(at, "Ref %s: no parameter or resource has that name", name)
}

// sub evaluates Fn::Sub: "text ${Name} text" or [text, {Name: value}].
func (t *template) sub(arg, at *node) (*node, error) {
	var text *node
	vars := map[string]*node{}
	switch arg.kind {
	case kString:
		text = arg
	case kArray:
		if len(arg.elems) != 2 || arg.elems[0].kind != kString || arg.elems[1].kind != kObject {
			return nil, t.fail(arg, "Fn::Sub takes a string, or a list of a string and an object of variables")
		}
		text = arg.elems[0]
		m := arg.elems[1]
		for i, k := range m.keys {
			vars[k] = m.vals[i]
		}
	default:
		return nil, t.fail(arg, "Fn::Sub takes a string, or a list of a string and an object of variables")
	}
	s := text.str
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return nil, t.fail(text, "Fn::Sub: ${ without a closing }")
		}
		name := s[i+2 : i+j]
		s = s[i+j+1:]
		if strings.HasPrefix(name, "!") {
			b.WriteString("${" + name[1:] + "}")
			continue
		}
		var v string
		var err error
		if vn, ok := vars[name]; ok {
			v, err = t.text(vn, "Fn::Sub variable "+name)
		} else if strings.Contains(name, ".") {
			return nil, t.fail(text, "Fn::Sub: ${%s} is a resource attribute, which exists only in a deployed stack; write the value itself here", name)
		} else {
			var vn *node
			if vn, err = t.ref(name, text); err == nil {
				if vn.kind != kString && vn.kind != kNumber {
					return nil, t.fail(text, "Fn::Sub: ${%s} is %s, not a string", name, describe(vn))
				}
				v = vn.str
			}
		}
		if err != nil {
			return nil, err
		}
		b.WriteString(v)
	}
	return scalar(b.String(), at), nil
}

// findInMap evaluates Fn::FindInMap [map, top key, second key] (and the
// Language Extensions' fourth argument, {"DefaultValue": v}).
func (t *template) findInMap(arg, at *node) (*node, error) {
	if err := t.args("Fn::FindInMap", arg, 3, 4); err != nil {
		return nil, err
	}
	var keys [3]string
	for i := range keys {
		var err error
		if keys[i], err = t.text(arg.elems[i], "Fn::FindInMap"); err != nil {
			return nil, err
		}
	}
	var v *node
	if t.mappings != nil {
		if m := t.mappings.get(keys[0]); m != nil && m.kind == kObject {
			if top := m.get(keys[1]); top != nil && top.kind == kObject {
				v = top.get(keys[2])
			}
		}
	}
	if v != nil {
		return t.resolve(v)
	}
	if len(arg.elems) == 4 {
		d := arg.elems[3]
		if d.kind == kObject && d.get("DefaultValue") != nil {
			return t.resolve(d.get("DefaultValue"))
		}
		return nil, t.fail(d, "Fn::FindInMap: expected {DefaultValue: ...}")
	}
	return nil, t.fail(at, "Fn::FindInMap: Mappings has no %s.%s.%s", keys[0], keys[1], keys[2])
}

// condition evaluates a named condition of the Conditions section.
func (t *template) condition(name string, at *node) (bool, error) {
	if v, ok := t.condValue[name]; ok {
		return v, nil
	}
	var def *node
	if t.conditions != nil {
		def = t.conditions.get(name)
	}
	if def == nil {
		return false, t.fail(at, "no condition named %s in Conditions", name)
	}
	if t.condBusy[name] {
		return false, t.fail(def, "condition %s refers to itself", name)
	}
	t.condBusy[name] = true
	v, err := t.evalCondition(def)
	delete(t.condBusy, name)
	if err != nil {
		return false, err
	}
	t.condValue[name] = v
	return v, nil
}

// evalCondition evaluates a condition function.
func (t *template) evalCondition(n *node) (bool, error) {
	fn, ok := isIntrinsic(n)
	if !ok {
		return false, t.fail(n, "expected a condition function (Fn::Equals, Fn::And, Fn::Or, Fn::Not, Condition), found %s", describe(n))
	}
	arg := n.vals[0]
	switch fn {
	case "Condition":
		if arg.kind != kString {
			return false, t.fail(arg, "Condition takes a condition name")
		}
		return t.condition(arg.str, arg)
	case "Fn::Equals":
		if err := t.args(fn, arg, 2); err != nil {
			return false, err
		}
		a, err := t.resolve(arg.elems[0])
		if err != nil {
			return false, err
		}
		b, err := t.resolve(arg.elems[1])
		if err != nil {
			return false, err
		}
		return string(a.toJSON(nil)) == string(b.toJSON(nil)) || (isScalar(a) && isScalar(b) && a.str == b.str), nil
	case "Fn::Not":
		if err := t.args(fn, arg, 1); err != nil {
			return false, err
		}
		v, err := t.evalCondition(arg.elems[0])
		return !v, err
	case "Fn::And", "Fn::Or":
		if arg.kind != kArray || len(arg.elems) < 2 || len(arg.elems) > 10 {
			return false, t.fail(arg, "%s takes a list of 2 to 10 conditions", fn)
		}
		and := fn == "Fn::And"
		for _, e := range arg.elems {
			v, err := t.evalCondition(e)
			if err != nil {
				return false, err
			}
			if v != and {
				return v, nil
			}
		}
		return and, nil
	}
	return false, t.fail(n, "%s is not a condition function", fn)
}

func isScalar(n *node) bool { return n.kind == kString || n.kind == kNumber }

// parameters reads the Parameters section and binds each parameter to its
// --param value or Default.
func (t *template) parameters(sec *node) error {
	t.params, t.paramDecl = map[string]*node{}, map[string]*node{}
	if sec != nil {
		if err := t.want(sec, kObject); err != nil {
			return err
		}
		for i, name := range sec.keys {
			decl := sec.vals[i]
			if err := t.want(decl, kObject); err != nil {
				return err
			}
			t.paramDecl[name] = decl
			typ := "String"
			if tn := decl.get("Type"); tn != nil {
				var err error
				if typ, err = t.str(tn); err != nil {
					return err
				}
			}
			var val *node
			if v, ok := t.given[name]; ok {
				val = scalar(v, decl)
			} else if d := decl.get("Default"); d != nil {
				if !isScalar(d) {
					return t.fail(d, "expected a string, found %s", describe(d))
				}
				val = d
			} else {
				continue
			}
			if av := decl.get("AllowedValues"); av != nil {
				allowed, err := t.strings(av)
				if err != nil {
					return err
				}
				if !contains(allowed, val.str) {
					return t.fail(val, "parameter %s is %q, expected %s", name, val.str, oneOf(allowed))
				}
			}
			if typ == "CommaDelimitedList" || strings.HasPrefix(typ, "List<") {
				l := &node{kind: kArray, line: val.line, path: val.path}
				for _, p := range strings.Split(val.str, ",") {
					l.elems = append(l.elems, scalar(strings.TrimSpace(p), val))
				}
				val = l
			}
			t.params[name] = val
		}
	}
	return nil
}
