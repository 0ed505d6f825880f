package model

import (
	"encoding/binary"
	"slices"
	"unsafe"
)

// ItemTranscoder reads a DynamoDB JSON item straight into the binary
// encoding AppendItem writes, without building the Item: the fast path of
// an import, which reads millions of lines. Its output for an item it
// accepts is exactly AppendItem of the item Item.UnmarshalJSON decodes and
// NormalizeItemSize normalises (numbers canonical, members in name order),
// and the size it reports is that item's ItemSize (FuzzItemTranscoder
// holds it to that). It accepts only what needs no error: any input the
// slow path would refuse — and a few valid rarities it leaves to it (a
// JSON null or an unknown key inside a value, a name given twice, a
// number written with escapes) — make Append return false, and the
// caller decodes that item the slow way for its exact error.
type ItemTranscoder struct {
	d jsonDecoder
	// scratch[l] holds the encoded members of the map or list being read
	// at level l; spans[l] their names and spans in it.
	scratch [][]byte
	spans   [][]memberSpan
	set     [][]byte // members of the set being read
	top     []memberSpan
	out     []byte // the last item Append wrote, for Attr
}

// memberSpan is one member of a map being transcoded: its name and where
// its encoded value is (in the level's scratch, or for the top level in
// the output).
type memberSpan struct {
	name       []byte
	start, end int
}

// Append appends the binary encoding of the item in src (a JSON object of
// attribute values) to dst and returns it with the item's size. ok is
// false when src is not an item this path takes (see ItemTranscoder);
// dst's contents beyond its length are then undefined.
func (t *ItemTranscoder) Append(dst, src []byte) (out []byte, size int, ok bool) {
	t.d = jsonDecoder{b: src}
	t.d.ws()
	if t.d.peek() != '{' {
		return dst, 0, false
	}
	start := len(dst)
	dst = append(dst, itemFormat)
	dst, size, ok = t.members(dst, 0)
	if !ok || t.d.end() != nil {
		return dst, 0, false
	}
	// The top level's members, for Attr: their spans moved to the output.
	ms := t.spans[0]
	t.top = t.top[:0]
	off := len(dst)
	for i := len(ms) - 1; i >= 0; i-- {
		n := ms[i].end - ms[i].start
		off -= n
		if len(ms[i].name) == 0 {
			return dst, 0, false // NormalizeItemSize refuses an empty name at the top
		}
		t.top = append(t.top, memberSpan{name: ms[i].name, start: off, end: off + n})
		off -= len(ms[i].name) + uvarintLen(len(ms[i].name))
	}
	t.out = dst[start:]
	for i := range t.top {
		t.top[i].start -= start
		t.top[i].end -= start
	}
	return dst, size, true
}

// Attr decodes the top-level attribute name of the last item Append
// accepted.
func (t *ItemTranscoder) Attr(name string) (AttributeValue, bool) {
	for _, m := range t.top {
		if string(m.name) == name {
			v, _, err := DecodeValue(t.out[m.start:m.end])
			return v, err == nil
		}
	}
	return AttributeValue{}, false
}

func uvarintLen(n int) int {
	l := 1
	for n >= 0x80 {
		n >>= 7
		l++
	}
	return l
}

// level returns the scratch buffer and member list of level l, emptied.
func (t *ItemTranscoder) level(l int) ([]byte, []memberSpan) {
	for len(t.scratch) <= l {
		t.scratch = append(t.scratch, nil)
		t.spans = append(t.spans, nil)
	}
	return t.scratch[l][:0], t.spans[l][:0]
}

