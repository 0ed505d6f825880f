package kit

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// The name before the cursor, with or without its opening quote, and its
// replacement in place, the cursor after it.
func TestFieldWordBefore(t *testing.T) {
	cases := []struct {
		text, left     string // left: keys ← pressed after typing
		word           string
		quoted         bool
		replace, after string
	}{
		{"SELECT * FROM Thr", "", "Thr", false, `"Thread"`, `SELECT * FROM "Thread"`},
		{`WHERE "Fo`, "", "Fo", true, `"ForumName"`, `WHERE "ForumName"`},
		{"a = b AND x", "", "x", false, "Xy", "a = b AND Xy"},
		{"WHERE Sub = 1", "<<<<", "Sub", false, "Subject", "WHERE Subject = 1"},
		{"x = ", "", "", false, "y", "x = y"},
	}
	for _, c := range cases {
		f := NewField(c.text)
		for range c.left {
			f.Update(tea.KeyPressMsg{Code: tea.KeyLeft})
		}
		w, q := f.WordBefore()
		if w != c.word || q != c.quoted {
			t.Errorf("%q: word %q quoted %v", c.text, w, q)
		}
		f.ReplaceWordBefore(c.replace)
		if f.String() != c.after || !strings.HasSuffix(f.TextBefore(), c.replace) {
			t.Errorf("%q: replaced to %q (before the cursor %q), want %q", c.text, f.String(), f.TextBefore(), c.after)
		}
	}
}
