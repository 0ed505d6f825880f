package expr

import (
	"bytes"
	"sort"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// planned is one write an update makes: put val at path, or remove path.
type planned struct {
	path   Path
	val    model.AttributeValue
	remove bool
	// appendAt orders writes past the end of a list: they append in index
	// order after all other writes.
	appendAt bool
}

// Apply returns the item that results from applying the update to item
// (nil for a missing item). The input is not modified; the attributes the
// update touches are deep-copied. Errors are DynamoDB's runtime update
// errors, for example "The document path provided in the update
// expression is invalid for update".
//
// All values are computed from the item as it was before the update, and
// every path refers to it too: list indexes of REMOVE name elements of the
// original list, several removals shift the remaining elements down, and
// SETs past the end of a list append in index order.
func (u *Update) Apply(item model.Item) (model.Item, error) {
	plan, err := u.plan(item)
	if err != nil {
		return nil, err
	}
	out := make(model.Item, len(item)+len(plan))
	for k, v := range item {
		out[k] = v
	}
	var cloned map[string]bool // top-level attributes already deep-copied
	for _, w := range plan {
		name := w.path[0].Name
		if len(w.path) > 1 && !cloned[name] {
			if cloned == nil {
				cloned = map[string]bool{}
			}
			out[name] = out[name].Clone()
			cloned[name] = true
		}
	}
	var appends, removes []planned
	for _, w := range plan {
		switch {
		case w.remove:
			removes = append(removes, w)
		case w.appendAt:
			appends = append(appends, w)
		default:
			put(out, w.path, w.val)
		}
	}
	sort.SliceStable(appends, func(i, j int) bool {
		a, b := appends[i].path, appends[j].path
		if pa, pb := pathKey(a[:len(a)-1]), pathKey(b[:len(b)-1]); pa != pb {
			return pa < pb
		}
		return a[len(a)-1].Index < b[len(b)-1].Index
	})
	for _, w := range appends {
		put(out, w.path, w.val)
	}
	sort.SliceStable(removes, func(i, j int) bool { return comparePaths(removes[i].path, removes[j].path) > 0 })
	for _, w := range removes {
		remove(out, w.path)
	}
	return out, nil
}

// plan validates the update against item and computes every write.
func (u *Update) plan(item model.Item) ([]planned, error) {
	values := make([]model.AttributeValue, len(u.actions))
	for i, a := range u.actions {
		if a.kind == actSet {
			v, err := resolveSetValue(a.value, item)
			if err != nil {
				return nil, err
			}
			values[i] = v
		}
	}
	plan := make([]planned, 0, len(u.actions))
	for i, a := range u.actions {
		parent, ok := parentOf(item, a.path)
		if !ok {
			return nil, validation(msgInvalidPathUpdate)
		}
		last := a.path[len(a.path)-1]
		existing, exists := child(item, parent, a.path)
		appendAt := last.IsIndex && last.Index >= len(parent.L)
		switch a.kind {
		case actSet:
			plan = append(plan, planned{path: a.path, val: values[i], appendAt: appendAt})
		case actRemove:
			if exists {
				plan = append(plan, planned{path: a.path, remove: true})
			}
		case actAdd:
			v, err := addValue(existing, exists, a.value.val, a.legacy)
			if err != nil {
				return nil, err
			}
			plan = append(plan, planned{path: a.path, val: v, appendAt: appendAt})
		case actDelete:
			if !exists {
				continue
			}
			v, empty, err := deleteValue(existing, a.value.val, a.legacy)
			if err != nil {
				return nil, err
			}
			plan = append(plan, planned{path: a.path, val: v, remove: empty})
		}
	}
	return plan, nil
}

// parentOf returns the container holding the path's last element, which
// must be a map (for a name) or a list (for an index). For a top-level
// path the container is the item itself, reported as a map.
func parentOf(item model.Item, p Path) (model.AttributeValue, bool) {
	if len(p) == 1 {
		return model.AttributeValue{Type: model.TypeM}, true
	}
	parent, ok := lookup(item, p[:len(p)-1])
	if !ok {
		return parent, false
	}
	if p[len(p)-1].IsIndex {
		return parent, parent.Type == model.TypeL
	}
	return parent, parent.Type == model.TypeM
}

// child returns the value at p, whose parent container is parent.
func child(item model.Item, parent model.AttributeValue, p Path) (model.AttributeValue, bool) {
	if len(p) == 1 {
		v, ok := item[p[0].Name]
		return v, ok
	}
	last := p[len(p)-1]
	if last.IsIndex {
		if last.Index < len(parent.L) {
			return parent.L[last.Index], true
		}
		return model.AttributeValue{}, false
	}
	v, ok := parent.M[last.Name]
	return v, ok
}

// resolveSetValue computes a SET value from the original item.
func resolveSetValue(n *node, item model.Item) (model.AttributeValue, error) {
	switch n.kind {
	case nValue:
		return n.val.Clone(), nil
	case nPath:
		v, ok := lookup(item, n.path)
		if !ok {
			return v, validation(msgMissingAttribute)
		}
		return v.Clone(), nil
	case nArith:
		a, err := resolveSetValue(n.args[0], item)
		if err != nil {
			return a, err
		}
		if a.Type != model.TypeN {
			return a, validation(msgIncorrectDataType)
		}
		b, err := resolveSetValue(n.args[1], item)
		if err != nil {
			return b, err
		}
		if b.Type != model.TypeN {
			return b, validation(msgIncorrectDataType)
		}
		var r string
		var merr *model.Error
		if n.op == "+" {
			r, merr = model.AddNumbers(a.N, b.N)
		} else {
			r, merr = model.SubtractNumbers(a.N, b.N)
		}
		if merr != nil {
			return model.AttributeValue{}, merr
		}
		return model.N(r), nil
	case nFunc:
		if n.op == "if_not_exists" {
			if v, ok := lookup(item, n.args[0].path); ok {
				return v.Clone(), nil
			}
			return resolveSetValue(n.args[1], item)
		}
		// list_append
		a, err := resolveSetValue(n.args[0], item)
		if err != nil {
			return a, err
		}
		if a.Type != model.TypeL {
			return a, validation(msgIncorrectDataType)
		}
		b, err := resolveSetValue(n.args[1], item)
		if err != nil {
			return b, err
		}
		if b.Type != model.TypeL {
			return b, validation(msgIncorrectDataType)
		}
		l := make([]model.AttributeValue, 0, len(a.L)+len(b.L))
		return model.L(append(append(l, a.L...), b.L...)...), nil
	}
	return model.AttributeValue{}, validation(msgIncorrectDataType)
}

// typeMismatch is the error for ADD or DELETE on an attribute of another
// type: for a legacy AttributeUpdates, DynamoDB's bare "Type mismatch for
// attribute to update" (no "One or more parameter values were invalid: "
// before it: dynalite's updateItem tests, and the API Reference's list of
// UpdateItem's ValidationException texts).
func typeMismatch(legacy bool) error {
	if legacy {
		return validation("Type mismatch for attribute to update")
	}
	return validation(msgIncorrectDataType)
}

// addValue computes ADD: numbers add (a missing attribute counts as 0),
// sets take the union (a missing attribute is created) and, for legacy
// AttributeUpdates only, lists append.
func addValue(existing model.AttributeValue, exists bool, v model.AttributeValue, legacy bool) (model.AttributeValue, error) {
	if !exists {
		return v.Clone(), nil
	}
	if existing.Type != v.Type {
		return existing, typeMismatch(legacy)
	}
	switch v.Type {
	case model.TypeN:
		r, err := model.AddNumbers(existing.N, v.N)
		if err != nil {
			return existing, err
		}
		return model.N(r), nil
	case model.TypeSS:
		out := append([]string(nil), existing.SS...)
		for _, s := range v.SS {
			if !hasString(out, s) {
				out = append(out, s)
			}
		}
		return model.SS(out...), nil
	case model.TypeNS:
		out := append([]string(nil), existing.NS...)
		for _, s := range v.NS {
			if !hasNumber(out, s) {
				out = append(out, s)
			}
		}
		return model.NS(out...), nil
	case model.TypeBS:
		out := existing.Clone().BS
		for _, b := range v.BS {
			if !hasBytes(out, b) {
				out = append(out, append([]byte(nil), b...))
			}
		}
		return model.BS(out...), nil
	case model.TypeL:
		e := existing.Clone()
		for _, x := range v.L {
			e.L = append(e.L, x.Clone())
		}
		return e, nil
	}
	return existing, typeMismatch(legacy)
}

// deleteValue computes DELETE of set elements; empty reports that nothing
// is left, which removes the attribute.
func deleteValue(existing, v model.AttributeValue, legacy bool) (out model.AttributeValue, empty bool, err error) {
	if existing.Type != v.Type {
		return existing, false, typeMismatch(legacy)
	}
	switch v.Type {
	case model.TypeSS:
		var keep []string
		for _, s := range existing.SS {
			if !hasString(v.SS, s) {
				keep = append(keep, s)
			}
		}
		return model.SS(keep...), len(keep) == 0, nil
	case model.TypeNS:
		var keep []string
		for _, s := range existing.NS {
			if !hasNumber(v.NS, s) {
				keep = append(keep, s)
			}
		}
		return model.NS(keep...), len(keep) == 0, nil
	case model.TypeBS:
		var keep [][]byte
		for _, b := range existing.BS {
			if !hasBytes(v.BS, b) {
				keep = append(keep, append([]byte(nil), b...))
			}
		}
		return model.BS(keep...), len(keep) == 0, nil
	}
	return existing, false, typeMismatch(legacy)
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func hasNumber(list []string, n string) bool {
	for _, x := range list {
		if model.CompareNumbers(x, n) == 0 {
			return true
		}
	}
	return false
}

func hasBytes(list [][]byte, b []byte) bool {
	for _, x := range list {
		if bytes.Equal(x, b) {
			return true
		}
	}
	return false
}

// put stores val at p in out. Every container on the way is owned by out
// (Apply clones the top-level attributes it descends into).
func put(out model.Item, p Path, val model.AttributeValue) {
	if len(p) == 1 {
		out[p[0].Name] = val
		return
	}
	out[p[0].Name] = putIn(out[p[0].Name], p[1:], val)
}

func putIn(v model.AttributeValue, rest Path, val model.AttributeValue) model.AttributeValue {
	e := rest[0]
	if len(rest) == 1 {
		switch {
		case !e.IsIndex:
			v.M[e.Name] = val
		case e.Index < len(v.L):
			v.L[e.Index] = val
		default:
			v.L = append(v.L, val)
		}
		return v
	}
	if e.IsIndex {
		v.L[e.Index] = putIn(v.L[e.Index], rest[1:], val)
	} else {
		v.M[e.Name] = putIn(v.M[e.Name], rest[1:], val)
	}
	return v
}

// remove deletes the element at p from out, if it is still there.
func remove(out model.Item, p Path) {
	if len(p) == 1 {
		delete(out, p[0].Name)
		return
	}
	out[p[0].Name] = removeIn(out[p[0].Name], p[1:])
}

func removeIn(v model.AttributeValue, rest Path) model.AttributeValue {
	e := rest[0]
	if len(rest) == 1 {
		switch {
		case !e.IsIndex:
			delete(v.M, e.Name)
		case e.Index < len(v.L):
			v.L = append(v.L[:e.Index], v.L[e.Index+1:]...)
		}
		return v
	}
	if e.IsIndex {
		if e.Index < len(v.L) {
			v.L[e.Index] = removeIn(v.L[e.Index], rest[1:])
		}
	} else if c, ok := v.M[e.Name]; ok {
		v.M[e.Name] = removeIn(c, rest[1:])
	}
	return v
}

// comparePaths orders paths element by element, indexes numerically.
func comparePaths(a, b Path) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		x, y := a[i], b[i]
		switch {
		case x.IsIndex && y.IsIndex:
			if x.Index != y.Index {
				return x.Index - y.Index
			}
		case !x.IsIndex && !y.IsIndex:
			if c := strings.Compare(x.Name, y.Name); c != 0 {
				return c
			}
		case x.IsIndex:
			return -1
		default:
			return 1
		}
	}
	return len(a) - len(b)
}

// pathKey is an unambiguous string key for a path.
func pathKey(p Path) string {
	var b strings.Builder
	for _, e := range p {
		if e.IsIndex {
			b.WriteString("\x00[")
			b.WriteString(strconv.Itoa(e.Index))
		} else {
			b.WriteString("\x00.")
			b.WriteString(e.Name)
		}
	}
	return b.String()
}

// UpdatedAttributes returns the values the update's paths have in item,
// shaped like a projection of those paths (nested paths keep their
// enclosing maps and lists). With the item before the update it gives
// ReturnValues UPDATED_OLD; with the item after, UPDATED_NEW.
func (u *Update) UpdatedAttributes(item model.Item) model.Item {
	return project(item, u.Paths())
}
