package model

import (
	"encoding/base64"
	"strings"
)

// Unexported sentinel types set by the JSON decoder and rejected by
// NormalizeValue (typeMany is declared with the public types).
const (
	// typeNullFalse is {"NULL":false}.
	typeNullFalse = typeMany + 1
	// typeManyN is a value naming several types, one of them N: DynamoDB
	// checks the number before complaining about the several types.
	typeManyN = typeMany + 2
)

// MaxNestingDepth is how many levels of L and M DynamoDB accepts, counting
// the attribute's own value as level 1: a value at level 33 is rejected.
const MaxNestingDepth = 32

// Validation texts for attribute values.
const (
	msgEmptyValue   = "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
	msgManyTypes    = "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"
	msgNullFalse    = "Null attribute value types must have the value of true"
	msgEmptySS      = "An string set  may not be empty"
	msgEmptyNS      = "An number set  may not be empty"
	msgEmptyBS      = "Binary sets should not be empty"
	msgNSDuplicates = "Input collection contains duplicates"
	msgNesting      = "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit"
	// msgEmptyName is the (unconfirmed) text for an empty attribute name,
	// worded like DynamoDB's "Empty attribute name for key #a".
	msgEmptyName = "Empty attribute name"
)

// NormalizeValue validates v and canonicalises it in place, recursively: N
// and NS members become canonical numbers (CanonicalNumber). It returns
// DynamoDB's ValidationException for an empty value, several types, NULL
// false, a bad number, an empty set, duplicate set members (NS compared
// numerically) and nesting deeper than MaxNestingDepth levels.
//
// Duplicate texts follow DynamoDB: SS lists the members as given,
// "Input collection [a, a] contains duplicates."; NS has no list; BS lists
// the members in padded standard base64 (as they were sent) with DynamoDB's
// missing space, "Input collection [Yg==, Yg==]of type BS contains
// duplicates.".
//
// In a map the error reported is the one of the smallest offending key, so
// the result does not depend on map iteration order.
func NormalizeValue(v *AttributeValue) *Error {
	return normalize(v, 1)
}

func normalize(v *AttributeValue, level int) *Error {
	switch v.Type {
	case TypeS, TypeB, TypeBOOL, TypeNULL:
		return nil
	case TypeN:
		c, err := CanonicalNumber(v.N)
		if err != nil {
			return err
		}
		v.N = c
		return nil
	case TypeL:
		if len(v.L) > 0 && level >= MaxNestingDepth {
			return Validation(msgNesting)
		}
		for i := range v.L {
			if err := normalize(&v.L[i], level+1); err != nil {
				return err
			}
		}
		return nil
	case TypeM:
		if len(v.M) > 0 && level >= MaxNestingDepth {
			return Validation(msgNesting)
		}
		return normalizeMap(v.M, level+1)
	case TypeSS:
		return checkSS(v.SS)
	case TypeNS:
		return normalizeNS(v.NS)
	case TypeBS:
		return checkBS(v.BS)
	case typeNullFalse:
		return InvalidParameter(msgNullFalse)
	case typeMany, typeManyN:
		// DynamoDB validates each type it was given before complaining
		// about there being several.
		if v.Type == typeManyN {
			if _, err := CanonicalNumber(v.N); err != nil {
				return err
			}
		}
		if v.SS != nil {
			if err := checkSS(v.SS); err != nil {
				return err
			}
		}
		if v.NS != nil {
			if err := normalizeNS(v.NS); err != nil {
				return err
			}
		}
		if v.BS != nil {
			if err := checkBS(v.BS); err != nil {
				return err
			}
		}
		return Validation(msgManyTypes)
	}
	return Validation(msgEmptyValue)
}

func normalizeMap(m map[string]AttributeValue, level int) *Error {
	_, err := normalizeMapSize(m, level)
	return err
}

// normalizeMapSize is normalizeMap that also sums ItemSize of the
// normalised map, in the same walk.
func normalizeMapSize(m map[string]AttributeValue, level int) (int, *Error) {
	var first *Error
	var firstKey string
	size := 0
	for k, e := range m {
		n := e.N
		err := checkNameLength(k)
		if err == nil {
			err = normalize(&e, level)
		}
		if err != nil {
			if first == nil || k < firstKey {
				first, firstKey = err, k
			}
			continue
		}
		if e.N != n {
			m[k] = e // only N is replaced; L, M and NS members change in place
		}
		size += len(k) + ValueSize(e)
	}
	return size, first
}

