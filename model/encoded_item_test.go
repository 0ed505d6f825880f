package model

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

var utf8DecodeRune = utf8.DecodeRuneInString

// EncodedItem.AppendJSON writes what AppendItemJSON writes for the decoded
// item, whatever order the encoding holds the members in.
func TestEncodedItemJSON(t *testing.T) {
	nested := M(map[string]AttributeValue{"z": N("1"), "a": L(S("x"), B([]byte{0, 1, 2}), Null()), "m": M(map[string]AttributeValue{"b": Bool(false), "a": Bool(true)})})
	for _, tt := range []struct {
		name string
		item Item
	}{
		{"empty", Item{}},
		{"one", Item{"pk": S("a")}},
		{"every type", Item{"s": S("x\"\n\u2028é<&>"), "n": N("-1.5E+3"), "b": B([]byte("hello")), "t": Bool(true), "f": Bool(false), "z": Null(),
			"l": L(), "m": M(nil), "ss": SS("b", "a"), "ns": NS("2", "1"), "bs": BS([]byte{1}, []byte{}), "nested": nested}},
		{"many attributes", func() Item {
			it := Item{}
			for i := range 40 {
				it[fmt.Sprintf("a%02d", 39-i)] = N(fmt.Sprint(i))
			}
			return it
		}()},
		{"names that sort by bytes", Item{"B": S("1"), "a": S("2"), "é": S("3"), "": S("4"), "a\x00": S("5")}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			want := AppendItemJSON(nil, tt.item)
			// Several encodings: map order differs from run to run.
			for range 20 {
				enc := EncodedItem(AppendItem(nil, tt.item))
				got, err := enc.AppendJSON([]byte("prefix"))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, append([]byte("prefix"), want...)) {
					t.Fatalf("\ngot  %s\nwant prefix%s", got, want)
				}
			}
		})
	}
	// Members already in order take the one-pass path; the result is the same.
	sorted := EncodedItem(string([]byte{itemFormat, 2, 1, 'a', tagS, 1, 'x', 1, 'b', tagTrue}))
	if got, err := sorted.AppendJSON(nil); err != nil || string(got) != `{"a":{"S":"x"},"b":{"BOOL":true}}` {
		t.Fatalf("sorted encoding: %s, %v", got, err)
	}
}

func TestEncodedItemJSONRefusesDamage(t *testing.T) {
	good := string(AppendItem(nil, Item{"a": S("x"), "b": L(N("1"))}))
	for _, bad := range []string{"", "\x02\x00", good[:len(good)-1], good + "x", "\x01\x01\x01a\x00", "\x01\x05"} {
		if _, err := EncodedItem(bad).AppendJSON(nil); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// FuzzEncodedItemJSON: on any bytes, AppendJSON succeeds exactly when
// decoding does, and then writes AppendItemJSON of the decoded item. Seed
// corpus: testdata/fuzz/FuzzEncodedItemJSON.
func FuzzEncodedItemJSON(f *testing.F) {
	f.Add(AppendItem(nil, Item{"a": S("x"), "b": L(N("1"), M(map[string]AttributeValue{"k": BS([]byte{1})}))}))
	f.Add([]byte{itemFormat, 2, 1, 'a', tagS, 1, 'x', 1, 'a', tagTrue})
	f.Fuzz(func(t *testing.T, b []byte) {
		item, derr := DecodeItemString(string(b))
		got, terr := EncodedItem(b).AppendJSON(nil)
		if (derr == nil) != (terr == nil) {
			t.Fatalf("%q: decode error %v, transcode error %v", b, derr, terr)
		}
		if derr == nil {
			if want := AppendItemJSON(nil, item); !bytes.Equal(got, want) {
				t.Fatalf("%q:\ngot  %s\nwant %s", b, got, want)
			}
		}
	})
}

// appendJSONStringBytewise is appendJSONString without the eight-byte skip:
// the reference for TestAppendJSONStringSkipsPlainRuns.
func appendJSONStringBytewise(s string) string {
	var b []byte
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '\r':
			b = append(b, `\r`...)
		case c == '\t':
			b = append(b, `\t`...)
		case c < 0x20:
			b = append(b, fmt.Sprintf(`\u%04x`, c)...)
		case c < 0x80:
			b = append(b, c)
		default:
			r, size := utf8DecodeRune(s[i:])
			switch {
			case r == 0xFFFD && size == 1:
				b = append(b, `\ufffd`...)
			case r == '\u2028' || r == '\u2029':
				b = append(b, fmt.Sprintf(`\u%04x`, r)...)
			default:
				b = append(b, s[i:i+size]...)
			}
			i += size - 1
		}
	}
	return string(append(b, '"'))
}

func TestAppendJSONStringSkipsPlainRuns(t *testing.T) {
	for _, special := range []string{"\"", "\\", "\x00", "\x1f", "\n", "\x7f", "é", "\u2028", "\xff", "~", " "} {
		for n := 0; n < 40; n++ {
			for at := 0; at <= n; at++ {
				s := strings.Repeat("a", at) + special + strings.Repeat("b", n-at)
				if got, want := string(appendJSONString(nil, s)), appendJSONStringBytewise(s); got != want {
					t.Fatalf("%q: %s, want %s", s, got, want)
				}
			}
		}
	}
}
