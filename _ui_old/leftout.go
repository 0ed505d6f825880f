package ui

import (
	"context"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// leftOutView lists the table items an index leaves out, each with the
// engine's reason ("no LastPostDateTime", "admitted is S, index wants N");
// "!" marks key-schema violations (items a GSI backfill skipped).
type leftOutView struct {
	items  []engine.LeftOutItem
	full   grid // the whole items, read with BatchGetItem, in items' order
	err    error
	loaded bool
	cursor int
	top    int
}

// leftOutMsg carries the left-out items of the browsed index.
type leftOutMsg struct {
	gen   int
	items []engine.LeftOutItem
	whole []model.Item // the items themselves, same order (nil where unread)
	err   error
}

// openLeftOut switches to the left-out list and asks the engine for it.
func (p *itemsPane) openLeftOut() tea.Cmd {
	lo, ok := p.api.(leftOutLister)
	if !ok || p.tg.index == "" {
		return nil
	}
	p.leftOut = &leftOutView{}
	gen, table, index, api := p.gen, p.tg.table(), p.tg.index, p.api
	keys := p.tg.tableKeyNames()
	return func() tea.Msg {
		items, err := lo.IndexLeftOut(table, index, leftOutLimit)
		if err != nil {
			return leftOutMsg{gen: gen, err: err}
		}
		ks := make([]model.Item, len(items))
		for i := range items {
			ks[i] = items[i].Key
		}
		return leftOutMsg{gen: gen, items: items, whole: batchGet(api, table, ks, keys)}
	}
}

// batchGet reads whole items by key with BatchGetItem (100 keys a call,
// unprocessed keys retried) and returns them in the order of keys.
func batchGet(api engine.API, table string, keys []model.Item, keyNames []string) []model.Item {
	byKey := map[string]model.Item{}
	id := func(it model.Item) string { return string(model.AppendItemJSON(nil, keyOf(it, keyNames...))) }
	for i := 0; i < len(keys); i += 100 {
		j := i + 100
		if j > len(keys) {
			j = len(keys)
		}
		req := map[string]model.KeysAndAttributes{table: {Keys: keys[i:j]}}
		for tries := 0; len(req) > 0 && tries < 5; tries++ {
			out, err := api.BatchGetItem(context.Background(), &model.BatchGetItemInput{RequestItems: req})
			if err != nil {
				break
			}
			for _, it := range out.Responses[table] {
				byKey[id(it)] = it
			}
			req = out.UnprocessedKeys
		}
	}
	out := make([]model.Item, len(keys))
	for i, k := range keys {
		if it, ok := byKey[id(k)]; ok {
			out[i] = it
		} else {
			out[i] = k
		}
	}
	return out
}

func (v *leftOutView) move(n int) {
	v.cursor += n
	if v.cursor >= len(v.items) {
		v.cursor = len(v.items) - 1
	}
	if v.cursor < 0 {
		v.cursor = 0
	}
}

func (p itemsPane) updateLeftOut(msg tea.KeyMsg) (itemsPane, tea.Cmd) {
	k := p.keyMap()
	v := p.leftOut
	switch {
	case key.Matches(msg, k.LeftOut), msg.Type == tea.KeyEsc:
		p.leftOut = nil
	case key.Matches(msg, k.Up):
		v.move(-1)
	case key.Matches(msg, k.Down):
		v.move(1)
	case key.Matches(msg, k.PageUp):
		v.move(-p.rowsOnScreen())
	case key.Matches(msg, k.PageDown):
		v.move(p.rowsOnScreen())
	case key.Matches(msg, k.Top):
		v.cursor = 0
	case key.Matches(msg, k.Bottom):
		v.move(len(v.items))
	case key.Matches(msg, k.Open):
		if v.cursor < len(v.items) {
			tg := target{desc: p.tg.desc}
			it := v.items[v.cursor].Key
			return p, func() tea.Msg { return openItemMsg{tg: tg, item: it} }
		}
	}
	return p, nil
}

func (v *leftOutView) view(st Styles, tg target, w, h int, focused bool) string {
	var out []string
	left := tg.desc.ItemCount - tg.itemCount()
	title := st.Title.Render(tg.label()) + fmt.Sprintf("  left out: %d of %d table items", left, tg.desc.ItemCount)
	out = append(out, spread(title, "[o] back to index", w))
	switch {
	case !v.loaded:
		out = append(out, st.Dim.Render("asking the engine…"))
		return strings.Join(out, "\n")
	case v.err != nil:
		out = append(out, errorBox(st, asModelError(v.err), w)...)
		return strings.Join(out, "\n")
	case len(v.items) == 0:
		out = append(out, "", "Every table item is in this index.")
		return strings.Join(out, "\n")
	}
	out = append(out, st.Dim.Render(fmt.Sprintf("an item is in %s when it has %s of the declared type", tg.index, keyAttrsText(tg, tg.keySchema()))))
	rw := 10
	for _, it := range v.items {
		n := width(it.Reason) + 3
		if it.Violation {
			n += 2
		}
		if n > rw {
			rw = n
		}
	}
	if rw > w/2 {
		rw = w / 2
	}
	screen := h - len(out) - 2
	v.top = window(v.top, v.cursor, len(v.items), screen)
	rows := v.full.render(st, nil, v.top, screen, -1, 0, w-rw-1, false)
	for i := range rows {
		rows[i] = strings.TrimPrefix(rows[i], "  ") // the cursor mark is ours
	}
	out = append(out, st.Header.Render(fit("  why it is left out", rw))+" │ "+rows[0])
	for i := v.top; i < len(v.items) && i < v.top+screen; i++ {
		it := v.items[i]
		mark := "  "
		if i == v.cursor {
			mark = "▸ "
		}
		reason := it.Reason
		if it.Violation {
			reason = "! " + reason
		}
		cells := ""
		if j := 1 + i - v.top; j < len(rows) {
			cells = rows[j]
		}
		line := fit(mark+fit(reason, rw-2), rw) + " │ " + cells
		line = fit(line, w)
		switch {
		case i == v.cursor && focused:
			line = st.Cursor.Render(line)
		case i == v.cursor:
			line = st.Selected.Render(line)
		}
		out = append(out, line)
	}
	for len(out) < h-1 {
		out = append(out, "")
	}
	out = append(out, st.Dim.Render(cut("! key-schema violation: a backfill skipped the item; writes to it fail until the attribute is fixed or removed", w)))
	return strings.Join(out, "\n")
}

// keyAttrsText is "type (S) and admitted (N)".
func keyAttrsText(tg target, ks []model.KeySchemaElement) string {
	var parts []string
	for _, k := range ks {
		parts = append(parts, k.AttributeName+" ("+tg.attrType(k.AttributeName)+")")
	}
	return strings.Join(parts, " and ")
}

// errorBox draws DynamoDB's error verbatim in a red box.
func errorBox(st Styles, e *model.Error, w int) []string {
	if e == nil {
		return nil
	}
	inner := w - 4
	if inner < 10 {
		inner = 10
	}
	text := wrap(e.Message, inner)
	body := append([]string{st.Error.Render(e.Code)}, text...)
	var out []string
	out = append(out, st.ErrorBox.Render("┌"+strings.Repeat("─", inner+2)+"┐"))
	for _, l := range body {
		out = append(out, st.ErrorBox.Render("│ ")+fit(l, inner)+st.ErrorBox.Render(" │"))
	}
	out = append(out, st.ErrorBox.Render("└"+strings.Repeat("─", inner+2)+"┘"))
	return out
}

// wrap breaks s into lines of at most w cells, at spaces where it can.
func wrap(s string, w int) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			for width(word) > w {
				if line != "" {
					out = append(out, line)
					line = ""
				}
				r := []rune(word)
				out = append(out, string(r[:w]))
				word = string(r[w:])
			}
			switch {
			case line == "":
				line = word
			case width(line)+1+width(word) <= w:
				line += " " + word
			default:
				out = append(out, line)
				line = word
			}
		}
		out = append(out, line)
	}
	return out
}
