package kit

import (
	"sort"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// A table's design (issue 15): the facets a NoSQL Workbench model names,
// the access patterns saved with the table. The embedded engine keeps them
// beside each table; a remote backend has nowhere to keep them, and the
// panes say so.

// DesignStore keeps a table's design beside the table (*engine.Engine).
type DesignStore interface {
	TableDesign(table string) (engine.TableDesign, error)
	SetTableDesign(table string, d engine.TableDesign) error
}

// DesignsOf returns the backend's design store, when it has one.
func DesignsOf(api engine.API) (DesignStore, bool) {
	s, ok := api.(DesignStore)
	return s, ok
}

// NoDesignStore says why a backend shows no facets or patterns.
const NoDesignStore = "facets and access patterns are kept with the tables of the embedded engine; this backend has no place for them (C copies a slice of a table into a local sandbox, where they work)"

// The panes that take part in what changes a workspace implement these
// too (the root checks with type assertions, like the interfaces of
// pane.go).
type (
	// ChangeSink is told that a component changed the workspace (a
	// ChangedMsg, a form's write): Table, or "" for any.
	ChangeSink interface {
		Changed(table string) tea.Cmd
	}
	// TablesSink takes every fresh description of the workspace's tables.
	TablesSink interface {
		SetTables(tables []TableInfo) tea.Cmd
	}
)

// OpenPatternsMsg asks the root to show the Patterns pane of Workspace
// (nil API: the pane's own).
type OpenPatternsMsg struct{ Workspace Workspace }

// NewFacetGrid lays out the items of a facet view of a table: the key
// columns headed by the facet's aliases, then the facet's non-key
// attributes in the design's order (those no item holds among them), then
// any other attribute an item holds, by name.
func NewFacetGrid(tg Target, items []model.Item, f engine.Facet) Grid {
	g := Grid{hash: tg.HashKeys(), rng: tg.RangeKeys(), keyCols: tg.KeyNames(), widths: map[string]int{},
		labels: map[string]string{}}
	// a table's key (a facet's) has one partition and at most one sort
	// attribute
	if f.PartitionKeyAlias != "" && len(g.hash) == 1 {
		g.labels[g.hash[0]] = f.PartitionKeyAlias
	}
	if f.SortKeyAlias != "" && len(g.rng) == 1 {
		g.labels[g.rng[0]] = f.SortKeyAlias
	}
	seen := map[string]bool{}
	for _, k := range g.keyCols {
		seen[k] = true
	}
	for _, n := range f.NonKeyAttributes {
		if !seen[n] {
			seen[n] = true
			g.cols = append(g.cols, n)
		}
	}
	var others []string
	for _, it := range items {
		for n := range it {
			if !seen[n] {
				seen[n] = true
				others = append(others, n)
			}
		}
	}
	sort.Strings(others)
	g.cols = append(g.cols, others...)
	g.fill(items)
	return g
}
