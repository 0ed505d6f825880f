package codegen

import (
	"fmt"
	"go/format"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// renderGo writes a Go program (aws-sdk-go-v2) that sends the request and
// prints its result as plain JSON (printGo).
func renderGo(op string, root value, opts Options) (string, error) {
	var b strings.Builder
	what := printing(op)
	lb := loopback(opts.Endpoint)
	b.WriteString("package main\n\nimport (\n\t\"context\"\n\t\"encoding/json\"\n")
	b.WriteString("\t\"fmt\"\n\t\"log\"\n\n")
	b.WriteString("\t\"github.com/aws/aws-sdk-go-v2/aws\"\n\t\"github.com/aws/aws-sdk-go-v2/config\"\n")
	if lb {
		b.WriteString("\t\"github.com/aws/aws-sdk-go-v2/credentials\"\n")
	}
	b.WriteString("\t\"github.com/aws/aws-sdk-go-v2/service/dynamodb\"\n")
	if usesTypes(root) || what != "capacity" {
		b.WriteString("\t\"github.com/aws/aws-sdk-go-v2/service/dynamodb/types\"\n")
	}
	b.WriteString(")\n\n")
	b.WriteString(comment("//", opts.header()))
	b.WriteString("func main() {\n\tctx := context.Background()\n")
	cfgOpts := []string{"ctx"}
	if r := opts.region(); r != "" {
		cfgOpts = append(cfgOpts, fmt.Sprintf("config.WithRegion(%s)", strconv.Quote(r)))
	}
	if lb {
		b.WriteString("\t// " + loopbackNote + "\n")
		b.WriteString("\tkeys := credentials.NewStaticCredentialsProvider(\"dummy\", \"dummy\", \"\")\n")
		cfgOpts = append(cfgOpts, "config.WithCredentialsProvider(keys)")
	}
	fmt.Fprintf(&b, "\tcfg, err := config.LoadDefaultConfig(%s)\n", strings.Join(cfgOpts, ", "))
	b.WriteString("\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n")
	if opts.Endpoint != "" {
		fmt.Fprintf(&b, "\tclient := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {\n\t\to.BaseEndpoint = aws.String(%s)\n\t})\n", strconv.Quote(opts.Endpoint))
	} else {
		b.WriteString("\tclient := dynamodb.NewFromConfig(cfg)\n")
	}
	fmt.Fprintf(&b, "\tout, err := client.%s(ctx, &", op)
	goValue(&b, root)
	b.WriteString(")\n\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n")
	b.WriteString(printGo(what))
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return "", fmt.Errorf("codegen: the Go program does not format: %v", err)
	}
	return string(src), nil
}

// printGo is the end of main, printing the result, and the helpers it
// uses: each item one line of plain JSON — numbers as JSON numbers with
// every digit (json.Number, never a float64), sets as arrays, binary as
// base64 — the way 'dynoscope export --format jsonl' writes items.
func printGo(what string) string {
	switch what {
	case "capacity":
		return "\tcapacity, err := json.Marshal(out.ConsumedCapacity)\n\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n\tfmt.Println(string(capacity))\n}\n"
	case "items":
		return "\tfor _, item := range out.Items {\n\t\tprintItem(item)\n\t}\n}\n" + goHelpers
	case "item":
		return "\tif out.Item != nil {\n\t\tprintItem(out.Item)\n\t}\n}\n" + goHelpers
	case "results":
		return "\tfor _, r := range out.SearchResults {\n\t\tfmt.Printf(\"%g\\t\", r.Score)\n\t\tprintItem(r.Item)\n\t}\n}\n" + goHelpers
	}
	return "\tif out.Attributes != nil {\n\t\tprintItem(out.Attributes)\n\t}\n}\n" + goHelpers
}

// goHelpers print an item as plain JSON.
const goHelpers = `
// printItem prints an item as one line of plain JSON: numbers as numbers
// with all their digits, sets as arrays, binary as base64.
func printItem(item map[string]types.AttributeValue) {
	line, err := json.Marshal(plainMap(item))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(line))
}

func plainMap(m map[string]types.AttributeValue) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = plain(v)
	}
	return out
}

func plain(v types.AttributeValue) any {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return v.Value
	case *types.AttributeValueMemberN:
		return json.Number(v.Value)
	case *types.AttributeValueMemberB:
		return v.Value
	case *types.AttributeValueMemberBOOL:
		return v.Value
	case *types.AttributeValueMemberSS:
		return v.Value
	case *types.AttributeValueMemberNS:
		ns := make([]json.Number, len(v.Value))
		for i, n := range v.Value {
			ns[i] = json.Number(n)
		}
		return ns
	case *types.AttributeValueMemberBS:
		return v.Value
	case *types.AttributeValueMemberL:
		l := make([]any, len(v.Value))
		for i, e := range v.Value {
			l[i] = plain(e)
		}
		return l
	case *types.AttributeValueMemberM:
		return plainMap(v.Value)
	}
	return nil // NULL
}
`

