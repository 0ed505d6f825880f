package designs

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// maxYAMLNodes bounds what a YAML document may expand to through aliases
// (a "billion laughs" document is refused, not expanded).
const maxYAMLNodes = 200_000

// shortForms are CloudFormation's YAML short-form intrinsic functions and
// the long-form member each stands for.
var shortForms = map[string]string{
	"!Ref": "Ref", "!Condition": "Condition",
	"!Base64": "Fn::Base64", "!Cidr": "Fn::Cidr", "!FindInMap": "Fn::FindInMap", "!GetAtt": "Fn::GetAtt",
	"!GetAZs": "Fn::GetAZs", "!ImportValue": "Fn::ImportValue", "!Join": "Fn::Join", "!Select": "Fn::Select",
	"!Split": "Fn::Split", "!Sub": "Fn::Sub", "!Transform": "Fn::Transform", "!And": "Fn::And",
	"!Equals": "Fn::Equals", "!If": "Fn::If", "!Not": "Fn::Not", "!Or": "Fn::Or", "!Length": "Fn::Length",
	"!ToJsonString": "Fn::ToJsonString",
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// parseYAML reads a YAML document into nodes; CloudFormation's short-form
// tags (!Ref, !Sub, !GetAtt, ...) become their long forms ({"Ref": ...}).
func parseYAML(data []byte, file string) (*node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		line := 0
		if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
		}
		return nil, &Error{File: file, Line: line, Err: errors.New("invalid YAML: " + msg)}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &Error{File: file, Line: 1, Err: errors.New("the document is empty")}
	}
	c := &yamlConverter{file: file}
	return c.convert(doc.Content[0], "", 0)
}

type yamlConverter struct {
	file  string
	nodes int
}

func (c *yamlConverter) fail(y *yaml.Node, path, format string, args ...any) error {
	return &Error{File: c.file, Line: y.Line, Path: path, Err: fmt.Errorf(format, args...)}
}

func (c *yamlConverter) convert(y *yaml.Node, path string, depth int) (*node, error) {
	if c.nodes++; c.nodes > maxYAMLNodes {
		return nil, c.fail(y, path, "the document expands to more than %d values (through aliases)", maxYAMLNodes)
	}
	if depth > maxDepth {
		return nil, c.fail(y, path, "nested too deeply")
	}
	if y.Kind == yaml.AliasNode {
		if y.Alias == nil {
			return nil, c.fail(y, path, "alias to nothing")
		}
		n, err := c.convert(y.Alias, path, depth+1)
		if n != nil {
			n.line = y.Line
		}
		return n, err
	}
	if long, ok := shortForms[y.Tag]; ok {
		return c.shortForm(y, long, path, depth)
	}
	if strings.HasPrefix(y.Tag, "!") && !strings.HasPrefix(y.Tag, "!!") {
		return nil, c.fail(y, path, "unknown tag %s (CloudFormation's short forms are %s)", y.Tag, "!Ref, !Sub, !GetAtt, !Join, !Select, !Split, !FindInMap, !If, !Equals, !And, !Or, !Not, !Condition, !Base64, !Cidr, !GetAZs, !ImportValue, !Transform")
	}
	return c.plain(y, path, depth)
}

// plain converts a node whose tag is a core YAML type.
func (c *yamlConverter) plain(y *yaml.Node, path string, depth int) (*node, error) {
	n := &node{line: y.Line, path: path}
	switch y.Kind {
	case yaml.ScalarNode:
		switch y.ShortTag() {
		case "!!null":
			n.kind = kNull
		case "!!bool":
			b, err := strconv.ParseBool(strings.ToLower(y.Value))
			if err != nil {
				return nil, c.fail(y, path, "%q is not a boolean", y.Value)
			}
			n.kind, n.b = kBool, b
		case "!!int", "!!float":
			n.kind, n.str = kNumber, y.Value
		default:
			n.kind, n.str = kString, y.Value
		}
	case yaml.SequenceNode:
		n.kind = kArray
		for i, e := range y.Content {
			v, err := c.convert(e, elemPath(path, i), depth+1)
			if err != nil {
				return nil, err
			}
			n.elems = append(n.elems, v)
		}
	case yaml.MappingNode:
		n.kind = kObject
		for i := 0; i+1 < len(y.Content); i += 2 {
			k, v := y.Content[i], y.Content[i+1]
			if k.Kind == yaml.AliasNode && k.Alias != nil {
				k = k.Alias
			}
			if k.Kind != yaml.ScalarNode {
				return nil, c.fail(k, path, "a member name must be a plain value")
			}
			if k.ShortTag() == "!!merge" {
				return nil, c.fail(k, path, "YAML merge keys (<<) are not supported")
			}
			kp := childPath(path, k.Value)
			if n.get(k.Value) != nil {
				return nil, &Error{File: c.file, Line: k.Line, Path: kp, Err: errDuplicateMember}
			}
			val, err := c.convert(v, kp, depth+1)
			if err != nil {
				return nil, err
			}
			n.keys = append(n.keys, k.Value)
			n.vals = append(n.vals, val)
		}
	default:
		return nil, c.fail(y, path, "unexpected YAML node")
	}
	return n, nil
}

// shortForm converts "!Ref X" into {"Ref": "X"}; "!GetAtt A.B" into
// {"Fn::GetAtt": ["A", "B"]}.
func (c *yamlConverter) shortForm(y *yaml.Node, long, path string, depth int) (*node, error) {
	inner := *y
	switch y.Kind {
	case yaml.ScalarNode:
		inner.Tag = "!!str"
	case yaml.SequenceNode:
		inner.Tag = "!!seq"
	case yaml.MappingNode:
		inner.Tag = "!!map"
	}
	ip := childPath(path, long)
	var arg *node
	if long == "Fn::GetAtt" && y.Kind == yaml.ScalarNode {
		res, attr, ok := strings.Cut(y.Value, ".")
		if !ok {
			return nil, c.fail(y, path, "!GetAtt needs RESOURCE.ATTRIBUTE, found %q", y.Value)
		}
		arg = &node{kind: kArray, line: y.Line, path: ip, elems: []*node{
			{kind: kString, line: y.Line, path: elemPath(ip, 0), str: res},
			{kind: kString, line: y.Line, path: elemPath(ip, 1), str: attr}}}
	} else {
		var err error
		if arg, err = c.plain(&inner, ip, depth+1); err != nil {
			return nil, err
		}
	}
	return &node{kind: kObject, line: y.Line, path: path, keys: []string{long}, vals: []*node{arg}}, nil
}
