package keymap

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

// The Backups & recovery bindings never share a key with one active at
// the same time: the global ones and the clock's (from every pane), the
// lists', and in 1 Schema, b beside the schema's own keys.
func TestBackupsKeysDoNotCollide(t *testing.T) {
	km := DefaultKeyMap()
	b, ed := km.Backups, km.Editing
	global := []key.Binding{km.Quit, km.Help, km.NextFocus, km.PrevFocus, km.Schema, km.Items, km.Query, ed.Lessons,
		km.Design.Patterns, km.SwitchWorkspace, km.CopySlice, km.Survey}
	global = append(global, km.Live.LivePanes()...)
	global = append(global, km.Live.Clock()...)
	together := map[string][]key.Binding{
		"backups": append([]key.Binding{km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom,
			b.PITR, b.CreateBackup, b.DeleteBackup, b.RestoreBackup, b.RestoreToTime, b.Export, b.Import, b.Reload}, global...),
		"schema": append([]key.Binding{km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom,
			ed.CreateTable, ed.AddIndex, ed.DropIndex, ed.TTL, b.Open}, global...),
	}
	for ctx, bs := range together {
		seen := map[string]string{}
		for _, bd := range bs {
			for _, k := range bd.Keys() {
				if prev, dup := seen[k]; dup && prev != bd.Help().Desc {
					t.Errorf("%s: %q is both %q and %q", ctx, k, prev, bd.Help().Desc)
				}
				seen[k] = bd.Help().Desc
			}
		}
	}
}
