package model

import (
	"encoding/base64"
	"slices"
	"strings"
	"unsafe"
)

// EncodedItem is an item in the binary storage encoding (AppendItem), as
// the engine stores it. A reader that only passes items on — the HTTP
// server writing a reply — takes them so and writes them to the wire
// without building the map (AppendJSON); Decode builds it.
type EncodedItem string

// Decode returns the item. Its strings share the encoding's memory.
func (e EncodedItem) Decode() (Item, error) { return DecodeItemString(string(e)) }

// AppendJSON appends the item as DynamoDB JSON, byte for byte what
// AppendItemJSON appends for the decoded item (attribute and map member
// names in sorted order), read straight from the encoding.
func (e EncodedItem) AppendJSON(dst []byte) ([]byte, error) {
	s := string(e)
	if len(s) == 0 || s[0] != itemFormat {
		return dst, errBadEncoding
	}
	t := transcoder{s: s, i: 1}
	n, ok := t.uvarint()
	if !ok {
		return dst, errBadEncoding
	}
	dst, ok = t.members(dst, n, 0)
	if !ok || t.i != len(s) {
		return dst, errBadEncoding
	}
	return dst, nil
}

// transcoder reads a binary encoding and writes JSON.
type transcoder struct {
	s string
	i int
}

func (t *transcoder) uvarint() (int, bool) {
	var x uint64
	var shift uint
	for j := 0; j < 10 && t.i < len(t.s); j++ {
		b := t.s[t.i]
		t.i++
		if b < 0x80 {
			if j == 9 && b > 1 {
				return 0, false // overflows 64 bits, as binary.Uvarint says
			}
			x |= uint64(b) << shift
			if x > uint64(len(t.s)-t.i) {
				return 0, false // every length and count is bounded by the bytes that follow
			}
			return int(x), true
		}
		x |= uint64(b&0x7f) << shift
		shift += 7
	}
	return 0, false
}

// field reads a length-prefixed field.
func (t *transcoder) field() (string, bool) {
	n, ok := t.uvarint()
	if !ok {
		return "", false
	}
	f := t.s[t.i : t.i+n]
	t.i += n
	return f, true
}

// member is one map or item member found by members: its name and where
// its value starts.
type member struct {
	name string
	at   int
}

// members writes n map members as a JSON object with sorted names. When
// the encoding already has them in order (names increasing), it is one
// pass; otherwise the members are found first, then written in order.
func (t *transcoder) members(dst []byte, n, depth int) ([]byte, bool) {
	if depth > maxBinaryDepth {
		return dst, false
	}
	start, mark := t.i, len(dst)
	dst = append(dst, '{')
	prev := ""
	sorted := true
	for k := 0; k < n; k++ {
		name, ok := t.field()
		if !ok {
			return dst, false
		}
		if k > 0 {
			if name <= prev {
				sorted = false
				break
			}
			dst = append(dst, ',')
		}
		prev = name
		dst = appendJSONString(dst, name)
		dst = append(dst, ':')
		if dst, ok = t.value(dst, depth); !ok {
			return dst, false
		}
	}
	if sorted {
		return append(dst, '}'), true
	}
	// Out of order: find every member, sort, write.
	dst = dst[:mark]
	t.i = start
	var arr [32]member
	ms := arr[:0]
	for k := 0; k < n; k++ {
		name, ok := t.field()
		if !ok {
			return dst, false
		}
		ms = append(ms, member{name, t.i})
		if !t.skip(depth) {
			return dst, false
		}
	}
	end := t.i
	sortMembers(ms)
	dst = append(dst, '{')
	for k, m := range ms {
		if k+1 < len(ms) && ms[k+1].name == m.name {
			continue // a name twice (only in damaged data): the last one, as decoding keeps
		}
		if len(dst) > mark+1 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, m.name)
		dst = append(dst, ':')
		t.i = m.at
		var ok bool
		if dst, ok = t.value(dst, depth); !ok {
			return dst, false
		}
	}
	t.i = end
	return append(dst, '}'), true
}

