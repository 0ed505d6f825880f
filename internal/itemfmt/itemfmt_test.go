package itemfmt

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// sample is an item with every type, a number with 38 digits and one at
// DynamoDB's smallest magnitude.
func sample() model.Item {
	return model.Item{
		"Id":    model.S("a,1"),
		"Big":   model.N("12345678901234567890123456789012345678"),
		"Tiny":  model.N("-0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001"),
		"Bin":   {Type: model.TypeB, B: []byte{0, 1, 2, 255}},
		"Yes":   {Type: model.TypeBOOL, BOOL: true},
		"None":  model.Null(),
		"Tags":  {Type: model.TypeSS, SS: []string{"x", "y"}},
		"Nums":  {Type: model.TypeNS, NS: []string{"1", "2.5"}},
		"Blobs": {Type: model.TypeBS, BS: [][]byte{{1}, {2}}},
		"List":  {Type: model.TypeL, L: []model.AttributeValue{model.S("<&>"), model.N("3")}},
		"Map":   {Type: model.TypeM, M: model.Item{"k": model.N("1"), "s": model.S("v\n\"q\"")}},
	}
}

func TestPlainJSONWritesEveryType(t *testing.T) {
	got := string(PlainJSON(sample(), ""))
	want := `{"Big":12345678901234567890123456789012345678,"Bin":"AAEC/w==","Blobs":["AQ==","Ag=="],"Id":"a,1",` +
		`"List":["<&>",3],"Map":{"k":1,"s":"v\n\"q\""},"None":null,"Nums":[1,2.5],"Tags":["x","y"],` +
		`"Tiny":-0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001,"Yes":true}`
	if got != want {
		t.Fatalf("PlainJSON:\n got %s\nwant %s", got, want)
	}
}

func TestFromPlainKeepsTheTemplatesTypes(t *testing.T) {
	orig := sample()
	back, err := FromPlain(PlainJSON(orig, "  "), orig)
	if err != nil {
		t.Fatal(err)
	}
	if !model.ItemsEqual(orig, back) {
		t.Fatalf("round trip through plain JSON with the item as template changed it:\n got %s\nwant %s", model.AppendItemJSON(nil, back), model.AppendItemJSON(nil, orig))
	}
}

func TestFromPlainEdits(t *testing.T) {
	orig := sample()
	tests := []struct {
		name, edit string
		want       model.Item
		err        string
	}{
		{name: "a number written as a string stays a number", edit: `{"Id":"a,1","Big":"7"}`,
			want: model.Item{"Id": model.S("a,1"), "Big": model.N("7")}},
		{name: "a string written as a number stays a string", edit: `{"Id":5}`,
			want: model.Item{"Id": model.S("5")}},
		{name: "a set grows and stays a set", edit: `{"Id":"a,1","Tags":["x","y","z"],"Nums":[3]}`,
			want: model.Item{"Id": model.S("a,1"), "Tags": {Type: model.TypeSS, SS: []string{"x", "y", "z"}}, "Nums": {Type: model.TypeNS, NS: []string{"3"}}}},
		{name: "a set made a mixed array becomes a list", edit: `{"Id":"a,1","Tags":["x",1]}`,
			want: model.Item{"Id": model.S("a,1"), "Tags": {Type: model.TypeL, L: []model.AttributeValue{model.S("x"), model.N("1")}}}},
		{name: "a new attribute takes plain JSON's type", edit: `{"Id":"a,1","New":[1,"b"],"Flag":false}`,
			want: model.Item{"Id": model.S("a,1"), "New": {Type: model.TypeL, L: []model.AttributeValue{model.N("1"), model.S("b")}}, "Flag": {Type: model.TypeBOOL}}},
		{name: "nested map follows the template", edit: `{"Id":"a,1","Map":{"k":"2"}}`,
			want: model.Item{"Id": model.S("a,1"), "Map": {Type: model.TypeM, M: model.Item{"k": model.N("2")}}}},
		{name: "binary must stay base64", edit: `{"Id":"a,1","Bin":"not base64!"}`, err: `Bin: was binary, and "not base64!" is not base64`},
		{name: "an emptied set", edit: `{"Id":"a,1","Tags":[]}`, err: "Tags: was a string set, and a set cannot be empty (remove the attribute instead)"},
		{name: "a duplicate in a set", edit: `{"Id":"a,1","Tags":["x","x"]}`, err: "Input collection [x, x] contains duplicates."},
		{name: "a number DynamoDB cannot hold", edit: `{"Id":"a,1","N":1e200}`, err: "N: Number overflow. Attempting to store a number with magnitude larger than supported range"},
		{name: "not an object", edit: `[1]`, err: "expected a JSON object (an item)"},
		{name: "two values", edit: `{} {}`, err: "more than one JSON value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromPlain([]byte(tt.edit), orig)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one saying %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !model.ItemsEqual(got, tt.want) {
				t.Fatalf("got %s, want %s", model.AppendItemJSON(nil, got), model.AppendItemJSON(nil, tt.want))
			}
		})
	}
}

