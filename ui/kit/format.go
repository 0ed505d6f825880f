package kit

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

// Cell renders a value compactly for a table cell: numbers exactly as
// DynamoDB returns them, sets as sets (⟨…⟩ with their type), binary as
// base64 with its byte length.
func Cell(v model.AttributeValue) string {
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
			b.WriteString(OneLine(v.S))
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
		for i, k := range SortedKeys(v.M) {
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
			b.WriteString(OneLine(s))
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

// OneLine replaces line breaks and tabs so a value stays on its row.
func OneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r\t") {
		return s
	}
	return strings.NewReplacer("\n", "⏎", "\r", "", "\t", " ").Replace(s)
}

// SortedKeys returns the keys of m in order.
func SortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// DynamoJSON renders an item as indented DynamoDB JSON (types as keys).
func DynamoJSON(it model.Item) string {
	raw := model.AppendItemJSON(nil, it)
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return string(raw)
	}
	return out.String()
}

// PlainJSON renders an item as ordinary JSON: numbers keep their exact
// digits, sets become arrays, binary becomes base64 strings.
func PlainJSON(it model.Item) string {
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
	keys := SortedKeys(m)
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

// TypeName describes a value's type for the item view ("S", "NS (3)", "B 12 B").
func TypeName(v model.AttributeValue) string {
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

// KeyText renders a key as "ForumName=EC2 · Subject=…" in the given order.
func KeyText(k model.Item, names ...string) string {
	var parts []string
	seen := map[string]bool{}
	for _, n := range names {
		if v, ok := k[n]; ok && n != "" && !seen[n] {
			parts = append(parts, n+"="+Cell(v))
			seen[n] = true
		}
	}
	for _, n := range SortedKeys(k) {
		if !seen[n] {
			parts = append(parts, n+"="+Cell(k[n]))
		}
	}
	return strings.Join(parts, " · ")
}

// KeyValues is a key's values in key order: "maya · 2026-11-20T10:41:07Z".
func KeyValues(k map[string]model.AttributeValue, names []string) string {
	var parts []string
	for _, n := range names {
		if v, ok := k[n]; ok && n != "" {
			parts = append(parts, Cell(v))
		}
	}
	if len(parts) == 0 {
		return KeyText(k)
	}
	return strings.Join(parts, " · ")
}

// NonEmpty drops empty names (a table without a sort key).
func NonEmpty(names []string) []string {
	var out []string
	for _, n := range names {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}

// SameItem compares two items by their DynamoDB JSON.
func SameItem(a, b model.Item) bool {
	return bytes.Equal(model.AppendItemJSON(nil, a), model.AppendItemJSON(nil, b))
}

// KeyOf returns the attributes of it named in names (a key).
func KeyOf(it model.Item, names ...string) model.Item {
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

// WCUText is " · 2 WCU (table 1, EscalatedTo-index 1)" from a write's
// consumed capacity.
func WCUText(cc *model.ConsumedCapacity) string {
	if cc == nil {
		return ""
	}
	s := " · " + Units(float64(cc.CapacityUnits)) + " WCU"
	var parts []string
	if cc.Table != nil {
		parts = append(parts, "table "+Units(float64(cc.Table.CapacityUnits)))
	}
	for _, n := range SortedKeys(cc.GlobalSecondaryIndexes) {
		parts = append(parts, n+" "+Units(float64(cc.GlobalSecondaryIndexes[n].CapacityUnits)))
	}
	for _, n := range SortedKeys(cc.LocalSecondaryIndexes) {
		parts = append(parts, n+" "+Units(float64(cc.LocalSecondaryIndexes[n].CapacityUnits)))
	}
	if len(parts) > 1 {
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}
