package expr

import "github.com/dynoscope/dynoscope/model"

// StaticType is the type an update gives one top-level attribute whatever
// the item holds, known before the update runs.
type StaticType struct {
	Attr string
	Type model.Type
}

// StaticTypes lists, in action order, the top-level attributes whose new
// type the update fixes by itself: SET to a :value, to arithmetic (N) or to
// list_append (L); ADD or DELETE of a :value (its type); and the legacy PUT,
// ADD and DELETE with a Value. DynamoDB checks these against the index key
// schema before the update runs ("Type mismatch for Index Key …"); a SET
// that copies another attribute is only known when it runs.
func (u *Update) StaticTypes() []StaticType {
	var out []StaticType
	for _, a := range u.actions {
		if len(a.path) != 1 || a.value == nil {
			continue
		}
		var t model.Type
		switch a.kind {
		case actSet:
			switch v := a.value; {
			case v.kind == nValue:
				t = v.val.Type
			case v.kind == nArith:
				t = model.TypeN
			case v.kind == nFunc && v.op == "list_append":
				t = model.TypeL
			default:
				continue
			}
		case actAdd, actDelete:
			if a.value.kind != nValue {
				continue
			}
			t = a.value.val.Type
		default:
			continue
		}
		out = append(out, StaticType{Attr: a.path[0].Name, Type: t})
	}
	return out
}
