package backups

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// View draws the table's recovery settings, its backups, the restore to a
// time with its preview, and the export or import under way.
func (p *Model) View() string {
	if p.desc == nil {
		return strings.Join(kit.WrapStyled(p.st.Dim, "Choose a table in the sidebar: its backups, point-in-time recovery, export and import are shown here.", p.w), "\n")
	}
	head := []string{kit.TitleLine(p.st, p.Table(), p.st.Dim.Render("Backups & recovery · esc: 1 Schema"), p.w)}
	if line := p.resultLine(); line != nil {
		head = append(head, line...)
	}
	body := p.lines()
	p.scroll.SetSize(max(p.h-len(head), 1), len(body))
	return strings.Join(append(head, p.scroll.Visible(body)...), "\n")
}

// resultLine is the outcome of the last action.
func (p *Model) resultLine() []string {
	switch {
	case p.resultErr != nil:
		return kit.WrapStyled(p.st.Error, errText(p.resultErr), p.w)
	case p.result != "":
		return kit.WrapStyled(p.st.OK, p.result, p.w)
	}
	return nil
}

// errText is an error as DynamoDB words it: "Exception: message".
func errText(err error) string {
	if e, ok := err.(*model.Error); ok {
		return e.Code + ": " + e.Message
	}
	return err.Error()
}

// lines is the body of the view.
func (p *Model) lines() []string {
	st, w := p.st, p.w
	var out []string
	add := func(ls ...string) { out = append(out, ls...) }
	note := func(text string) { add(kit.WrapIndented(st.Dim, "  ", text, w)...) }
	if p.readErr != nil {
		add(kit.WrapStyled(st.Error, errText(p.readErr), w)...)
	}

	add("", st.Header.Render("Point-in-time recovery"))
	switch {
	case p.pitr == nil:
		note("reading…")
	case p.pitrOn():
		period := 35
		if p.pitr.RecoveryPeriodInDays != nil {
			period = *p.pitr.RecoveryPeriodInDays
		}
		e, l := epochTime(p.pitr.EarliestRestorableDateTime), epochTime(p.pitr.LatestRestorableDateTime)
		add(st.OK.Render("  ENABLED") + fmt.Sprintf(" · recovery period %d days", period) + st.Dim.Render(" · P turns it off"))
		add(kit.WrapIndented(lipgloss.NewStyle(), "  ", fmt.Sprintf("restorable %s – %s (%s)", stamp(e), stamp(l), kit.FmtSpan(l.Sub(e))), w)...)
	default:
		add("  DISABLED")
		note("P turns it on: the table can then be restored to any second from then on")
	}

	add("", st.Header.Render(fmt.Sprintf("Backups (%d)", len(p.backups))))
	if len(p.backups) == 0 {
		note("none: c makes one")
	}
	nameW := 0
	for _, b := range p.backups {
		nameW = max(nameW, min(kit.Width(b.BackupName), 40))
	}
	for i, b := range p.backups {
		line := fmt.Sprintf("%-*s  %s  %8s", nameW, b.BackupName, shortWhen(b.BackupCreationDateTime), kit.HumanBytes(b.BackupSizeBytes))
		if b.BackupStatus != "AVAILABLE" {
			line += "  " + b.BackupStatus
		}
		if b.BackupType != "USER" {
			line += "  " + b.BackupType
		}
		if i == p.cursor {
			add(st.Cursor.Render(kit.Fit("▸ "+line, w)))
		} else {
			add(kit.Cut("  "+line, w))
		}
	}
	if len(p.backups) > 0 {
		note("enter restores the one under ▸ into a new table · x deletes it")
	}

	add("", st.Header.Render("Restore to a time"))
	switch {
	case p.editing == timeField:
		add(p.fieldLine("  time: "))
		note("how long before the latest restorable time (5m, 1h30m, 2d), a time of day (10:31:07, UTC) or RFC 3339 · enter: preview")
	case p.preview != nil:
		add(p.previewLines()...)
	case p.pitrOn():
		note("t: type a time, see the table then against now, then restore it into a new table")
	default:
		note("needs point-in-time recovery (P)")
	}

	add("", st.Header.Render("Export & import"))
	note("S3 folder: " + orNone(s3Dir(p.api)))
	if p.editing == importField {
		add(p.fieldLine("  import from: "))
		note("bucket/prefix in the S3 folder (an export's data/ folder) · enter: see what it holds, then asked")
	}
	if t := p.transfer; t != nil {
		add(p.transferLines(t)...)
	} else if p.editing != importField {
		note("e exports the table as it is now (DynamoDB JSON, AWS's layout) · i imports a folder into a new table")
	}
	for i, l := range out {
		out[i] = kit.Cut(l, w)
	}
	return out
}

