package items

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// leftOutView lists the table items an index leaves out, each with the
// engine's reason ("no LastPostDateTime", "admitted is S, index wants N");
// "!" marks key-schema violations (items a GSI backfill skipped).
type leftOutView struct {
	seq    int // request generation
	items  []engine.LeftOutItem
	full   kit.Grid // the whole items, read with BatchGetItem, in items' order
	err    error
	loaded bool
	cursor int
	top    int
	// fromSurvey: on a remote backend the list comes from a read of the
	// whole table (the root asks before it runs); the rows show the keys
	// alone (reading each whole item would be billed again). left and of
	// count the items left out among those read.
	fromSurvey bool
	left, of   int64
}

// leftOutMsg carries the left-out items of the browsed index.
type leftOutMsg struct {
	gen, seq int
	items    []engine.LeftOutItem
	whole    []model.Item // the items themselves, same order (the key where unread)
	err      error
}

// OpenLeftOut switches to the left-out list (or reads it again when open)
// and asks the engine for it.
func (p *Model) OpenLeftOut() tea.Cmd {
	if p.tg.Index != "" && p.surveyCapable() {
		return p.openSurveyed()
	}
	lo, ok := p.api.(kit.LeftOutLister)
	if !ok || p.tg.Index == "" {
		return nil
	}
	if p.leftOut == nil {
		p.leftOut = &leftOutView{}
	}
	p.leftOut.seq++
	gen, seq, table, index, api := p.gen, p.leftOut.seq, p.tg.Table(), p.tg.Index, p.api
	keys := p.tg.TableKeyNames()
	return func() tea.Msg {
		items, err := lo.IndexLeftOut(table, index, kit.LeftOutLimit)
		if err != nil {
			return leftOutMsg{gen: gen, seq: seq, err: err}
		}
		ks := make([]model.Item, len(items))
		for i := range items {
			ks[i] = items[i].Key
		}
		return leftOutMsg{gen: gen, seq: seq, items: items, whole: batchGet(api, table, ks, keys)}
	}
}

// openSurveyed opens the left-out list of a remote index: from the read
// of the whole table when there is one (running or over), else it asks
// the root for that read.
func (p *Model) openSurveyed() tea.Cmd {
	p.leftOut = &leftOutView{fromSurvey: true}
	if p.survey == nil || (!p.survey.Running && p.survey.Survey == nil && p.survey.Err == nil) {
		return kit.Msg(kit.SurveyMsg{Table: p.tg.Table()})
	}
	p.fillFromSurvey()
	return nil
}

// fillFromSurvey puts the survey's left-out items of the index shown in
// the list.
func (p *Model) fillFromSurvey() {
	v := p.leftOut
	ix := p.survey.Index(p.tg.Index)
	if ix == nil {
		return
	}
	v.items, v.loaded, v.err = ix.LeftOut, true, nil
	v.left, v.of = ix.LeftOutCount, ix.In+ix.LeftOutCount
	keys := make([]model.Item, len(ix.LeftOut))
	for i := range ix.LeftOut {
		keys[i] = ix.LeftOut[i].Key
	}
	v.full = kit.NewGrid(kit.TableTarget(p.tg.Desc), keys, nil)
	v.full.PinKeys = true // the list is about the keys
	v.move(0)
}

// LeftOutOpen reports whether the left-out list is shown.
func (p *Model) LeftOutOpen() bool { return p.leftOut != nil }

// leftOutGrid lays out the whole items an index leaves out with the
// index's key attributes first, in KeySchema order, each one an item lacks
// marked "✗ missing" (from the engine's Missing list, not from what the
// read returned).
func leftOutGrid(tg kit.Target, items []engine.LeftOutItem, whole []model.Item) kit.Grid {
	g := kit.NewGrid(tg, whole, nil)
	g.PinKeys = true // the list is about the keys
	for i, it := range items {
		for _, n := range it.Missing {
			g.Mark(i, n, "✗ missing")
		}
	}
	return g
}

