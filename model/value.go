package model

// Type is the data type of an AttributeValue, named as DynamoDB names it on
// the wire ("S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS").
type Type uint8

// The ten DynamoDB types. TypeInvalid is the zero value: an AttributeValue
// with no type set (DynamoDB's "Supplied AttributeValue is empty").
const (
	TypeInvalid Type = iota
	TypeS
	TypeN
	TypeB
	TypeBOOL
	TypeNULL
	TypeL
	TypeM
	TypeSS
	TypeNS
	TypeBS
	// typeMany marks a decoded value that named more than one type; it is
	// rejected by validation with DynamoDB's message.
	typeMany
)

var typeNames = [...]string{"", "S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS", ""}

// String returns the wire name of the type ("S", "NS", ...), or "" for an
// invalid type.
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return ""
}

// ParseType maps a wire type name to a Type; ok is false for unknown names.
func ParseType(name string) (t Type, ok bool) {
	for i := TypeS; i <= TypeBS; i++ {
		if typeNames[i] == name {
			return i, true
		}
	}
	return TypeInvalid, false
}

// IsSet reports whether the type is SS, NS or BS.
func (t Type) IsSet() bool { return t == TypeSS || t == TypeNS || t == TypeBS }

// IsScalarKeyType reports whether the type may be a key attribute (S, N, B).
func (t Type) IsScalarKeyType() bool { return t == TypeS || t == TypeN || t == TypeB }

// AttributeValue is one DynamoDB value. Exactly one field, chosen by Type,
// is meaningful. Numbers (N and the elements of NS) are decimal strings;
// once validated by NormalizeValue they are in canonical form.
type AttributeValue struct {
	Type Type
	S    string
	N    string
	B    []byte
	BOOL bool
	L    []AttributeValue
	M    map[string]AttributeValue
	SS   []string
	NS   []string
	BS   [][]byte
}

// Item is a DynamoDB item (or key): attribute name to value.
type Item map[string]AttributeValue

// S returns a String value.
func S(s string) AttributeValue { return AttributeValue{Type: TypeS, S: s} }

// N returns a Number value from its decimal text (not validated here).
func N(n string) AttributeValue { return AttributeValue{Type: TypeN, N: n} }

// B returns a Binary value.
func B(b []byte) AttributeValue { return AttributeValue{Type: TypeB, B: b} }

// Bool returns a BOOL value.
func Bool(b bool) AttributeValue { return AttributeValue{Type: TypeBOOL, BOOL: b} }

// Null returns the NULL value.
func Null() AttributeValue { return AttributeValue{Type: TypeNULL} }

// L returns a List value.
func L(vs ...AttributeValue) AttributeValue {
	if vs == nil {
		vs = []AttributeValue{}
	}
	return AttributeValue{Type: TypeL, L: vs}
}

// M returns a Map value.
func M(m map[string]AttributeValue) AttributeValue {
	if m == nil {
		m = map[string]AttributeValue{}
	}
	return AttributeValue{Type: TypeM, M: m}
}

// SS returns a String Set value.
func SS(ss ...string) AttributeValue { return AttributeValue{Type: TypeSS, SS: ss} }

// NS returns a Number Set value.
func NS(ns ...string) AttributeValue { return AttributeValue{Type: TypeNS, NS: ns} }

// BS returns a Binary Set value.
func BS(bs ...[]byte) AttributeValue { return AttributeValue{Type: TypeBS, BS: bs} }

// Clone returns a deep copy of the item.
func (it Item) Clone() Item {
	if it == nil {
		return nil
	}
	out := make(Item, len(it))
	for k, v := range it {
		out[k] = v.Clone()
	}
	return out
}

// Clone returns a deep copy of the value.
func (v AttributeValue) Clone() AttributeValue {
	switch v.Type {
	case TypeB:
		v.B = append([]byte(nil), v.B...)
	case TypeL:
		l := make([]AttributeValue, len(v.L))
		for i := range v.L {
			l[i] = v.L[i].Clone()
		}
		v.L = l
	case TypeM:
		m := make(map[string]AttributeValue, len(v.M))
		for k, e := range v.M {
			m[k] = e.Clone()
		}
		v.M = m
	case TypeSS:
		v.SS = append([]string(nil), v.SS...)
	case TypeNS:
		v.NS = append([]string(nil), v.NS...)
	case TypeBS:
		bs := make([][]byte, len(v.BS))
		for i, b := range v.BS {
			bs[i] = append([]byte(nil), b...)
		}
		v.BS = bs
	}
	return v
}
