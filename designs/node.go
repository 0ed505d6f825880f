package designs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// kind is the JSON type of a document node.
type kind uint8

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kArray
	kObject
)

func (k kind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "a list", "an object"}[k]
}

// node is one value of a JSON or YAML document, with where it is: the line
// it starts on and its path from the document's root ("DataModel[0].TableName").
type node struct {
	kind kind
	line int
	path string
	str  string // string value, or a number's text
	b    bool
	// Object members in document order; elems of a list.
	keys  []string
	vals  []*node
	elems []*node
	// raw is the JSON text of the value (JSON documents only).
	raw []byte
}

// get returns the member named key of an object, or nil.
func (n *node) get(key string) *node {
	for i, k := range n.keys {
		if k == key {
			return n.vals[i]
		}
	}
	return nil
}

// childPath is the path of member key of a node at path.
func childPath(path, key string) string {
	if isIdent(key) {
		if path == "" {
			return key
		}
		return path + "." + key
	}
	q, _ := json.Marshal(key)
	return path + "[" + string(q) + "]"
}

// elemPath is the path of element i of a list at path.
func elemPath(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// isIdent reports whether a member name can be written bare in a path.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == ':' || r == '-') {
			return false
		}
	}
	return true
}

// Error is a design file that cannot be read: the file, the line and the
// path of the value at fault, and what was expected there.
type Error struct {
	File string
	Line int    // 0 when unknown
	Path string // "DataModel[0].KeyAttributes.PartitionKey"; "" for the whole document
	Err  error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Path != "" {
		b.WriteString(": " + e.Path)
	}
	b.WriteString(": " + e.Err.Error())
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// reader reads one document, naming its file in errors.
type reader struct {
	file string
}

// fail is an error at n.
func (r *reader) fail(n *node, format string, args ...any) error {
	return &Error{File: r.file, Line: n.line, Path: n.path, Err: fmt.Errorf(format, args...)}
}

// describe shows a node's value in an error message.
func describe(n *node) string {
	switch n.kind {
	case kString:
		q, _ := json.Marshal(n.str)
		if len(q) > 60 {
			q = append(q[:57:57], "…\""...)
		}
		return "the string " + string(q)
	case kNumber:
		return "the number " + n.str
	case kBool:
		return "the boolean " + strconv.FormatBool(n.b)
	}
	return n.kind.String()
}

// want fails unless n is of kind k.
func (r *reader) want(n *node, k kind) error {
	if n.kind != k {
		return r.fail(n, "expected %s, found %s", k, describe(n))
	}
	return nil
}

// members checks that n is an object whose members are all among known,
// and that the required ones are there.
func (r *reader) members(n *node, known []string, required ...string) error {
	if err := r.want(n, kObject); err != nil {
		return err
	}
	for i, k := range n.keys {
		if !contains(known, k) {
			return r.fail(n.vals[i], "unknown member %q (expected %s)", k, oneOf(known))
		}
	}
	for _, k := range required {
		if n.get(k) == nil {
			return r.fail(n, "missing %s", k)
		}
	}
	return nil
}

// str returns a string member (present or not: "" and false when absent).
func (r *reader) str(n *node) (string, error) {
	if err := r.want(n, kString); err != nil {
		return "", err
	}
	return n.str, nil
}

// enum returns a string that must be one of allowed.
func (r *reader) enum(n *node, allowed ...string) (string, error) {
	s, err := r.str(n)
	if err != nil {
		return "", err
	}
	if !contains(allowed, s) {
		return "", r.fail(n, "expected %s, found %s", oneOf(allowed), describe(n))
	}
	return s, nil
}

// strings reads a list of strings.
func (r *reader) strings(n *node) ([]string, error) {
	if err := r.want(n, kArray); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(n.elems))
	for _, e := range n.elems {
		s, err := r.str(e)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// integer reads a whole number in [min, max]; a string of digits is taken
// too (CloudFormation templates quote numbers freely).
func (r *reader) integer(n *node, min, max int64) (int64, error) {
	if n.kind != kNumber && n.kind != kString {
		return 0, r.fail(n, "expected a whole number, found %s", describe(n))
	}
	v, err := strconv.ParseInt(n.str, 10, 64)
	if err != nil {
		return 0, r.fail(n, "expected a whole number, found %s", describe(n))
	}
	if v < min || v > max {
		return 0, r.fail(n, "expected a whole number from %d to %d, found %d", min, max, v)
	}
	return v, nil
}

// boolean reads true or false; the strings "true" and "false" are taken too.
func (r *reader) boolean(n *node) (bool, error) {
	switch {
	case n.kind == kBool:
		return n.b, nil
	case n.kind == kString && (n.str == "true" || n.str == "false"):
		return n.str == "true", nil
	}
	return false, r.fail(n, "expected true or false, found %s", describe(n))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// oneOf lists choices for a message: "A", "A or B", "A, B or C".
func oneOf(choices []string) string {
	switch len(choices) {
	case 0:
		return "nothing"
	case 1:
		return choices[0]
	}
	return strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
}

// maxDepth bounds the nesting of a document (encoding/json's own limit).
const maxDepth = 10000

// parseJSON reads a JSON document into nodes. Member names must be unique
// within an object; numbers keep their text.
func parseJSON(data []byte, file string) (*node, error) {
	p := &jsonParser{data: data, file: file, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	for i, c := range data {
		if c == '\n' {
			p.lines = append(p.lines, i)
		}
	}
	n, err := p.value("", 0)
	if err != nil {
		return nil, err
	}
	off := p.next()
	if _, err := p.dec.Token(); err != io.EOF {
		return nil, &Error{File: file, Line: p.lineAt(off), Err: errors.New("invalid JSON: data after the end of the document")}
	}
	return n, nil
}

type jsonParser struct {
	data  []byte
	file  string
	dec   *json.Decoder
	lines []int // offsets of the newlines
}

// lineAt is the 1-based line of an offset.
func (p *jsonParser) lineAt(off int64) int {
	return sort.SearchInts(p.lines, int(off)) + 1
}

// next is the offset where the next token starts.
func (p *jsonParser) next() int64 {
	off := p.dec.InputOffset()
	for off < int64(len(p.data)) {
		switch p.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// syntax turns a decoder error into an *Error with the line it happened on.
func (p *jsonParser) syntax(err error, off int64, path string) error {
	var syn *json.SyntaxError
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return &Error{File: p.file, Line: p.lineAt(int64(len(p.data))), Path: path, Err: errors.New("invalid JSON: unexpected end of file")}
	case errors.As(err, &syn):
		return &Error{File: p.file, Line: p.lineAt(syn.Offset), Path: path, Err: fmt.Errorf("invalid JSON: %v", syn)}
	}
	return &Error{File: p.file, Line: p.lineAt(off), Path: path, Err: fmt.Errorf("invalid JSON: %v", err)}
}

func (p *jsonParser) value(path string, depth int) (*node, error) {
	start := p.next()
	line := p.lineAt(start)
	if depth > maxDepth {
		return nil, &Error{File: p.file, Line: line, Path: path, Err: errors.New("nested too deeply")}
	}
	tok, err := p.dec.Token()
	if err != nil {
		return nil, p.syntax(err, start, path)
	}
	n := &node{line: line, path: path}
	switch t := tok.(type) {
	case nil:
		n.kind = kNull
	case bool:
		n.kind, n.b = kBool, t
	case json.Number:
		n.kind, n.str = kNumber, string(t)
	case string:
		n.kind, n.str = kString, t
	case json.Delim:
		switch t {
		case '{':
			n.kind = kObject
			for p.dec.More() {
				koff := p.next()
				kt, err := p.dec.Token()
				if err != nil {
					return nil, p.syntax(err, koff, path)
				}
				key, ok := kt.(string)
				if !ok {
					return nil, &Error{File: p.file, Line: p.lineAt(koff), Path: path, Err: errors.New("invalid JSON: expected a member name")}
				}
				kp := childPath(path, key)
				if n.get(key) != nil {
					return nil, &Error{File: p.file, Line: p.lineAt(koff), Path: kp, Err: errDuplicateMember}
				}
				v, err := p.value(kp, depth+1)
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, key)
				n.vals = append(n.vals, v)
			}
		case '[':
			n.kind = kArray
			for i := 0; p.dec.More(); i++ {
				v, err := p.value(elemPath(path, i), depth+1)
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, v)
			}
		default:
			return nil, &Error{File: p.file, Line: line, Path: path, Err: fmt.Errorf("invalid JSON: unexpected %q", rune(t))}
		}
		end := p.next()
		if _, err := p.dec.Token(); err != nil {
			return nil, p.syntax(err, end, path)
		}
	}
	n.raw = p.data[start:p.dec.InputOffset()]
	return n, nil
}

// toJSON writes a node as JSON (YAML documents have no raw text).
func (n *node) toJSON(dst []byte) []byte {
	switch n.kind {
	case kNull:
		return append(dst, "null"...)
	case kBool:
		return strconv.AppendBool(dst, n.b)
	case kNumber:
		return append(dst, n.str...)
	case kString:
		q, _ := json.Marshal(n.str)
		return append(dst, q...)
	case kArray:
		dst = append(dst, '[')
		for i, e := range n.elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = e.toJSON(dst)
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i, k := range n.keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		q, _ := json.Marshal(k)
		dst = append(append(dst, q...), ':')
		dst = n.vals[i].toJSON(dst)
	}
	return append(dst, '}')
}
