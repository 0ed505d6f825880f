package model

import (
	"encoding/binary"
	"errors"
	"slices"
	"strconv"
	"unsafe"
)

// Compact binary storage encoding of values and items.
//
// A value is a tag byte followed by its payload; lengths and counts are
// unsigned varints:
//
//	S, N, B     tag, len, bytes        (N is the number text as stored)
//	BOOL        tagFalse | tagTrue     (no payload)
//	NULL        tagNull
//	L           tag, count, values…
//	M           tag, count, (len, name bytes, value)…
//	SS, NS, BS  tag, count, (len, bytes)…
//
// An item is itemFormat, count, then (len, name bytes, value) per attribute.
// Map and item members are written in name order (byte-wise), so that an
// encoded item can be written out as JSON with sorted names in one pass
// (EncodedItem.AppendJSON); encodings written before that hold them in map
// iteration order, which every reader accepts. Values
// without a valid type cannot be encoded faithfully; they are written with
// tag 0, which DecodeValue rejects.
const (
	tagInvalid byte = iota
	tagS
	tagN
	tagB
	tagFalse
	tagTrue
	tagNull
	tagL
	tagM
	tagSS
	tagNS
	tagBS
)

// itemFormat is the first byte of an encoded item, for future formats.
const itemFormat byte = 1

// maxBinaryDepth bounds the decoder's recursion on corrupt input; valid
// values nest at most MaxNestingDepth levels.
const maxBinaryDepth = 1000

func appendBytesField(dst []byte, s string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}

// AppendValue appends the binary encoding of v to dst.
func AppendValue(dst []byte, v AttributeValue) []byte {
	switch v.Type {
	case TypeS:
		return appendBytesField(append(dst, tagS), v.S)
	case TypeN:
		return appendBytesField(append(dst, tagN), v.N)
	case TypeB:
		dst = binary.AppendUvarint(append(dst, tagB), uint64(len(v.B)))
		return append(dst, v.B...)
	case TypeBOOL:
		if v.BOOL {
			return append(dst, tagTrue)
		}
		return append(dst, tagFalse)
	case TypeNULL:
		return append(dst, tagNull)
	case TypeL:
		dst = binary.AppendUvarint(append(dst, tagL), uint64(len(v.L)))
		for i := range v.L {
			dst = AppendValue(dst, v.L[i])
		}
		return dst
	case TypeM:
		return appendMembers(append(dst, tagM), v.M)
	case TypeSS, TypeNS:
		ss, tag := v.SS, tagSS
		if v.Type == TypeNS {
			ss, tag = v.NS, tagNS
		}
		dst = binary.AppendUvarint(append(dst, tag), uint64(len(ss)))
		for _, s := range ss {
			dst = appendBytesField(dst, s)
		}
		return dst
	case TypeBS:
		return appendByteSet(dst, tagBS, v.BS)
	}
	return append(dst, tagInvalid)
}

// appendByteSet encodes a set whose members are bytes (a BS, or the
// transcoder's canonical SS and NS members): its tag, its length, then
// each member with its length.
func appendByteSet(dst []byte, tag byte, set [][]byte) []byte {
	dst = binary.AppendUvarint(append(dst, tag), uint64(len(set)))
	for _, b := range set {
		dst = binary.AppendUvarint(dst, uint64(len(b)))
		dst = append(dst, b...)
	}
	return dst
}

