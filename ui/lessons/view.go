package lessons

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/ui/kit"
)

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
	out := append(p.titleLines(dots), st.Dim.Render(strings.Repeat("─", max(w, 0))))
	top := len(out) // the title and its rule stay when the rest scrolls
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
	res := p.resultLines(max(room, 0))
	if len(res) <= room || p.h-top-1 < 1 {
		p.rmax, p.rtop = 0, 0
		return strings.Join(append(out, res...), "\n")
	}
	// The step and its result do not fit: below the title they scroll
	// together (pgdn/pgup), the result whole, from its first line once it
	// arrives.
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

// titleLines name the lesson, its table and the step: one line when it
// fits, else "Lesson n of m" and the step on the first and the lesson's
// title wrapped under them (it was cut).
func (p *Model) titleLines(dots string) []string {
	st, w, l := p.st, p.w, p.lesson()
	which := st.Title.Render("Lesson " + kit.Itoa(p.li+1) + " of " + kit.Itoa(len(p.all)))
	step := fmt.Sprintf("step %d of %d %s", p.si+1, len(l.steps), dots)
	title := st.Bold.Render(l.title) + st.Dim.Render(" · "+l.table+" ("+l.dataset+")")
	if kit.Width(which)+2+kit.Width(title)+2+kit.Width(step) <= w {
		return []string{kit.Spread(which+"  "+title, step, w)}
	}
	out := []string{kit.Spread(which, step, w)}
	for _, line := range kit.Wrap(l.title+" · "+l.table+" ("+l.dataset+")", w) {
		out = append(out, st.Bold.Render(line))
	}
	return out
}

// maxResultLines bounds a result drawn whole, to be scrolled.
const maxResultLines = 400

// stepLines is the step's title, explanation and action, wrapped to w.
func (p *Model) stepLines(w int) []string {
	st := p.st
	s := p.step()
	out := kit.WrapStyled(st.Header, kit.Itoa(p.si+1)+" · "+s.title, w)
	out = append(out, kit.Wrap(s.text, w)...)
	out = append(out, "")
	run := "[enter] "
	if p.running {
		run = "running… "
	}
	for i, line := range kit.Wrap(run+s.act.label, w) { // the action whole, wrapped
		if rest, ok := strings.CutPrefix(line, run); ok && i == 0 {
			line = st.Key.Render(run) + rest
		}
		out = append(out, line)
	}
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