func checkSS(ss []string) *Error {
	if len(ss) == 0 {
		return InvalidParameter(msgEmptySS)
	}
	if hasDuplicateStrings(ss) {
		return invalidParam("Input collection [" + strings.Join(ss, ", ") + "] contains duplicates.")
	}
	return nil
}

func normalizeNS(ns []string) *Error {
	if len(ns) == 0 {
		return InvalidParameter(msgEmptyNS)
	}
	for i, n := range ns {
		c, err := CanonicalNumber(n)
		if err != nil {
			return err
		}
		ns[i] = c
	}
	if hasDuplicateStrings(ns) { // canonical forms are equal iff the numbers are
		return Validation(msgNSDuplicates)
	}
	return nil
}

func checkBS(bs [][]byte) *Error {
	if len(bs) == 0 {
		return InvalidParameter(msgEmptyBS)
	}
	if hasDuplicateBytes(bs) {
		var sb strings.Builder
		sb.WriteString("Input collection [")
		for i, b := range bs {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(base64.StdEncoding.EncodeToString(b))
		}
		sb.WriteString("]of type BS contains duplicates.")
		return invalidParam(sb.String())
	}
	return nil
}

// smallSet is the size up to which duplicate checks compare pairwise rather
// than build a map.
const smallSet = 16

func hasDuplicateStrings(ss []string) bool {
	if len(ss) <= smallSet {
		for i := 1; i < len(ss); i++ {
			for j := 0; j < i; j++ {
				if ss[i] == ss[j] {
					return true
				}
			}
		}
		return false
	}
	seen := make(map[string]struct{}, len(ss))
	for _, s := range ss {
		if _, ok := seen[s]; ok {
			return true
		}
		seen[s] = struct{}{}
	}
	return false
}

func hasDuplicateBytes(bs [][]byte) bool {
	if len(bs) <= smallSet {
		for i := 1; i < len(bs); i++ {
			for j := 0; j < i; j++ {
				if string(bs[i]) == string(bs[j]) {
					return true
				}
			}
		}
		return false
	}
	seen := make(map[string]struct{}, len(bs))
	for _, b := range bs {
		if _, ok := seen[string(b)]; ok {
			return true
		}
		seen[string(b)] = struct{}{}
	}
	return false
}

// NormalizeItem runs NormalizeValue on every attribute of item (in place)
// and rejects an empty attribute name with
// "One or more parameter values were invalid: Empty attribute name" (the
// text is unconfirmed; it is worded like DynamoDB's "Empty attribute name
// for key …" for ExpressionAttributeNames). As for maps, the error reported
// is the one of the smallest offending attribute name.
func NormalizeItem(item Item) *Error {
	_, err := NormalizeItemSize(item)
	return err
}

// NormalizeItemSize is NormalizeItem that also returns ItemSize of the
// normalised item, measured in the same walk over it.
func NormalizeItemSize(item Item) (int, *Error) {
	if _, ok := item[""]; ok {
		return 0, InvalidParameter(msgEmptyName)
	}
	return normalizeMapSize(item, 1)
}

// validationErr and invalidParam build errors from ready-made texts, which
// may contain '%'.
func validationErr(msg string) *Error { return &Error{Code: ErrValidation, Message: msg} }

func invalidParam(msg string) *Error {
	return &Error{Code: ErrValidation, Message: InvalidPrefix + msg}
}

// StartKeyPrefix begins DynamoDB's refusals of an ExclusiveStartKey.
const StartKeyPrefix = "The provided starting key is invalid: "

// NormalizeStartKey is NormalizeItem for an ExclusiveStartKey: DynamoDB
// prefixes some of its value errors with StartKeyPrefix — an empty value,
// several types, NULL false, an empty string or binary set — and reports
// the others (an empty number set, duplicate set members, bad numbers) as
// for any item, as dynalite's query and scan tests (written to pass against
// DynamoDB) record them.
func NormalizeStartKey(key Item) *Error {
	err := NormalizeItem(key)
	if err == nil {
		return nil
	}
	switch strings.TrimPrefix(err.Message, InvalidPrefix) {
	case msgEmptyValue, msgManyTypes, msgNullFalse, msgEmptySS, msgEmptyBS:
		return validationErr(StartKeyPrefix + err.Message)
	}
	return err
}
