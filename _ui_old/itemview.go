package ui

import (
	"context"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// itemView shows one item as DynamoDB JSON or plain JSON (t toggles), with
// its types visible, its size in bytes and capacity units, and which
// indexes it is in (and why not).
type itemView struct {
	st     Styles
	keys   itemViewKeys
	scroll scroller
	tg     target
	item   model.Item
	member []engine.IndexMembership
	err    *model.Error
	ready  bool
	plain  bool
	w, h   int
}

type itemViewKeys struct {
	scrollKeys
	ToggleJSON, Back key.Binding
}

func (k itemViewKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.ToggleJSON, k.Back}
}

func (k itemViewKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.ToggleJSON, k.Back}}
}

func newItemView(st Styles, km keymap.KeyMap, tg target) *itemView {
	sk := newScrollKeys(km)
	back := km.Back
	back.SetHelp("esc", "back to list")
	return &itemView{st: st, keys: itemViewKeys{scrollKeys: sk, ToggleJSON: km.ToggleJSON, Back: back},
		scroll: scroller{keys: sk}, tg: tg}
}

// itemMsg carries the item to show and its index memberships.
type itemMsg struct {
	item   model.Item
	member []engine.IndexMembership
	err    error
}

// loadItem reads the whole item when what was opened is only part of it
// (an index entry, a projection), then asks the engine which indexes hold it.
func loadItem(api engine.API, m openItemMsg) tea.Cmd {
	return func() tea.Msg {
		it := m.item
		if !m.whole {
			key := keyOf(it, m.tg.tableKeyNames()...)
			for _, n := range m.tg.tableKeyNames() {
				if _, ok := key[n]; n != "" && !ok {
					return itemMsg{err: &model.Error{Code: "cannot open", Message: "this result has no " + n + ", part of the table key, so the item cannot be read: add " + n + " to the projection"}}
				}
			}
			out, err := api.GetItem(context.Background(), &model.GetItemInput{TableName: m.tg.table(), Key: key})
			if err != nil {
				return itemMsg{err: err}
			}
			if out.Item == nil {
				return itemMsg{err: &model.Error{Code: "NotFound", Message: "GetItem found no item with key " + keyText(key, m.tg.tableKeyNames()...) + " (deleted since it was listed?)"}}
			}
			it = out.Item
		}
		var member []engine.IndexMembership
		if ex, ok := api.(itemExplainer); ok {
			member, _ = ex.ExplainItem(m.tg.table(), it)
		}
		return itemMsg{item: it, member: member}
	}
}

func (v *itemView) SetSize(w, h int) {
	v.w, v.h = w, h
	v.scroll.SetSize(h-v.headerHeight(), v.scroll.n)
}

func (v *itemView) Update(msg tea.Msg) {
	switch msg := msg.(type) {
	case itemMsg:
		v.ready = true
		v.item, v.member, v.err = msg.item, msg.member, asModelError(msg.err)
		v.scroll.top = 0
	case tea.KeyMsg:
		if key.Matches(msg, v.keys.ToggleJSON) {
			v.plain = !v.plain
			return
		}
		v.scroll.SetSize(v.h-v.headerHeight(), len(v.body()))
		v.scroll.Update(msg)
	case tea.MouseMsg:
		v.scroll.SetSize(v.h-v.headerHeight(), len(v.body()))
		v.scroll.Update(msg)
	}
}

func (v *itemView) header() []string {
	st := v.st
	mode := "[t] plain JSON"
	if v.plain {
		mode = "[t] DynamoDB JSON"
	}
	keys := v.tg.tableKeyNames()
	title := st.Title.Render(v.tg.table()+" ▸ item") + "  " + keyText(keyOf(v.item, keys...), keys...)
	out := []string{spread(title, mode+"   [esc] back", v.w)}
	size := model.ItemSize(v.item)
	out = append(out, fmt.Sprintf("size %d B · read %s RCU strongly consistent, %s RCU eventually · write %s WCU",
		size, units(capacity.ReadUnits(size, true)), units(capacity.ReadUnits(size, false)), units(capacity.WriteUnits(size))))
	out = append(out, st.Dim.Render(cut("  (reads: 1 RCU per 4 KB, half when eventually consistent · writes: 1 WCU per 1 KB, plus each index they change)", v.w)))
	names := indexNames(v.tg.desc)
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
		out = append(out, "in indexes: "+strings.Join(parts, " · "))
	}
	out = append(out, st.Dim.Render(strings.Repeat("─", v.w)))
	return out
}

func (v *itemView) headerHeight() int { return 5 }

// body is the item's JSON; in plain JSON each top-level attribute's type
// stands in a gutter on its left, so types stay visible.
func (v *itemView) body() []string {
	if v.plain {
		ls := strings.Split(plainJSON(v.item), "\n")
		keys := sortedKeys(v.item)
		k := 0
		for i, l := range ls {
			g := "      "
			if strings.HasPrefix(l, `  "`) && k < len(keys) {
				g = fit(typeName(v.item[keys[k]]), 6)
				k++
			}
			ls[i] = v.st.Type.Render(g) + l
		}
		return ls
	}
	return strings.Split(dynamoJSON(v.item), "\n")
}

func (v *itemView) View() string {
	st := v.st
	if !v.ready {
		return st.Dim.Render("reading the item…")
	}
	if v.err != nil {
		return strings.Join(errorBox(st, v.err, v.w), "\n")
	}
	out := v.header()
	body := v.body()
	v.scroll.SetSize(v.h-len(out), len(body))
	out = append(out, v.scroll.visible(body)...)
	return strings.Join(out, "\n")
}
