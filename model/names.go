package model

// MaxAttributeNameBytes is the longest attribute name DynamoDB accepts, in
// UTF-8 bytes: "64 KB" in the Developer Guide, and in fact 65,535 (a name
// of 65,536 bytes is refused).
const MaxAttributeNameBytes = 65535

// MsgAttributeNameTooLarge is DynamoDB's text for a longer name, at the top
// of an item, as a key of a nested map, or as the value of an
// ExpressionAttributeNames entry (measured against the service, quoted in
// ExtendDB issue #365; see docs/FIDELITY.md).
const MsgAttributeNameTooLarge = "1 validation error detected: Attribute name is too large, must be less than 65536 bytes"

// checkNameLength refuses an attribute name over MaxAttributeNameBytes.
func checkNameLength(name string) *Error {
	if len(name) > MaxAttributeNameBytes {
		return Validation(MsgAttributeNameTooLarge)
	}
	return nil
}

// CheckAttributeName refuses an attribute name over MaxAttributeNameBytes
// with DynamoDB's ValidationException.
func CheckAttributeName(name string) error {
	if err := checkNameLength(name); err != nil {
		return err
	}
	return nil
}

// CheckItemNesting refuses an item whose lists and maps nest deeper than
// MaxNestingDepth levels, counting each attribute's own value as level 1,
// with the error NormalizeValue gives a value that deep. Every value a
// request carries is checked on its own; an update can still build a
// deeper item by setting a nested value at the end of a nested path.
func CheckItemNesting(item Item) *Error {
	for _, v := range item {
		if nestedTooDeep(v, 1) {
			return Validation(msgNesting)
		}
	}
	return nil
}

func nestedTooDeep(v AttributeValue, level int) bool {
	switch v.Type {
	case TypeL:
		if len(v.L) > 0 && level >= MaxNestingDepth {
			return true
		}
		for _, e := range v.L {
			if nestedTooDeep(e, level+1) {
				return true
			}
		}
	case TypeM:
		if len(v.M) > 0 && level >= MaxNestingDepth {
			return true
		}
		for _, e := range v.M {
			if nestedTooDeep(e, level+1) {
				return true
			}
		}
	}
	return false
}
