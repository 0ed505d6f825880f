// Package lessons is the explorer's Lessons pane: twelve data-modeling
// lessons, each a few steps of explanation and one action the user runs
// with enter (a prepared Query or Scan, a write, a transaction, PartiQL
// statements side by side, a clock jump, a traffic run, a look at the
// stream or at the items an index leaves out), with the result below: what
// the request returned, the capacity it consumed with the engine's
// itemised explanation, or DynamoDB's error (a cancelled transaction's
// reasons in request order).
//
// A lesson never touches the user's tables: it runs on its own copy of its
// data set, an in-memory engine with its own clock made when the lesson's
// first step runs (r throws it away and starts over on a fresh one;
// another lesson gets its own). o shows the step's request, or the table,
// in the real panes on that copy: the root shows the copy as a workspace
// beside the user's (ctrl+o goes back).
package lessons

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// NewCopy makes a lesson's copy of a data set: an in-memory engine whose
// clock runs from now (the user's engine time), with the data set loaded
// (written at once, as the explorer loads its demo data; throttling applies
// from the first request after). Tests replace it with a manual clock.
var NewCopy = func(dataset string, now time.Time) (*engine.Engine, error) {
	eng, err := engine.Open(engine.Options{Clock: engine.NewVirtualClock(now, 1), DisableTTLSweeper: true})
	if err != nil {
		return nil, err
	}
	if err := LoadCopy(eng, dataset); err != nil {
		eng.Close()
		return nil, err
	}
	return eng, nil
}

// LoadCopy loads a data set into a lesson's engine, unthrottled.
func LoadCopy(eng *engine.Engine, dataset string) error {
	eng.SetThrottling(false)
	defer eng.SetThrottling(true)
	return LoadData(eng, dataset)
}

// Model is the Lessons pane.
type Model struct {
	st      *kit.Styles
	keys    keys
	api     engine.API // the user's workspace: only its clock is read
	all     []lesson
	li, si  int
	results map[[2]int]*lessonResult
	grids   map[[2]int]*kit.Grid
	ran     map[int]bool // steps of the current lesson run on its copy
	copy    *lessonCopy
	running bool
	last    *engine.RequestRecord // the copy's last request
	// rtop is the first line on screen of the step and its result when
	// they are taller than the pane; rmax the last rtop (0: they fit),
	// set by View; reveal scrolls to a result that just arrived.
	rtop, rmax int
	reveal     bool
	w, h       int
	focused    bool
}

// lessonCopy is a lesson's own engine.
type lessonCopy struct {
	li  int
	eng *engine.Engine
}

type keys struct {
	Run, Next, Prev, NextLesson, PrevLesson, Open, Reset, ScrollDown, ScrollUp key.Binding
}

// New returns the Lessons pane; api is the user's workspace, whose clock
// a lesson's copy starts from.
func New(st *kit.Styles, km keymap.KeyMap, api engine.API) *Model {
	ek := km.Editing
	p := &Model{st: st, api: api, all: lessons(), results: map[[2]int]*lessonResult{}, grids: map[[2]int]*kit.Grid{},
		ran: map[int]bool{},
		keys: keys{Run: ek.RunStep, Next: ek.NextStep, Prev: ek.PrevStep, NextLesson: ek.NextLesson,
			PrevLesson: ek.PrevLesson, Open: ek.OpenInPane, Reset: ek.ResetCopy, ScrollDown: km.PageDown, ScrollUp: km.PageUp}}
	p.keys.ScrollDown.SetHelp("pgdn", "scroll the result")
	p.keys.ScrollUp.SetHelp("pgup", "scroll the result back")
	return p
}

// SetSize sets the inner size.
func (p *Model) SetSize(w, h int) { p.w, p.h = w, h }

// SetFocus says whether the pane has the keyboard.
func (p *Model) SetFocus(on bool) { p.focused = on }

// keyMap enables the bindings that apply to the current step.
func (p *Model) keyMap() keys {
	k := p.keys
	k.Prev.SetEnabled(p.si > 0)
	k.Next.SetEnabled(p.si < len(p.lesson().steps)-1)
	k.PrevLesson.SetEnabled(p.li > 0)
	k.NextLesson.SetEnabled(p.li < len(p.all)-1)
	k.Open.SetHelp("o", p.openText())
	k.Run.SetEnabled(!p.running)
	k.Reset.SetEnabled(p.copy != nil && !p.running)
	k.ScrollDown.SetEnabled(p.rtop < p.rmax)
	k.ScrollUp.SetEnabled(p.rtop > 0)
	return k
}

