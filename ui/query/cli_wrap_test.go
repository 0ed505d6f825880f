package query

import (
	"strings"
	"testing"
)

// A command line wider than the pane wraps with its continuation " \"
// kept on a piece with the end of the text, never alone on a line (as
// "--transact-items '…'" filling the pane exactly used to leave it), and
// the pieces read back as the command.
func TestCLIContinuationNeverAlone(t *testing.T) {
	for _, w := range []int{20, 30, 51, 52, 53, 88} {
		for _, n := range []int{w - 3, w - 2, w - 1, w, w + 1, 2*w - 2, 2 * w} {
			part := "  --opt '" + strings.Repeat("x", max(n-10, 1)) + "'"
			line := part + " \\"
			got := hardWrapContinued(line, w)
			if strings.Join(got, "") != line {
				t.Fatalf("w %d, line of %d: pieces %q do not read back", w, len(line), got)
			}
			last := got[len(got)-1]
			if !strings.HasSuffix(last, " \\") || strings.TrimSpace(last) == "\\" {
				t.Fatalf("w %d, line of %d: last piece %q", w, len(line), last)
			}
			for _, p := range got {
				if len([]rune(p)) > w {
					t.Fatalf("w %d: piece %q wider than the pane", w, p)
				}
			}
		}
	}
}
