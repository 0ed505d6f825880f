package endpoints

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/dynoscope/dynoscope/ui/kit"
)

// View draws the form, then the recent endpoints.
func (s *Switcher) View() string {
	st, w := s.st, s.w
	mode := "read-only"
	if s.cur.Write {
		mode = "writes allowed (--write)"
	}
	out := []string{kit.Cut(st.Title.Render("Open another endpoint"), w), st.Dim.Render(strings.Repeat("─", max(w, 0))),
		kit.Cut("now: "+s.cur.String(), w), ""}
	mark := func(row int) string {
		if s.row == row {
			return "▸ "
		}
		return "  "
	}
	profile := "(default chain)"
	if p := s.profileName(); p != "" {
		profile = p
		if r := s.profiles[s.profile-1].Region; r != "" {
			profile += " (region " + r + ")"
		}
	}
	choice := "‹ " + profile + " ›"
	if s.row == rowProfile {
		choice = st.FieldEdit.Render(choice)
	}
	out = append(out, kit.Cut(mark(rowProfile)+st.Bold.Render("profile:  ")+choice, w))
	for _, f := range []struct {
		row   int
		label string
		field kit.Field
	}{{rowRegion, "region:   ", s.region}, {rowEndpoint, "endpoint: ", s.endpoint}} {
		line := mark(f.row) + st.Bold.Render(f.label)
		if s.row == f.row {
			line += st.FieldEdit.Render(f.field.View(true, max(w-kit.Width(line)-1, 10)))
		} else {
			line += f.field.String()
		}
		out = append(out, kit.Cut(line, w))
	}
	explainAt := len(out)
	explain := kit.WrapStyled(st.Dim, "the profile's credentials (none named: AWS_PROFILE or the SDK's default chain); an endpoint URL (DynamoDB Local, LocalStack, dynoscope serve) in place of AWS, empty for AWS in the region", w)
	open := mark(rowOpen) + "[ open ▶ ]"
	if s.row == rowOpen {
		open = mark(rowOpen) + st.Cursor.Render("[ open ▶ ]")
	}
	out = append(out, "", open)
	switch {
	case s.profErr != nil:
		out = append(out, kit.WrapStyled(st.Warn, "the AWS configuration could not be read: "+s.profErr.Error(), w)...)
	}
	if s.why != "" {
		out = append(out, kit.WrapStyled(st.Warn, "not yet: "+s.why, w)...)
	}
	out = append(out, "", st.Bold.Render("Recent"))
	switch {
	case s.recentErr != nil:
		out = append(out, kit.WrapStyled(st.Warn, s.recentErr.Error(), w)...)
	case len(s.recent) == 0:
		out = append(out, st.Dim.Render(kit.Cut("  none yet: each endpoint opened is kept here", w)))
	}
	var rows []string
	for i, e := range s.recent {
		line := mark(rowRecent+i) + e.String()
		if used := e.Used.UTC().Format("2006-01-02 15:04 UTC"); !e.Used.IsZero() && kit.Width(line)+2+len(used) <= w {
			line = kit.Spread(line, st.Dim.Render(used), w) // the date only where it leaves the endpoint whole
		}
		if s.row == rowRecent+i {
			line = st.Cursor.Render(kit.Cut(line, w))
		}
		rows = append(rows, kit.Cut(line, w))
	}
	tail := append([]string{""}, kit.WrapStyled(st.Dim, "The new endpoint opens "+mode+", as this one did; the tables of this one stay as they are. Nothing is written to either.", w)...)
	// when the list has no room the note goes first, then the
	// explanation (the "now:" line says read-only too)
	need := min(len(rows), 4)
	switch {
	case s.h == 0 || s.h-len(out)-len(explain)-len(tail) >= need:
	case s.h-len(out)-len(explain) >= need:
		tail = nil
	default:
		explain, tail = nil, nil
	}
	out = append(out[:explainAt:explainAt], append(explain, out[explainAt:]...)...)
	if room := s.h - len(out) - len(tail); s.h > 0 && len(rows) > room {
		// the list scrolls: the row under the cursor stays on screen
		room = max(room, 1)
		start := 0
		if s.row >= rowRecent {
			start = min(max(s.row-rowRecent-room+1, 0), len(rows)-room)
		}
		rows = rows[start : start+room]
	}
	out = append(append(out, rows...), tail...)
	if s.h > 0 && len(out) > s.h {
		out = out[:s.h]
	}
	return strings.Join(out, "\n")
}

// ShortHelp is the switcher's keys on the row under the cursor.
func (s *Switcher) ShortHelp() []key.Binding {
	k := s.keys
	next, prev, open, stop := s.ek.NextField, s.ek.PrevField, k.Pick, k.Stop
	next.SetHelp("tab/↓", "next row")
	prev.SetHelp("shift+tab/↑", "previous row")
	stop.SetHelp(stop.Help().Key, "cancel")
	out := []key.Binding{next, prev, open}
	switch {
	case s.row == rowProfile:
		c := s.ek.Choice
		c.SetHelp(c.Help().Key, "other profile")
		out = append(out, c)
	case s.row >= rowRecent:
		out = append(out, k.Forget)
	}
	return append(out, stop)
}

// FullHelp is the switcher's keys.
func (s *Switcher) FullHelp() [][]key.Binding { return [][]key.Binding{s.ShortHelp()} }
