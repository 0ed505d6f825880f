package engine

import (
	"encoding/json"
	"errors"
	"slices"

	"github.com/dynoscope/dynoscope/model"
)

// Facet is a named view of one kind of item in a table, as NoSQL Workbench
// models define them (TableFacets): the entity's names for the table's key
// attributes, and the non-key attributes its items carry. Facets are a
// modelling aid, not part of DynamoDB: no request sees them.
type Facet struct {
	Name string `json:"Name"`
	// PartitionKeyAlias and SortKeyAlias are what the entity calls the
	// table's partition and sort key ("UserId", "USER#<id>"); "" means the
	// attribute's own name.
	PartitionKeyAlias string `json:"PartitionKeyAlias,omitempty"`
	SortKeyAlias      string `json:"SortKeyAlias,omitempty"`
	// NonKeyAttributes are the attributes the entity's items may carry
	// besides the table's key attributes, in display order.
	NonKeyAttributes []string `json:"NonKeyAttributes,omitempty"`
}

// Matches reports whether item has the facet's shape: it holds the table's
// key attributes (keys) and every other attribute it holds is one of the
// facet's NonKeyAttributes. An item may match more than one facet.
func (f Facet) Matches(item model.Item, keys []string) bool {
	for _, k := range keys {
		if _, ok := item[k]; !ok {
			return false
		}
	}
	for name := range item {
		if !slices.Contains(keys, name) && !slices.Contains(f.NonKeyAttributes, name) {
			return false
		}
	}
	return true
}

// TableDesign is what a workspace keeps of a table's design beside the
// table itself: its facets, and documents other packages own (the access
// patterns saved against the table, kept as JSON the engine never reads).
//
// It lives in the table's metadata (T/<table>), so it shares the table's
// lifetime and durability: written in the same logged transaction as any
// metadata change, dropped with the table, taken back with a load that
// created the table. Unlike tags it never reaches the API (DescribeTable,
// ListTagsOfResource), so an application served by the endpoint sees the
// same table it would see in DynamoDB.
type TableDesign struct {
	Facets []Facet `json:"Facets,omitempty"`
	// NonKeyAttributes are the attributes a model declares besides the
	// key attributes, with their types ("S", "M", "SS", ...), in its order.
	NonKeyAttributes []model.AttributeDefinition `json:"NonKeyAttributes,omitempty"`
	Patterns         []json.RawMessage           `json:"Patterns,omitempty"`
	// Model names the NoSQL Workbench model the table was loaded from, so
	// that exporting the workspace as a model gives its name and
	// description back.
	Model *ModelInfo `json:"Model,omitempty"`
}

// ModelInfo is what a NoSQL Workbench model says of itself.
type ModelInfo struct {
	Name        string `json:"Name,omitempty"`
	Description string `json:"Description,omitempty"`
}

// empty reports whether the design holds nothing.
func (d TableDesign) empty() bool {
	return len(d.Facets) == 0 && len(d.NonKeyAttributes) == 0 && len(d.Patterns) == 0 && d.Model == nil
}

// clone copies the design so that callers cannot change a stored one.
func (d TableDesign) clone() TableDesign {
	out := TableDesign{Facets: make([]Facet, len(d.Facets)), Patterns: make([]json.RawMessage, len(d.Patterns)),
		NonKeyAttributes: slices.Clone(d.NonKeyAttributes)}
	for i, f := range d.Facets {
		f.NonKeyAttributes = slices.Clone(f.NonKeyAttributes)
		out.Facets[i] = f
	}
	for i, p := range d.Patterns {
		out.Patterns[i] = slices.Clone(p)
	}
	if len(out.Facets) == 0 {
		out.Facets = nil
	}
	if len(out.Patterns) == 0 {
		out.Patterns = nil
	}
	if len(out.NonKeyAttributes) == 0 {
		out.NonKeyAttributes = nil
	}
	if d.Model != nil {
		m := *d.Model
		out.Model = &m
	}
	return out
}

// checkDesign refuses facets without a name, two facets of one name, and
// patterns that are not JSON.
func checkDesign(d TableDesign) error {
	for i, f := range d.Facets {
		if f.Name == "" {
			return errFacetUnnamed
		}
		if slices.ContainsFunc(d.Facets[:i], func(o Facet) bool { return o.Name == f.Name }) {
			return errors.New("two facets are named " + f.Name)
		}
	}
	for _, p := range d.Patterns {
		if !json.Valid(p) {
			return errPatternNotJSON
		}
	}
	return nil
}

// TableDesign returns the design kept with a table (empty when none was
// set), or ResourceNotFoundException.
func (e *Engine) TableDesign(table string) (TableDesign, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[table]
	if t == nil {
		return TableDesign{}, model.TableNotFound(table)
	}
	if t.meta.Design == nil {
		return TableDesign{}, nil
	}
	return t.meta.Design.clone(), nil
}

// SetTableDesign replaces the design kept with a table, in one logged
// transaction; an empty design removes it.
func (e *Engine) SetTableDesign(table string, d TableDesign) error {
	if err := e.checkOpen(nil); err != nil {
		return err
	}
	if err := checkDesign(d); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	t := e.tables[table]
	if t == nil {
		return model.TableNotFound(table)
	}
	m := cloneMeta(&t.meta)
	m.Design = nil
	if !d.empty() {
		c := d.clone()
		m.Design = &c
	}
	if _, err := e.replaceTable(t, m); err != nil {
		return asError(err)
	}
	return nil
}

// SetTableDesign keeps a design with a table the load created; it is taken
// back with the table if the load is.
func (b *BulkLoad) SetTableDesign(table string, d TableDesign) error {
	if b.ended {
		return errLoadEnded
	}
	if !b.Created(table) {
		return errors.New("table " + table + " was not created by this load")
	}
	return b.e.SetTableDesign(table, d)
}
