package itemfmt

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/dynoscope/dynoscope/model"
)

// ReadOptions say how a Reader types what it reads.
type ReadOptions struct {
	// Types are the types of the table's key attributes (its own and its
	// indexes', from its AttributeDefinitions). A CSV cell or a plain JSON
	// value of one of them is read as that type: "42" as the number 42 for
	// an N key, a base64 string as binary for a B key, 42 as the string
	// "42" for an S key. DynamoDB JSON carries its types and ignores them.
	Types map[string]model.Type
	// InferNumbers reads a CSV cell that is written as a JSON number
	// without leading zeros (12, -3.5, 1e3 — not 007 or +1) as a number;
	// without it every cell that is not a key attribute is a string, as
	// DynamoDB's import from Amazon S3 reads CSV.
	InferNumbers bool
}

// errNotUTF8 refuses text DynamoDB would refuse: strings are UTF-8.
var errNotUTF8 = errors.New("not valid UTF-8 text")

// ReadError says where in a file an item could not be read.
type ReadError struct {
	Line int // 1-based line the item starts on
	Err  error
}

func (e *ReadError) Error() string {
	msg := e.Err.Error()
	var me *model.Error
	if errors.As(e.Err, &me) {
		msg = me.Message // the text, without the exception's name
	}
	return fmt.Sprintf("line %d: %s", e.Line, msg)
}
func (e *ReadError) Unwrap() error { return e.Err }

// Reader reads items in one format.
type Reader struct {
	format Format
	opts   ReadOptions
	in     *bufio.Reader
	line   int // lines consumed (JSON formats)
	start  int // line the last item started on
	// CSV
	csv    *csv.Reader
	header []string
}

// NewReader returns a reader of format f from r.
func NewReader(r io.Reader, f Format, opts ReadOptions) *Reader {
	rd := &Reader{format: f, opts: opts}
	if f == CSV {
		rd.csv = csv.NewReader(r)
		rd.csv.ReuseRecord = true
	} else {
		rd.in = bufio.NewReaderSize(r, 64<<10)
	}
	return rd
}

// Line is the line the item Read returned last starts on.
func (r *Reader) Line() int { return r.start }

// Read returns the next item, or io.EOF after the last.
func (r *Reader) Read() (model.Item, error) {
	switch r.format {
	case JSONLines, DynamoDBJSON:
		return r.readJSON()
	case CSV:
		return r.readCSV()
	}
	return nil, fmt.Errorf("unknown format %q", r.format)
}

// ReadAll reads every item.
func ReadAll(r io.Reader, f Format, opts ReadOptions) ([]model.Item, error) {
	rd := NewReader(r, f, opts)
	var items []model.Item
	for {
		it, err := rd.Read()
		if err == io.EOF {
			return items, nil
		}
		if err != nil {
			return items, err
		}
		items = append(items, it)
	}
}

// readJSON reads the next non-blank line as an item.
func (r *Reader) readJSON() (model.Item, error) {
	for {
		line, err := r.in.ReadBytes('\n')
		if len(line) == 0 && err == io.EOF {
			return nil, io.EOF
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		r.line++
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			if err == io.EOF {
				return nil, io.EOF
			}
			continue
		}
		r.start = r.line
		if !utf8.Valid(line) {
			return nil, &ReadError{Line: r.start, Err: errNotUTF8}
		}
		var item model.Item
		var perr error
		if r.format == DynamoDBJSON {
			item, perr = typedLine(line)
		} else {
			item, perr = r.plainLine(line)
		}
		if perr != nil {
			return nil, &ReadError{Line: r.start, Err: perr}
		}
		return item, nil
	}
}

// typedLine reads a DynamoDB JSON line: {"Item": {...}} or the item alone.
func typedLine(line []byte) (model.Item, error) {
	if inner, ok := itemWrapper(line); ok {
		line = inner
	}
	var item model.Item
	if err := item.UnmarshalJSON(line); err != nil {
		return nil, err
	}
	if item == nil {
		return nil, errors.New("expected an item (a JSON object), got null")
	}
	if err := model.NormalizeItem(item); err != nil {
		return nil, err
	}
	return item, nil
}

// itemWrapper returns the item of {"Item": {...}}: an object whose only
// member is Item, holding an object. (An item whose only attribute is
// named Item would hold no key, so is no item of any table.)
func itemWrapper(line []byte) ([]byte, bool) {
	var top map[string]json.RawMessage
	if json.Unmarshal(line, &top) != nil || len(top) != 1 {
		return nil, false
	}
	inner, ok := top["Item"]
	if !ok {
		return nil, false
	}
	inner = bytes.TrimSpace(inner)
	if len(inner) == 0 || inner[0] != '{' {
		return nil, false
	}
	return inner, true
}

