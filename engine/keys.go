package engine

import (
	"encoding/binary"
	"hash/fnv"

	"github.com/dynoscope/dynoscope/model"
)

// Key-space prefixes.
const (
	prefixTable  = "T/"
	prefixData   = "D/"
	prefixIndex  = "I/"
	prefixTTL    = "X/"
	prefixStream = "S/"
)

// Markers of the number encoding.
const (
	numNegative = 0x10
	numZero     = 0x20
	numPositive = 0x30
)

// appendKeyValue appends the order-preserving, self-delimiting encoding of a
// key value (S, N or B) to dst.
func appendKeyValue(dst []byte, v model.AttributeValue) []byte {
	switch v.Type {
	case model.TypeS:
		return appendEscaped(dst, v.S, true)
	case model.TypeB:
		return appendEscaped(dst, string(v.B), true)
	case model.TypeN:
		return appendNumber(dst, v.N)
	}
	return dst
}

// appendEscaped writes s with 0x00 escaped as 0x00 0xFF and, when terminate
// is true, the terminator 0x00 0x01. Without the terminator the result is a
// prefix of the encoding of every string that begins with s.
func appendEscaped(dst []byte, s string, terminate bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == 0 {
			dst = append(dst, 0, 0xFF)
			continue
		}
		dst = append(dst, c)
	}
	if terminate {
		dst = append(dst, 0, 1)
	}
	return dst
}

// appendNumber encodes a canonical number so that byte order is numeric order:
// a sign marker, the decimal exponent, then the digits, each inverted for
// negative numbers.
func appendNumber(dst []byte, canonical string) []byte {
	neg, exp, digits := model.NumberParts(canonical)
	if digits == "" {
		return append(dst, numZero)
	}
	e := uint16(exp + 0x8000)
	if !neg {
		dst = append(dst, numPositive, byte(e>>8), byte(e))
		for i := 0; i < len(digits); i++ {
			dst = append(dst, digits[i]-'0'+1)
		}
		return append(dst, 0)
	}
	e = 0xFFFF - e
	dst = append(dst, numNegative, byte(e>>8), byte(e))
	for i := 0; i < len(digits); i++ {
		dst = append(dst, 0xFD-(digits[i]-'0'))
	}
	return append(dst, 0xFE)
}

// hashKey returns the 4-byte hash of an encoded partition key. The partition
// that owns a key, and a Scan's order, follow this hash.
func hashKey(encodedPK []byte) uint32 {
	h := fnv.New64a()
	h.Write(encodedPK)
	x := h.Sum64()
	// murmur3 finaliser: spreads keys that differ only in their last bytes
	// ("vote#1", "vote#2") over the whole hash space.
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return uint32(x >> 32)
}

// appendHashedKey appends h(pk) enc(pk) [enc(sk)].
func appendHashedKey(dst []byte, pk model.AttributeValue, sk *model.AttributeValue) []byte {
	start := len(dst)
	dst = append(dst, 0, 0, 0, 0)
	dst = appendKeyValue(dst, pk)
	binary.BigEndian.PutUint32(dst[start:], hashKey(dst[start+4:]))
	if sk != nil {
		dst = appendKeyValue(dst, *sk)
	}
	return dst
}

// prefixEnd returns the smallest string greater than every string that has
// prefix p, or "" when there is none (p is all 0xFF).
func prefixEnd(p string) string {
	b := []byte(p)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < 0xFF {
			b[i]++
			return string(b[:i+1])
		}
	}
	return ""
}
