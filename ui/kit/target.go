package kit

import (
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// Target is what a pane shows or reads: a table, or one of its indexes.
type Target struct {
	Desc  *model.TableDescription
	Index string // "" for the table itself
}

// TableTarget is the table of a description itself.
func TableTarget(d *model.TableDescription) Target { return Target{Desc: d} }

// Valid reports whether the target names a table.
func (t Target) Valid() bool { return t.Desc != nil }

// Table is the table's name ("" for none).
func (t Target) Table() string {
	if t.Desc == nil {
		return ""
	}
	return t.Desc.TableName
}

// LSI is the index when it is a local secondary index.
func (t Target) LSI() *model.LocalSecondaryIndexDescription {
	if t.Desc == nil || t.Index == "" {
		return nil
	}
	for i := range t.Desc.LocalSecondaryIndexes {
		if t.Desc.LocalSecondaryIndexes[i].IndexName == t.Index {
			return &t.Desc.LocalSecondaryIndexes[i]
		}
	}
	return nil
}

// GSI is the index when it is a global secondary index.
func (t Target) GSI() *model.GlobalSecondaryIndexDescription {
	if t.Desc == nil || t.Index == "" {
		return nil
	}
	for i := range t.Desc.GlobalSecondaryIndexes {
		if t.Desc.GlobalSecondaryIndexes[i].IndexName == t.Index {
			return &t.Desc.GlobalSecondaryIndexes[i]
		}
	}
	return nil
}

// Vector is the index when it is a vector index (August 2026).
func (t Target) Vector() *model.VectorIndexDescription {
	if t.Desc == nil || t.Index == "" {
		return nil
	}
	for i := range t.Desc.VectorIndexes {
		if t.Desc.VectorIndexes[i].IndexName == t.Index {
			return &t.Desc.VectorIndexes[i]
		}
	}
	return nil
}

// Global reports whether the target is a GSI.
func (t Target) Global() bool { return t.GSI() != nil }

// Kind is "table", "LSI", "GSI" or "vector".
func (t Target) Kind() string {
	switch {
	case t.LSI() != nil:
		return "LSI"
	case t.GSI() != nil:
		return "GSI"
	case t.Vector() != nil:
		return "vector"
	}
	return "table"
}

// KeySchema is the key schema of the table or index.
func (t Target) KeySchema() []model.KeySchemaElement {
	if l := t.LSI(); l != nil {
		return l.KeySchema
	}
	if g := t.GSI(); g != nil {
		return g.KeySchema
	}
	if t.Desc == nil {
		return nil
	}
	return t.Desc.KeySchema
}

// HashKey and RangeKey are the key attributes of the table or index (the
// first of each, for a GSI with a multi-attribute key).
func (t Target) HashKey() string  { return model.HashKey(t.KeySchema()) }
func (t Target) RangeKey() string { return model.RangeKey(t.KeySchema()) }

// HashKeys and RangeKeys are the partition and sort attributes of the
// table or index in KeySchema order: more than one of each only for a GSI
// with a multi-attribute key (DynamoDB, November 2025).
func (t Target) HashKeys() []string  { return model.HashKeys(t.KeySchema()) }
func (t Target) RangeKeys() []string { return model.RangeKeys(t.KeySchema()) }

// MultiAttribute reports whether the target's key has more than one
// partition or sort attribute.
func (t Target) MultiAttribute() bool { return len(t.HashKeys()) > 1 || len(t.RangeKeys()) > 1 }

// Projection is the index projection; a table projects everything.
func (t Target) Projection() model.Projection {
	if l := t.LSI(); l != nil {
		return l.Projection
	}
	if g := t.GSI(); g != nil {
		return g.Projection
	}
	if v := t.Vector(); v != nil {
		return v.Projection
	}
	return model.Projection{ProjectionType: model.ProjectionAll}
}

// ItemCount is how many items the table or index holds.
func (t Target) ItemCount() int64 {
	if l := t.LSI(); l != nil {
		return l.ItemCount
	}
	if g := t.GSI(); g != nil {
		return g.ItemCount
	}
	if v := t.Vector(); v != nil {
		return v.ItemCount
	}
	if t.Desc == nil {
		return 0
	}
	return t.Desc.ItemCount
}

// AttrType is the declared type (S, N, B) of a key attribute.
func (t Target) AttrType(name string) string {
	if t.Desc == nil {
		return ""
	}
	for _, d := range t.Desc.AttributeDefinitions {
		if d.AttributeName == name {
			return d.AttributeType
		}
	}
	return ""
}

// KeyNames lists the key attributes of the target first and then the
// table's (an index also carries the table key), without repeats.
func (t Target) KeyNames() []string {
	var out []string
	add := func(n string) {
		if n == "" {
			return
		}
		for _, o := range out {
			if o == n {
				return
			}
		}
		out = append(out, n)
	}
	for _, k := range t.HashKeys() {
		add(k)
	}
	for _, k := range t.RangeKeys() {
		add(k)
	}
	if t.Desc != nil {
		add(model.HashKey(t.Desc.KeySchema))
		add(model.RangeKey(t.Desc.KeySchema))
	}
	return out
}

// TableKeyNames are the table's key attributes.
func (t Target) TableKeyNames() []string {
	if t.Desc == nil {
		return nil
	}
	return []string{model.HashKey(t.Desc.KeySchema), model.RangeKey(t.Desc.KeySchema)}
}

// Projects reports whether the target holds attribute name.
func (t Target) Projects(name string) bool {
	p := t.Projection()
	if p.ProjectionType == model.ProjectionAll || p.ProjectionType == "" {
		return true
	}
	for _, k := range t.KeyNames() {
		if k == name {
			return true
		}
	}
	if v := t.Vector(); v != nil {
		// the vector and the search schema's attributes are always in it
		if v.VectorAttribute.AttributeName == name {
			return true
		}
		for _, e := range v.SearchSchema {
			if e.AttributeName == name {
				return true
			}
		}
	}
	if p.ProjectionType == model.ProjectionInclude {
		for _, n := range p.NonKeyAttributes {
			if n == name {
				return true
			}
		}
	}
	return false
}

// Label is "Thread" or "Thread ▸ LastPostIndex".
func (t Target) Label() string {
	if t.Index == "" {
		return t.Table()
	}
	return t.Table() + " ▸ " + t.Index
}

// ProjectionText says what an index projects: "ALL", "KEYS_ONLY",
// "INCLUDE Replies, Tags".
func ProjectionText(p model.Projection) string {
	switch p.ProjectionType {
	case model.ProjectionInclude:
		return "INCLUDE " + strings.Join(p.NonKeyAttributes, ", ")
	case "":
		return model.ProjectionAll
	}
	return p.ProjectionType
}

// Status is the index or table status, with BACKFILLING for a GSI or
// vector index whose backfill is running.
func (t Target) Status() string {
	if g := t.GSI(); g != nil {
		if g.Backfilling != nil && *g.Backfilling {
			return "BACKFILLING"
		}
		return g.IndexStatus
	}
	if v := t.Vector(); v != nil {
		if v.Backfilling != nil && *v.Backfilling {
			return "BACKFILLING"
		}
		return v.IndexStatus
	}
	if t.Desc == nil {
		return ""
	}
	return t.Desc.TableStatus
}

// Same reports whether two targets name the same table and index.
func (t Target) Same(o Target) bool { return t.Table() == o.Table() && t.Index == o.Index }

// Key is "Thread" or "Thread/LastPostIndex", for maps of per-target state.
func (t Target) Key() string {
	if t.Index == "" {
		return t.Table()
	}
	return t.Table() + "/" + t.Index
}

// IndexNames lists a table's indexes: LSIs, then GSIs, each by name.
func IndexNames(d *model.TableDescription) []string {
	var out []string
	if d == nil {
		return nil
	}
	for _, l := range d.LocalSecondaryIndexes {
		out = append(out, l.IndexName)
	}
	for _, g := range d.GlobalSecondaryIndexes {
		out = append(out, g.IndexName)
	}
	return out
}

// VectorIndexNames lists a table's vector indexes by name.
func VectorIndexNames(d *model.TableDescription) []string {
	if d == nil {
		return nil
	}
	var out []string
	for _, v := range d.VectorIndexes {
		out = append(out, v.IndexName)
	}
	return out
}

// AllIndexNames lists every index of a table: LSIs, GSIs, then vector
// indexes (read with SearchVectors only: Query and Scan refuse them).
func AllIndexNames(d *model.TableDescription) []string {
	return append(IndexNames(d), VectorIndexNames(d)...)
}
