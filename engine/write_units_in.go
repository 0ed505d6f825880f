package engine

import (
	"math"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// What a write will charge, said before it runs (the explorer's dry run of
// a bulk write): the rules applyWrite and applyIndexWrite charge with,
// applied to a table known by its description.

// WriteUnits is what one item write charges: the table's write units and
// each index's (by name; absent when the write does not touch the index).
type WriteUnits struct {
	Table   float64
	Indexes map[string]float64
}

// Total is the table's units and every index's.
func (u WriteUnits) Total() float64 {
	t := u.Table
	for _, v := range u.Indexes {
		t += v
	}
	return t
}

// WriteUnitsIn is what a write that turns old into new (nil: no item,
// before or after) charges on the table desc describes, as the engine
// charges its own writes: the table the larger of the two items in 1 KB
// units (a delete of an item that is not there costs 1), each index 1 KB
// units of the entry it adds or removes, both for a moved key, the larger
// for a changed entry, nothing when the entry is unchanged or absent
// before and after. GSIs being deleted are not maintained and cost
// nothing; vector indexes are left out.
func WriteUnitsIn(desc *model.TableDescription, old, new model.Item) WriteUnits {
	t := describedTable(desc)
	oldSize, newSize := 0, 0
	if old != nil {
		oldSize = model.ItemSize(old)
	}
	if new != nil {
		newSize = model.ItemSize(new)
	}
	u := WriteUnits{Table: capacity.WriteUnits(max(oldSize, newSize))}
	for _, ix := range t.indexes {
		var oldKey, newKey string
		var oldEntry, newEntry model.Item
		if old != nil && indexMembership(ix, old).in {
			oldKey, oldEntry = t.indexEntryKey(ix, old), t.project(ix, old)
		}
		if new != nil && indexMembership(ix, new).in {
			newKey, newEntry = t.indexEntryKey(ix, new), t.project(ix, new)
		}
		if oldKey != "" && oldKey == newKey && model.ItemsEqual(oldEntry, newEntry) {
			continue
		}
		oldEntrySize, newEntrySize := 0, 0
		if oldKey != "" {
			oldEntrySize = model.ItemSize(oldEntry)
		}
		if newKey != "" {
			newEntrySize = model.ItemSize(newEntry)
		}
		if n := indexWriteUnits(oldKey, newKey, oldEntrySize, newEntrySize); n > 0 {
			if u.Indexes == nil {
				u.Indexes = map[string]float64{}
			}
			u.Indexes[ix.name] = n
		}
	}
	return u
}

// indexWriteUnits is what an index charges for one item change, given the
// item's entry key and size before and after (key "" where there is
// none) of an entry that changed: 1 (per KB) for a new entry, both for a
// moved key, 1 for a removal, the larger for a changed entry, nothing when
// absent before and after. (An unchanged entry costs nothing: the caller
// tells.)
func indexWriteUnits(oldKey, newKey string, oldSize, newSize int) float64 {
	switch {
	case oldKey == "" && newKey == "":
		return 0
	case newKey == "":
		return capacity.WriteUnits(oldSize)
	case oldKey == "":
		return capacity.WriteUnits(newSize)
	case oldKey != newKey:
		return capacity.WriteUnits(oldSize) + capacity.WriteUnits(newSize)
	}
	return capacity.WriteUnits(int(math.Max(float64(oldSize), float64(newSize))))
}

// describedTable is a table built from a description alone, for the
// engine's rules about items and index entries (no storage behind it).
func describedTable(desc *model.TableDescription) *table {
	t := &table{name: desc.TableName, attrTypes: map[string]model.Type{}}
	for _, ad := range desc.AttributeDefinitions {
		typ, _ := model.ParseType(ad.AttributeType)
		t.attrTypes[ad.AttributeName] = typ
	}
	t.hash = keyAttr{model.HashKey(desc.KeySchema), t.attrTypes[model.HashKey(desc.KeySchema)]}
	if r := model.RangeKey(desc.KeySchema); r != "" {
		t.rng = keyAttr{r, t.attrTypes[r]}
	}
	for _, l := range desc.LocalSecondaryIndexes {
		t.indexes = append(t.indexes, t.newIndex(l.IndexName, false, l.KeySchema, l.Projection))
	}
	for _, g := range desc.GlobalSecondaryIndexes {
		if g.IndexStatus == model.StatusDeleting {
			continue
		}
		t.indexes = append(t.indexes, t.newIndex(g.IndexName, true, g.KeySchema, g.Projection))
	}
	return t
}