// batchGet reads whole items by key with BatchGetItem (100 keys a call,
// unprocessed keys retried) and returns them in the order of keys.
func batchGet(api engine.API, table string, keys []model.Item, keyNames []string) []model.Item {
	byKey := map[string]model.Item{}
	id := func(it model.Item) string { return string(model.AppendItemJSON(nil, kit.KeyOf(it, keyNames...))) }
	for i := 0; i < len(keys); i += 100 {
		j := min(i+100, len(keys))
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
	v.cursor = max(min(v.cursor+n, len(v.items)-1), 0)
}

func (p *Model) updateLeftOut(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keyMap()
	v := p.leftOut
	switch {
	case key.Matches(msg, p.keys.Stop) && p.survey != nil && p.survey.Running && v.fromSurvey:
		return kit.Msg(kit.StopSurveyMsg{})
	case key.Matches(msg, k.LeftOut, p.keys.Back):
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
	case key.Matches(msg, k.Reload) && v.fromSurvey:
		return kit.Msg(kit.SurveyMsg{Table: p.tg.Table()})
	case key.Matches(msg, k.Reload):
		return p.OpenLeftOut()
	case key.Matches(msg, k.Open):
		if v.cursor < len(v.items) {
			tg := kit.TableTarget(p.tg.Desc)
			return kit.Msg(kit.OpenItemMsg{Target: tg, Item: v.items[v.cursor].Key})
		}
	}
	return nil
}

func (v *leftOutView) view(st *kit.Styles, tg kit.Target, survey *kit.SurveyState, w, h int, focused bool) string {
	var out []string
	left, of := tg.Desc.ItemCount-tg.ItemCount(), tg.Desc.ItemCount
	building := tg.Status() != model.StatusActive
	switch {
	case v.fromSurvey:
		left, of = v.left, v.of
	case building:
		// the index's count lags behind while it is built: the items the
		// backfill has not reached are pending, not left out; the list is
		// every item the key schema leaves out
		left = int64(len(v.items))
	}
	count := fmt.Sprintf("left out: %s of %s", kit.FmtInt(left), kit.Plural(of, "table item", ""))
	if v.fromSurvey {
		count += " read"
	}
	name, back := st.Title.Render(tg.Label()), "[o] back to index"
	if kit.Width(name)+2+kit.Width(count)+2+kit.Width(back) <= w {
		out = append(out, kit.Spread(name+"  "+count, back, w))
	} else { // the count under the name, whole
		out = append(append(out, kit.Spread(name, back, w)), kit.Wrap(count, w)...)
	}
	if building && !v.fromSurvey {
		out = append(out, kit.WrapStyled(st.Dim, "The index is "+tg.Status()+": the items its build has not reached yet are pending, not left out; these are the items its key schema leaves out.", w)...)
	}
	if v.fromSurvey {
		out = append(out, kit.SurveyLines(st, survey, w)...)
	}
	switch {
	case v.fromSurvey && !v.loaded && (survey == nil || !survey.Running):
		out = append(out, "")
		out = append(out, kit.Wrap("On a remote table, which items an index leaves out is known only by reading every item of the table. S (or r here) says what that costs and asks before reading.", w)...)
		return strings.Join(out, "\n")
	case v.fromSurvey && !v.loaded:
		return strings.Join(out, "\n")
	case !v.loaded:
		out = append(out, st.Dim.Render("asking the engine…"))
		return strings.Join(out, "\n")
	case v.err != nil:
		out = append(out, kit.ErrorBox(st, kit.AsModelError(v.err), w)...)
		return strings.Join(out, "\n")
	case len(v.items) == 0:
		out = append(out, "", "Every table item is in this index.")
		return strings.Join(out, "\n")
	}
	rule := fmt.Sprintf("an item is in %s when it has %s of the declared type", tg.Index, keyAttrsText(tg, tg.KeySchema()))
	if v := tg.Vector(); v != nil {
		rule = fmt.Sprintf("an item is in %s when its %s is a List of %d Numbers", tg.Index, v.VectorAttribute.AttributeName, v.Dimensions)
		if h := model.SearchHash(v.SearchSchema); h != "" {
			rule += fmt.Sprintf(" and it has %s (%s), the index's HASH search attribute", h, tg.AttrType(h))
		}
	}
	out = append(out, kit.WrapStyled(st.Dim, rule, w)...)
	rw := 10
	for _, it := range v.items {
		n := kit.Width(it.Reason) + 3
		if it.Violation {
			n += 2
		}
		rw = max(rw, n)
	}
	rw = min(rw, w/2)
	if v.fromSurvey && v.left > int64(len(v.items)) {
		out = append(out, kit.WrapStyled(st.Dim, fmt.Sprintf("the first %s listed (keys only: enter reads one whole)", kit.FmtInt(int64(len(v.items)))), w)...)
	}
	legend := kit.WrapStyled(st.Dim, "! key-schema violation: a backfill skipped the item; writes to it fail until the attribute is fixed or removed", w)
	if !kit.HasViolation(v.items) {
		legend = nil
	}
	screen := max(h-len(out)-1-len(legend), 1)
	v.top = kit.Window(v.top, v.cursor, len(v.items), screen)
	rows := v.full.Render(st, nil, v.top, screen, -1, 0, w-rw-1, false)
	for i := range rows {
		rows[i] = strings.TrimPrefix(rows[i], "  ") // the cursor mark is ours
	}
	out = append(out, st.Header.Render(kit.Fit("  why it is left out", rw))+" │ "+rows[0])
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
		line := kit.Fit(kit.Fit(mark+kit.Fit(reason, rw-2), rw)+" │ "+cells, w)
		switch {
		case i == v.cursor && focused:
			line = st.Cursor.Render(line)
		case i == v.cursor:
			line = st.Selected.Render(line)
		}
		out = append(out, line)
	}
	for len(out) < h-len(legend) {
		out = append(out, "")
	}
	return strings.Join(append(out, legend...), "\n")
}

// keyAttrsText is "type (S) and admitted (N)", or "UserID (S), Section
// (S), Status (S) and Position (N)" for a multi-attribute key.
func keyAttrsText(tg kit.Target, ks []model.KeySchemaElement) string {
	var parts []string
	for _, k := range ks {
		parts = append(parts, k.AttributeName+" ("+tg.AttrType(k.AttributeName)+")")
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// LeftOutItems are the left-out list's items and the whole items read
// for them, when the list is open and read.
func (p *Model) LeftOutItems() ([]engine.LeftOutItem, []model.Item) {
	if p.leftOut == nil || !p.leftOut.loaded {
		return nil, nil
	}
	whole := make([]model.Item, len(p.leftOut.full.Rows))
	for i, r := range p.leftOut.full.Rows {
		whole[i] = r.Item
	}
	return p.leftOut.items, whole
}

// SetLeftOutCursor puts the left-out list's cursor on row i.
func (p *Model) SetLeftOutCursor(i int) {
	if p.leftOut != nil {
		p.leftOut.cursor = i
		p.leftOut.move(0)
	}
}
