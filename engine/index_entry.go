package engine

import (
	"encoding/binary"
	"fmt"
	"strings"

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
	// attr is the key attribute the reason is about (the first missing one
	// when several are); missing lists every key attribute the item lacks.
	attr    string
	missing []string
}

// indexMembership decides whether item has an entry in ix: every key
// attribute present (all of them, for a multi-attribute key), of the
// declared type, non-empty and within the size limits. The reason names
// the attribute: the first one of the wrong type, empty or oversized, or
// the missing ones.
func indexMembership(ix *index, item model.Item) membership {
	if ix.vec != nil {
		return vectorMembership(ix, item)
	}
	firstMissing, nMissing := -1, 0
	for i, ka := range ix.keys {
		v, ok := item[ka.name]
		if !ok {
			if firstMissing < 0 {
				firstMissing = i
			}
			nMissing++
			continue
		}
		if v.Type != ka.typ {
			return membership{reason: fmt.Sprintf("%s is %s, index wants %s", ka.name, v.Type, ka.typ), violation: true, attr: ka.name}
		}
		if (v.Type == model.TypeS && v.S == "") || (v.Type == model.TypeB && len(v.B) == 0) {
			return membership{reason: fmt.Sprintf("%s is empty, index keys cannot be empty", ka.name), violation: true, attr: ka.name}
		}
		limit := model.MaxPartitionKeySize
		if i >= len(ix.hashKeys) {
			limit = model.MaxSortKeySize
		}
		if model.ValueSize(v) > limit {
			return membership{reason: fmt.Sprintf("%s is %d bytes, over the %d-byte key limit", ka.name, model.ValueSize(v), limit), violation: true, attr: ka.name}
		}
	}
	switch {
	case nMissing == 1:
		return membership{reason: "no " + ix.keyNames[firstMissing], attr: ix.keyNames[firstMissing],
			missing: ix.keyNames[firstMissing : firstMissing+1 : firstMissing+1]}
	case nMissing > 1:
		var missing []string
		for _, ka := range ix.keys {
			if _, ok := item[ka.name]; !ok {
				missing = append(missing, ka.name)
			}
		}
		// A single-attribute key names the first attribute missing, as the
		// explorer always has; a multi-attribute key names them all.
		reason := "no " + missing[0]
		if ix.multiAttribute() {
			reason = "no " + strings.Join(missing, ", ")
		}
		return membership{reason: reason, attr: missing[0], missing: missing}
	}
	return membership{in: true}
}

// indexEntryKey returns I/<table>/<index>/<h(ipk)><enc(ipk)>[<enc(isk)>]<enc(pk)>[<enc(sk)>].
// For a multi-attribute key, ipk and isk are the tuples of partition and
// sort attributes, each value encoded in turn: the encodings are
// order-preserving and self-delimiting, so entries order by the tuple, each
// attribute with its own type's order (numbers numerically, binary bytewise),
// and the partition hash covers every partition attribute.
func (t *table) indexEntryKey(ix *index, item model.Item) string {
	if ix.vec != nil {
		return t.vectorEntryKey(ix, item)
	}
	buf := make([]byte, 0, len(ix.prefix)+48)
	buf = append(buf, ix.prefix...)
	if ix.multiAttribute() {
		buf = appendIndexPartition(buf, ix, item)
		for _, ka := range ix.rangeKeys {
			buf = appendKeyValue(buf, item[ka.name])
		}
	} else {
		ipk := item[ix.hashKeys[0].name]
		if len(ix.rangeKeys) > 0 {
			isk := item[ix.rangeKeys[0].name]
			buf = appendHashedKey(buf, ipk, &isk)
		} else {
			buf = appendHashedKey(buf, ipk, nil)
		}
	}
	buf = appendKeyValue(buf, item[t.hash.name])
	if t.rng.name != "" {
		buf = appendKeyValue(buf, item[t.rng.name])
	}
	return string(buf)
}

// appendIndexPartition appends h(enc(p1)…enc(pn)) enc(p1)…enc(pn): the
// partition of a multi-attribute index key, with the values item holds for
// its partition attributes.
func appendIndexPartition(dst []byte, ix *index, item model.Item) []byte {
	start := len(dst)
	dst = append(dst, 0, 0, 0, 0)
	for _, ka := range ix.hashKeys {
		dst = appendKeyValue(dst, item[ka.name])
	}
	binary.BigEndian.PutUint32(dst[start:], hashKey(dst[start+4:]))
	return dst
}

// appendPartitionValues is appendIndexPartition for the values of a key
// condition, in KeySchema order.
func appendPartitionValues(dst []byte, values []model.AttributeValue) []byte {
	start := len(dst)
	dst = append(dst, 0, 0, 0, 0)
	for _, v := range values {
		dst = appendKeyValue(dst, v)
	}
	binary.BigEndian.PutUint32(dst[start:], hashKey(dst[start+4:]))
	return dst
}

// project returns the attributes of item that ix holds.
func (t *table) project(ix *index, item model.Item) model.Item {
	if ix.projType == model.ProjectionAll {
		return item
	}
	out := make(model.Item, 2+len(ix.keys)+len(ix.include))
	for _, n := range []string{t.hash.name, t.rng.name} {
		if v, ok := item[n]; ok && n != "" {
			out[n] = v
		}
	}
	for _, ka := range ix.keys {
		if v, ok := item[ka.name]; ok {
			out[ka.name] = v
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
	if ix.projType == model.ProjectionAll || t.isKeyAttr(name) || ix.isKey(name) {
		return true
	}
	_, ok := ix.include[name]
	return ok
}

// checkIndexKeysForPut rejects an item whose index key attributes have the
// wrong type or an empty value, with PutItem's messages (seed 001).
func (t *table) checkIndexKeysForPut(item model.Item) *model.Error {
	for _, ix := range t.indexes {
		for i, ka := range ix.keys {
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
			if err := checkIndexKeySize(i < len(ix.hashKeys), v); err != nil {
				return err
			}
		}
	}
	return t.checkVectorAttrs(nil, item)
}

// checkIndexKeysForUpdate checks the item an UpdateItem would leave. An index
// key the update itself changed to a wrong type gets the typed message; a
// violation the item already had gets DynamoDB's vaguer one (seed 001).
func (t *table) checkIndexKeysForUpdate(old, item model.Item) *model.Error {
	for _, ix := range t.indexes {
		for i, ka := range ix.keys {
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
			if i >= len(ix.hashKeys) {
				limit = model.MaxSortKeySize
			}
			if model.ValueSize(v) > limit {
				return model.Validation("The update expression attempted to update the secondary index key beyond allowed size limits")
			}
		}
	}
	return t.checkVectorAttrs(old, item)
}

// checkIndexKeySize checks one index key value against the partition-key
// (isHash) or sort-key size limit. Each attribute of a multi-attribute key
// is held to the limit of its role.
func checkIndexKeySize(isHash bool, v model.AttributeValue) *model.Error {
	if isHash && model.ValueSize(v) > model.MaxPartitionKeySize {
		return model.InvalidParameter("Size of hashkey has exceeded the maximum size limit of2048 bytes")
	}
	if !isHash && model.ValueSize(v) > model.MaxSortKeySize {
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