// members reads a JSON object of attribute values at d.i (the item, level
// 0, or an M at level l) and appends the count and the members in name
// order; it returns the sum over members of len(name) + the value's size.
func (t *ItemTranscoder) members(dst []byte, l int) ([]byte, int, bool) {
	d := &t.d
	d.i++ // '{'
	buf, ms := t.level(l)
	size := 0
	for first := true; ; first = false {
		more, err := d.nextMember(first)
		if err != nil {
			return dst, 0, false
		}
		if !more {
			break
		}
		name, _, err := d.key()
		if err != nil {
			return dst, 0, false
		}
		if len(name) > MaxAttributeNameBytes {
			return dst, 0, false
		}
		start := len(buf)
		var n int
		var ok bool
		buf, n, ok = t.value(buf, l+1)
		if !ok {
			return dst, 0, false
		}
		ms = append(ms, memberSpan{name: name, start: start, end: len(buf)})
		size += len(name) + n
	}
	// Name order (byte-wise), as appendMembers writes; a name given twice
	// is left to the slow path (the map keeps the last).
	if len(ms) > 1 {
		slices.SortFunc(ms, func(a, b memberSpan) int { return compareBytes(a.name, b.name) })
		for i := 1; i < len(ms); i++ {
			if string(ms[i].name) == string(ms[i-1].name) {
				return dst, 0, false
			}
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(ms)))
	for _, m := range ms {
		dst = binary.AppendUvarint(dst, uint64(len(m.name)))
		dst = append(dst, m.name...)
		dst = append(dst, buf[m.start:m.end]...)
	}
	t.scratch[l], t.spans[l] = buf, ms
	return dst, size, true
}

func compareBytes(a, b []byte) int {
	switch {
	case string(a) < string(b):
		return -1
	case string(a) > string(b):
		return 1
	}
	return 0
}

// value reads one attribute value at level l (an attribute's own value is
// level 1) and appends its encoding and returns its size.
func (t *ItemTranscoder) value(dst []byte, l int) ([]byte, int, bool) {
	d := &t.d
	if d.peek() != '{' {
		return dst, 0, false
	}
	d.i++
	more, err := d.nextMember(true)
	if err != nil || !more {
		return dst, 0, false
	}
	k, _, err := d.key()
	if err != nil {
		return dst, 0, false
	}
	var size int
	ok := false
	switch typeOfKey(k) {
	case TypeS:
		var s []byte
		if s, ok = t.text(); ok {
			dst = binary.AppendUvarint(append(dst, tagS), uint64(len(s)))
			dst, size = append(dst, s...), len(s)
		}
	case TypeN:
		dst, size, ok = t.number(append(dst, tagN))
	case TypeB:
		if d.peek() == '"' {
			var b []byte
			if b, err = d.blobValue(); err == nil {
				dst = binary.AppendUvarint(append(dst, tagB), uint64(len(b)))
				dst, size, ok = append(dst, b...), len(b), true
			}
		}
	case TypeBOOL:
		switch {
		case d.literal("true"):
			dst, size, ok = append(dst, tagTrue), 1, true
		case d.literal("false"):
			dst, size, ok = append(dst, tagFalse), 1, true
		}
	case TypeNULL:
		if d.literal("true") {
			dst, size, ok = append(dst, tagNull), 1, true
		}
	case TypeL:
		dst, size, ok = t.list(dst, l)
	case TypeM:
		if d.peek() == '{' {
			if l >= MaxNestingDepth && !t.emptyAhead('}') {
				return dst, 0, false
			}
			dst, size, ok = t.members(append(dst, tagM), l)
			if ok {
				size += 3 + len(t.spans[l])
			}
		}
	case TypeSS:
		dst, size, ok = t.stringSet(dst, tagSS)
	case TypeNS:
		dst, size, ok = t.stringSet(dst, tagNS)
	case TypeBS:
		dst, size, ok = t.blobSet(dst)
	}
	if !ok {
		return dst, 0, false
	}
	if more, err := d.nextMember(false); err != nil || more {
		return dst, 0, false // a second key: left to the slow path
	}
	return dst, size, true
}

// emptyAhead reports whether the container opened at d.i closes at once.
func (t *ItemTranscoder) emptyAhead(closer byte) bool {
	d := t.d
	d.i++
	d.ws()
	return d.peek() == closer
}

// text reads a JSON string's text (S, an SS member).
func (t *ItemTranscoder) text() ([]byte, bool) {
	d := &t.d
	if d.peek() != '"' {
		return nil, false
	}
	raw, plain, err := d.rawString()
	if err != nil {
		return nil, false
	}
	if !plain {
		if !validUnquoted(raw) {
			return nil, false
		}
		raw = unquote(raw)
	}
	return raw, true
}