// ShortHelp is the pane's keys for the help line.
func (p *Model) ShortHelp() []key.Binding {
	k := p.keyMap()
	return []key.Binding{k.Run, k.Next, k.Prev, k.NextLesson, k.Open, k.Reset, k.ScrollDown}
}

// FullHelp is every key of the pane.
func (p *Model) FullHelp() [][]key.Binding {
	k := p.keyMap()
	return [][]key.Binding{{k.Run, k.Next, k.Prev, k.NextLesson, k.PrevLesson, k.Open, k.Reset, k.ScrollDown, k.ScrollUp}}
}

func (p *Model) lesson() lesson { return p.all[p.li] }
func (p *Model) step() step     { return p.all[p.li].steps[p.si] }

// Lesson is the current lesson's number (from 1) and step (from 1).
func (p *Model) Lesson() (lesson, step int) { return p.li + 1, p.si + 1 }

// Copy is the current lesson's copy of its data set (nil before it runs).
func (p *Model) Copy() *engine.Engine {
	if p.copy == nil {
		return nil
	}
	return p.copy.eng
}

// LastRequest is the copy's last request, for the status bar.
func (p *Model) LastRequest() *engine.RequestRecord { return p.last }

// workspace names the copy for the root.
func (p *Model) workspace() kit.Workspace {
	l := p.all[p.copy.li]
	eng := p.copy.eng
	return kit.Workspace{API: eng, Label: fmt.Sprintf("lesson %d · %s: a copy of %s", p.copy.li+1, l.title, l.dataset), Close: eng.Close}
}

// openText says where o shows the step's request.
func (p *Model) openText() string {
	a := p.step().act
	switch {
	case a.read != nil, a.transact != nil, len(a.compare) > 0, len(a.side) > 0:
		return "open in 3 Query"
	case a.leftOut[0] != "":
		return "open in 2 Items"
	case a.check, a.savePattern != nil:
		return "open in 8 Patterns"
	}
	return "browse " + p.lesson().table
}

// resultMsg carries the result of running lesson li's step si, on the
// copy made for it (made: the command made the copy).
type resultMsg struct {
	li, si int
	res    *lessonResult
	made   *engine.Engine
	last   *engine.RequestRecord
	err    error // the copy could not be made
}

// copyMsg carries a copy made for o, and what o opens on it.
type copyMsg struct {
	li   int
	made *engine.Engine
	err  error
	open func(eng *engine.Engine) tea.Msg
}

// withCopy runs fn on the current lesson's copy, making the copy first
// when there is none.
func (p *Model) withCopy(fn func(eng *engine.Engine, made bool) tea.Msg) tea.Cmd {
	if p.copy != nil && p.copy.li == p.li {
		eng := p.copy.eng
		return func() tea.Msg { return fn(eng, false) }
	}
	dataset, now := p.lesson().dataset, kit.Now(p.api)
	return func() tea.Msg {
		eng, err := NewCopy(dataset, now)
		if err != nil {
			return resultMsg{err: err}
		}
		return fn(eng, true)
	}
}

// run runs the current step on the lesson's copy.
func (p *Model) run() tea.Cmd {
	p.running = true
	li, si, a := p.li, p.si, p.step().act
	return p.withCopy(func(eng *engine.Engine, made bool) tea.Msg {
		msg := resultMsg{li: li, si: si, res: doAction(eng, a)}
		if made {
			msg.made = eng
		}
		if rec, ok := eng.LastRequest(); ok {
			msg.last = &rec
		}
		return msg
	})
}

