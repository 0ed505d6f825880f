package keymap

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

// The transfer bindings never share a key with one active at the same
// time: in the sidebar, in 2 Items, in 3 Query's Query and Scan modes (x
// removes an action in the Transaction mode only), in the dialog (its
// path field's editing keys), and in the endpoint switcher.
func TestTransferKeysDoNotCollide(t *testing.T) {
	km := DefaultKeyMap()
	tk, ed, b := km.Transfer, km.Editing, km.Browse
	global := []key.Binding{km.Quit, km.Help, km.NextFocus, km.PrevFocus, km.Schema, km.Items, km.Query, ed.Lessons,
		km.Design.Patterns, km.SwitchWorkspace, km.CopySlice, km.Survey, km.Sidebar, tk.Endpoints}
	global = append(global, km.Live.LivePanes()...)
	global = append(global, km.Live.Clock()...)
	f := km.Field
	field := []key.Binding{f.Backspace, f.Delete, f.Left, f.Right, f.Home, f.End, f.ClearBefore, f.DeleteWord}
	together := map[string][]key.Binding{
		"sidebar": append([]key.Binding{km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom, km.Open, km.Filter,
			ed.CreateTable, ed.AddIndex, ed.DropIndex, ed.TTL, ed.EmptyTable, tk.Export, tk.Import}, global...),
		"items": append([]key.Binding{km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom, km.Left, km.Right, km.Open,
			km.Filter, km.LeftOut, km.Reload, km.MoreLikeThis, km.Design.Facet, km.Design.FacetBack,
			ed.NewItem, ed.EditItem, ed.SetAttr, ed.DeleteItem, b.Mark, b.MarkLoaded, b.MarkFiltered, b.Unmark, b.DeleteMarked,
			b.SetMarked, b.RemoveMarked, b.ExportMarked, b.Columns, b.ServerFilter, b.CopyPlain, b.CopyDynamo, b.EditPlain,
			tk.Export, tk.Import}, global...),
		"query (Query, Scan)": append([]key.Binding{km.Up, km.Down, km.Cycle, km.CycleBack, km.Run, km.ScanMode, km.NextPage,
			km.CopyCLI, km.Mode, km.ModeBack, km.Design.CodeLang, km.Design.SavePattern, km.History.Prev, km.History.Next,
			km.History.Search, km.History.Save, tk.Export}, global...),
		"dialog": append([]key.Binding{tk.Start, tk.Stop, tk.Format, tk.InferNumbers}, field...),
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