// numberText reads a number's JSON string and parses it; escapes are left
// to the slow path.
func (t *ItemTranscoder) numberText() (decimal, bool) {
	d := &t.d
	if d.peek() != '"' {
		return decimal{}, false
	}
	raw, plain, err := d.rawString()
	if err != nil || !plain {
		return decimal{}, false
	}
	dec, ok := parseDecimal(unsafe.String(unsafe.SliceData(raw), len(raw)))
	if !ok || dec.check() != nil {
		return decimal{}, false
	}
	return dec, true
}

// number appends a number's length and canonical text after its tag.
func (t *ItemTranscoder) number(dst []byte) ([]byte, int, bool) {
	dec, ok := t.numberText()
	if !ok {
		return dst, 0, false
	}
	var buf [192]byte
	c := dec.appendPlain(buf[:0])
	dst = binary.AppendUvarint(dst, uint64(len(c)))
	return append(dst, c...), decimalSize(&dec), true
}

// list reads an L.
func (t *ItemTranscoder) list(dst []byte, l int) ([]byte, int, bool) {
	d := &t.d
	if d.openList() != nil {
		return dst, 0, false
	}
	buf, _ := t.level(l)
	count, size := 0, 3
	for first := true; ; first = false {
		more, err := d.nextElem(first)
		if err != nil {
			return dst, 0, false
		}
		if !more {
			break
		}
		if l >= MaxNestingDepth {
			return dst, 0, false
		}
		var n int
		var ok bool
		if buf, n, ok = t.value(buf, l+1); !ok {
			return dst, 0, false
		}
		count++
		size += 1 + n
	}
	dst = binary.AppendUvarint(append(dst, tagL), uint64(count))
	dst = append(dst, buf...)
	t.scratch[l] = buf
	return dst, size, true
}

// stringSet reads an SS or NS: not empty, no member twice (NS members
// compared as canonical numbers).
func (t *ItemTranscoder) stringSet(dst []byte, tag byte) ([]byte, int, bool) {
	d := &t.d
	if d.openList() != nil {
		return dst, 0, false
	}
	set := t.set[:0]
	var canon []byte // NS: the canonical forms, one after another
	var ends [smallSet]int
	size := 0
	for first := true; ; first = false {
		more, err := d.nextElem(first)
		if err != nil {
			return dst, 0, false
		}
		if !more {
			break
		}
		if tag == tagSS {
			s, ok := t.text()
			if !ok {
				return dst, 0, false
			}
			set = append(set, s)
			size += len(s)
			continue
		}
		dec, ok := t.numberText()
		if !ok || len(set) >= smallSet {
			return dst, 0, false // a large NS: left to the slow path
		}
		canon = dec.appendPlain(canon)
		ends[len(set)] = len(canon)
		set = append(set, nil)
		size += decimalSize(&dec)
	}
	if tag == tagNS {
		for i := range set {
			from := 0
			if i > 0 {
				from = ends[i-1]
			}
			set[i] = canon[from:ends[i]]
		}
	}
	t.set = set
	if len(set) == 0 || hasDuplicateBytes(set) {
		return dst, 0, false
	}
	return appendByteSet(dst, tag, set), size, true
}

// blobSet reads a BS.
func (t *ItemTranscoder) blobSet(dst []byte) ([]byte, int, bool) {
	d := &t.d
	if d.openList() != nil {
		return dst, 0, false
	}
	set := t.set[:0]
	size := 0
	for first := true; ; first = false {
		more, err := d.nextElem(first)
		if err != nil {
			return dst, 0, false
		}
		if !more {
			break
		}
		if d.peek() != '"' {
			return dst, 0, false
		}
		b, berr := d.blobValue()
		if berr != nil {
			return dst, 0, false
		}
		set = append(set, b)
		size += len(b)
	}
	t.set = set
	if len(set) == 0 || hasDuplicateBytes(set) {
		return dst, 0, false
	}
	return appendByteSet(dst, tagBS, set), size, true
}