// open shows the current step's request or table in its pane, on the
// copy.
func (p *Model) open() tea.Cmd {
	a, l := p.step().act, p.lesson()
	var open func(eng *engine.Engine) tea.Msg
	switch {
	case a.read != nil:
		open = func(eng *engine.Engine) tea.Msg { return kit.OpenQueryMsg{In: a.read(engineNow(eng))} }
	case a.transact != nil:
		open = func(eng *engine.Engine) tea.Msg { return kit.OpenQueryMsg{In: a.transact(engineNow(eng))} }
	case len(a.compare) > 0:
		open = func(*engine.Engine) tea.Msg {
			return kit.OpenQueryMsg{In: &model.ExecuteStatementInput{Statement: a.compare[0]}}
		}
	case len(a.side) > 0:
		last := a.side[len(a.side)-1].read
		open = func(eng *engine.Engine) tea.Msg { return kit.OpenQueryMsg{In: last(engineNow(eng))} }
	case a.leftOut[0] != "":
		open = func(*engine.Engine) tea.Msg {
			return kit.OpenItemsMsg{Table: a.leftOut[0], Index: a.leftOut[1], LeftOut: true}
		}
	case a.check, a.savePattern != nil:
		open = func(*engine.Engine) tea.Msg { return kit.OpenPatternsMsg{} }
	default:
		open = func(*engine.Engine) tea.Msg { return kit.OpenItemsMsg{Table: l.table} }
	}
	li := p.li
	return p.withCopy(func(eng *engine.Engine, made bool) tea.Msg {
		m := copyMsg{li: li, open: open}
		if made {
			m.made = eng
		}
		return m
	})
}

// adopt takes a copy a command made for lesson li: it becomes the copy,
// announced to the root; a copy for a lesson left meanwhile is closed.
func (p *Model) adopt(li int, eng *engine.Engine) tea.Cmd {
	if eng == nil {
		return nil
	}
	if li != p.li || p.copy != nil {
		return func() tea.Msg { eng.Close(); return nil }
	}
	p.copy = &lessonCopy{li: li, eng: eng}
	return kit.Msg(kit.WorkspaceMsg{Workspace: p.workspace()})
}

// drop throws the copy away (the root closes it), with its results.
func (p *Model) drop() tea.Cmd {
	if p.copy == nil {
		return nil
	}
	ws := p.workspace()
	li := p.copy.li
	p.copy, p.last = nil, nil
	for k := range p.results {
		if k[0] == li {
			delete(p.results, k)
			delete(p.grids, k)
		}
	}
	p.ran = map[int]bool{}
	return kit.Msg(kit.WorkspaceMsg{Workspace: ws, Closed: true})
}

// Close closes the copy (the program ends).
func (p *Model) Close() {
	if p.copy != nil {
		p.copy.eng.Close()
		p.copy = nil
	}
}

// Update takes results, copies and keys.
func (p *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case resultMsg:
		p.running = false
		if msg.err != nil {
			k := [2]int{p.li, p.si}
			p.results[k] = &lessonResult{title: "a copy of " + p.lesson().dataset, err: kit.AsModelError(msg.err)}
			return nil
		}
		cmd := p.adopt(msg.li, msg.made)
		if p.copy == nil || p.copy.li != msg.li {
			return cmd
		}
		k := [2]int{msg.li, msg.si}
		p.results[k] = msg.res
		p.rtop, p.reveal = 0, true
		p.ran[msg.si] = true
		p.last = msg.last
		if len(msg.res.items) > 0 && msg.res.tg.Valid() {
			g := kit.NewGrid(msg.res.tg, msg.res.items, nil)
			p.grids[k] = &g
		} else {
			delete(p.grids, k)
		}
		if msg.res.changed {
			cmd = kit.Sequence(cmd, kit.Msg(kit.ChangedMsg{Note: ""}))
		}
		return cmd
	case copyMsg:
		cmd := p.adopt(msg.li, msg.made)
		if p.copy == nil || p.copy.li != msg.li {
			return cmd
		}
		ws := p.workspace()
		open := msg.open(p.copy.eng)
		switch o := open.(type) {
		case kit.OpenQueryMsg:
			o.Workspace = ws
			open = o
		case kit.OpenItemsMsg:
			o.Workspace = ws
			open = o
		case kit.OpenPatternsMsg:
			o.Workspace = ws
			open = o
		}
		return kit.Sequence(cmd, kit.Msg(open))
	case tea.KeyPressMsg:
		k := p.keyMap()
		li, si := p.li, p.si
		defer func() {
			if p.li != li || p.si != si {
				p.rtop = 0
			}
		}()
		switch {
		case key.Matches(msg, k.ScrollDown):
			p.rtop = min(p.rtop+max(p.h/4, 1), p.rmax)
		case key.Matches(msg, k.ScrollUp):
			p.rtop = max(p.rtop-max(p.h/4, 1), 0)
		case key.Matches(msg, k.Run) && !p.running:
			return p.run()
		case key.Matches(msg, k.Next) && k.Next.Enabled():
			p.si++
		case key.Matches(msg, k.Prev) && k.Prev.Enabled():
			p.si--
		case key.Matches(msg, k.NextLesson) && k.NextLesson.Enabled():
			p.li, p.si = p.li+1, 0
			return p.drop()
		case key.Matches(msg, k.PrevLesson) && k.PrevLesson.Enabled():
			p.li, p.si = p.li-1, 0
			return p.drop()
		case key.Matches(msg, k.Reset) && k.Reset.Enabled():
			return p.drop()
		case key.Matches(msg, k.Open):
			return p.open()
		}
	}
	return nil
}

