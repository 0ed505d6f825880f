package keymap

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

// The design bindings never share a key with a binding active at the same
// time: the global ones and those of the pane they are offered in.
func TestDesignKeysDoNotCollide(t *testing.T) {
	km := DefaultKeyMap()
	d, ed := km.Design, km.Editing
	global := []key.Binding{km.Quit, km.Help, km.NextFocus, km.PrevFocus, km.Schema, km.Items, km.Query, ed.Lessons,
		d.Patterns, km.SwitchWorkspace, km.CopySlice, km.Survey}
	global = append(global, km.Live.LivePanes()...)
	global = append(global, km.Live.Clock()...)
	together := map[string][]key.Binding{
		"patterns": append([]key.Binding{km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom,
			d.Recheck, d.OpenPattern, d.RemovePattern}, global...),
		"items": append([]key.Binding{km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom, km.Left, km.Right,
			km.Open, km.Filter, km.LeftOut, km.Reload, ed.NewItem, ed.EditItem, ed.SetAttr, ed.DeleteItem,
			d.Facet, d.FacetBack}, global...),
		"query": append([]key.Binding{km.Up, km.Down, km.Cycle, km.CycleBack, km.Run, km.ScanMode, km.NextPage,
			km.CopyCLI, km.Mode, km.ModeBack, km.AddAction, km.RemoveAction, km.Edit, d.CodeLang, d.SavePattern}, global...),
	}
	for ctx, bs := range together {
		seen := map[string]string{}
		for _, b := range bs {
			for _, k := range b.Keys() {
				if prev, dup := seen[k]; dup && prev != b.Help().Desc {
					t.Errorf("%s: %q is both %q and %q", ctx, k, prev, b.Help().Desc)
				}
				seen[k] = b.Help().Desc
			}
		}
	}
}
