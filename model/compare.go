package model

import (
	"bytes"
	"strings"
)

// Equal reports whether a and b are the same DynamoDB value. It is
// type-strict ("3" is not 3, and 3 is not NS [3]); numbers compare
// numerically (1e3 equals 1000); sets ignore order (NS members numerically);
// L compares in order and M by keys, both deeply.
func Equal(a, b AttributeValue) bool {
	if a.Type != b.Type {
		return false
	}
	switch a.Type {
	case TypeS:
		return a.S == b.S
	case TypeN:
		return a.N == b.N || CompareNumbers(a.N, b.N) == 0
	case TypeB:
		return bytes.Equal(a.B, b.B)
	case TypeBOOL:
		return a.BOOL == b.BOOL
	case TypeL:
		if len(a.L) != len(b.L) {
			return false
		}
		for i := range a.L {
			if !Equal(a.L[i], b.L[i]) {
				return false
			}
		}
		return true
	case TypeM:
		return ItemsEqual(a.M, b.M)
	case TypeSS:
		return sameSet(len(a.SS), len(b.SS), func(i, j int) bool { return a.SS[i] == b.SS[j] })
	case TypeNS:
		return sameSet(len(a.NS), len(b.NS), func(i, j int) bool {
			return a.NS[i] == b.NS[j] || CompareNumbers(a.NS[i], b.NS[j]) == 0
		})
	case TypeBS:
		return sameSet(len(a.BS), len(b.BS), func(i, j int) bool { return bytes.Equal(a.BS[i], b.BS[j]) })
	}
	// NULL, and values without a valid type, are equal by type alone.
	return true
}

// sameSet reports whether two collections hold the same members, ignoring
// order and counting repeats, given an equality of member i of the first and
// member j of the second.
func sameSet(na, nb int, eq func(i, j int) bool) bool {
	if na != nb {
		return false
	}
	var small [32]bool
	used := small[:0]
	if nb <= len(small) {
		used = small[:nb]
	} else {
		used = make([]bool, nb)
	}
	for i := 0; i < na; i++ {
		found := false
		for j := 0; j < nb; j++ {
			if !used[j] && eq(i, j) {
				used[j] = true
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// ItemsEqual reports whether two items have the same attribute names and
// Equal values.
func ItemsEqual(a, b Item) bool {
	if len(a) != len(b) {
		return false
	}
	for k, va := range a {
		vb, ok := b[k]
		if !ok || !Equal(va, vb) {
			return false
		}
	}
	return true
}

// Compare orders two values of the same scalar key type: S by UTF-8 bytes
// (code-point order), N numerically, B by unsigned bytes. It returns -1, 0
// or 1, and ok false when the types differ or are not S, N or B (DynamoDB
// never orders those, and the comparison is false).
func Compare(a, b AttributeValue) (c int, ok bool) {
	if a.Type != b.Type {
		return 0, false
	}
	switch a.Type {
	case TypeS:
		return strings.Compare(a.S, b.S), true
	case TypeN:
		return CompareNumbers(a.N, b.N), true
	case TypeB:
		return bytes.Compare(a.B, b.B), true
	}
	return 0, false
}
