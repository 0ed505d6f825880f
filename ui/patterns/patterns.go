// Package patterns is the explorer's Patterns pane (8): the access
// patterns saved with the workspace's tables — declared in a pattern file
// loaded with the model (dynoscope --model, dynoscope load) or saved from
// the query builder (P) — each checked against the workspace's data by
// package patterns' Checker, one tea.Cmd per pattern.
//
// The list says per pattern whether it passed; below it, the pattern
// under the cursor in detail: which table or index serves it and by which
// key condition, or that it scans and why (and which index could serve
// it); the items it read and returned; the read or write units of one
// call with the engine's itemised explanation; the hottest partition-key
// value it touches and that value's share; items and item collections
// near DynamoDB's limits; its budget and the verdict.
//
// The check runs again on r, when the pane comes on screen after the
// workspace changed (a write, a table or index created, built or dropped,
// a pattern saved or removed), and while on screen as writes come (at most
// every few seconds under a stream of them). Reads run on the workspace,
// consuming capacity like any request; writes run on a scratch copy of
// the items they touch, never on the workspace.
//
// Patterns live with the embedded engine's tables and the check uses its
// extras (key spreads, the itemised request log): on a remote backend the
// pane says so.
package patterns

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/designs"
	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	pat "github.com/dynoscope/dynoscope/patterns"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// RecheckGap bounds how often writes seen live check the patterns again
// (wall time): under generated traffic the pane rechecks every few
// seconds, not on every batch of events. Tests that drive Update by hand
// set it to 0.
var RecheckGap = 3 * time.Second

// Model is the Patterns pane.
type Model struct {
	st   *kit.Styles
	keys keys
	api  engine.API
	ws   pat.Workspace // nil: the backend cannot check patterns
	sto  pat.Store

	rows    []row
	listErr string
	gen     int
	running bool
	at      int // the pattern being checked, while running
	checker *pat.Checker

	checked bool      // a check has run (or is running)
	stale   bool      // the workspace changed since the last check began
	shown   bool      // the pane is on screen
	lastEnd time.Time // wall time the last check ended
	waiting bool      // a recheck is scheduled (RecheckGap)
	sig     string    // the tables as last described

	cursor, top int
	dtop        int // first line of the details on screen
	note        string
	noteBad     bool
	w, h        int
	focused     bool
}

// row is one pattern and its last verdict (nil before its first check).
type row struct {
	p   designs.Pattern
	res *pat.Result
	old bool // res is from an earlier check; this one has not reached it yet
}

type keys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Recheck, Open, Remove key.Binding
}

// New returns the Patterns pane of the workspace api.
func New(st *kit.Styles, km keymap.KeyMap, api engine.API) *Model {
	d := km.Design
	pgdn, pgup := km.PageDown, km.PageUp
	pgdn.SetHelp("pgdn", "scroll the details")
	pgup.SetHelp("pgup", "scroll the details back")
	m := &Model{st: st, api: api, keys: keys{Up: km.Up, Down: km.Down, PageUp: pgup, PageDown: pgdn, Top: km.Top,
		Bottom: km.Bottom, Recheck: d.Recheck, Open: d.OpenPattern, Remove: d.RemovePattern}}
	ws, okW := api.(pat.Workspace)
	sto, okS := api.(pat.Store)
	if okW && okS && !kit.IsRemote(api) {
		m.ws, m.sto = ws, sto
	}
	return m
}

// Capable reports whether the backend can keep and check patterns.
func (m *Model) Capable() bool { return m.ws != nil }

// keyMap enables the bindings that apply now.
func (m *Model) keyMap() keys {
	k := m.keys
	has := len(m.rows) > 0
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.Top, &k.Bottom, &k.Open, &k.Remove} {
		b.SetEnabled(has)
	}
	k.Recheck.SetEnabled(m.Capable())
	k.PageDown.SetEnabled(m.dtop < m.detailsMax())
	k.PageUp.SetEnabled(m.dtop > 0)
	return k
}

// ShortHelp is the pane's keys for the help line.
func (m *Model) ShortHelp() []key.Binding {
	k := m.keyMap()
	return []key.Binding{k.Up, k.Down, k.Recheck, k.Open, k.Remove, k.PageDown}
}

// FullHelp is every key of the pane.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keyMap()
	return [][]key.Binding{{k.Up, k.Down, k.Top, k.Bottom, k.PageDown, k.PageUp}, {k.Recheck, k.Open, k.Remove}}
}

// SetSize sets the inner size.
func (m *Model) SetSize(w, h int) { m.w, m.h = w, h }

// SetFocus says whether the pane has the keyboard.
func (m *Model) SetFocus(on bool) { m.focused = on }

// Result is the verdict on pattern i (nil before it is checked); Fresh
// says it is from the check that ran last.
func (m *Model) Result(i int) (res *pat.Result, fresh bool) {
	if i < 0 || i >= len(m.rows) {
		return nil, false
	}
	return m.rows[i].res, m.rows[i].res != nil && !m.rows[i].old
}

