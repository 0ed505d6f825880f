package engine

import (
	"fmt"

	"github.com/dynoscope/dynoscope/model"
)

// membership tells whether an item belongs in an index and, if not, why.
type membership struct {
	in     bool
	reason string // empty when in; otherwise a human explanation
	// violation is set when a present key attribute has the wrong type,
	// is empty or oversized: the item is skipped by a backfill and further
	// writes that leave it so are rejected.
	violation bool
	attr      string
}

// indexMembership decides whether item has an entry in ix: every key
// attribute present, of the declared type, non-empty and within the size
// limits.
func indexMembership(ix *index, item model.Item) membership {
	var missing string
	for i, ka := range []keyAttr{ix.hash, ix.rng} {
		if ka.name == "" {
			continue
		}
		v, ok := item[ka.name]
		if !ok {
			if missing == "" {
				missing = ka.name
			}
			continue
		}
		if v.Type != ka.typ {
			return membership{reason: fmt.Sprintf("%s is %s, index wants %s", ka.name, v.Type, ka.typ), violation: true, attr: ka.name}
		}
		if (v.Type == model.TypeS && v.S == "") || (v.Type == model.TypeB && len(v.B) == 0) {
			return membership{reason: fmt.Sprintf("%s is empty, index keys cannot be empty", ka.name), violation: true, attr: ka.name}
		}
		limit := model.MaxPartitionKeySize
		if i == 1 {
			limit = model.MaxSortKeySize
		}
		if model.ValueSize(v) > limit {
			return membership{reason: fmt.Sprintf("%s is %d bytes, over the %d-byte key limit", ka.name, model.ValueSize(v), limit), violation: true, attr: ka.name}
		}
	}
	if missing != "" {
		return membership{reason: "no " + missing}
	}
	return membership{in: true}
}

// indexEntryKey returns I/<table>/<index>/<h(ipk)><enc(ipk)>[<enc(isk)>]<enc(pk)>[<enc(sk)>].
func (t *table) indexEntryKey(ix *index, item model.Item) string {
	buf := make([]byte, 0, len(ix.prefix)+48)
	buf = append(buf, ix.prefix...)
	ipk := item[ix.hash.name]
	if ix.rng.name != "" {
		isk := item[ix.rng.name]
		buf = appendHashedKey(buf, ipk, &isk)
	} else {
		buf = appendHashedKey(buf, ipk, nil)
	}
	buf = appendKeyValue(buf, item[t.hash.name])
	if t.rng.name != "" {
		buf = appendKeyValue(buf, item[t.rng.name])
	}
	return string(buf)
}

// project returns the attributes of item that ix holds.
func (t *table) project(ix *index, item model.Item) model.Item {
	if ix.projType == model.ProjectionAll {
		return item
	}
	out := make(model.Item, 4+len(ix.include))
	for _, n := range []string{t.hash.name, t.rng.name, ix.hash.name, ix.rng.name} {
		if n == "" {
			continue
		}
		if v, ok := item[n]; ok {
			out[n] = v
		}
	}
	for n := range ix.include {
		if v, ok := item[n]; ok {
			out[n] = v
		}
	}
	return out
}

// projects reports whether ix holds attribute name.
func (t *table) projects(ix *index, name string) bool {
	if ix.projType == model.ProjectionAll || t.isKeyAttr(name) || name == ix.hash.name || name == ix.rng.name {
		return true
	}
	_, ok := ix.include[name]
	return ok
}

// checkIndexKeysForPut rejects an item whose index key attributes have the
// wrong type or an empty value, with PutItem's messages (seed 001).
func (t *table) checkIndexKeysForPut(item model.Item) *model.Error {
	for _, ix := range t.indexes {
		for _, ka := range []keyAttr{ix.hash, ix.rng} {
			if ka.name == "" {
				continue
			}
			v, ok := item[ka.name]
			if !ok {
				continue
			}
			if v.Type != ka.typ {
				return model.InvalidParameter("Type mismatch for Index Key %s Expected: %s Actual: %s IndexName: %s", ka.name, ka.typ, v.Type, ix.name)
			}
			if (v.Type == model.TypeS && v.S == "") || (v.Type == model.TypeB && len(v.B) == 0) {
				return model.Validation("One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty %s value. IndexName: %s, IndexKey: %s", emptyWord(v.Type), ix.name, ka.name)
			}
			if err := checkIndexKeySize(ix, ka, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkIndexKeysForUpdate checks the item an UpdateItem would leave. An index
// key the update itself changed to a wrong type gets the typed message; a
// violation the item already had gets DynamoDB's vaguer one (seed 001).
func (t *table) checkIndexKeysForUpdate(old, item model.Item) *model.Error {
	for _, ix := range t.indexes {
		for _, ka := range []keyAttr{ix.hash, ix.rng} {
			if ka.name == "" {
				continue
			}
			v, ok := item[ka.name]
			if !ok {
				continue
			}
			ov, had := old[ka.name]
			changed := !had || !model.Equal(ov, v)
			if v.Type != ka.typ {
				if changed {
					return model.InvalidParameter("Type mismatch for Index Key %s Expected: %s Actual: %s IndexName: %s", ka.name, ka.typ, v.Type, ix.name)
				}
				return model.Validation("The update expression attempted to update the secondary index key to unsupported type")
			}
			if (v.Type == model.TypeS && v.S == "") || (v.Type == model.TypeB && len(v.B) == 0) {
				return model.Validation("One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty %s value.", emptyWord(v.Type))
			}
			limit := model.MaxPartitionKeySize
			if ka == ix.rng {
				limit = model.MaxSortKeySize
			}
			if model.ValueSize(v) > limit {
				return model.Validation("The update expression attempted to update the secondary index key beyond allowed size limits")
			}
		}
	}
	return nil
}

func checkIndexKeySize(ix *index, ka keyAttr, v model.AttributeValue) *model.Error {
	if ka == ix.hash && model.ValueSize(v) > model.MaxPartitionKeySize {
		return model.InvalidParameter("Size of hashkey has exceeded the maximum size limit of2048 bytes")
	}
	if ka == ix.rng && model.ValueSize(v) > model.MaxSortKeySize {
		return model.InvalidParameter("Aggregated size of all range keys has exceeded the size limit of 1024 bytes")
	}
	return nil
}

func emptyWord(t model.Type) string {
	if t == model.TypeB {
		return "binary"
	}
	return "string"
}
