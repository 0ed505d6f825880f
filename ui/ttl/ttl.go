// Package ttl is the explorer's TTL pane: a table's items with a TTL
// attribute in expiry order with live countdowns on the engine clock — due
// later; expired but not yet deleted (reads still return them: warn colour
// and "!"); ignored (too old, or not a Number: dim) — and below them the
// recent TTL deletions as they happen.
//
// On a remote backend the TTL setting comes from DescribeTimeToLive, and
// the items' states from a read of the whole table, which the root asks
// about first (S): the states are worked out again every second from what
// was read, on the wall clock; the TTL deletions from the table's stream,
// when it has one (stream.go: read from TRIM_HORIZON, REMOVE records by
// dynamodb.amazonaws.com).
package ttl

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// refreshEvery is how often (wall time) the countdowns move while shown.
const refreshEvery = time.Second

// ttlEnabled is DescribeTimeToLive's status of a table whose TTL is on.
const ttlEnabled = "ENABLED"

// ttlLimit is how many items of each kind the TTL pane lists.
const ttlLimit = 200

// Model is the TTL pane.
type Model struct {
	st     *kit.Styles
	api    engine.API
	ticks  bool
	scroll kit.Scroller
	stop   key.Binding // esc: stops the read of the whole table shown
	table  string
	keyNs  []string // the table's key attributes, in order
	res    *engine.TTLViewResult
	err    error
	shown  bool
	gen    int
	w, h   int

	// a remote backend: its TTL setting, the read of the whole table, and
	// the wall time the states are judged at.
	info   *kit.TableInfo
	survey *kit.SurveyState
	now    time.Time
	stream ttlStream // the TTL deletions read from the table's stream
}

// New returns the TTL pane of the workspace api; ticks makes it refresh
// itself while shown.
func New(st *kit.Styles, km keymap.KeyMap, api engine.API, ticks bool) *Model {
	return &Model{st: st, api: api, ticks: ticks, scroll: kit.NewScroller(km), stop: km.Stop}
}

// ShortHelp is the pane's keys for the help line.
func (p *Model) ShortHelp() []key.Binding { return p.scroll.Keys.Short() }

// FullHelp is every key of the pane.
func (p *Model) FullHelp() [][]key.Binding { return [][]key.Binding{p.scroll.Keys.All()} }

// SetSize sets the inner size.
func (p *Model) SetSize(w, h int) { p.w, p.h = w, h }

// SetTarget shows another table.
func (p *Model) SetTarget(sel kit.Target, info *kit.TableInfo) tea.Cmd {
	p.keyNs = sel.TableKeyNames()
	p.info, p.survey = info, nil
	if info != nil {
		p.survey = info.Survey
	}
	remote := kit.IsRemote(p.api)
	if sel.Table() == p.table {
		if remote {
			p.judge()
		}
		return nil
	}
	p.table, p.res, p.err = sel.Table(), nil, nil
	if remote {
		p.judge()
	}
	p.scroll.Top = 0
	p.gen++
	if p.shown {
		return tea.Batch(p.refresh(0, false), p.followStream())
	}
	return nil
}

// SetShown starts the refresh while the pane is on screen.
func (p *Model) SetShown(on bool) tea.Cmd {
	if on == p.shown {
		return nil
	}
	p.shown = on
	p.gen++
	if on {
		return tea.Batch(p.refresh(0, false), p.followStream())
	}
	return nil
}

// SetSurvey takes the read of a whole table (on a remote backend) when it
// is the table shown.
func (p *Model) SetSurvey(s *kit.SurveyState) tea.Cmd {
	if s != nil && s.Table == p.table {
		p.survey = s
		p.judge()
	}
	return nil
}

// UsesEsc reports whether esc stops a read of the table shown.
func (p *Model) UsesEsc() bool { return p.survey != nil && p.survey.Running }

// Refresh reads the view once now.
func (p *Model) Refresh() tea.Cmd { return p.refresh(0, true) }

// Events reads the view again at once when TTL deleted an item of the
// table shown (other writes show with the next tick).
func (p *Model) Events(evs []engine.Event) tea.Cmd {
	if !p.shown {
		return nil
	}
	for i := range evs {
		if evs[i].Kind == engine.EventTTL && evs[i].Table == p.table {
			return p.refresh(0, true)
		}
	}
	return nil
}

// Now is the engine time of the last view read (zero before one).
func (p *Model) Now() time.Time {
	if p.res == nil {
		return time.Time{}
	}
	return p.res.Now
}

// viewMsg carries one table's TTL view.
type viewMsg struct {
	gen   int
	once  bool
	table string
	res   engine.TTLViewResult
	err   error
	now   time.Time // a remote backend: the wall time to judge states at
}

