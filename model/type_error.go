package model

import (
	"encoding/json"
	"errors"
)

// literalTypeError completes a type error met inside a nested UnmarshalJSON
// (a transaction's Put, Update, Delete, ConditionCheck or Get) while its
// bytes b are at hand: encoding/json counts the error's offset from the
// start of b, not of the request body, so the server could not find the
// value there to name it (TRUE_VALUE or FALSE_VALUE, NUMBER_VALUE or
// DECIMAL_VALUE). The value is written into the error instead, as
// encoding/json itself does for a number too large for its target:
// "bool true", "bool false", "number <literal>".
func literalTypeError(b []byte, err error) error {
	te, ok := errors.AsType[*json.UnmarshalTypeError](err)
	if !ok || (te.Value != "bool" && te.Value != "number") {
		return err
	}
	end := int(min(max(te.Offset, 0), int64(len(b))))
	start := end
	for start > 0 && isJSONLiteralByte(b[start-1]) {
		start--
	}
	if lit := string(b[start:end]); lit != "" {
		te.Value += " " + lit
	}
	return err
}

func isJSONLiteralByte(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'E'
}
