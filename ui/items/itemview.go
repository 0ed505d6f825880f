package items

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// ItemView shows one item as DynamoDB JSON or plain JSON (t toggles; y and
// Y copy it as either; e edits it in $EDITOR as it is shown, E as plain
// JSON), with
// its types visible, its size in bytes and capacity units, and which
// indexes it is in (and why not). It opens over the pane it came from;
// the root closes it on esc.
type ItemView struct {
	st     *kit.Styles
	keys   itemViewKeys
	ek     keymap.EditKeyMap
	api    engine.API
	scroll kit.Scroller
	tg     kit.Target
	item   model.Item
	member []engine.IndexMembership
	err    *model.Error
	ready  bool
	plain  bool
	seq    int
	w, h   int
}

type itemViewKeys struct {
	ToggleJSON, Back, CopyPlain, CopyDynamo, EditPlain key.Binding
}

// NewItemView opens the item view on it (at least its table key; whole:
// it is the whole table item) and returns the command that reads what it
// needs.
func NewItemView(st *kit.Styles, km keymap.KeyMap, api engine.API, msg kit.OpenItemMsg) (*ItemView, tea.Cmd) {
	back := km.Back
	back.SetHelp("esc", "back to list")
	v := &ItemView{st: st, keys: itemViewKeys{ToggleJSON: km.ToggleJSON, Back: back, CopyPlain: km.Browse.CopyPlain,
		CopyDynamo: km.Browse.CopyDynamo, EditPlain: km.Browse.EditPlain}, ek: km.Editing, api: api,
		scroll: kit.NewScroller(km), tg: msg.Target}
	return v, v.load(msg.Item, msg.Whole)
}

// itemMsg carries the item to show and its index memberships.
type itemMsg struct {
	seq    int
	item   model.Item
	member []engine.IndexMembership
	err    error
}

// load reads the whole item when what was opened is only part of it (an
// index entry, a projection), then asks the engine which indexes hold it.
func (v *ItemView) load(it model.Item, whole bool) tea.Cmd {
	v.seq++
	seq, api, tg := v.seq, v.api, v.tg
	return func() tea.Msg {
		if !whole {
			key := kit.KeyOf(it, tg.TableKeyNames()...)
			for _, n := range tg.TableKeyNames() {
				if _, ok := key[n]; n != "" && !ok {
					return itemMsg{seq: seq, err: &model.Error{Code: "cannot open", Message: "this result has no " + n + ", part of the table key, so the item cannot be read: add " + n + " to the projection"}}
				}
			}
			out, err := api.GetItem(context.Background(), &model.GetItemInput{TableName: tg.Table(), Key: key})
			if err != nil {
				return itemMsg{seq: seq, err: err}
			}
			if out.Item == nil {
				return itemMsg{seq: seq, err: &model.Error{Code: "NotFound", Message: "GetItem found no item with key " + kit.KeyText(key, tg.TableKeyNames()...) + " (deleted since it was listed?)"}}
			}
			it = out.Item
		}
		var member []engine.IndexMembership
		if ex, ok := api.(kit.ItemExplainer); ok {
			member, _ = ex.ExplainItem(tg.Table(), it)
		} else if tg.Desc != nil {
			// any backend: the indexes' key schemas decide, from the
			// table's description
			member = engine.ExplainItemIn(tg.Desc, it)
		}
		return itemMsg{seq: seq, item: it, member: member}
	}
}

// Reload reads the item again (after a write to its table); it reports
// false when there is nothing to read (not read yet, or it failed).
func (v *ItemView) Reload() tea.Cmd {
	if !v.ready || v.err != nil {
		return nil
	}
	return v.load(kit.KeyOf(v.item, v.tg.TableKeyNames()...), false)
}

// Table is the table of the item shown.
func (v *ItemView) Table() string { return v.tg.Table() }

// Item is the item shown (nil until read).
func (v *ItemView) Item() model.Item { return v.item }

// Ready reports whether the item was read, and the error if that failed.
func (v *ItemView) Ready() (bool, *model.Error) { return v.ready, v.err }

