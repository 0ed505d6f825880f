package expr

// CreatesItem reports whether applying the update to a missing item creates
// it: DynamoDB creates the item for SET and ADD actions (and for legacy
// AttributeUpdates, even empty ones), but an update made only of REMOVE and
// DELETE actions leaves a missing item missing.
func (u *Update) CreatesItem() bool {
	if len(u.actions) == 0 {
		return true
	}
	for _, a := range u.actions {
		if a.kind == actSet || a.kind == actAdd || a.legacy {
			return true
		}
	}
	return false
}