// usesTypes reports whether a tree needs the types package.
func usesTypes(v value) bool {
	switch v.kind {
	case kAV:
		return true
	case kStr:
		return v.mode == strEnum
	}
	if strings.Contains(v.goType, "types.") {
		return true
	}
	for _, e := range v.elems {
		if usesTypes(e) {
			return true
		}
	}
	return false
}

// goValue writes a value as a Go expression; gofmt lays it out.
func goValue(b *strings.Builder, v value) {
	switch v.kind {
	case kStr:
		switch v.mode {
		case strPointer:
			fmt.Fprintf(b, "aws.String(%s)", strconv.Quote(v.s))
		case strEnum:
			fmt.Fprintf(b, "%s(%s)", v.enum, strconv.Quote(v.s))
		default:
			b.WriteString(strconv.Quote(v.s))
		}
	case kBool:
		fmt.Fprintf(b, "aws.Bool(%t)", v.b)
	case kInt:
		fmt.Fprintf(b, "aws.Int32(%d)", v.n)
	case kAV:
		goAV(b, v.av)
	case kList:
		b.WriteString(v.goType + "{\n")
		for _, e := range v.elems {
			if e.kind == kStruct {
				e.goType = "" // elided in a composite literal of structures
			}
			goValue(b, e)
			b.WriteString(",\n")
		}
		b.WriteString("}")
	case kMap:
		b.WriteString(v.goType + "{\n")
		for i, k := range v.keys {
			e := v.elems[i]
			if e.kind == kStruct {
				e.goType = ""
			}
			b.WriteString(strconv.Quote(k) + ": ")
			goValue(b, e)
			b.WriteString(",\n")
		}
		b.WriteString("}")
	case kStruct:
		if v.ptr {
			b.WriteString("&")
		}
		b.WriteString(v.goType + "{\n")
		for i, k := range v.keys {
			b.WriteString(k + ": ")
			goValue(b, v.elems[i])
			b.WriteString(",\n")
		}
		b.WriteString("}")
	}
}

// goAV writes an AttributeValue as the SDK's member type.
func goAV(b *strings.Builder, v model.AttributeValue) {
	member := "&types.AttributeValueMember" + v.Type.String() + "{Value: "
	switch v.Type {
	case model.TypeS:
		b.WriteString(member + strconv.Quote(v.S) + "}")
	case model.TypeN:
		b.WriteString(member + strconv.Quote(v.N) + "}")
	case model.TypeB:
		b.WriteString(member + goBytes(v.B) + "}")
	case model.TypeBOOL:
		fmt.Fprintf(b, "%s%t}", member, v.BOOL)
	case model.TypeNULL:
		b.WriteString(member + "true}")
	case model.TypeSS, model.TypeNS:
		list := v.SS
		if v.Type == model.TypeNS {
			list = v.NS
		}
		b.WriteString(member + "[]string{")
		for i, s := range list {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(s))
		}
		b.WriteString("}}")
	case model.TypeBS:
		b.WriteString(member + "[][]byte{")
		for i, x := range v.BS {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(goBytes(x))
		}
		b.WriteString("}}")
	case model.TypeL:
		b.WriteString(member + "[]types.AttributeValue{\n")
		for _, e := range v.L {
			goAV(b, e)
			b.WriteString(",\n")
		}
		b.WriteString("}}")
	case model.TypeM:
		b.WriteString(member + "map[string]types.AttributeValue{\n")
		for _, k := range sortedAVKeys(v.M) {
			b.WriteString(strconv.Quote(k) + ": ")
			goAV(b, v.M[k])
			b.WriteString(",\n")
		}
		b.WriteString("}}")
	default:
		b.WriteString("nil")
	}
}

// goBytes writes a []byte literal: []byte("text") when the bytes are
// printable text, else []byte{0x00, ...}.
func goBytes(p []byte) string {
	if printable(p) {
		return "[]byte(" + strconv.Quote(string(p)) + ")"
	}
	var b strings.Builder
	b.WriteString("[]byte{")
	for i, c := range p {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "0x%02x", c)
	}
	b.WriteString("}")
	return b.String()
}

// printable reports whether bytes are printable ASCII text.
func printable(p []byte) bool {
	for _, c := range p {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return len(p) > 0
}

func sortedAVKeys(m map[string]model.AttributeValue) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sortStrings(keys)
	return keys
}