// Patterns are the patterns listed, in order.
func (m *Model) Patterns() []designs.Pattern {
	out := make([]designs.Pattern, len(m.rows))
	for i, r := range m.rows {
		out[i] = r.p
	}
	return out
}

// Running reports whether a check is under way.
func (m *Model) Running() bool { return m.running }

// Cursor is the row under the cursor.
func (m *Model) Cursor() int { return m.cursor }

// listMsg carries the saved patterns a check starts from.
type listMsg struct {
	gen int
	ps  []designs.Pattern
	err error
}

// checkMsg carries the verdict on pattern i.
type checkMsg struct {
	gen int
	i   int
	res pat.Result
}

// recheckMsg is the recheck scheduled after a stream of writes.
type recheckMsg struct{}

// removeMsg asks to remove a saved pattern (the user said yes).
type removeMsg struct{ table, name string }

// removedMsg reports the removal.
type removedMsg struct {
	name string
	ok   bool
	err  error
}

// Check checks every pattern again from the start (what r does).
func (m *Model) Check() tea.Cmd {
	if !m.Capable() {
		return nil
	}
	m.gen++
	m.running, m.checked, m.stale, m.at = true, true, false, 0
	gen, sto := m.gen, m.sto
	return func() tea.Msg {
		ps, err := pat.Saved(kit.Bg, sto)
		return listMsg{gen: gen, ps: ps, err: err}
	}
}

// checkOne checks pattern i in a command.
func (m *Model) checkOne(i int) tea.Cmd {
	m.at = i
	gen, c, p := m.gen, m.checker, m.rows[i].p
	return func() tea.Msg { return checkMsg{gen: gen, i: i, res: c.CheckOne(kit.Bg, p)} }
}

// changed marks the verdicts stale and checks again when the pane is on
// screen (after the check under way, when one is).
func (m *Model) changed() tea.Cmd {
	m.stale = true
	if !m.shown || m.running || !m.Capable() {
		return nil
	}
	return m.Check()
}

// SetShown checks the patterns when the pane comes on screen for the
// first time, or after the workspace changed.
func (m *Model) SetShown(on bool) tea.Cmd {
	m.shown = on
	if on && !m.running && m.Capable() && (m.stale || !m.checked) {
		return m.Check()
	}
	return nil
}

// Changed is told that a component changed the workspace.
func (m *Model) Changed(string) tea.Cmd { return m.changed() }

// SetTables checks again when the tables or their indexes changed (one
// created, dropped, or built to ACTIVE).
func (m *Model) SetTables(tables []kit.TableInfo) tea.Cmd {
	sig := tablesSig(tables)
	if sig == m.sig {
		return nil
	}
	first := m.sig == ""
	m.sig = sig
	if first {
		return nil
	}
	return m.changed()
}

// tablesSig is what of the tables a check depends on besides their
// items: names, key schemas, indexes and their states.
func tablesSig(tables []kit.TableInfo) string {
	b := []byte{'|'}
	for _, t := range tables {
		d := t.Desc
		b = append(b, d.TableName...)
		b = append(b, ':')
		b = append(b, d.TableStatus...)
		for _, g := range d.GlobalSecondaryIndexes {
			b = append(b, ' ')
			b = append(b, g.IndexName...)
			b = append(b, '=')
			b = append(b, g.IndexStatus...)
		}
		for _, l := range d.LocalSecondaryIndexes {
			b = append(b, ' ')
			b = append(b, l.IndexName...)
		}
		b = append(b, '|')
	}
	return string(b)
}

// Events checks again when a write changed the workspace: at once when
// the last check ended RecheckGap ago, else once the gap has passed.
func (m *Model) Events(evs []engine.Event) tea.Cmd {
	write := false
	for i := range evs {
		ev := &evs[i]
		switch {
		case ev.Kind != engine.EventRequest:
			write = true
		case ev.Request != nil && !ev.Request.Read && ev.Request.Error == "":
			write = true
		}
	}
	if !write || !m.Capable() {
		return nil
	}
	m.stale = true
	if !m.shown || m.running || m.waiting {
		return nil
	}
	if wait := RecheckGap - time.Since(m.lastEnd); wait > 0 {
		m.waiting = true
		return tea.Tick(wait, func(time.Time) tea.Msg { return recheckMsg{} })
	}
	return m.Check()
}

// Update takes the verdicts, keys and wheel.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case listMsg:
		return m.onList(msg)
	case checkMsg:
		return m.onCheck(msg)
	case recheckMsg:
		m.waiting = false
		if m.stale && m.shown && !m.running {
			return m.Check()
		}
		return nil
	case removeMsg:
		sto := m.sto
		return func() tea.Msg {
			ok, err := pat.Remove(sto, msg.table, msg.name)
			return removedMsg{name: msg.name, ok: ok, err: err}
		}
	case removedMsg:
		switch {
		case msg.err != nil:
			m.note, m.noteBad = "the pattern was not removed: "+msg.err.Error(), true
			return nil
		case !msg.ok:
			m.note, m.noteBad = "pattern \""+msg.name+"\" was not saved in the workspace any more", true
		default:
			m.note, m.noteBad = "removed pattern \""+msg.name+"\"", false
		}
		return kit.Msg(kit.ChangedMsg{Note: m.note})
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			m.move(-1)
		case tea.MouseWheelDown:
			m.move(1)
		}
		return nil
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return nil
}

