package engine

import (
	"strconv"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// The engine's reasoning about index membership and TTL states, applied to
// a table known only by its description (a remote table read page by page).

// ExplainItemIn tells, for every index of a described table (LSIs, then
// GSIs, in the description's order; GSIs being deleted left out), whether
// item (a whole item) is in it and, if not, why: the same answer
// ExplainItem gives for the engine's own tables.
func ExplainItemIn(desc *model.TableDescription, item model.Item) []IndexMembership {
	t := &table{name: desc.TableName, attrTypes: map[string]model.Type{}}
	for _, ad := range desc.AttributeDefinitions {
		typ, _ := model.ParseType(ad.AttributeType)
		t.attrTypes[ad.AttributeName] = typ
	}
	var out []IndexMembership
	add := func(name string, global bool, ks []model.KeySchemaElement, p model.Projection) {
		m := indexMembership(t.newIndex(name, global, ks, p), item)
		out = append(out, IndexMembership{Index: name, Global: global, In: m.in, Reason: m.reason, Violation: m.violation, Attribute: m.attr, Missing: m.missing})
	}
	for _, l := range desc.LocalSecondaryIndexes {
		add(l.IndexName, false, l.KeySchema, l.Projection)
	}
	for _, g := range desc.GlobalSecondaryIndexes {
		if g.IndexStatus == model.StatusDeleting {
			continue
		}
		add(g.IndexName, true, g.KeySchema, g.Projection)
	}
	return out
}

// KeyOf returns the primary key attributes of item under a key schema.
func KeyOf(ks []model.KeySchemaElement, item model.Item) model.Item {
	k := model.Item{}
	for _, e := range ks {
		if v, ok := item[e.AttributeName]; ok {
			k[e.AttributeName] = v
		}
	}
	return k
}

// TTLStateOf tells the TTL state of an item's TTL attribute value at now,
// as the TTL view names them: TTLDueLater (a Number in the future),
// TTLExpiredPending (at or before now, not more than five years ago: due
// for deletion, still returned by reads), TTLTooOld (more than five years
// ago: never deleted) or TTLNotNumber (ignored). Expiry is the Number as a
// time (zero for TTLNotNumber).
func TTLStateOf(v model.AttributeValue, now time.Time) (state string, expiry time.Time) {
	if v.Type != model.TypeN {
		return TTLNotNumber, time.Time{}
	}
	expiry = epochTime(v.N)
	switch {
	case model.CompareNumbers(v.N, strconv.FormatInt(now.Unix(), 10)) > 0:
		return TTLDueLater, expiry
	case model.CompareNumbers(v.N, strconv.FormatInt(now.Add(-ttlMaxAge).Unix(), 10)) < 0:
		return TTLTooOld, expiry
	}
	return TTLExpiredPending, expiry
}
