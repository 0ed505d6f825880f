package ui

import (
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// target is what the items pane browses and the query builder reads: a
// table, or one of its indexes.
type target struct {
	desc  *model.TableDescription
	index string // "" for the table itself
}

func (t target) valid() bool { return t.desc != nil }

func (t target) table() string {
	if t.desc == nil {
		return ""
	}
	return t.desc.TableName
}

func (t target) lsi() *model.LocalSecondaryIndexDescription {
	if t.desc == nil || t.index == "" {
		return nil
	}
	for i := range t.desc.LocalSecondaryIndexes {
		if t.desc.LocalSecondaryIndexes[i].IndexName == t.index {
			return &t.desc.LocalSecondaryIndexes[i]
		}
	}
	return nil
}

func (t target) gsi() *model.GlobalSecondaryIndexDescription {
	if t.desc == nil || t.index == "" {
		return nil
	}
	for i := range t.desc.GlobalSecondaryIndexes {
		if t.desc.GlobalSecondaryIndexes[i].IndexName == t.index {
			return &t.desc.GlobalSecondaryIndexes[i]
		}
	}
	return nil
}

// global reports whether the target is a GSI.
func (t target) global() bool { return t.gsi() != nil }

// kind is "table", "LSI" or "GSI".
func (t target) kind() string {
	switch {
	case t.lsi() != nil:
		return "LSI"
	case t.gsi() != nil:
		return "GSI"
	}
	return "table"
}

// keySchema is the key schema of the table or index.
func (t target) keySchema() []model.KeySchemaElement {
	if l := t.lsi(); l != nil {
		return l.KeySchema
	}
	if g := t.gsi(); g != nil {
		return g.KeySchema
	}
	if t.desc == nil {
		return nil
	}
	return t.desc.KeySchema
}

func (t target) hashKey() string  { return model.HashKey(t.keySchema()) }
func (t target) rangeKey() string { return model.RangeKey(t.keySchema()) }

// projection is the index projection; a table projects everything.
func (t target) projection() model.Projection {
	if l := t.lsi(); l != nil {
		return l.Projection
	}
	if g := t.gsi(); g != nil {
		return g.Projection
	}
	return model.Projection{ProjectionType: model.ProjectionAll}
}

// itemCount is how many items the table or index holds.
func (t target) itemCount() int64 {
	if l := t.lsi(); l != nil {
		return l.ItemCount
	}
	if g := t.gsi(); g != nil {
		return g.ItemCount
	}
	if t.desc == nil {
		return 0
	}
	return t.desc.ItemCount
}

// attrType is the declared type (S, N, B) of a key attribute.
func (t target) attrType(name string) string {
	if t.desc == nil {
		return ""
	}
	for _, d := range t.desc.AttributeDefinitions {
		if d.AttributeName == name {
			return d.AttributeType
		}
	}
	return ""
}

// keyNames lists the key attributes of the target first and then the
// table's (an index also carries the table key), without repeats.
func (t target) keyNames() []string {
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
	add(t.hashKey())
	add(t.rangeKey())
	if t.desc != nil {
		add(model.HashKey(t.desc.KeySchema))
		add(model.RangeKey(t.desc.KeySchema))
	}
	return out
}

// tableKeyNames are the table's key attributes.
func (t target) tableKeyNames() []string {
	if t.desc == nil {
		return nil
	}
	return []string{model.HashKey(t.desc.KeySchema), model.RangeKey(t.desc.KeySchema)}
}

// projects reports whether the target holds attribute name.
func (t target) projects(name string) bool {
	p := t.projection()
	if p.ProjectionType == model.ProjectionAll || p.ProjectionType == "" {
		return true
	}
	for _, k := range t.keyNames() {
		if k == name {
			return true
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

// label is "Thread" or "Thread ▸ LastPostIndex".
func (t target) label() string {
	if t.index == "" {
		return t.table()
	}
	return t.table() + " ▸ " + t.index
}

// projectionText says what an index projects: "ALL", "KEYS_ONLY",
// "INCLUDE Replies, Tags".
func projectionText(p model.Projection) string {
	switch p.ProjectionType {
	case model.ProjectionInclude:
		return "INCLUDE " + strings.Join(p.NonKeyAttributes, ", ")
	case "":
		return model.ProjectionAll
	}
	return p.ProjectionType
}

// status is the index or table status, with BACKFILLING for a GSI whose
// backfill is running.
func (t target) status() string {
	if g := t.gsi(); g != nil {
		if g.Backfilling != nil && *g.Backfilling {
			return "BACKFILLING"
		}
		return g.IndexStatus
	}
	if t.desc == nil {
		return ""
	}
	return t.desc.TableStatus
}
