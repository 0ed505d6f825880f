package kit

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Width is the number of terminal cells s takes (escape codes excluded).
func Width(s string) int { return ansi.StringWidth(s) }

// Fit cuts s to w cells (with an ellipsis) or pads it with spaces to w.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := Width(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-n)
}

// Cut cuts s to at most w cells without padding.
func Cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if Width(s) > w {
		return ansi.Truncate(s, w, "…")
	}
	return s
}

// PadLeft right-aligns s in w cells.
func PadLeft(s string, w int) string {
	n := Width(s)
	if n >= w {
		return Cut(s, w)
	}
	return strings.Repeat(" ", w-n) + s
}

// Spread puts left and right on one line of w cells, cutting left first.
func Spread(left, right string, w int) string {
	rw := Width(right)
	if rw >= w {
		return Cut(right, w)
	}
	lw := w - rw - 1
	l := Cut(left, lw)
	return l + strings.Repeat(" ", w-Width(l)-rw) + right
}

// TitleLine is a pane's first line: a name, then what is said of it on
// the right when it fits in w cells (else after the name, cut), so the
// name is never the part cut.
func TitleLine(st *Styles, name, right string, w int) string {
	t := st.Title.Render(name)
	if Width(t)+Width(right)+2 <= w {
		return Spread(t, right, w)
	}
	return Cut(t+"  "+right, w)
}

// Box draws a rounded box of outer size w x h around lines, with title set
// in the top border. Lines are cut or padded to the inner width; missing
// lines are blank.
func Box(st *Styles, title string, lines []string, w, h int, focused bool) string {
	if w < 4 || h < 2 {
		return ""
	}
	bs := st.Border
	if focused {
		bs = st.BorderOn
	}
	inner := w - 2
	var b strings.Builder
	if title != "" && inner > 4 {
		t := Cut(title, inner-3)
		rest := inner - 3 - Width(t)
		b.WriteString(bs.Render("╭─ "))
		b.WriteString(t)
		b.WriteString(bs.Render(" " + strings.Repeat("─", rest) + "╮"))
	} else {
		b.WriteString(bs.Render("╭" + strings.Repeat("─", inner) + "╮"))
	}
	side := bs.Render("│")
	for i := 0; i < h-2; i++ {
		b.WriteByte('\n')
		l := ""
		if i < len(lines) {
			l = lines[i]
		}
		b.WriteString(side)
		b.WriteString(Fit(l, inner))
		b.WriteString(side)
	}
	b.WriteByte('\n')
	b.WriteString(bs.Render("╰" + strings.Repeat("─", inner) + "╯"))
	return b.String()
}

// JoinColumns places blocks of lines side by side.
func JoinColumns(blocks ...string) string {
	return lipgloss.JoinHorizontal(lipgloss.Top, blocks...)
}

// Lines splits a rendered block into lines.
func Lines(s string) []string { return strings.Split(s, "\n") }

// Window returns the first visible row of n rows shown h at a time such
// that cursor stays visible, moving top as little as possible.
func Window(top, cursor, n, h int) int {
	if h <= 0 {
		return 0
	}
	if cursor < top {
		top = cursor
	}
	if cursor >= top+h {
		top = cursor - h + 1
	}
	if top > n-h {
		top = n - h
	}
	if top < 0 {
		top = 0
	}
	return top
}