// listWidth is the width of the lesson list, 0 when the pane is too narrow
// for it.
func (p *Model) listWidth() int {
	if p.w < 76 {
		return 0
	}
	return 30
}

// View draws the lesson list, the step and its result.
func (p *Model) View() string {
	st := p.st
	w := p.w
	l := p.lesson()
	dots := ""
	for i := range l.steps {
		switch {
		case i == p.si:
			dots += "◉"
		case p.results[[2]int{p.li, i}] != nil:
			dots += "●"
		default:
			dots += "○"
		}
	}
	head := st.Title.Render("Lesson "+kit.Itoa(p.li+1)+" of "+kit.Itoa(len(p.all))) + "  " + st.Bold.Render(l.title) + st.Dim.Render(" · "+l.table+" ("+l.dataset+")")
	out := []string{kit.Spread(head, fmt.Sprintf("step %d of %d %s", p.si+1, len(l.steps), dots), w), st.Dim.Render(strings.Repeat("─", max(w, 0)))}
	lw := p.listWidth()
	tw := w - lw
	if lw > 0 {
		tw -= 3
	}
	text := p.stepLines(tw)
	var list []string
	if lw > 0 {
		for i, ls := range p.all {
			mark := "  "
			s := st.TabOff
			if i == p.li {
				mark, s = "▸ ", st.Selected
			}
			list = append(list, s.Render(kit.Fit(mark+kit.Itoa(i+1)+" "+ls.title, lw)))
		}
	}
	for i := 0; i < max(len(text), len(list)); i++ {
		var left, right string
		if i < len(list) {
			left = list[i]
		}
		if i < len(text) {
			right = text[i]
		}
		if lw > 0 {
			out = append(out, kit.Fit(left, lw)+st.Dim.Render(" │ ")+right)
		} else {
			out = append(out, right)
		}
	}
	out = append(out, st.Dim.Render(strings.Repeat("─", max(w, 0))))
	room := p.h - len(out)
	res := p.resultLines(room)
	if len(res) <= room || room < 1 {
		p.rmax, p.rtop = 0, 0
		return strings.Join(append(out, res...), "\n")
	}
	// The step and its result do not fit: below the title they scroll
	// together (pgdn/pgup), the result whole, from its first line once it
	// arrives.
	const top = 2 // the title and its rule stay
	body := append(append([]string{}, out[top:]...), p.resultLines(maxResultLines)...)
	avail := p.h - top - 1
	p.rmax = max(len(body)-avail, 0)
	if p.reveal {
		p.rtop, p.reveal = len(out)-top, false
	}
	p.rtop = max(min(p.rtop, p.rmax), 0)
	end := min(p.rtop+avail, len(body))
	more := fmt.Sprintf("lines %d–%d of %d · pgdn/pgup scroll", p.rtop+1, end, len(body))
	shown := append(append([]string{}, out[:top]...), body[p.rtop:end]...)
	return strings.Join(append(shown, st.Dim.Render(kit.Cut(more, w))), "\n")
}

// maxResultLines bounds a result drawn whole, to be scrolled.
const maxResultLines = 400

// stepLines is the step's title, explanation and action, wrapped to w.
func (p *Model) stepLines(w int) []string {
	st := p.st
	s := p.step()
	out := []string{st.Header.Render(kit.Cut(kit.Itoa(p.si+1)+" · "+s.title, w))}
	out = append(out, kit.Wrap(s.text, w)...)
	out = append(out, "")
	run := "[enter] "
	if p.running {
		run = "running… "
	}
	out = append(out, kit.Cut(st.Key.Render(run)+s.act.label, w))
	out = append(out, kit.WrapStyled(st.Dim, "[o] "+p.openText()+" · [←/→] steps · [↑/↓] lessons · [r] fresh copy", w)...)
	if later := p.laterSteps(); len(later) > 0 {
		out = append(out, kit.WrapStyled(st.Warn, fmt.Sprintf("The copy has seen step %s already: r starts the lesson over on a fresh copy.", strings.Join(later, ", ")), w)...)
	}
	return out
}