// onList starts checking the patterns listed, keeping the verdicts of
// the last check on screen until each is replaced.
func (m *Model) onList(msg listMsg) tea.Cmd {
	if msg.gen != m.gen {
		return nil
	}
	m.listErr = ""
	if msg.err != nil {
		m.listErr = msg.err.Error()
		m.running = false
		return nil
	}
	prev := map[string]*pat.Result{}
	for _, r := range m.rows {
		if r.res != nil {
			prev[r.p.Name+"\x00"+r.p.Table()] = r.res
		}
	}
	cur := ""
	if m.cursor < len(m.rows) {
		cur = m.rows[m.cursor].p.Name
	}
	m.rows = make([]row, len(msg.ps))
	for i, p := range msg.ps {
		m.rows[i] = row{p: p, res: prev[p.Name+"\x00"+p.Table()], old: true}
		if p.Name == cur {
			m.cursor = i
		}
	}
	m.move(0)
	if len(m.rows) == 0 {
		return m.finish()
	}
	m.checker = &pat.Checker{WS: m.ws}
	return m.checkOne(0)
}

// onCheck takes one verdict and checks the next pattern.
func (m *Model) onCheck(msg checkMsg) tea.Cmd {
	if msg.gen != m.gen || msg.i >= len(m.rows) {
		return nil
	}
	res := msg.res
	m.rows[msg.i].res, m.rows[msg.i].old = &res, false
	if msg.i+1 < len(m.rows) {
		return m.checkOne(msg.i + 1)
	}
	return m.finish()
}

// finish ends a check; a change that came meanwhile checks again.
func (m *Model) finish() tea.Cmd {
	m.running, m.checker = false, nil
	m.lastEnd = time.Now()
	if m.stale && m.shown {
		return m.Check()
	}
	return nil
}

// move moves the cursor n rows.
func (m *Model) move(n int) {
	before := m.cursor
	m.cursor = max(min(m.cursor+n, len(m.rows)-1), 0)
	if m.cursor != before {
		m.dtop = 0
	}
}

// page is how far pgdn scrolls the details: what shows of them, less a
// line kept.
func (m *Model) page() int {
	avail, _ := m.detailsRoom(len(m.details(m.cursor)))
	return max(avail-1, 1)
}

// key handles a key.
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keyMap()
	switch {
	case key.Matches(msg, k.Up):
		m.move(-1)
	case key.Matches(msg, k.Down):
		m.move(1)
	case key.Matches(msg, k.Top):
		m.move(-len(m.rows))
	case key.Matches(msg, k.Bottom):
		m.move(len(m.rows))
	case key.Matches(msg, k.PageDown):
		m.dtop = min(m.dtop+m.page(), m.detailsMax())
	case key.Matches(msg, k.PageUp):
		m.dtop = max(m.dtop-m.page(), 0)
	case key.Matches(msg, k.Recheck):
		m.note = ""
		return m.Check()
	case key.Matches(msg, k.Open):
		return m.open()
	case key.Matches(msg, k.Remove):
		return m.askRemove()
	}
	return nil
}

// open shows the pattern under the cursor in the query builder, run on
// the workspace: a read only (a write run there would change the
// workspace, which the check never does).
func (m *Model) open() tea.Cmd {
	if m.cursor >= len(m.rows) {
		return nil
	}
	p := m.rows[m.cursor].p
	in, err := p.Input(nil)
	if err != nil {
		m.note, m.noteBad = err.Error(), true
		return nil
	}
	switch in := in.(type) {
	case *model.QueryInput, *model.ScanInput:
	case *model.ExecuteStatementInput:
		if !isSelect(in.Statement) {
			m.note, m.noteBad = "a PartiQL write opens nowhere: run in 3 Query it would change the workspace (the check runs it on a copy of the items it touches)", true
			return nil
		}
	case *model.GetItemInput:
		m.note, m.noteBad = "the query builder builds Query, Scan, transactions and PartiQL, not GetItem: 2 Items opens the item, or a Query with the whole key reads it", true
		return nil
	default:
		m.note, m.noteBad = "a write pattern opens nowhere: run in 3 Query it would change the workspace (the check runs it on a copy of the items it touches)", true
		return nil
	}
	m.note = ""
	return kit.Msg(kit.OpenQueryMsg{In: in})
}

// askRemove asks before removing the pattern under the cursor.
func (m *Model) askRemove() tea.Cmd {
	if m.cursor >= len(m.rows) {
		return nil
	}
	p := m.rows[m.cursor].p
	table := p.Table()
	body := []string{"The pattern is removed from the patterns saved with table " + table + ".",
		"", "A pattern file that declared it keeps it: loading the file again brings it back."}
	return kit.Msg(kit.ConfirmMsg{Title: "Remove pattern \"" + p.Name + "\"", Yes: "remove it", Body: body,
		Then: removeMsg{table: table, name: p.Name}})
}
