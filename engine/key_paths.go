package engine

import (
	"slices"

	"github.com/dynoscope/dynoscope/engine/expr"
)

// checkKeyPaths refuses document paths that descend into a key attribute
// (pk.x, pk[0]) in a request's condition, filter or projection: DynamoDB
// answers "Key attributes must be scalars; list random access '[]' and map
// lookup '.' are not allowed: Key: <a>" for the table's keys and the
// IndexKey: variant for index keys (dynalite's getItem, scan and query
// tests, recorded from DynamoDB). Table keys are checked first.
func (t *table) checkKeyPaths(x *parsedExprs) error {
	var nested []string
	if x.condition != nil {
		nested = append(nested, x.condition.NestedNames()...)
	}
	if x.filter != nil {
		nested = append(nested, x.filter.NestedNames()...)
	}
	if x.projection != nil {
		nested = append(nested, x.projection.NestedNames()...)
	}
	if len(nested) == 0 {
		return nil
	}
	for _, ka := range []keyAttr{t.hash, t.rng} {
		if ka.name != "" && slices.Contains(nested, ka.name) {
			return expr.NestedKeyError(ka.name, false)
		}
	}
	for _, ix := range t.indexes {
		for _, ka := range ix.keys {
			if !t.isKeyAttr(ka.name) && slices.Contains(nested, ka.name) {
				return expr.NestedKeyError(ka.name, true)
			}
		}
	}
	return nil
}
