package model

// Size limits, in bytes as ItemSize counts them.
const (
	// MaxItemSize is the largest item DynamoDB stores (400 KB).
	MaxItemSize = 409600
	// MaxPartitionKeySize is the largest partition (hash) key value.
	MaxPartitionKeySize = 2048
	// MaxSortKeySize is the largest sort (range) key value.
	MaxSortKeySize = 1024
)

// ItemSize is DynamoDB's size of an item: the sum over its attributes of the
// UTF-8 length of the name plus ValueSize of the value. For example
// {"shirt-color":{"S":"R"},"shirt-size":{"S":"M"}} is 11+1+10+1 = 23 bytes.
func ItemSize(item Item) int {
	n := 0
	for k, v := range item {
		n += len(k) + ValueSize(v)
	}
	return n
}

// ValueSize is DynamoDB's size of one value (the formula dynalite uses,
// matching the Developer Guide where it is specific):
//
//	S: UTF-8 bytes · B: raw (decoded) bytes · BOOL, NULL: 1 · N: NumberSize
//	L: 3 + Σ(1 + size(e)) · M: 3 + Σ(1 + len(k) + size(v))  (empty L, M: 3)
//	SS, NS, BS: the sum of the member sizes
func ValueSize(v AttributeValue) int {
	switch v.Type {
	case TypeS:
		return len(v.S)
	case TypeN:
		return NumberSize(v.N)
	case TypeB:
		return len(v.B)
	case TypeBOOL, TypeNULL:
		return 1
	case TypeL:
		n := 3
		for i := range v.L {
			n += 1 + ValueSize(v.L[i])
		}
		return n
	case TypeM:
		n := 3
		for k, e := range v.M {
			n += 1 + len(k) + ValueSize(e)
		}
		return n
	case TypeSS:
		n := 0
		for _, s := range v.SS {
			n += len(s)
		}
		return n
	case TypeNS:
		n := 0
		for _, s := range v.NS {
			n += NumberSize(s)
		}
		return n
	case TypeBS:
		n := 0
		for _, b := range v.BS {
			n += len(b)
		}
		return n
	}
	return 0
}

// NumberSize is the size of a number (dynalite's formula, unconfirmed by
// AWS beyond "about one byte per two significant digits, plus one"):
//
//	0 → 1, otherwise 1 + ceil(d/2) + (d even and e even ? 1 : 0) + (negative ? 1 : 0)
//
// where d is the count of significant digits (first to last non-zero digit)
// and e is the scientific exponent (the value is d1.d2d3… × 10^e; e.g. e is 2
// for 123 and -2 for 0.05). Text that is not a number counts as 1.
func NumberSize(canonical string) int {
	d, ok := parseDecimal(canonical)
	if !ok {
		return 1
	}
	return decimalSize(&d)
}

// decimalSize is NumberSize of a parsed number.
func decimalSize(d *decimal) int {
	if d.zero() {
		return 1
	}
	n := 1 + (d.ndig+1)/2
	if e := d.exp - 1; d.ndig%2 == 0 && e%2 == 0 {
		n++
	}
	if d.neg {
		n++
	}
	return n
}