// refresh reads the view after delay; once marks a read outside the chain.
func (p *Model) refresh(delay time.Duration, once bool) tea.Cmd {
	if p.table == "" {
		return nil
	}
	api, gen, table := p.api, p.gen, p.table
	read := func() tea.Msg {
		v, ok := api.(kit.TTLViewer)
		if !ok && kit.IsRemote(api) {
			return viewMsg{gen: gen, once: once, table: table, now: time.Now()}
		}
		if !ok {
			return viewMsg{gen: gen, once: once, table: table, err: fmt.Errorf("this backend has no TTL view (the embedded engine does)")}
		}
		res, err := v.TTLView(table, ttlLimit)
		return viewMsg{gen: gen, once: once, table: table, res: res, err: err}
	}
	if delay <= 0 {
		return read
	}
	return tea.Tick(delay, func(time.Time) tea.Msg { return read() })
}

// Update takes the view read and scrolls.
func (p *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tailOpenedMsg, tailReadMsg:
		return p.onStream(msg)
	case viewMsg:
		if msg.table != p.table || (msg.gen != p.gen && !msg.once) {
			return nil
		}
		if !msg.now.IsZero() {
			p.now = msg.now
			p.judge()
		} else {
			p.res, p.err = &msg.res, msg.err
		}
		if msg.once || !p.ticks || !p.shown {
			return nil
		}
		return p.refresh(refreshEvery, false)
	case tea.KeyPressMsg:
		if key.Matches(msg, p.stop) && p.UsesEsc() {
			return kit.Msg(kit.StopSurveyMsg{})
		}
		p.scroll.SetSize(p.h, len(p.lines()))
		p.scroll.Update(msg)
	case tea.MouseWheelMsg:
		p.scroll.SetSize(p.h, len(p.lines()))
		p.scroll.Update(msg)
	}
	return nil
}

// View draws the pane.
func (p *Model) View() string {
	all := p.lines()
	p.scroll.SetSize(p.h, len(all))
	return strings.Join(p.scroll.Visible(all), "\n")
}

