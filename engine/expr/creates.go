package expr

// CreatesItem reports whether applying the update to a missing item creates
// it: DynamoDB creates the item for SET and ADD actions (legacy PUT and ADD
// included) and for an empty AttributeUpdates, but an update made only of
// REMOVE and DELETE actions (legacy DELETE included, with or without a
// Value) leaves a missing item missing, and is not applied at all: REMOVE
// a.b on a missing item is no error (scylladb test_update_expression.py,
// test_item.py, both run against DynamoDB).
func (u *Update) CreatesItem() bool {
	if len(u.actions) == 0 {
		return true
	}
	for _, a := range u.actions {
		if a.kind == actSet || a.kind == actAdd {
			return true
		}
	}
	return false
}