// plainLine reads a plain JSON line, key attributes typed by Types.
func (r *Reader) plainLine(line []byte) (model.Item, error) {
	v, err := decodePlain(line)
	if err != nil {
		return nil, err
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("expected a JSON object (an item)")
	}
	var tmpl model.Item
	if len(r.opts.Types) > 0 {
		tmpl = make(model.Item, len(r.opts.Types))
		for k, t := range r.opts.Types {
			tmpl[k] = model.AttributeValue{Type: t}
		}
	}
	return itemFromPlain(obj, tmpl)
}

// readCSV reads the header (the first time) and the next row.
func (r *Reader) readCSV() (model.Item, error) {
	if r.header == nil {
		rec, err := r.csv.Read()
		if err == io.EOF {
			return nil, io.EOF
		}
		if err != nil {
			return nil, csvError(err)
		}
		seen := map[string]bool{}
		for i, h := range rec {
			if i == 0 {
				h = strings.TrimPrefix(h, "\uFEFF") // a byte order mark
			}
			if !utf8.ValidString(h) {
				return nil, &ReadError{Line: 1, Err: errNotUTF8}
			}
			if h == "" {
				return nil, &ReadError{Line: 1, Err: fmt.Errorf("column %d of the header has no name", i+1)}
			}
			if seen[h] {
				return nil, &ReadError{Line: 1, Err: fmt.Errorf("column %q named twice in the header", h)}
			}
			seen[h] = true
			r.header = append(r.header, h)
		}
	}
	rec, err := r.csv.Read()
	if err == io.EOF {
		return nil, io.EOF
	}
	if err != nil {
		return nil, csvError(err)
	}
	r.start, _ = r.csv.FieldPos(0)
	item := make(model.Item, len(rec))
	for i, cell := range rec {
		if cell == "" {
			continue // the item lacks the attribute
		}
		name := r.header[i]
		if !utf8.ValidString(cell) {
			return nil, &ReadError{Line: r.start, Err: fmt.Errorf("column %s: %w", name, errNotUTF8)}
		}
		v, err := r.cellValue(name, cell)
		if err != nil {
			return nil, &ReadError{Line: r.start, Err: fmt.Errorf("column %s: %w", name, err)}
		}
		item[name] = v
	}
	if err := model.NormalizeItem(item); err != nil {
		return nil, &ReadError{Line: r.start, Err: err}
	}
	return item, nil
}

// cellValue types one CSV cell.
func (r *Reader) cellValue(name, cell string) (model.AttributeValue, error) {
	switch r.opts.Types[name] {
	case model.TypeS:
		return model.S(cell), nil
	case model.TypeN:
		c, err := model.CanonicalNumber(cell)
		if err != nil {
			return model.AttributeValue{}, fmt.Errorf("a number key: %s", err.Message)
		}
		return model.N(c), nil
	case model.TypeB:
		b, err := base64.StdEncoding.DecodeString(cell)
		if err != nil {
			return model.AttributeValue{}, fmt.Errorf("a binary key: %q is not base64", clip(cell))
		}
		return model.AttributeValue{Type: model.TypeB, B: b}, nil
	}
	if r.opts.InferNumbers && looksNumeric(cell) {
		if c, err := model.CanonicalNumber(cell); err == nil {
			return model.N(c), nil
		}
	}
	return model.S(cell), nil
}

// looksNumeric reports whether s is a JSON number with no leading zero
// (so 007 and 02134 stay strings): the cells inference takes for numbers.
func looksNumeric(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	start := i
	n := digits()
	if n == 0 || (n > 1 && s[start] == '0') {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// csvError locates an error of the CSV parser.
func csvError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &ReadError{Line: pe.StartLine, Err: pe.Err}
	}
	return err
}

// Detect tells the two JSON formats apart by a file's first item: a line
// {"Item": {...}}, or an object whose every member is an object with one
// member named by a DynamoDB type ({"S": …}, {"N": …}, …), is DynamoDB
// JSON; any other line is plain JSON. A file whose first line is no JSON
// object is reported as plain JSON (its reader says what is wrong).
func Detect(head []byte) Format {
	for _, line := range bytes.Split(head, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if _, ok := itemWrapper(line); ok {
			return DynamoDBJSON
		}
		var top map[string]json.RawMessage
		if json.Unmarshal(line, &top) != nil || len(top) == 0 {
			return JSONLines
		}
		for _, v := range top {
			var member map[string]json.RawMessage
			if json.Unmarshal(v, &member) != nil || len(member) != 1 {
				return JSONLines
			}
			for k := range member {
				if _, ok := model.ParseType(k); !ok {
					return JSONLines
				}
			}
		}
		return DynamoDBJSON
	}
	return JSONLines
}
