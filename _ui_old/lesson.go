package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// lessonsPane (tab 7) lists the lessons, shows the current step's
// explanation and action, and below them the result of running it: what
// the request returned, the capacity it consumed with the engine's
// itemised explanation, or DynamoDB's error.
type lessonsPane struct {
	st      Styles
	keys    lessonKeys
	api     engine.API
	all     []lesson
	li, si  int
	results map[[2]int]*lessonResult
	grids   map[[2]int]*grid
	running bool
	w, h    int
}

type lessonKeys struct {
	Run, Next, Prev, NextLesson, PrevLesson, Open key.Binding
}

func (k lessonKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Run, k.Next, k.Prev, k.NextLesson, k.Open}
}

func (k lessonKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Run, k.Next, k.Prev, k.NextLesson, k.PrevLesson, k.Open}}
}

func newLessonsPane(st Styles, km keymap.KeyMap, api engine.API) lessonsPane {
	ek := km.Editing
	return lessonsPane{st: st, api: api, all: lessons(), results: map[[2]int]*lessonResult{}, grids: map[[2]int]*grid{},
		keys: lessonKeys{Run: ek.RunStep, Next: ek.NextStep, Prev: ek.PrevStep, NextLesson: ek.NextLesson, PrevLesson: ek.PrevLesson, Open: ek.OpenInPane}}
}

func (p *lessonsPane) SetSize(w, h int) { p.w, p.h = w, h }

// keyMap enables the bindings that apply to the current step.
func (p lessonsPane) keyMap() lessonKeys {
	k := p.keys
	k.Prev.SetEnabled(p.si > 0)
	k.Next.SetEnabled(p.si < len(p.lesson().steps)-1)
	k.PrevLesson.SetEnabled(p.li > 0)
	k.NextLesson.SetEnabled(p.li < len(p.all)-1)
	k.Open.SetHelp("o", p.openText())
	k.Run.SetEnabled(!p.running)
	return k
}

func (p *lessonsPane) lesson() lesson { return p.all[p.li] }
func (p *lessonsPane) step() step     { return p.all[p.li].steps[p.si] }

// openText says where o shows the step's request.
func (p *lessonsPane) openText() string {
	a := p.step().act
	switch {
	case a.read != nil:
		return "open in 3 Query"
	case a.leftOut[0] != "":
		return "open in 2 Items"
	}
	return "browse " + p.lesson().table
}

func (p lessonsPane) Update(msg tea.Msg) (lessonsPane, tea.Cmd) {
	switch msg := msg.(type) {
	case lessonMsg:
		p.running = false
		k := [2]int{msg.li, msg.si}
		p.results[k] = msg.res
		if len(msg.res.items) > 0 && msg.res.tg.valid() {
			g := newGrid(msg.res.tg, msg.res.items, nil)
			p.grids[k] = &g
		} else {
			delete(p.grids, k)
		}
		return p, nil
	case tea.KeyMsg:
		k := p.keyMap()
		switch {
		case key.Matches(msg, k.Run) && !p.running:
			p.running = true
			return p, runStep(p.api, p.li, p.si, p.step().act)
		case key.Matches(msg, k.Next) && k.Next.Enabled():
			p.si++
		case key.Matches(msg, k.Prev) && k.Prev.Enabled():
			p.si--
		case key.Matches(msg, k.NextLesson) && k.NextLesson.Enabled():
			p.li, p.si = p.li+1, 0
		case key.Matches(msg, k.PrevLesson) && k.PrevLesson.Enabled():
			p.li, p.si = p.li-1, 0
		case key.Matches(msg, k.Open):
			return p, p.open()
		}
	}
	return p, nil
}

// open shows the current step's request or table in its pane.
func (p *lessonsPane) open() tea.Cmd {
	a, l, api := p.step().act, p.lesson(), p.api
	switch {
	case a.read != nil:
		return func() tea.Msg { return openQueryMsg{in: a.read(engineNow(api))} }
	case a.leftOut[0] != "":
		return func() tea.Msg { return openItemsMsg{table: a.leftOut[0], index: a.leftOut[1], leftOut: true} }
	}
	return func() tea.Msg { return openItemsMsg{table: l.table} }
}

// listWidth is the width of the lesson list, 0 when the pane is too narrow
// for it.
func (p lessonsPane) listWidth() int {
	if p.w < 76 {
		return 0
	}
	return 30
}

