package keymap

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

// The editing, management and lesson bindings never share a key with a
// binding active at the same time: the global ones (panes, focus, help,
// quit, the clock) and those of the pane they are offered in.
func TestEditKeysDoNotCollide(t *testing.T) {
	km := DefaultKeyMap()
	ed := km.Editing
	global := []key.Binding{km.Quit, km.Help, km.NextFocus, km.PrevFocus, km.Schema, km.Items, km.Query, ed.Lessons}
	global = append(global, km.Live.LivePanes()...)
	global = append(global, km.Live.Clock()...)
	together := map[string][]key.Binding{
		"items": append([]key.Binding{km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom, km.Left, km.Right,
			km.Open, km.Filter, km.LeftOut, km.Reload, km.MoreLikeThis, ed.NewItem, ed.EditItem, ed.SetAttr, ed.DeleteItem}, global...),
		"item view": append([]key.Binding{km.Back, km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom,
			km.ToggleJSON, ed.NewItem, ed.EditItem, ed.SetAttr, ed.DeleteItem}, global...),
		"sidebar": append([]key.Binding{km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom, km.Open,
			ed.CreateTable, ed.AddIndex, ed.DropIndex, ed.TTL, ed.EmptyTable}, global...),
		"lessons": append([]key.Binding{ed.RunStep, ed.NextStep, ed.PrevStep, ed.NextLesson, ed.PrevLesson,
			ed.OpenInPane, km.Back}, global...),
		"confirm": {ed.Yes, ed.No},
		"form":    {ed.Submit, ed.Cancel, ed.NextField, ed.PrevField, ed.VectorInstead},
	}
	for ctx, bs := range together {
		seen := map[string]string{}
		for _, b := range bs {
			if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
				t.Errorf("%s: binding without keys or help: %+v", ctx, b.Help())
			}
			for _, k := range b.Keys() {
				if prev, dup := seen[k]; dup && prev != b.Help().Desc {
					t.Errorf("%s: %q is both %q and %q", ctx, k, prev, b.Help().Desc)
				}
				seen[k] = b.Help().Desc
			}
		}
	}
}
