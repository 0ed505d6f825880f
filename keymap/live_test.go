package keymap

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

// The live panes' bindings never share a key with a binding active at the
// same time: the global ones and the clock (from every pane), and each live
// pane's own.
func TestLiveKeysDoNotCollide(t *testing.T) {
	km := DefaultKeyMap()
	lv := km.Live
	global := []key.Binding{km.Quit, km.Help, km.NextFocus, km.PrevFocus, km.Schema, km.Items, km.Query, km.Editing.Lessons}
	global = append(append(global, lv.LivePanes()...), lv.Clock()...)
	together := map[string][]key.Binding{
		"capacity": append([]key.Binding{km.Back, lv.Workload, lv.WorkloadBack, lv.RateUp, lv.RateDown, lv.Traffic}, global...),
		"ttl":      append([]key.Binding{km.Back, km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom}, global...),
		"stream":   append([]key.Binding{km.Back, km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom, lv.Follow}, global...),
		"query":    append([]key.Binding{km.Up, km.Down, km.Cycle, km.CycleBack, km.Run, km.ScanMode, km.NextPage, km.CopyCLI}, global...),
		"items": append([]key.Binding{km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom, km.Left, km.Right,
			km.Open, km.Filter, km.LeftOut, km.Reload, km.Editing.NewItem, km.Editing.EditItem, km.Editing.SetAttr, km.Editing.DeleteItem}, global...),
		"prompt": {lv.PromptAccept, lv.PromptCancel},
	}
	for ctx, bs := range together {
		seen := map[string]string{}
		for _, b := range bs {
			for _, k := range b.Keys() {
				if prev, dup := seen[k]; dup {
					t.Errorf("%s: %q is both %q and %q", ctx, k, prev, b.Help().Desc)
				}
				seen[k] = b.Help().Desc
			}
		}
	}
}
