package keymap

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

// The history bindings never share a key with a binding active at the
// same time: in the builder (not editing), while a field is edited, and in
// the history list (which takes typed text as its filter).
func TestHistoryKeysDoNotCollide(t *testing.T) {
	km := DefaultKeyMap()
	h, d := km.History, km.Design
	global := []key.Binding{km.Quit, km.Help, km.NextFocus, km.PrevFocus, km.Schema, km.Items, km.Query, km.Editing.Lessons,
		d.Patterns, km.SwitchWorkspace, km.CopySlice, km.Survey}
	global = append(global, km.Live.LivePanes()...)
	global = append(global, km.Live.Clock()...)
	f := km.Field
	together := map[string][]key.Binding{
		"query": append([]key.Binding{km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom, km.Cycle, km.CycleBack,
			km.Run, km.ScanMode, km.NextPage, km.CopyCLI, km.Mode, km.ModeBack, km.AddAction, km.RemoveAction, km.Edit,
			d.CodeLang, d.SavePattern, h.Prev, h.Next, h.Search, h.Save}, global...),
		"query editing": {km.Done, km.Complete, km.Run, h.Prev, h.Next, h.Save, f.Backspace, f.Delete, f.Left, f.Right,
			f.Home, f.End, f.ClearBefore, f.DeleteWord},
		"history list": {f.Up, f.Down, km.Editing.Accept, km.Editing.Cancel, h.Forget, f.Backspace, f.Left,
			f.Right, f.Home, f.End, f.ClearBefore, f.DeleteWord},
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