// SetSize sets the inner size.
func (v *ItemView) SetSize(w, h int) {
	v.w, v.h = w, h
	v.scroll.SetSize(h-len(v.header()), len(v.body()))
}

// editKeys are the item edits that apply to the item shown.
func (v *ItemView) editKeys() []key.Binding {
	ok := v.ready && v.err == nil
	ek := v.ek
	e, a, d, ep := ek.EditItem, ek.SetAttr, ek.DeleteItem, v.keys.EditPlain
	if v.plain {
		e.SetHelp(e.Help().Key, "edit item as shown, plain JSON ($EDITOR)")
	}
	e.SetEnabled(ok)
	a.SetEnabled(ok)
	d.SetEnabled(ok)
	ep.SetEnabled(ok)
	return []key.Binding{ek.NewItem, e, ep, a, d}
}

// copyKeys copy the item shown, once read.
func (v *ItemView) copyKeys() []key.Binding {
	ok := v.ready && v.err == nil
	y, yy := v.keys.CopyPlain, v.keys.CopyDynamo
	y.SetEnabled(ok)
	yy.SetEnabled(ok)
	return []key.Binding{y, yy}
}

// ShortHelp is the view's keys for the help line.
func (v *ItemView) ShortHelp() []key.Binding {
	ek := v.editKeys()
	out := append(append(v.scroll.Keys.Short(), v.keys.ToggleJSON, v.keys.Back), kit.Writable(v.api, true, ek[1], ek[4])...)
	return append(out, v.copyKeys()...)
}

// FullHelp is every key of the view.
func (v *ItemView) FullHelp() [][]key.Binding {
	return [][]key.Binding{v.scroll.Keys.All(), append([]key.Binding{v.keys.ToggleJSON, v.keys.Back}, v.copyKeys()...), kit.Writable(v.api, false, v.editKeys()...)}
}

// Update takes the item read, scrolls, toggles the JSON and turns the edit
// keys into requests for the root.
func (v *ItemView) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case itemMsg:
		if msg.seq != v.seq {
			return nil
		}
		first := !v.ready
		v.ready = true
		v.item, v.member, v.err = msg.item, msg.member, kit.AsModelError(msg.err)
		if first {
			v.scroll.Top = 0
		}
	case tea.KeyPressMsg:
		if key.Matches(msg, v.keys.ToggleJSON) {
			v.plain = !v.plain
			return nil
		}
		if v.ready && v.err == nil && key.Matches(msg, v.keys.CopyPlain, v.keys.CopyDynamo) {
			return copyItem(v.item, key.Matches(msg, v.keys.CopyDynamo))
		}
		if cmd, ok := v.editKey(msg); ok {
			return cmd
		}
		v.scroll.SetSize(v.h-len(v.header()), len(v.body()))
		v.scroll.Update(msg)
	case tea.MouseWheelMsg:
		v.scroll.SetSize(v.h-len(v.header()), len(v.body()))
		v.scroll.Update(msg)
	}
	return nil
}

// editKey turns n, e, E, a and d into edit requests.
func (v *ItemView) editKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	ek := v.ek
	tg := kit.TableTarget(v.tg.Desc)
	if key.Matches(msg, ek.NewItem) {
		return kit.Msg(kit.EditMsg{Op: kit.EditNew, Target: tg}), true
	}
	if !v.ready || v.err != nil {
		return nil, false
	}
	var op kit.EditOp
	plain := false
	switch {
	case key.Matches(msg, ek.EditItem):
		op, plain = kit.EditInEditor, v.plain // what is shown
	case key.Matches(msg, v.keys.EditPlain):
		op, plain = kit.EditInEditor, true
	case key.Matches(msg, ek.SetAttr):
		op = kit.EditAttr
	case key.Matches(msg, ek.DeleteItem):
		op = kit.EditDelete
	default:
		return nil, false
	}
	return kit.Msg(kit.EditMsg{Op: op, Target: tg, Key: kit.KeyOf(v.item, tg.TableKeyNames()...), Plain: plain}), true
}

