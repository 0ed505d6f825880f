package ui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// width is the number of terminal cells s takes (ANSI sequences excluded).
func width(s string) int { return ansi.StringWidth(s) }

// fit cuts s to w cells (with an ellipsis) or pads it with spaces to w.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := width(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-n)
}

// cut cuts s to at most w cells without padding.
func cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if width(s) > w {
		return ansi.Truncate(s, w, "…")
	}
	return s
}

// padLeft right-aligns s in w cells.
func padLeft(s string, w int) string {
	n := width(s)
	if n >= w {
		return cut(s, w)
	}
	return strings.Repeat(" ", w-n) + s
}

// spread puts left and right on one line of w cells, cutting left first.
func spread(left, right string, w int) string {
	rw := width(right)
	if rw >= w {
		return cut(right, w)
	}
	lw := w - rw - 1
	l := cut(left, lw)
	return l + strings.Repeat(" ", w-width(l)-rw) + right
}

// box draws a rounded box of outer size w x h around lines, with title set
// in the top border. Lines are cut or padded to the inner width; missing
// lines are blank.
func box(st Styles, title string, lines []string, w, h int, focused bool) string {
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
		t := cut(title, inner-3)
		rest := inner - 3 - width(t)
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
		b.WriteString(fit(l, inner))
		b.WriteString(side)
	}
	b.WriteByte('\n')
	b.WriteString(bs.Render("╰" + strings.Repeat("─", inner) + "╯"))
	return b.String()
}

// joinColumns places blocks of lines side by side.
func joinColumns(blocks ...string) string {
	return lipgloss.JoinHorizontal(lipgloss.Top, blocks...)
}

// lines splits a rendered block into lines.
func lines(s string) []string { return strings.Split(s, "\n") }

// window returns the visible slice [top, top+h) of n rows such that cursor
// stays visible, moving top as little as possible.
func window(top, cursor, n, h int) int {
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
