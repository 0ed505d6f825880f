package kit

import (
	"reflect"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
)

// HardWrap keeps every character of a line (a JSON value reads back
// exactly), breaks after a space where one falls in a piece's second half,
// and indents the pieces after the first.
func TestHardWrap(t *testing.T) {
	for _, tt := range []struct {
		s      string
		w      int
		indent string
		want   []string
	}{
		{`"S": "short"`, 20, "  ", []string{`"S": "short"`}},
		{"aaaa bbbb cccc", 10, "  ", []string{"aaaa bbbb ", "  cccc"}},
		{"abcdefghijklmnop", 6, "  ", []string{"abcdef", "  ghij", "  klmn", "  op"}},
		{"a  bcdefghij", 6, "", []string{"a  bcd", "efghij"}}, // the only space is in the first half
		{"日本語のテキスト", 6, "", []string{"日本語", "のテキ", "スト"}},
	} {
		got := HardWrap(tt.s, tt.w, tt.indent)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("HardWrap(%q, %d): %q, want %q", tt.s, tt.w, got, tt.want)
		}
		joined := got[0]
		for _, p := range got[1:] {
			joined += strings.TrimPrefix(p, tt.indent)
		}
		if joined != tt.s {
			t.Errorf("HardWrap(%q): pieces read back %q", tt.s, joined)
		}
		for _, p := range got {
			if Width(p) > tt.w {
				t.Errorf("HardWrap(%q, %d): piece %q is wider", tt.s, tt.w, p)
			}
		}
	}
}

// WrapParts never starts a line with the separator; a part continues a
// line when its own first line fits after the separator.
func TestWrapParts(t *testing.T) {
	for _, tt := range []struct {
		parts []string
		w     int
		want  []string
	}{
		{[]string{"keeps 24 h", "now 3 records"}, 40, []string{"keeps 24 h · now 3 records"}},
		{[]string{"keeps 24 h, at most 100 records", "now 3 records"}, 34, []string{"keeps 24 h, at most 100 records", "now 3 records"}},
		{[]string{"keeps 24 h, at most 100 records", "now 3 records"}, 20, []string{"keeps 24 h, at most", "100 records", "now 3 records"}},
		{[]string{"keeps 24 h, at most 100", "now 3"}, 20, []string{"keeps 24 h, at most", "100 · now 3"}},
	} {
		if got := WrapParts(tt.parts, " · ", tt.w); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("WrapParts(%q, %d): %q, want %q", tt.parts, tt.w, got, tt.want)
		}
	}
}

// JoinWrapped breaks only between pieces, after the head, and indents the
// lines after the first.
func TestJoinWrapped(t *testing.T) {
	got := JoinWrapped("in indexes: ", []string{"✓ A (GSI)", "✗ B (GSI): no B", "✓ C (LSI)"}, " · ", "  ", 30)
	want := []string{"in indexes: ✓ A (GSI)", "  ✗ B (GSI): no B · ✓ C (LSI)"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("JoinWrapped: %q, want %q", got, want)
	}
	// a first piece too wide beside the head goes under it
	got = JoinWrapped("in indexes: ", []string{"✗ DownloadsByMonth (GSI): no DownloadMonth", "✓ ByArtist (GSI)"}, " · ", "  ", 50)
	want = []string{"in indexes:", "  ✗ DownloadsByMonth (GSI): no DownloadMonth", "  ✓ ByArtist (GSI)"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("JoinWrapped, wide first piece: %q, want %q", got, want)
	}
}

// SpreadOrStack keeps both sides whole: one line when they fit, else the
// left wrapped and the right on a line of its own, right-aligned.
func TestSpreadOrStack(t *testing.T) {
	plain := lipgloss.NewStyle()
	if got := SpreadOrStack(plain, "2 items · 0.5 RCU", "last page", 30); !reflect.DeepEqual(got, []string{"2 items · 0.5 RCU    last page"}) {
		t.Errorf("fits: %q", got)
	}
	got := SpreadOrStack(plain, "25 items (Count 25, ScannedCount 25) · 0.5 RCU", "last page", 30)
	want := []string{"25 items (Count 25,", "ScannedCount 25) · 0.5 RCU", "                     last page"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("stacked: %q, want %q", got, want)
	}
}