// laterSteps are the steps after the current one that ran on the copy.
func (p *Model) laterSteps() []string {
	var out []string
	for i := p.si + 1; i < len(p.lesson().steps); i++ {
		if p.ran[i] {
			out = append(out, kit.Itoa(i+1))
		}
	}
	return out
}

// resultLines is the result of the current step in h lines.
func (p *Model) resultLines(h int) []string {
	st := p.st
	w := p.w
	k := [2]int{p.li, p.si}
	res := p.results[k]
	if res == nil {
		where := "a fresh copy of " + p.lesson().dataset + " (your tables are not touched)"
		if p.copy != nil {
			where = "the lesson's copy of " + p.lesson().dataset
		}
		return kit.WrapStyled(st.Dim, "Press enter to run this step on "+where+"; the result and what it cost appear here.", w)
	}
	var out []string
	for _, n := range res.before {
		if strings.HasPrefix(n, "✓ ") {
			out = append(out, st.OK.Render(kit.Cut(n, w)))
			continue
		}
		out = append(out, kit.Cut("  "+n, w))
	}
	notes := func() {
		for _, n := range res.notes {
			out = append(out, kit.Cut("  "+n, w))
		}
	}
	if res.err != nil && len(res.err.CancellationReasons) > 0 {
		// a cancelled transaction: the reasons, in request order, say more
		// than the exception's box
		for _, l := range kit.Wrap("✗ "+res.title+": "+res.err.Code, w) {
			out = append(out, st.Error.Render(l))
		}
		out = append(out, p.wrappedLines(res, w)...)
		notes()
		for _, l := range kit.Wrap(res.err.Message, w-2) {
			out = append(out, st.Dim.Render("  "+l))
		}
		return out
	}
	if res.err != nil {
		out = append(out, st.Error.Render(kit.Cut("✗ "+res.title+": rejected", w)))
		out = append(out, kit.ErrorBox(st, res.err, w)...)
		notes()
		return out
	}
	for _, l := range kit.Wrap("✓ "+res.title, w) {
		out = append(out, st.OK.Render(l))
	}
	for _, l := range res.lines {
		for _, part := range kit.Wrap(l, w-2) {
			out = append(out, st.Dim.Render("  "+part))
		}
	}
	notes()
	out = append(out, p.wrappedLines(res, w)...)
	for _, r := range res.rows {
		out = append(out, kit.Cut("  "+r, w))
	}
	if g := p.grids[k]; g != nil {
		room := h - len(out) - 1 // the column header takes a line
		more := len(g.Rows) > room
		if more {
			room-- // and so does the note
		}
		room = max(room, 1)
		out = append(out, g.Render(st, nil, 0, room, -1, 0, w, false)...)
		if more {
			out = append(out, st.Dim.Render(fmt.Sprintf("  … %d more (o: %s)", len(g.Rows)-room, p.openText())))
		}
	}
	return out
}

// wrappedLines draws a result's wrapped lines: each wrapped to w under
// its own indent, the engine's explanations (indented) dim, a line marked
// failed ("✗") in the error style.
func (p *Model) wrappedLines(res *lessonResult, w int) []string {
	st := p.st
	var out []string
	for _, l := range res.wrapped {
		body := strings.TrimLeft(l, " ")
		indent := "  " + l[:len(l)-len(body)]
		style := st.Bold
		switch {
		case strings.HasPrefix(body, "✗"):
			style = st.Error
		case len(indent) > 2:
			style = st.Dim
		}
		for i, part := range kit.Wrap(body, max(w-len(indent)-2, 10)) {
			pad := indent
			if i > 0 {
				pad += "  "
			}
			out = append(out, style.Render(pad+part))
		}
	}
	return out
}

// Result is the title and error of the current step's result (for
// tests): ok is false before it ran.
func (p *Model) Result() (title string, err *model.Error, items []model.Item, rows []string, ok bool) {
	res := p.results[[2]int{p.li, p.si}]
	if res == nil {
		return "", nil, nil, nil, false
	}
	return res.title, res.err, res.items, res.rows, true
}

// Title is the current lesson's title and table.
func (p *Model) Title() (title, table string) { return p.lesson().title, p.lesson().table }
