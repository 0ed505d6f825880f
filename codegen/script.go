package codegen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

func sortStrings(s []string) { sort.Strings(s) }

// quote writes a string literal valid in Python and JavaScript: JSON's
// escaping, without the HTML escapes.
func quote(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(buf.String(), "\n")
}

// script is what differs between the Python and JavaScript printers.
type script struct {
	indent      string
	keyValue    string // Python `"k": v`, JavaScript `k: v`
	bareKeys    bool   // JavaScript may leave identifier keys unquoted
	true, false string
	bytes       func([]byte) string
	pad         string // inside the braces of a one-line AttributeValue
}

var (
	python = script{indent: "    ", keyValue: ": ", true: "True", false: "False", bytes: pyBytes}
	js     = script{indent: "  ", keyValue: ": ", bareKeys: true, true: "true", false: "false", bytes: jsBytes, pad: " "}
)

// key writes an object key.
func (s script) key(k string) string {
	if s.bareKeys && isJSIdent(k) {
		return k
	}
	return quote(k)
}

// isJSIdent reports whether k can be a bare JavaScript property name.
func isJSIdent(k string) bool {
	if k == "" {
		return false
	}
	for i, r := range k {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// value writes a value at a depth of indentation.
func (s script) value(b *strings.Builder, v value, depth int) {
	switch v.kind {
	case kStr:
		b.WriteString(quote(v.s))
	case kBool:
		if v.b {
			b.WriteString(s.true)
		} else {
			b.WriteString(s.false)
		}
	case kInt:
		fmt.Fprintf(b, "%d", v.n)
	case kAV:
		s.av(b, v.av, depth)
	case kList:
		s.open(b, "[", depth, len(v.elems), func(i int) { s.value(b, v.elems[i], depth+1) }, "]")
	case kMap, kStruct:
		s.open(b, "{", depth, len(v.elems), func(i int) {
			b.WriteString(s.key(v.keys[i]) + s.keyValue)
			s.value(b, v.elems[i], depth+1)
		}, "}")
	}
}

// open writes a bracketed list of n entries, one per line.
func (s script) open(b *strings.Builder, open string, depth, n int, entry func(int), close string) {
	if n == 0 {
		b.WriteString(open + close)
		return
	}
	b.WriteString(open + "\n")
	for i := 0; i < n; i++ {
		b.WriteString(strings.Repeat(s.indent, depth+1))
		entry(i)
		b.WriteString(",\n")
	}
	b.WriteString(strings.Repeat(s.indent, depth) + close)
}

// av writes an AttributeValue as the low-level clients take it:
// {"S": "x"}, {"N": "1"}, {"B": bytes}, ...
func (s script) av(b *strings.Builder, v model.AttributeValue, depth int) {
	t := s.key(v.Type.String())
	simple := func(x string) { b.WriteString("{" + s.pad + t + s.keyValue + x + s.pad + "}") }
	switch v.Type {
	case model.TypeS:
		simple(quote(v.S))
	case model.TypeN:
		simple(quote(v.N))
	case model.TypeB:
		simple(s.bytes(v.B))
	case model.TypeBOOL:
		if v.BOOL {
			simple(s.true)
		} else {
			simple(s.false)
		}
	case model.TypeNULL:
		simple(s.true)
	case model.TypeSS, model.TypeNS:
		list := v.SS
		if v.Type == model.TypeNS {
			list = v.NS
		}
		parts := make([]string, len(list))
		for i, x := range list {
			parts[i] = quote(x)
		}
		simple("[" + strings.Join(parts, ", ") + "]")
	case model.TypeBS:
		parts := make([]string, len(v.BS))
		for i, x := range v.BS {
			parts[i] = s.bytes(x)
		}
		simple("[" + strings.Join(parts, ", ") + "]")
	case model.TypeL:
		b.WriteString("{" + s.pad + t + s.keyValue)
		s.open(b, "[", depth, len(v.L), func(i int) { s.av(b, v.L[i], depth+1) }, "]")
		b.WriteString(s.pad + "}")
	case model.TypeM:
		keys := sortedAVKeys(v.M)
		b.WriteString("{" + s.pad + t + s.keyValue)
		s.open(b, "{", depth, len(keys), func(i int) {
			b.WriteString(s.key(keys[i]) + s.keyValue)
			s.av(b, v.M[keys[i]], depth+1)
		}, "}")
		b.WriteString(s.pad + "}")
	default:
		b.WriteString("{}")
	}
}

// pyBytes writes a Python bytes literal.
func pyBytes(p []byte) string {
	var b strings.Builder
	b.WriteString(`b"`)
	for _, c := range p {
		switch {
		case c == '\\' || c == '"':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c <= 0x7e:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, `\x%02x`, c)
		}
	}
	b.WriteString(`"`)
	return b.String()
}

// jsBytes writes a Uint8Array, which the SDK takes for binary values in
// browsers and Node.js alike.
func jsBytes(p []byte) string {
	parts := make([]string, len(p))
	for i, c := range p {
		parts[i] = fmt.Sprint(c)
	}
	return "new Uint8Array([" + strings.Join(parts, ", ") + "])"
}

// renderPython writes a Python program (boto3's low-level client) that
// sends the request and prints its result as plain JSON, as the Go
// program does.
func renderPython(op string, root value, opts Options) string {
	var b strings.Builder
	what := printing(op)
	if what != "capacity" {
		b.WriteString("import base64\n")
	}
	b.WriteString("import json\n\nimport boto3\n\n")
	b.WriteString(comment("#", opts.header()))
	b.WriteString("\n")
	args := []string{quote("dynamodb")}
	if opts.Endpoint != "" {
		args = append(args, "endpoint_url="+quote(opts.Endpoint))
	}
	if r := opts.region(); r != "" {
		args = append(args, "region_name="+quote(r))
	}
	if loopback(opts.Endpoint) {
		b.WriteString("# " + loopbackNote + "\n")
		args = append(args, `aws_access_key_id="dummy"`, `aws_secret_access_key="dummy"`)
	}
	if len(args) > 2 {
		b.WriteString("client = boto3.client(\n")
		for _, a := range args {
			b.WriteString(python.indent + a + ",\n")
		}
		b.WriteString(")\n")
	} else {
		fmt.Fprintf(&b, "client = boto3.client(%s)\n", strings.Join(args, ", "))
	}
	fmt.Fprintf(&b, "response = client.%s(\n", snake(op))
	for i, k := range root.keys {
		b.WriteString(python.indent + k + "=")
		python.value(&b, root.elems[i], 1)
		b.WriteString(",\n")
	}
	b.WriteString(")\n")
	if what != "capacity" {
		b.WriteString(pyHelpers)
	}
	switch what {
	case "items":
		b.WriteString("for item in response.get(\"Items\", []):\n    print(plain_item(item))\n")
	case "item":
		b.WriteString("if \"Item\" in response:\n    print(plain_item(response[\"Item\"]))\n")
	case "attributes":
		b.WriteString("if \"Attributes\" in response:\n    print(plain_item(response[\"Attributes\"]))\n")
	case "results":
		b.WriteString("for result in response.get(\"SearchResults\", []):\n    print(result[\"Score\"], plain_item(result[\"Item\"]), sep=\"\\t\")\n")
	default:
		b.WriteString("print(json.dumps(response.get(\"ConsumedCapacity\")))\n")
	}
	return b.String()
}

// pyHelpers print an item as plain JSON.
const pyHelpers = `

def plain(value):
    """A DynamoDB value as plain JSON text: numbers as numbers with all
    their digits, sets as arrays, binary as base64."""
    ((kind, v),) = value.items()
    if kind == "N":
        return v
    if kind == "NS":
        return "[" + ",".join(v) + "]"
    if kind == "B":
        return json.dumps(base64.b64encode(v).decode())
    if kind == "BS":
        return json.dumps([base64.b64encode(b).decode() for b in v])
    if kind == "NULL":
        return "null"
    if kind == "L":
        return "[" + ",".join(plain(e) for e in v) + "]"
    if kind == "M":
        return plain_item(v)
    return json.dumps(v, ensure_ascii=False)  # S, SS, BOOL


def plain_item(item):
    """An item as one line of plain JSON."""
    return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + plain(item[k]) for k in sorted(item)) + "}"


`

// renderJS writes a JavaScript module (@aws-sdk/client-dynamodb, v3) that
// sends the request and prints its result as plain JSON, as the Go
// program does.
func renderJS(op string, root value, opts Options) string {
	var b strings.Builder
	what := printing(op)
	cmd := op + "Command"
	fmt.Fprintf(&b, "import { DynamoDBClient, %s } from \"@aws-sdk/client-dynamodb\";\n\n", cmd)
	b.WriteString(comment("//", opts.header()))
	var cfg []string
	if opts.Endpoint != "" {
		cfg = append(cfg, "endpoint: "+quote(opts.Endpoint))
	}
	if r := opts.region(); r != "" {
		cfg = append(cfg, "region: "+quote(r))
	}
	switch {
	case loopback(opts.Endpoint):
		b.WriteString("// " + loopbackNote + "\n")
		cfg = append(cfg, `credentials: { accessKeyId: "dummy", secretAccessKey: "dummy" }`)
		b.WriteString("const client = new DynamoDBClient({\n")
		for _, c := range cfg {
			b.WriteString(js.indent + c + ",\n")
		}
		b.WriteString("});\n")
	case len(cfg) == 0:
		b.WriteString("const client = new DynamoDBClient({});\n")
	default:
		fmt.Fprintf(&b, "const client = new DynamoDBClient({ %s });\n", strings.Join(cfg, ", "))
	}
	fmt.Fprintf(&b, "const response = await client.send(new %s(", cmd)
	js.value(&b, root, 0)
	b.WriteString("));\n")
	switch what {
	case "items":
		b.WriteString("for (const item of response.Items ?? []) {\n  console.log(plainItem(item));\n}\n")
	case "item":
		b.WriteString("if (response.Item) {\n  console.log(plainItem(response.Item));\n}\n")
	case "attributes":
		b.WriteString("if (response.Attributes) {\n  console.log(plainItem(response.Attributes));\n}\n")
	case "results":
		b.WriteString("for (const result of response.SearchResults ?? []) {\n  console.log(result.Score + \"\\t\" + plainItem(result.Item));\n}\n")
	default:
		b.WriteString("console.log(JSON.stringify(response.ConsumedCapacity));\n")
	}
	if what != "capacity" {
		b.WriteString(jsHelpers)
	}
	return b.String()
}

// jsHelpers print an item as plain JSON.
const jsHelpers = `
// A DynamoDB value as plain JSON text: numbers as numbers with all their
// digits, sets as arrays, binary as base64.
function plain(value) {
  const [[kind, v]] = Object.entries(value).filter(([, x]) => x !== undefined);
  const base64 = (bytes) => Buffer.from(bytes).toString("base64");
  switch (kind) {
    case "N": return v;
    case "NS": return "[" + v.join(",") + "]";
    case "B": return JSON.stringify(base64(v));
    case "BS": return JSON.stringify(v.map(base64));
    case "NULL": return "null";
    case "L": return "[" + v.map(plain).join(",") + "]";
    case "M": return plainItem(v);
    default: return JSON.stringify(v); // S, SS, BOOL
  }
}

// An item as one line of plain JSON.
function plainItem(item) {
  return "{" + Object.keys(item).sort().map((k) => JSON.stringify(k) + ":" + plain(item[k])).join(",") + "}";
}
`