func appendMembers(dst []byte, m map[string]AttributeValue) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(m)))
	if len(m) > maxSmallMembers {
		names := make([]string, 0, len(m))
		for k := range m {
			names = append(names, k)
		}
		slices.Sort(names)
		for _, k := range names {
			dst = appendBytesField(dst, k)
			dst = AppendValue(dst, m[k])
		}
		return dst
	}
	// A typical item: names and values taken in one walk of the map, the
	// order sorted by insertion over indexes.
	var names [maxSmallMembers]string
	var heads [maxSmallMembers]uint64 // the first 8 bytes of each name, big-endian: most comparisons
	var vals [maxSmallMembers]AttributeValue
	var order [maxSmallMembers]uint8
	n := 0
	for k, v := range m {
		names[n], heads[n], vals[n], order[n] = k, nameHead(k), v, uint8(n)
		n++
	}
	less := func(a, b uint8) bool {
		if heads[a] != heads[b] {
			return heads[a] < heads[b]
		}
		return names[a] < names[b]
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && less(order[j], order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for _, o := range order[:n] {
		dst = appendBytesField(dst, names[o])
		dst = AppendValue(dst, vals[o])
	}
	return dst
}

// nameHead is the first 8 bytes of a name as a big-endian number (zero
// padded): names with different heads compare as their heads do.
func nameHead(s string) uint64 {
	var h uint64
	for i := range 8 {
		h <<= 8
		if i < len(s) {
			h |= uint64(s[i])
		}
	}
	return h
}

// maxSmallMembers is the most members appendMembers sorts on the stack.
const maxSmallMembers = 24

// AppendItem appends the binary encoding of item to dst.
func AppendItem(dst []byte, item Item) []byte {
	return appendMembers(append(dst, itemFormat), item)
}

// binDecoder reads from b. For a whole item (shared), strings are cut from
// str, one copy of b made up front, so the item costs a single string
// allocation, and binary payloads are cut from one lazily made copy of b;
// decoded values share memory with each other, never with the caller's
// buffer. DecodeValue, which may be handed a long buffer, copies each
// string and payload on its own instead.
type binDecoder struct {
	b      []byte
	str    string
	bcopy  []byte
	i      int
	shared bool // cut strings and bytes from whole-buffer copies
}

func newBinDecoder(b []byte, shared bool) *binDecoder {
	d := &binDecoder{b: b, shared: shared}
	if shared {
		d.str = string(b)
	}
	return d
}

func (d *binDecoder) uvarint() (int, error) {
	x, n := binary.Uvarint(d.b[d.i:])
	if n <= 0 {
		return 0, errTruncated
	}
	d.i += n
	if x > uint64(len(d.b)-d.i) {
		// Every length and count is bounded by the bytes that follow.
		return 0, errTruncated
	}
	return int(x), nil
}

func (d *binDecoder) string() (string, error) {
	n, err := d.uvarint()
	if err != nil {
		return "", err
	}
	var s string
	if d.shared {
		s = d.str[d.i : d.i+n]
	} else {
		s = string(d.b[d.i : d.i+n])
	}
	d.i += n
	return s, nil
}

func (d *binDecoder) bytes() ([]byte, error) {
	n, err := d.uvarint()
	if err != nil {
		return nil, err
	}
	var p []byte
	if !d.shared {
		p = make([]byte, n)
		copy(p, d.b[d.i:d.i+n])
	} else {
		if d.bcopy == nil {
			d.bcopy = make([]byte, len(d.b))
			copy(d.bcopy, d.b)
		}
		p = d.bcopy[d.i : d.i+n : d.i+n]
	}
	d.i += n
	return p, nil
}

func (d *binDecoder) members(m map[string]AttributeValue, n, depth int) error {
	for ; n > 0; n-- {
		k, err := d.string()
		if err != nil {
			return err
		}
		var v AttributeValue
		if err := d.value(&v, depth); err != nil {
			return err
		}
		m[k] = v
	}
	return nil
}

func (d *binDecoder) value(v *AttributeValue, depth int) error {
	if depth > maxBinaryDepth {
		return errNestingTooDeep
	}
	if d.i >= len(d.b) {
		return errTruncated
	}
	tag := d.b[d.i]
	d.i++
	var err error
	switch tag {
	case tagS:
		v.Type = TypeS
		v.S, err = d.string()
	case tagN:
		v.Type = TypeN
		v.N, err = d.string()
	case tagB:
		v.Type = TypeB
		v.B, err = d.bytes()
	case tagFalse, tagTrue:
		v.Type = TypeBOOL
		v.BOOL = tag == tagTrue
	case tagNull:
		v.Type = TypeNULL
	case tagL:
		var n int
		if n, err = d.uvarint(); err != nil {
			return err
		}
		v.Type = TypeL
		v.L = make([]AttributeValue, n)
		for i := range v.L {
			if err = d.value(&v.L[i], depth+1); err != nil {
				return err
			}
		}
	case tagM:
		var n int
		if n, err = d.uvarint(); err != nil {
			return err
		}
		v.Type = TypeM
		v.M = make(map[string]AttributeValue, n)
		err = d.members(v.M, n, depth+1)
	case tagSS, tagNS:
		var n int
		if n, err = d.uvarint(); err != nil {
			return err
		}
		ss := make([]string, n)
		for i := range ss {
			if ss[i], err = d.string(); err != nil {
				return err
			}
		}
		if tag == tagSS {
			v.Type, v.SS = TypeSS, ss
		} else {
			v.Type, v.NS = TypeNS, ss
		}
	case tagBS:
		var n int
		if n, err = d.uvarint(); err != nil {
			return err
		}
		v.Type = TypeBS
		v.BS = make([][]byte, n)
		for i := range v.BS {
			if v.BS[i], err = d.bytes(); err != nil {
				return err
			}
		}
	default:
		return errors.New("model: corrupt binary value: unknown tag " + strconv.Itoa(int(tag)))
	}
	return err
}

// DecodeValue decodes one value encoded by AppendValue from the start of b
// and returns it with the number of bytes it used. Corrupt input gives an
// error, never a panic.
func DecodeValue(b []byte) (AttributeValue, int, error) {
	d := newBinDecoder(b, false)
	var v AttributeValue
	if err := d.value(&v, 0); err != nil {
		return AttributeValue{}, 0, err
	}
	return v, d.i, nil
}

// DecodeItem decodes an item encoded by AppendItem; b must hold exactly one
// item. Corrupt input gives an error, never a panic.
func DecodeItem(b []byte) (Item, error) {
	if len(b) == 0 {
		return nil, errTruncated
	}
	if b[0] != itemFormat {
		return nil, errors.New("model: corrupt binary item: unknown format " + strconv.Itoa(int(b[0])))
	}
	return newBinDecoder(b, true).item()
}

// DecodeItemString is DecodeItem for an immutable string (a stored value):
// strings are cut from s itself, without copying it.
func DecodeItemString(s string) (Item, error) {
	if len(s) == 0 {
		return nil, errTruncated
	}
	if s[0] != itemFormat {
		return nil, errors.New("model: corrupt binary item: unknown format " + strconv.Itoa(int(s[0])))
	}
	// d.b is only read; binary payloads are copied (bytes, shared).
	d := &binDecoder{b: unsafe.Slice(unsafe.StringData(s), len(s)), str: s, shared: true}
	return d.item()
}

// item decodes the whole of d.b, whose format byte has been checked, as
// one item.
func (d *binDecoder) item() (Item, error) {
	d.i = 1
	n, err := d.uvarint()
	if err != nil {
		return nil, err
	}
	item := make(Item, n)
	if err := d.members(item, n, 0); err != nil {
		return nil, err
	}
	if d.i != len(d.b) {
		return nil, errTrailingBytes
	}
	return item, nil
}