func (p *Model) lines() []string {
	st := p.st
	switch {
	case p.table == "":
		return []string{st.Dim.Render("No table selected.")}
	case kit.IsRemote(p.api):
		return p.remoteLines()
	case p.err != nil:
		return append([]string{st.Title.Render(p.table)}, kit.ErrorBox(st, kit.AsModelError(p.err), p.w)...)
	case p.res == nil:
		return []string{st.Title.Render(p.table), st.Dim.Render("reading…")}
	}
	r := p.res
	var out []string
	add := func(s ...string) { out = append(out, s...) }
	if r.Status != ttlEnabled {
		add(kit.TitleLine(st, r.Table, "TTL "+r.Status, p.w), "")
		add(kit.Wrap("Time to live is off for this table: no item expires, whatever its attributes say.", p.w)...)
		add(kit.WrapStyled(st.Dim, "Turn it on with UpdateTimeToLive (aws dynamodb update-time-to-live --table-name "+r.Table+
			" --time-to-live-specification Enabled=true,AttributeName=ttl).", p.w)...)
		return append(out, p.recentLines()...)
	}
	add(kit.TitleLines(st, r.Table, fmt.Sprintf("TTL %s on %s · deleted about %s after expiry", r.Status, r.AttributeName, kit.FmtSpan(r.DeletionDelay)), p.w)...)
	c := r.Counts
	nn := kit.FmtInt(int64(c.NotNumber))
	if !c.NotNumberComplete {
		nn += "+"
	}
	add(kit.JoinWrapped("", []string{kit.FmtInt(int64(c.DueLater)) + " due",
		st.Warn.Render(fmt.Sprintf("! %s expired, still returned by reads until deleted", kit.FmtInt(int64(c.ExpiredPending)))),
		st.Dim.Render(fmt.Sprintf("~ %s too old", kit.FmtInt(int64(c.TooOld)))), st.Dim.Render("- " + nn + " not a Number")}, " · ", "", p.w)...)
	add("")
	add(st.Header.Render(p.row(" ", "state", "expires (UTC)", "countdown", "key ("+strings.Join(kit.NonEmpty(p.keyNs), " · ")+")")))
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
func (p *Model) itemLine(it engine.TTLViewItem) string {
	st := p.st
	now := p.res.Now
	key := kit.KeyValues(it.Key, p.keyNs)
	at := p.when(it.Expiry)
	switch it.State {
	case engine.TTLDueLater:
		if it.Expiry.After(now.AddDate(100, 0, 0)) {
			return st.Warn.Render(p.row("?", "due, in ms?", at, "in "+spanUntil(now, it.Expiry), key+" · milliseconds? TTL reads epoch seconds"))
		}
		return p.row(" ", "due", at, "in "+spanUntil(now, it.Expiry), key)
	case engine.TTLExpiredPending:
		when := "gone any moment"
		if it.DeleteAfter.IsZero() {
			when = "deleted within days" // DynamoDB sets no time
		} else if left := it.DeleteAfter.Sub(now); left > 0 {
			when = "gone in ≤" + kit.FmtSpan(left)
		}
		return st.Warn.Render(p.row("!", "expired", at, spanUntil(it.Expiry, now)+" ago", key+" · "+when))
	case engine.TTLTooOld:
		return st.Dim.Render(p.row("~", "too old", at, spanUntil(it.Expiry, now)+" ago", key+" · over 5 years: never deleted"))
	}
	val := kit.Cell(it.Value) + " (" + kit.TypeName(it.Value) + ")"
	if kit.Width(val) > 14 {
		val = kit.Cut(kit.Cell(it.Value), 10) + " (" + kit.TypeName(it.Value) + ")"
	}
	return st.Dim.Render(p.row("-", "not a Number", val, "never", key+" · ignored forever"))
}

// row lays out an item's columns; narrower panes shorten the expiry time,
// or leave it out (the countdown tells it).
func (p *Model) row(sym, state, at, countdown, rest string) string {
	cd := kit.Fit(countdown, 14)
	var s string
	switch {
	case p.w < 70:
		s = fmt.Sprintf("%s %s %s %s", sym, kit.Fit(state, 12), cd, rest)
	case p.w < 100:
		s = fmt.Sprintf("%s %s %s  %s %s", sym, kit.Fit(state, 12), kit.Fit(at, 14), cd, rest)
	default:
		s = fmt.Sprintf("%s %s %s  %s %s", sym, kit.Fit(state, 12), kit.Fit(at, 19), cd, rest)
	}
	return kit.Cut(s, p.w)
}

// when is an expiry or deletion time as the row shows it: in full on wide
// panes, else without the year ("11-22 11:11:07") or, in another year,
// the date alone; only the year when it is past 9999 (a TTL in
// milliseconds).
func (p *Model) when(t time.Time) string {
	t = t.UTC()
	switch {
	case t.Year() > 9999:
		return fmt.Sprintf("year %d", t.Year())
	case p.w < 100 && p.res != nil && t.Year() != p.res.Now.UTC().Year():
		return t.Format("2006-01-02") // another year: the year, not the time
	case p.w < 100:
		return t.Format("01-02 15:04:05")
	}
	return t.Format("2006-01-02 15:04:05")
}

// recentLines are the table's recent TTL deletions, newest first.
func (p *Model) recentLines() []string {
	if p.res == nil {
		return nil
	}
	out := append([]string{""}, kit.HeadNote(p.st, "Deleted by TTL", "(REMOVE records by dynamodb.amazonaws.com in the stream)", p.w)...)
	return append(out, p.deletionLines(p.res.Recent, p.res.Now)...)
}

// deletionLines draws TTL deletions (oldest first) newest first, their
// age at now.
func (p *Model) deletionLines(rec []engine.TTLDeletion, now time.Time) []string {
	st := p.st
	if len(rec) == 0 {
		return []string{st.Dim.Render("  none yet")}
	}
	var out []string
	for i := len(rec) - 1; i >= 0; i-- {
		d := rec[i]
		had := ""
		if d.Expiry != "" {
			had = " · had expired " + epochText(d.Expiry)
		}
		out = append(out, kit.Cut(st.OK.Render(p.row("✓", "deleted", p.when(d.At),
			kit.FmtSpan(now.Sub(d.At))+" ago", kit.KeyValues(d.Key, p.keyNs)))+st.Dim.Render(had), p.w))
	}
	return out
}

// spanUntil is the time from a to b for people, in years (y) past a
// year, so it fits its column (a time.Duration stops at 292 years; a TTL
// in milliseconds is tens of thousands of years away).
func spanUntil(a, b time.Time) string {
	if b.After(a.AddDate(2, 0, 0)) {
		return kit.FmtInt(int64(b.Year()-a.Year())) + " y"
	}
	if d := b.Sub(a); d > 365*24*time.Hour {
		return fmt.Sprintf("%.1f y", d.Hours()/24/365.25)
	}
	return kit.FmtSpan(b.Sub(a))
}

// epochText renders a TTL Number as a UTC time.
func epochText(n string) string {
	var sec int64
	if _, err := fmt.Sscan(n, &sec); err != nil {
		return n
	}
	return time.Unix(sec, 0).UTC().Format("2006-01-02 15:04:05")
}