// previewLines is the preview of a restore to a time.
func (p *Model) previewLines() []string {
	st, pv := p.st, p.preview
	plain := lipgloss.NewStyle()
	out := kit.WrapIndented(plain, "  ", fmt.Sprintf("%s at %s: %s then · %s now (%s)", pv.table, stamp(pv.at), kit.NItems(pv.then), kit.NItems(pv.now), stamp(pv.latest)), p.w)
	out = append(out, fmt.Sprintf("  since then: %d changed · %d added · %d deleted", pv.changed, pv.added, pv.deleted))
	if pv.partial {
		out = append(out, st.Warn.Render(fmt.Sprintf("  compared the first %s of each side only", kit.FmtInt(previewLimit))))
	}
	for _, r := range pv.rows {
		out = append(out, "    "+r)
	}
	if more := pv.changed + pv.added + pv.deleted - len(pv.rows); more > 0 {
		out = append(out, st.Dim.Render(fmt.Sprintf("    … %d more", more)))
	}
	return append(out, kit.WrapIndented(st.Dim, "  ", "enter restores "+pv.table+" as it was then into a new table (asks) · esc closes the preview", p.w)...)
}

// transferLines is an export or import: its state, a progress bar while it
// runs, the folder, the outcome.
func (p *Model) transferLines(t *transfer) []string {
	st := p.st
	unit := func(n int64) string { return kit.FmtInt(n) + " items" }
	if t.kind == "import" {
		unit = kit.HumanBytes
	}
	verb := "export of " + t.table + " to"
	if t.kind == "import" {
		verb = "import into " + t.table + " from"
	}
	out := kit.WrapIndented(lipgloss.NewStyle(), "  ", verb+" "+t.folder, p.w)
	switch t.status {
	case "IN_PROGRESS":
		f := 0.0
		if t.total > 0 {
			f = min(float64(t.done)/float64(t.total), 0.99)
		}
		out = append(out, "  "+kit.ProgressBar(st, f, min(40, p.w-30))+fmt.Sprintf("  %s of %s", unit(t.done), unit(t.total)))
	case "COMPLETED":
		out = append(out, "  "+kit.ProgressBar(st, 1, min(40, p.w-30))+"  "+st.OK.Render("COMPLETED"), "  "+t.note)
	default:
		out = append(out, "  "+st.Error.Render(t.status)+"  "+t.note)
	}
	if t.kind == "export" && t.status == "COMPLETED" {
		out = append(out, st.Dim.Render("  i imports it into a new table"))
	}
	return out
}

// shortWhen is a backup's time without its year: "11-22 10:41:07".
func shortWhen(epoch float64) string {
	return epochTime(&epoch).UTC().Format("01-02 15:04:05")
}

func orNone(dir string) string {
	if dir == "" {
		return "none (start with --s3-dir DIR)"
	}
	return dir
}

// fieldLine is the text field behind label; a text longer than the line
// shows its end, where the cursor is.
func (p *Model) fieldLine(label string) string {
	text := p.input.String() + "▏"
	if room := p.w - kit.Width(label); kit.Width(text) > room && room > 2 {
		r := []rune(text)
		for kit.Width(string(r)) > room-1 {
			r = r[1:]
		}
		text = "…" + string(r)
	}
	return label + p.st.FieldEdit.Render(text)
}
