package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// ttlEnabled is DescribeTimeToLive's status of a table whose TTL is on.
const ttlEnabled = "ENABLED"

// ttlLimit is how many items of each kind the TTL pane lists.
const ttlLimit = 200

// ttlPane lists a table's items with a TTL attribute in expiry order with
// live countdowns on the engine clock: due later; expired but not yet
// deleted (reads still return them: warn colour and "!"); ignored (too old,
// or not a Number: dim). Below, the recent TTL deletions as they happen.
type ttlPane struct {
	st     Styles
	keys   scrollKeys
	scroll scroller
	table  string
	keyNs  []string // the table's key attributes, in order
	res    *engine.TTLViewResult
	err    error
	w, h   int
}

func newTTLPane(st Styles, km keymap.KeyMap) ttlPane {
	k := newScrollKeys(km)
	return ttlPane{st: st, keys: k, scroll: scroller{keys: k}}
}

func (p ttlPane) ShortHelp() []key.Binding { return []key.Binding{p.keys.Up, p.keys.Down} }
func (p ttlPane) FullHelp() [][]key.Binding {
	return [][]key.Binding{{p.keys.Up, p.keys.Down, p.keys.PageUp, p.keys.PageDown, p.keys.Top, p.keys.Bottom}}
}

// SetSize sets the inner size.
func (p *ttlPane) SetSize(w, h int) { p.w, p.h = w, h }

// SetTable shows another table.
func (p *ttlPane) SetTable(sel target) {
	if sel.table() != p.table {
		p.table, p.res, p.err = sel.table(), nil, nil
		p.scroll.top = 0
	}
	p.keyNs = sel.tableKeyNames()
}

// SetData takes a fetch.
func (p *ttlPane) SetData(res engine.TTLViewResult, err error) { p.res, p.err = &res, err }

// Update scrolls.
func (p *ttlPane) Update(msg tea.Msg) {
	p.scroll.SetSize(p.h, len(p.lines()))
	p.scroll.Update(msg)
}

// fetchTTL reads a table's TTL view.
func fetchTTL(api engine.API, gen int, once bool, table string) func() tea.Msg {
	return func() tea.Msg {
		v, ok := api.(ttlViewer)
		if !ok {
			return ttlMsg{gen: gen, once: once, table: table, err: fmt.Errorf("this backend has no TTL view (the embedded engine does)")}
		}
		res, err := v.TTLView(table, ttlLimit)
		return ttlMsg{gen: gen, once: once, table: table, res: res, err: err}
	}
}

// View draws the pane.
func (p ttlPane) View() string {
	all := p.lines()
	p.scroll.SetSize(p.h, len(all))
	return strings.Join(p.scroll.visible(all), "\n")
}

func (p ttlPane) lines() []string {
	st := p.st
	switch {
	case p.table == "":
		return []string{st.Dim.Render("No table selected.")}
	case p.err != nil:
		return append([]string{st.Title.Render(p.table)}, errorBox(st, asModelError(p.err), p.w)...)
	case p.res == nil:
		return []string{st.Title.Render(p.table), st.Dim.Render("reading…")}
	}
	r := p.res
	var out []string
	add := func(s ...string) { out = append(out, s...) }
	if r.Status != ttlEnabled {
		add(titleLine(st, r.Table, "TTL "+r.Status, p.w), "",
			"Time to live is off for this table: no item expires, whatever its attributes say.",
			st.Dim.Render("Turn it on with UpdateTimeToLive (aws dynamodb update-time-to-live --table-name "+r.Table+
				" --time-to-live-specification Enabled=true,AttributeName=ttl)."))
		return append(out, p.recentLines()...)
	}
	add(titleLine(st, r.Table, fmt.Sprintf("TTL %s on %s · deleted about %s after expiry", r.Status, r.AttributeName, fmtSpan(r.DeletionDelay)), p.w))
	c := r.Counts
	nn := fmtInt(int64(c.NotNumber))
	if !c.NotNumberComplete {
		nn += "+"
	}
	add(fmt.Sprintf("%d due · %s · %s · %s", c.DueLater,
		st.Warn.Render(fmt.Sprintf("! %d expired, still returned by reads until deleted", c.ExpiredPending)),
		st.Dim.Render(fmt.Sprintf("~ %d too old", c.TooOld)), st.Dim.Render("- "+nn+" not a Number")))
	add("")
	add(st.Header.Render(p.row(" ", "state", "expires (UTC)", "countdown", "key ("+strings.Join(nonEmpty(p.keyNs), " · ")+")")))
	for _, it := range r.Items {
		add(p.itemLine(it))
	}
	for _, it := range r.NotNumber {
		add(p.itemLine(it))
	}
	if len(r.Items)+len(r.NotNumber) == 0 {
		add(st.Dim.Render("  No item has a " + r.AttributeName + " attribute."))
	}
	return append(out, p.recentLines()...)
}

