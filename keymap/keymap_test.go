package keymap

import (
	"reflect"
	"testing"

	"charm.land/bubbles/v2/key"
)

// Every binding has keys and help text, and the bindings that can be
// active at the same time never share a key.
func TestDefaultKeyMap(t *testing.T) {
	km := DefaultKeyMap()
	all := allBindings(reflect.ValueOf(km), "")
	for name, b := range all {
		if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("%s: keys %v help %+v", name, b.Keys(), b.Help())
		}
	}
	together := map[string][]key.Binding{
		"global+items": {km.Quit, km.Help, km.NextFocus, km.PrevFocus, km.Schema, km.Items, km.Query, km.Editing.Lessons,
			km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom, km.Left, km.Right, km.Open, km.Filter, km.LeftOut, km.Reload, km.CopySlice, km.Survey,
			km.Design.Facet, km.Design.FacetBack, km.Editing.NewItem, km.Editing.EditItem, km.Editing.SetAttr, km.Editing.DeleteItem,
			km.Live.Pause, km.Live.Faster, km.Live.Slower, km.Live.AdvanceMin, km.Live.AdvanceHour, km.Live.AdvanceBy, km.SwitchWorkspace,
			km.Browse.Mark, km.Browse.MarkLoaded, km.Browse.MarkFiltered, km.Browse.Unmark, km.Browse.DeleteMarked, km.Browse.SetMarked,
			km.Browse.RemoveMarked, km.Browse.ExportMarked, km.Browse.Columns, km.Browse.ServerFilter, km.Browse.CopyPlain, km.Browse.CopyDynamo, km.Browse.EditPlain},
		"column chooser": {km.Up, km.Down, km.Browse.ColumnUp, km.Browse.ColumnDown, km.Browse.ShowColumn, km.Browse.SortBy, km.Editing.Accept, km.Back},
		"global+item view": {km.Quit, km.Help, km.NextFocus, km.Schema, km.Items, km.Query, km.Editing.Lessons, km.Back,
			km.Up, km.Down, km.PageUp, km.PageDown, km.Top, km.Bottom, km.ToggleJSON,
			km.Browse.CopyPlain, km.Browse.CopyDynamo, km.Browse.EditPlain, km.Editing.NewItem, km.Editing.EditItem, km.Editing.SetAttr, km.Editing.DeleteItem},
		"global+query": {km.Quit, km.Help, km.NextFocus, km.PrevFocus, km.Schema, km.Items, km.Query, km.Editing.Lessons,
			km.Up, km.Down, km.Cycle, km.CycleBack, km.Run, km.ScanMode, km.NextPage, km.CopyCLI,
			km.Mode, km.ModeBack, km.AddAction, km.RemoveAction, km.Live.Pause, km.Live.Faster, km.Live.Slower,
			km.Live.AdvanceMin, km.Live.AdvanceHour, km.Live.AdvanceBy, km.CopySlice, km.Survey},
		// a text field of the builder has the keyboard: ctrl+r runs, tab
		// completes a name in the PartiQL statement, enter and esc finish
		"query editing": {km.Done, km.Complete},
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

// allBindings are the bindings of a key map by field name, those of its
// groups (Live, Editing, Design, Field, and any group added) as
// "Group.Name": every binding the explorer has.
func allBindings(v reflect.Value, prefix string) map[string]key.Binding {
	out := map[string]key.Binding{}
	for i := 0; i < v.NumField(); i++ {
		name, f := prefix+v.Type().Field(i).Name, v.Field(i)
		if b, ok := f.Interface().(key.Binding); ok {
			out[name] = b
			continue
		}
		if f.Kind() == reflect.Struct {
			for n, b := range allBindings(f, name+".") {
				out[n] = b
			}
		}
	}
	return out
}