func (p lessonsPane) View(focused bool) string {
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
	head := st.Title.Render("Lesson "+itoa(p.li+1)+" of "+itoa(len(p.all))) + "  " + st.Bold.Render(l.title) + st.Dim.Render(" · "+l.table+" ("+l.dataset+")")
	out := []string{spread(head, fmt.Sprintf("step %d of %d %s", p.si+1, len(l.steps), dots), w), st.Dim.Render(strings.Repeat("─", w))}
	lw := p.listWidth()
	tw := w - lw
	if lw > 0 {
		tw -= 3
	}
	text := p.stepLines(tw, focused)
	var list []string
	if lw > 0 {
		for i, ls := range p.all {
			mark := "  "
			s := st.TabOff
			if i == p.li {
				mark, s = "▸ ", st.Selected
			}
			list = append(list, s.Render(fit(mark+itoa(i+1)+" "+ls.title, lw)))
		}
	}
	n := len(text)
	if len(list) > n {
		n = len(list)
	}
	for i := 0; i < n; i++ {
		var left, right string
		if i < len(list) {
			left = list[i]
		}
		if i < len(text) {
			right = text[i]
		}
		if lw > 0 {
			out = append(out, fit(left, lw)+st.Dim.Render(" │ ")+right)
		} else {
			out = append(out, right)
		}
	}
	out = append(out, st.Dim.Render(strings.Repeat("─", w)))
	out = append(out, p.resultLines(p.h-len(out))...)
	return strings.Join(out, "\n")
}

// stepLines is the step's title, explanation and action, wrapped to w.
func (p lessonsPane) stepLines(w int, focused bool) []string {
	st := p.st
	s := p.step()
	out := []string{st.Header.Render(cut(itoa(p.si+1)+" · "+s.title, w))}
	out = append(out, wrap(s.text, w)...)
	out = append(out, "")
	run := "[enter] "
	if p.running {
		run = "running… "
	}
	out = append(out, cut(st.Key.Render(run)+s.act.label, w))
	out = append(out, st.Dim.Render(cut("[o] "+p.openText()+"   [←/→] steps   [↑/↓] lessons", w)))
	return out
}

// resultLines is the result of the current step in h lines.
func (p lessonsPane) resultLines(h int) []string {
	st := p.st
	w := p.w
	k := [2]int{p.li, p.si}
	res := p.results[k]
	if res == nil {
		return []string{st.Dim.Render(cut("Press enter to run this step; the result and what it cost appear here.", w))}
	}
	var out []string
	for _, n := range res.before {
		if strings.HasPrefix(n, "✓ ") {
			out = append(out, st.OK.Render(cut(n, w)))
			continue
		}
		out = append(out, cut("  "+n, w))
	}
	notes := func() {
		for _, n := range res.notes {
			out = append(out, cut("  "+n, w))
		}
	}
	if res.err != nil {
		out = append(out, st.Error.Render(cut("✗ "+res.title+": rejected", w)))
		out = append(out, errorBox(st, res.err, w)...)
		notes()
		if res.err.Code == model.ErrResourceNotFound {
			l := p.lesson()
			out = append(out, wrapDim(st, "This lesson needs the "+l.dataset+" data set: start dynoscope with --fixtures all (or "+l.dataset+").", w)...)
		}
		return out
	}
	for _, l := range wrap("✓ "+res.title, w) {
		out = append(out, st.OK.Render(l))
	}
	for _, l := range res.lines {
		for _, part := range wrap(l, w-2) {
			out = append(out, st.Dim.Render("  "+part))
		}
	}
	notes()
	for _, r := range res.rows {
		out = append(out, cut("  "+r, w))
	}
	if g := p.grids[k]; g != nil {
		room := h - len(out) - 1 // the column header takes a line
		more := len(g.rows) > room
		if more {
			room-- // and so does the note
		}
		if room < 1 {
			room = 1
		}
		out = append(out, g.render(st, nil, 0, room, -1, 0, w, false)...)
		if more {
			out = append(out, st.Dim.Render(fmt.Sprintf("  … %d more (o: %s)", len(g.rows)-room, p.openText())))
		}
	}
	if len(out) > h {
		out = out[:h]
	}
	return out
}