// itemLine is one item: symbol and state, expiry, countdown, key.
func (p ttlPane) itemLine(it engine.TTLViewItem) string {
	st := p.st
	now := p.res.Now
	key := keyValues(it.Key, p.keyNs)
	at := p.when(it.Expiry)
	switch it.State {
	case engine.TTLDueLater:
		if it.Expiry.After(now.AddDate(100, 0, 0)) {
			return st.Warn.Render(p.row("?", "due, in ms?", at, "in "+spanUntil(now, it.Expiry), key+" · milliseconds? TTL reads epoch seconds"))
		}
		return p.row(" ", "due", at, "in "+spanUntil(now, it.Expiry), key)
	case engine.TTLExpiredPending:
		when := "gone any moment"
		if left := it.DeleteAfter.Sub(now); left > 0 {
			when = "gone in ≤" + fmtSpan(left)
		}
		return st.Warn.Render(p.row("!", "expired", at, spanUntil(it.Expiry, now)+" ago", key+" · "+when))
	case engine.TTLTooOld:
		return st.Dim.Render(p.row("~", "too old", at, spanUntil(it.Expiry, now)+" ago", key+" · over 5 years: never deleted"))
	}
	val := cell(it.Value) + " (" + typeName(it.Value) + ")"
	if width(val) > 14 {
		val = cut(cell(it.Value), 10) + " (" + typeName(it.Value) + ")"
	}
	return st.Dim.Render(p.row("-", "not a Number", val, "never", key+" · ignored forever"))
}

// row lays out an item's columns; narrower panes shorten the expiry time,
// or leave it out (the countdown tells it).
func (p ttlPane) row(sym, state, at, countdown, rest string) string {
	switch {
	case p.w < 70:
		return fmt.Sprintf("%s %-12s %-14s %s", sym, state, countdown, rest)
	case p.w < 100:
		return fmt.Sprintf("%s %-12s %-14s  %-14s %s", sym, state, fit(at, 14), countdown, rest)
	}
	return fmt.Sprintf("%s %-12s %-19s  %-14s %s", sym, state, fit(at, 19), countdown, rest)
}

// when is an expiry or deletion time as the row shows it: in full on wide
// panes, else without the year ("11-22 11:11:07"), or only the year when
// it is past 9999 (a TTL in milliseconds).
func (p ttlPane) when(t time.Time) string {
	t = t.UTC()
	switch {
	case t.Year() > 9999:
		return fmt.Sprintf("year %d", t.Year())
	case p.w < 100:
		return t.Format("01-02 15:04:05")
	}
	return t.Format("2006-01-02 15:04:05")
}

// recentLines are the table's recent TTL deletions, newest first.
func (p ttlPane) recentLines() []string {
	st := p.st
	if p.res == nil {
		return nil
	}
	rec := p.res.Recent
	out := []string{"", st.Header.Render("Deleted by TTL") + st.Dim.Render(" (REMOVE records by dynamodb.amazonaws.com in the stream)")}
	if len(rec) == 0 {
		return append(out, st.Dim.Render("  none yet"))
	}
	for i := len(rec) - 1; i >= 0; i-- {
		d := rec[i]
		out = append(out, st.OK.Render(p.row("✓", "deleted", p.when(d.At),
			fmtSpan(p.res.Now.Sub(d.At))+" ago", keyValues(d.Key, p.keyNs)))+st.Dim.Render(" · had expired "+epochText(d.Expiry)))
	}
	return out
}

// spanUntil is the time from a to b for people, in years past a year (a
// time.Duration stops at 292 years; a TTL in milliseconds is millennia
// away).
func spanUntil(a, b time.Time) string {
	if b.After(a.AddDate(2, 0, 0)) {
		return fmtInt(int64(b.Year()-a.Year())) + " years"
	}
	if d := b.Sub(a); d > 365*24*time.Hour {
		return fmt.Sprintf("%.1f years", d.Hours()/24/365.25)
	}
	return fmtSpan(b.Sub(a))
}

// keyValues is a key's values in key order: "maya · 2026-11-20T10:41:07Z".
func keyValues(k map[string]model.AttributeValue, names []string) string {
	var parts []string
	for _, n := range names {
		if v, ok := k[n]; ok && n != "" {
			parts = append(parts, cell(v))
		}
	}
	if len(parts) == 0 {
		return keyText(k)
	}
	return strings.Join(parts, " · ")
}

// nonEmpty drops empty names (a table without a sort key).
func nonEmpty(names []string) []string {
	var out []string
	for _, n := range names {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}

// epochText renders a TTL Number as a UTC time.
func epochText(n string) string {
	var sec int64
	if _, err := fmt.Sscan(n, &sec); err != nil {
		return n
	}
	return time.Unix(sec, 0).UTC().Format("2006-01-02 15:04:05")
}