// Wrap breaks s into lines of at most w cells, at spaces where it can.
func Wrap(s string, w int) []string {
	if w < 1 {
		w = 1
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			for Width(word) > w {
				if line != "" {
					out = append(out, line)
					line = ""
				}
				head := ansi.Truncate(word, w, "")
				out = append(out, head)
				word = word[len(head):]
			}
			switch {
			case line == "":
				line = word
			case Width(line)+1+Width(word) <= w:
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

// WrapStyled wraps text to w cells and renders each line in style.
func WrapStyled(style lipgloss.Style, text string, w int) []string {
	var out []string
	for _, l := range Wrap(text, w) {
		out = append(out, style.Render(l))
	}
	return out
}

// WrapIndented wraps text to w cells behind indent (every line), each
// line rendered in style: an explanation that must not be cut.
func WrapIndented(style lipgloss.Style, indent, text string, w int) []string {
	var out []string
	for _, l := range Wrap(text, max(w-Width(indent), 10)) {
		out = append(out, style.Render(indent+l))
	}
	return out
}

// SpreadOrStack is Spread when left and right fit on one line of w cells
// with room between them; otherwise left, wrapped and rendered in style,
// and then right, right-aligned on a line of its own: neither is cut.
func SpreadOrStack(style lipgloss.Style, left, right string, w int) []string {
	if Width(left)+Width(right)+2 <= w {
		return []string{Spread(style.Render(left), right, w)}
	}
	return append(WrapStyled(style, left, w), PadLeft(right, w))
}

// JoinWrapped joins pieces with sep after head into lines of at most w
// cells, breaking only between pieces (each may be styled); further lines
// start with indent. A piece wider than a line is cut.
func JoinWrapped(head string, pieces []string, sep, indent string, w int) []string {
	var out []string
	line, fresh := head, true
	for _, pc := range pieces {
		switch {
		case fresh && line != "" && Width(line)+Width(pc) > w && Width(indent)+Width(pc) <= w:
			// the first piece fits under the head, not beside it
			out = append(out, strings.TrimRight(line, " "))
			line = indent + pc
		case fresh:
			line += pc
		case Width(line)+Width(sep)+Width(pc) <= w:
			line += sep + pc
		default:
			out = append(out, Cut(line, w))
			line = indent + pc
		}
		fresh = false
	}
	return append(out, Cut(line, w))
}

// TitleLines is TitleLine when the name and what is said of it fit on
// one line of w cells; otherwise the name, then what is said, wrapped
// under it: nothing is cut.
func TitleLines(st *Styles, name, right string, w int) []string {
	t := st.Title.Render(name)
	if Width(t)+Width(right)+2 <= w {
		return []string{Spread(t, right, w)}
	}
	return append([]string{Cut(t, w)}, WrapIndented(lipgloss.NewStyle(), "  ", right, w)...)
}

// HeadNote is a section header with a dim note beside it, or, when the
// two do not fit in w cells, the header and the note wrapped under it.
func HeadNote(st *Styles, head, note string, w int) []string {
	if Width(head)+2+Width(note) <= w {
		return []string{st.Header.Render(head) + st.Dim.Render("  "+note)}
	}
	return append([]string{st.Header.Render(head)}, WrapIndented(st.Dim, "  ", note, w)...)
}

// WrapParts wraps parts joined by sep to lines of w cells: a part
// continues the line when its own first line (the whole part, if it fits
// in w) fits after sep, else starts a line of its own (a line never begins
// with sep); a part wider than a line wraps between its words.
func WrapParts(parts []string, sep string, w int) []string {
	var out []string
	for _, part := range parts {
		pl := Wrap(part, w)
		if n := len(out); n > 0 && Width(out[n-1])+Width(sep)+Width(pl[0]) <= w {
			out[n-1] += sep + pl[0]
			pl = pl[1:]
		}
		out = append(out, pl...)
	}
	return out
}

// HardWrap cuts a line wider than w cells into pieces of at most w cells,
// after a space where one falls in a piece's second half, every character
// kept (spaces too); the pieces after the first start with indent. A line
// that fits is returned as it is.
func HardWrap(s string, w int, indent string) []string {
	if Width(s) <= w || w <= Width(indent) {
		return []string{s}
	}
	var out []string
	for first := true; Width(s) > 0; first = false {
		room := w
		if !first {
			room -= Width(indent)
		}
		head := ansi.Truncate(s, room, "")
		if head == "" { // a character wider than the room
			head = string([]rune(s)[:1])
		}
		if len(head) < len(s) {
			// break after a space in the second half of the piece, if any
			if i := strings.LastIndexByte(head, ' '); i >= len(head)/2 {
				head = head[:i+1]
			}
		}
		if first {
			out = append(out, head)
		} else {
			out = append(out, indent+head)
		}
		s = s[len(head):]
	}
	return out
}

// Itoa is strconv.Itoa.
func Itoa(n int) string { return strconv.Itoa(n) }

// FmtInt is an integer with thousands separators: "20,000".
func FmtInt(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// Plural is "1 item", "2 items", "1,500 items": n and the word, in the
// plural unless n is 1 (plural is the plural form; "" adds an s).
func Plural(n int64, word, plural string) string {
	if n == 1 {
		return "1 " + word
	}
	if plural == "" {
		plural = word + "s"
	}
	return FmtInt(n) + " " + plural
}

// NItems is "1 item" or "n items".
func NItems(n int) string { return Plural(int64(n), "item", "") }

// FmtUnits is a unit count: whole numbers with separators, else one decimal.
func FmtUnits(u float64) string {
	if math.Abs(u-math.Round(u)) < 1e-9 || math.Abs(u) >= 1000 {
		return FmtInt(int64(math.Round(u)))
	}
	return strconv.FormatFloat(u, 'f', 1, 64)
}

// Units renders capacity units as DynamoDB reports them ("1", "2.5").
func Units(u float64) string { return strconv.FormatFloat(u, 'f', -1, 64) }

// FmtSpan is a duration for people: "45 s", "2 min 30 s", "29 min" (no
// seconds past ten minutes), "3 h 5 min", "6 d 23 h".
func FmtSpan(d time.Duration) string {
	if d < 0 {
		d = -d
	}
	s := int64(d / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%d s", s)
	case s < 3600:
		if s%60 == 0 || s >= 600 {
			return fmt.Sprintf("%d min", s/60)
		}
		return fmt.Sprintf("%d min %d s", s/60, s%60)
	case s < 86400:
		if s%3600/60 == 0 {
			return fmt.Sprintf("%d h", s/3600)
		}
		return fmt.Sprintf("%d h %d min", s/3600, s%3600/60)
	}
	if s%86400/3600 == 0 {
		return fmt.Sprintf("%d d", s/86400)
	}
	return fmt.Sprintf("%d d %d h", s/86400, s%86400/3600)
}

// FmtSpanExact is a duration to the second, every unit that is not zero:
// "4 d 23 h 56 min", "1 h 30 s", "0 s" (a clock jump says exactly how far).
func FmtSpanExact(d time.Duration) string {
	if d < 0 {
		d = -d
	}
	s := int64(d / time.Second)
	var parts []string
	for _, u := range []struct {
		n    int64
		name string
	}{{86400, "d"}, {3600, "h"}, {60, "min"}, {1, "s"}} {
		if q := s / u.n; q > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", q, u.name))
			s -= q * u.n
		}
	}
	if len(parts) == 0 {
		return "0 s"
	}
	return strings.Join(parts, " ")
}

// HumanBytes renders a byte count as DynamoDB's console does (1 KB = 1024 B).
func HumanBytes(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	case n < 1<<30:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.2f GB", float64(n)/(1<<30))
}
