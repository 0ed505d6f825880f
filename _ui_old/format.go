package ui

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// cell renders a value compactly for a table cell: numbers exactly as
// DynamoDB returns them, sets as sets (⟨…⟩ with their type), binary as
// base64 with its byte length.
func cell(v model.AttributeValue) string {
	var b strings.Builder
	writeCell(&b, v, 0)
	return b.String()
}

func writeCell(b *strings.Builder, v model.AttributeValue, depth int) {
	if b.Len() > 200 {
		return // a cell never shows more than this
	}
	switch v.Type {
	case model.TypeS:
		if depth > 0 {
			b.WriteString(strconv.Quote(v.S))
		} else {
			b.WriteString(oneLine(v.S))
		}
	case model.TypeN:
		b.WriteString(v.N)
	case model.TypeB:
		b.WriteString(binCell(v.B))
	case model.TypeBOOL:
		b.WriteString(strconv.FormatBool(v.BOOL))
	case model.TypeNULL:
		b.WriteString("null")
	case model.TypeL:
		b.WriteByte('[')
		for i := range v.L {
			if i > 0 {
				b.WriteString(", ")
			}
			writeCell(b, v.L[i], depth+1)
		}
		b.WriteByte(']')
	case model.TypeM:
		b.WriteByte('{')
		for i, k := range sortedKeys(v.M) {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(k)
			b.WriteString(": ")
			writeCell(b, v.M[k], depth+1)
		}
		b.WriteByte('}')
	case model.TypeSS:
		b.WriteString("SS⟨")
		for i, s := range v.SS {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(oneLine(s))
		}
		b.WriteString("⟩")
	case model.TypeNS:
		b.WriteString("NS⟨" + strings.Join(v.NS, ", ") + "⟩")
	case model.TypeBS:
		b.WriteString("BS⟨")
		for i, x := range v.BS {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(binCell(x))
		}
		b.WriteString("⟩")
	default:
		b.WriteString("?")
	}
}

func binCell(x []byte) string {
	s := base64.StdEncoding.EncodeToString(x)
	if len(s) > 16 {
		s = s[:15] + "…"
	}
	return fmt.Sprintf("%s (%d B)", s, len(x))
}

// oneLine replaces line breaks and tabs so a value stays on its row.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r\t") {
		return s
	}
	return strings.NewReplacer("\n", "⏎", "\r", "", "\t", " ").Replace(s)
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// dynamoJSON renders an item as indented DynamoDB JSON (types as keys).
func dynamoJSON(it model.Item) string {
	raw := model.AppendItemJSON(nil, it)
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return string(raw)
	}
	return out.String()
}

// plainJSON renders an item as ordinary JSON: numbers keep their exact
// digits, sets become arrays, binary becomes base64 strings.
func plainJSON(it model.Item) string {
	var b bytes.Buffer
	writePlainItem(&b, it, "")
	return b.String()
}

func writePlainItem(b *bytes.Buffer, m map[string]model.AttributeValue, indent string) {
	if len(m) == 0 {
		b.WriteString("{}")
		return
	}
	b.WriteString("{\n")
	keys := sortedKeys(m)
	for i, k := range keys {
		b.WriteString(indent + "  ")
		kq, _ := json.Marshal(k)
		b.Write(kq)
		b.WriteString(": ")
		writePlain(b, m[k], indent+"  ")
		if i < len(keys)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(indent + "}")
}

func writePlain(b *bytes.Buffer, v model.AttributeValue, indent string) {
	str := func(s string) {
		q, _ := json.Marshal(s)
		b.Write(q)
	}
	list := func(n int, each func(int)) {
		b.WriteByte('[')
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			each(i)
		}
		b.WriteByte(']')
	}
	switch v.Type {
	case model.TypeS:
		str(v.S)
	case model.TypeN:
		b.WriteString(v.N)
	case model.TypeB:
		str(base64.StdEncoding.EncodeToString(v.B))
	case model.TypeBOOL:
		b.WriteString(strconv.FormatBool(v.BOOL))
	case model.TypeNULL:
		b.WriteString("null")
	case model.TypeL:
		list(len(v.L), func(i int) { writePlain(b, v.L[i], indent) })
	case model.TypeM:
		writePlainItem(b, v.M, indent)
	case model.TypeSS:
		list(len(v.SS), func(i int) { str(v.SS[i]) })
	case model.TypeNS:
		list(len(v.NS), func(i int) { b.WriteString(v.NS[i]) })
	case model.TypeBS:
		list(len(v.BS), func(i int) { str(base64.StdEncoding.EncodeToString(v.BS[i])) })
	default:
		b.WriteString("null")
	}
}

// typeName describes a value's type for the item view ("S", "NS (3)", "B 12 B").
func typeName(v model.AttributeValue) string {
	switch v.Type {
	case model.TypeSS:
		return fmt.Sprintf("SS·%d", len(v.SS))
	case model.TypeNS:
		return fmt.Sprintf("NS·%d", len(v.NS))
	case model.TypeBS:
		return fmt.Sprintf("BS·%d", len(v.BS))
	case model.TypeL:
		return fmt.Sprintf("L·%d", len(v.L))
	case model.TypeM:
		return fmt.Sprintf("M·%d", len(v.M))
	}
	return v.Type.String()
}

// humanBytes renders a byte count as DynamoDB's console does (1 KB = 1024 B).
func humanBytes(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	case n < 1<<30:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.2f GB", float64(n)/(1<<30))
}

// units renders capacity units as DynamoDB reports them ("1", "2.5").
func units(u float64) string { return strconv.FormatFloat(u, 'f', -1, 64) }

// keyOf returns the attributes of it named in names (a key).
func keyOf(it model.Item, names ...string) model.Item {
	k := make(model.Item, len(names))
	for _, n := range names {
		if n == "" {
			continue
		}
		if v, ok := it[n]; ok {
			k[n] = v
		}
	}
	return k
}

// keyText renders a key as "ForumName=EC2 · Subject=…" in the given order.
func keyText(k model.Item, names ...string) string {
	var parts []string
	seen := map[string]bool{}
	for _, n := range names {
		if v, ok := k[n]; ok && n != "" && !seen[n] {
			parts = append(parts, n+"="+cell(v))
			seen[n] = true
		}
	}
	for _, n := range sortedKeys(k) {
		if !seen[n] {
			parts = append(parts, n+"="+cell(k[n]))
		}
	}
	return strings.Join(parts, " · ")
}