// header is the item's table and key, its size and capacity units, and
// the indexes it is in; in a narrow pane its lines wrap (the key and the
// figures are never cut) and the t and esc hints stay in the help line.
func (v *ItemView) header() []string {
	st := v.st
	mode := "[t] plain JSON"
	if v.plain {
		mode = "[t] DynamoDB JSON"
	}
	keys := v.tg.TableKeyNames()
	name := st.Title.Render(v.tg.Table() + " ▸ item")
	key := kit.KeyText(kit.KeyOf(v.item, keys...), keys...)
	hints := mode + "   [esc] back"
	var out []string
	switch {
	case kit.Width(name)+2+kit.Width(key)+2+kit.Width(hints) <= v.w:
		out = append(out, kit.Spread(name+"  "+key, hints, v.w))
	case kit.Width(name)+2+kit.Width(key) <= v.w:
		out = append(out, name+"  "+key)
	default:
		out = append(append(out, kit.Cut(name, v.w)), kit.WrapIndented(lipgloss.NewStyle(), "  ", key, v.w)...)
	}
	size := model.ItemSize(v.item)
	out = append(out, kit.Wrap(fmt.Sprintf("size %s B · read %s RCU strongly consistent, %s RCU eventually · write %s WCU",
		kit.FmtInt(int64(size)), kit.Units(capacity.ReadUnits(size, true)), kit.Units(capacity.ReadUnits(size, false)), kit.Units(capacity.WriteUnits(size))), v.w)...)
	out = append(out, kit.WrapIndented(st.Dim, "  ", "(reads: 1 RCU per 4 KB, half when eventually consistent · writes: 1 WCU per 1 KB, plus each index they change)", v.w)...)
	names := kit.IndexNames(v.tg.Desc)
	switch {
	case len(names) == 0:
		out = append(out, "indexes: the table has none")
	case v.member == nil:
		out = append(out, st.Dim.Render("indexes: the backend cannot tell"))
	default:
		var parts []string
		for _, m := range v.member {
			kind := "LSI"
			if m.Global {
				kind = "GSI"
			}
			if m.In {
				parts = append(parts, st.OK.Render("✓ "+m.Index)+" ("+kind+")")
			} else {
				why := m.Reason
				if m.Violation {
					why = "! " + why
				}
				parts = append(parts, st.Warn.Render("✗ "+m.Index)+" ("+kind+"): "+why)
			}
		}
		out = append(out, kit.JoinWrapped("in indexes: ", parts, " · ", "  ", v.w)...)
	}
	out = append(out, st.Dim.Render(strings.Repeat("─", max(v.w, 0))))
	return out
}

// body is the item's JSON; in plain JSON each top-level attribute's type
// stands in a gutter on its left, so types stay visible. A line wider
// than the pane wraps, every character kept, its further pieces indented
// under it: a long value reads whole.
func (v *ItemView) body() []string {
	var out []string
	if v.plain {
		ls := strings.Split(kit.PlainJSON(v.item), "\n")
		keys := kit.SortedKeys(v.item)
		k := 0
		for _, l := range ls {
			g := "      "
			if strings.HasPrefix(l, `  "`) && k < len(keys) {
				g = kit.Fit(kit.TypeName(v.item[keys[k]]), 6)
				k++
			}
			for i, piece := range kit.HardWrap(l, v.w-6, continuation(l)) {
				if i > 0 {
					g = "      "
				}
				out = append(out, v.st.Type.Render(g)+piece)
			}
		}
		return out
	}
	for _, l := range strings.Split(kit.DynamoJSON(v.item), "\n") {
		out = append(out, kit.HardWrap(l, v.w, continuation(l))...)
	}
	return out
}

// continuation is the indent of the further pieces of a wrapped JSON
// line: its own indent and two more spaces.
func continuation(l string) string {
	return strings.Repeat(" ", len(l)-len(strings.TrimLeft(l, " "))+2)
}

// View draws the item.
func (v *ItemView) View() string {
	st := v.st
	if !v.ready {
		return st.Dim.Render("reading the item…")
	}
	if v.err != nil {
		return strings.Join(kit.ErrorBox(st, v.err, v.w), "\n")
	}
	out := v.header()
	body := v.body()
	v.scroll.SetSize(v.h-len(out), len(body))
	out = append(out, v.scroll.Visible(body)...)
	return strings.Join(out, "\n")
}