func write(t *testing.T, f Format, keys []string, items ...model.Item) string {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf, f, WriteOptions{Keys: keys})
	for _, it := range items {
		if err := w.Write(it); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestWriteFormats(t *testing.T) {
	a := model.Item{"pk": model.S("p1"), "sk": model.N("1"), "name": model.S("Ann, \"the\" first"), "tags": {Type: model.TypeSS, SS: []string{"a"}}}
	b := model.Item{"pk": model.S("p1"), "sk": model.N("2"), "age": model.N("41.50"), "nested": {Type: model.TypeM, M: model.Item{"x": {Type: model.TypeBOOL, BOOL: true}}}}
	tests := []struct {
		f    Format
		want string
	}{
		{JSONLines, `{"name":"Ann, \"the\" first","pk":"p1","sk":1,"tags":["a"]}` + "\n" +
			`{"age":41.5,"nested":{"x":true},"pk":"p1","sk":2}` + "\n"},
		{DynamoDBJSON, `{"Item":{"name":{"S":"Ann, \"the\" first"},"pk":{"S":"p1"},"sk":{"N":"1"},"tags":{"SS":["a"]}}}` + "\n" +
			`{"Item":{"age":{"N":"41.50"},"nested":{"M":{"x":{"BOOL":true}}},"pk":{"S":"p1"},"sk":{"N":"2"}}}` + "\n"},
		{CSV, "pk,sk,age,name,nested,tags\n" +
			`p1,1,,"Ann, ""the"" first",,"[""a""]"` + "\n" +
			`p1,2,41.5,,"{""x"":true}",` + "\n"},
	}
	for _, tt := range tests {
		t.Run(string(tt.f), func(t *testing.T) {
			if got := write(t, tt.f, []string{"pk", "sk"}, a, b); got != tt.want {
				t.Fatalf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestCSVSpillsToATemporaryFile(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf, CSV, WriteOptions{Keys: []string{"id"}, SpoolLimit: 100})
	for i := range 50 {
		it := model.Item{"id": model.N(strings.Repeat("9", i%9+1))}
		if i == 49 {
			it["last"] = model.S("z")
		}
		if err := w.Write(it); err != nil {
			t.Fatal(err)
		}
	}
	if w.spilled == nil {
		t.Fatal("50 items over a 100-byte limit stayed in memory")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 51 || lines[0] != "id,last" || lines[50] != "99999,z" || lines[1] != "9," {
		t.Fatalf("%d lines, header %q, first row %q, last row %q", len(lines), lines[0], lines[1], lines[len(lines)-1])
	}
}

func TestReadBackEachFormat(t *testing.T) {
	types := map[string]model.Type{"Id": model.TypeS}
	orig := sample()
	for _, f := range []Format{JSONLines, DynamoDBJSON, CSV} {
		t.Run(string(f), func(t *testing.T) {
			text := write(t, f, []string{"Id"}, orig)
			items, err := ReadAll(strings.NewReader(text), f, ReadOptions{Types: types})
			if err != nil {
				t.Fatal(err)
			}
			if len(items) != 1 {
				t.Fatalf("%d items", len(items))
			}
			got := items[0]
			switch f {
			case DynamoDBJSON:
				if !model.ItemsEqual(got, orig) {
					t.Fatalf("DynamoDB JSON changed the item: %s", model.AppendItemJSON(nil, got))
				}
			case JSONLines:
				// Without a template: numbers stay numbers, sets come back lists, binary strings.
				if got["Big"].Type != model.TypeN || got["Big"].N != orig["Big"].N || got["Tags"].Type != model.TypeL || got["Bin"].Type != model.TypeS {
					t.Fatalf("plain JSON read back as %s", model.AppendItemJSON(nil, got))
				}
			case CSV:
				// As DynamoDB's import reads CSV: every non-key value a string.
				if got["Id"].S != "a,1" || got["Big"].Type != model.TypeS || got["Map"].S != `{"k":1,"s":"v\n\"q\""}` || got["None"].S != "null" {
					t.Fatalf("CSV read back as %s", model.AppendItemJSON(nil, got))
				}
			}
		})
	}
}

func TestReadCSVTypes(t *testing.T) {
	in := "pk,sk,n,zip,bin,note\nA,10,12.50,02134,AAE=,hi\nB,-2,1e3,+1,x,\n"
	types := map[string]model.Type{"pk": model.TypeS, "sk": model.TypeN, "bin": model.TypeB}
	_, err := ReadAll(strings.NewReader(in), CSV, ReadOptions{Types: types})
	var re *ReadError
	if !errors.As(err, &re) || re.Line != 3 || re.Error() != `line 3: column bin: a binary key: "x" is not base64` {
		t.Fatalf("error %v, want line 3's bad binary key", err)
	}
	in = strings.Replace(in, ",x,", ",AAI=,", 1)
	got, err := ReadAll(strings.NewReader(in), CSV, ReadOptions{Types: types})
	if err != nil {
		t.Fatal(err)
	}
	want := model.Item{"pk": model.S("A"), "sk": model.N("10"), "n": model.S("12.50"), "zip": model.S("02134"), "bin": {Type: model.TypeB, B: []byte{0, 1}}, "note": model.S("hi")}
	if !model.ItemsEqual(got[0], want) {
		t.Fatalf("row 1 read as %s", model.AppendItemJSON(nil, got[0]))
	}
	if _, ok := got[1]["note"]; ok {
		t.Fatal("an empty cell was read as an attribute")
	}
	got, err = ReadAll(strings.NewReader(in), CSV, ReadOptions{Types: types, InferNumbers: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		row  int
		name string
		want model.AttributeValue
	}{{0, "n", model.N("12.5")}, {0, "zip", model.S("02134")}, {1, "n", model.N("1000")}, {1, "zip", model.S("+1")}} {
		if !model.Equal(got[c.row][c.name], c.want) {
			t.Errorf("inferring numbers, row %d %s = %s, want %s", c.row+1, c.name, model.AppendJSON(nil, got[c.row][c.name]), model.AppendJSON(nil, c.want))
		}
	}
}

func TestReadErrorsNameTheLine(t *testing.T) {
	tests := []struct {
		f    Format
		in   string
		want string
	}{
		{JSONLines, "{\"a\":1}\n\n{\"a\":\n", "line 3: unexpected EOF"},
		{DynamoDBJSON, "{\"Item\":{\"a\":{\"S\":\"x\"}}}\n{\"Item\":{\"a\":{\"N\":\"x\"}}}\n", "line 2: The parameter cannot be converted to a numeric value: x"},
		{CSV, "a,b\n1,2,3\n", "line 2: wrong number of fields"},
		{CSV, "a,a\n1,2\n", `line 1: column "a" named twice in the header`},
	}
	for _, tt := range tests {
		_, err := ReadAll(strings.NewReader(tt.in), tt.f, ReadOptions{})
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s %q: error %v, want %q", tt.f, tt.in, err, tt.want)
		}
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		head string
		want Format
	}{
		{`{"Item":{"a":{"S":"x"}}}`, DynamoDBJSON},
		{"\n" + `{"a":{"S":"x"},"b":{"NS":["1"]}}`, DynamoDBJSON},
		{`{"a":"x","b":{"S":"y"}}`, JSONLines},
		{`{"a":{"S":"x","N":"1"}}`, JSONLines},
		{`not json`, JSONLines},
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.head)); got != tt.want {
			t.Errorf("Detect(%q) = %s, want %s", tt.head, got, tt.want)
		}
	}
}

func TestReadEmpty(t *testing.T) {
	for _, f := range Formats {
		_, err := NewReader(strings.NewReader(""), f, ReadOptions{}).Read()
		if err != io.EOF {
			t.Errorf("%s: empty input gave %v, want io.EOF", f, err)
		}
	}
}
