package engine

import (
	"strings"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// IndexMembership explains whether an item has an entry in an index.
type IndexMembership struct {
	Index  string
	Global bool
	In     bool
	// Reason says why the item is left out ("no LastPostDateTime",
	// "admitted is S, index wants N"); empty when In.
	Reason string
	// Violation is true when a key attribute is present but of the wrong
	// type, empty or oversized: a backfill skipped the item and writes that
	// leave it so are rejected.
	Violation bool
	// Attribute is the key attribute the reason is about: the one of the
	// wrong type, empty or oversized, or the first one missing. Missing lists
	// every key attribute the item lacks, in KeySchema order (a
	// multi-attribute key can lack several).
	Attribute string
	Missing   []string
}

// LeftOutItem is a table item that an index does not hold, with the reason
// and the key attributes concerned (as IndexMembership).
type LeftOutItem struct {
	Key       model.Item
	Reason    string
	Violation bool
	Attribute string
	Missing   []string
}

// ExplainItem tells, for every index of a table, whether item (a whole
// item, as read from the table) is in it and, if not, why.
func (e *Engine) ExplainItem(table string, item model.Item) ([]IndexMembership, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[table]
	if t == nil {
		return nil, model.TableNotFound(table)
	}
	out := make([]IndexMembership, 0, len(t.indexes))
	for _, ix := range t.indexes {
		m := indexMembership(ix, item)
		out = append(out, IndexMembership{Index: ix.name, Global: ix.global, In: m.in, Reason: m.reason, Violation: m.violation,
			Attribute: m.attr, Missing: m.missing})
	}
	return out, nil
}

// IndexLeftOut lists up to limit table items (0: all) that an index does not
// hold, in table order, each with the reason; violations are the items a
// GSI backfill skipped because a key attribute has the wrong type.
func (e *Engine) IndexLeftOut(table, index string, limit int) ([]LeftOutItem, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[table]
	if t == nil {
		return nil, model.TableNotFound(table)
	}
	ix := t.indexByName(index)
	if ix == nil {
		return nil, model.Validation("The table does not have the specified index: %s", index)
	}
	var out []LeftOutItem
	err := e.db.View(func(tx *buntdb.Tx) error {
		var derr error
		tx.AscendGreaterOrEqual("", t.dataPrefix, func(k, v string) bool {
			if !strings.HasPrefix(k, t.dataPrefix) {
				return false
			}
			item, _, err := decodeStored(v)
			if err != nil {
				derr = err
				return false
			}
			if m := indexMembership(ix, item); !m.in {
				out = append(out, LeftOutItem{Key: t.keyOf(item), Reason: m.reason, Violation: m.violation, Attribute: m.attr, Missing: m.missing})
			}
			return limit <= 0 || len(out) < limit
		})
		return derr
	})
	return out, err
}
