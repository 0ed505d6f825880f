package transfer

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// header is the dialog's title, wrapped (never cut), and a rule.
func header(st *kit.Styles, title string, w int) []string {
	return append(kit.WrapStyled(st.Title, title, w), st.Dim.Render(strings.Repeat("─", max(w, 0))))
}

// fieldLine is "label: [value]".
func fieldLine(st *kit.Styles, label string, f kit.Field, w int) string {
	return st.Bold.Render(label) + st.FieldEdit.Render(f.View(true, max(w-kit.Width(label)-1, 10)))
}

// fit keeps the first h lines (a dialog never draws past its pane).
func fit(lines []string, h int) string {
	if h > 0 && len(lines) > h {
		lines = lines[:h]
	}
	return strings.Join(lines, "\n")
}

// View draws the dialog: the path and the format; the question; the
// progress; the outcome.
func (e *Export) View() string {
	st, w := e.st, e.w
	if e.stage == stageAsk && e.ask != nil {
		return e.ask.View()
	}
	out := header(st, "Export "+e.req.What, w)
	switch e.stage {
	case stagePath:
		out = append(out, fieldLine(st, "to file: ", e.path, w), kit.Cut("format:  "+formatChoice(e.Format()), w))
		out = append(out, kit.WrapStyled(st.Dim, "tab changes the format; a name ending .csv or .ddb.jsonl says it", w)...)
		out = append(out, "")
		if e.why != "" {
			out = append(out, st.Warn.Render(kit.Cut("not yet: "+e.why, w)), "")
		}
		out = append(out, kit.Wrap(e.about(), w)...)
		if kit.IsRemote(e.api) {
			out = append(out, "")
			for _, l := range e.costLines()[:1] {
				out = append(out, kit.WrapStyled(st.Warn, l, w)...)
			}
		}
		out = append(out, "")
		out = append(out, kit.WrapStyled(st.Dim, "enter exports (a file that exists is replaced only if you say so) · esc cancels", w)...)
	case stageRunning:
		out = append(out, kit.Wrap("writing "+e.path.String()+" as "+string(e.Format()), w)...)
		out = append(out, "")
		if n := e.total(); n > 0 {
			out = append(out, kit.ProgressBar(st, min(float64(e.prog.Items)/float64(n), 1), w))
		}
		out = append(out, kit.Cut(progressText(e.prog), w), "")
		if e.run != nil && e.run.stopping {
			out = append(out, st.Warn.Render(kit.Cut("stopping after the page in flight…", w)))
		} else {
			out = append(out, kit.WrapStyled(st.Dim, "esc stops (after the page in flight; nothing is written)", w)...)
		}
	case stageDone:
		style := st.OK
		if e.end.err != nil {
			style = st.Warn
		}
		out = append(out, kit.WrapStyled(style, e.summary(), w)...)
		if e.end.err != nil && !e.end.stopped {
			out = append(out, kit.ErrorBox(st, kit.AsModelError(e.end.err), w)...)
		}
		out = append(out, "", st.Dim.Render(kit.Cut("enter or esc closes", w)))
	}
	return fit(out, e.h)
}

// formatChoice shows the formats, the one chosen in brackets:
// "jsonl  [ddb-json]  csv".
func formatChoice(f itemfmt.Format) string {
	var parts []string
	for _, g := range itemfmt.Formats {
		if g == f {
			parts = append(parts, "["+string(g)+"]")
		} else {
			parts = append(parts, " "+string(g)+" ")
		}
	}
	return strings.Join(parts, " ")
}

// about says what the export reads and writes.
func (e *Export) about() string {
	r := e.req.Read
	var s string
	switch {
	case r.Query != nil:
		s = "Every item of the Query, page after page, as 3 Query runs it (its projection and filter included)."
	case !r.Whole():
		s = "Every item of the Scan, page after page, as 3 Query runs it (its projection and filter included)."
	case r.Index() != "":
		s = "Every item of the index, with the attributes it projects."
	default:
		s = "Every item of the table."
	}
	if d := e.req.Desc; d != nil && r.Whole() && r.Index() == "" {
		s += " It holds " + kit.Approx(e.api, d.ItemCount) + " items."
	}
	return s + " The file is the one 'dynoscope export' writes (docs/FORMATS.md)."
}

// total is how many items the export should write, when known (a whole
// table).
func (e *Export) total() int64 {
	if d := e.req.Desc; d != nil && e.req.Read.Whole() && e.req.Read.Index() == "" {
		return d.ItemCount
	}
	if e.est != nil && e.req.Read.Whole() {
		return e.est.Items
	}
	return 0
}

// ShortHelp is the dialog's keys at its stage.
func (e *Export) ShortHelp() []key.Binding {
	k := e.keys
	switch e.stage {
	case stageAsk:
		return e.ask.ShortHelp()
	case stageRunning:
		stop := k.Stop
		stop.SetHelp(stop.Help().Key, "stop")
		return []key.Binding{stop}
	case stageDone:
		return []key.Binding{closeKey(k)}
	}
	start, stop := k.Start, k.Stop
	start.SetHelp(start.Help().Key, "export")
	stop.SetHelp(stop.Help().Key, "cancel")
	return []key.Binding{start, k.Format, stop}
}

// FullHelp is the dialog's keys.
func (e *Export) FullHelp() [][]key.Binding { return [][]key.Binding{e.ShortHelp()} }