// sortMembers sorts by name: insertion sort for the few attributes of a
// typical item, the library's sort beyond.
func sortMembers(ms []member) {
	if len(ms) > 24 {
		slices.SortFunc(ms, func(a, b member) int { return strings.Compare(a.name, b.name) })
		return
	}
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].name < ms[j-1].name; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// skip passes over one value.
func (t *transcoder) skip(depth int) bool {
	if t.i >= len(t.s) {
		return false
	}
	tag := t.s[t.i]
	t.i++
	switch tag {
	case tagS, tagN, tagB:
		_, ok := t.field()
		return ok
	case tagFalse, tagTrue, tagNull:
		return true
	case tagL:
		n, ok := t.uvarint()
		if !ok || depth >= maxBinaryDepth {
			return false
		}
		for ; n > 0; n-- {
			if !t.skip(depth + 1) {
				return false
			}
		}
		return true
	case tagM:
		n, ok := t.uvarint()
		if !ok || depth >= maxBinaryDepth {
			return false
		}
		for ; n > 0; n-- {
			if _, ok := t.field(); !ok || !t.skip(depth+1) {
				return false
			}
		}
		return true
	case tagSS, tagNS, tagBS:
		n, ok := t.uvarint()
		if !ok {
			return false
		}
		for ; n > 0; n-- {
			if _, ok := t.field(); !ok {
				return false
			}
		}
		return true
	}
	return false
}

// value writes one value as AppendJSON writes it.
func (t *transcoder) value(dst []byte, depth int) ([]byte, bool) {
	if t.i >= len(t.s) {
		return dst, false
	}
	tag := t.s[t.i]
	t.i++
	switch tag {
	case tagS, tagN:
		f, ok := t.field()
		if !ok {
			return dst, false
		}
		if tag == tagS {
			dst = append(dst, `{"S":`...)
		} else {
			dst = append(dst, `{"N":`...)
		}
		dst = appendJSONString(dst, f)
	case tagB:
		f, ok := t.field()
		if !ok {
			return dst, false
		}
		dst = append(dst, `{"B":"`...)
		dst = appendBase64(dst, f)
		dst = append(dst, '"')
	case tagFalse:
		return append(dst, `{"BOOL":false}`...), true
	case tagTrue:
		return append(dst, `{"BOOL":true}`...), true
	case tagNull:
		return append(dst, `{"NULL":true}`...), true
	case tagL:
		n, ok := t.uvarint()
		if !ok || depth >= maxBinaryDepth {
			return dst, false
		}
		dst = append(dst, `{"L":[`...)
		for k := 0; k < n; k++ {
			if k > 0 {
				dst = append(dst, ',')
			}
			if dst, ok = t.value(dst, depth+1); !ok {
				return dst, false
			}
		}
		dst = append(dst, ']')
	case tagM:
		n, ok := t.uvarint()
		if !ok {
			return dst, false
		}
		dst = append(dst, `{"M":`...)
		if dst, ok = t.members(dst, n, depth+1); !ok {
			return dst, false
		}
	case tagSS, tagNS, tagBS:
		n, ok := t.uvarint()
		if !ok {
			return dst, false
		}
		switch tag {
		case tagSS:
			dst = append(dst, `{"SS":[`...)
		case tagNS:
			dst = append(dst, `{"NS":[`...)
		default:
			dst = append(dst, `{"BS":[`...)
		}
		for k := 0; k < n; k++ {
			if k > 0 {
				dst = append(dst, ',')
			}
			f, ok := t.field()
			if !ok {
				return dst, false
			}
			if tag == tagBS {
				dst = append(dst, '"')
				dst = appendBase64(dst, f)
				dst = append(dst, '"')
			} else {
				dst = appendJSONString(dst, f)
			}
		}
		dst = append(dst, ']')
	default:
		return dst, false
	}
	return append(dst, '}'), true
}

// appendBase64 appends the padded standard base64 of the bytes of s.
func appendBase64(dst []byte, s string) []byte {
	n := base64.StdEncoding.EncodedLen(len(s))
	dst = slices.Grow(dst, n)
	out := dst[len(dst) : len(dst)+n]
	base64.StdEncoding.Encode(out, unsafe.Slice(unsafe.StringData(s), len(s))) // only read
	return dst[:len(dst)+n]
}
