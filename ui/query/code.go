package query

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/codegen"
	"github.com/dynoscope/dynoscope/designs"
	"github.com/dynoscope/dynoscope/model"
	pat "github.com/dynoscope/dynoscope/patterns"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Code for every request, and "save as pattern" (issue 15).
//
// Under the form the builder shows the request as an AWS CLI command; L
// shows it instead as a program that sends it — Go (aws-sdk-go-v2),
// Python (boto3), JavaScript (AWS SDK v3) — which takes the pane (a
// program is taller than a command line) until L comes back round to the
// CLI or esc goes back to the form; c copies what is shown. Every mode's
// request has its code: Query, Scan, the transaction, the statement.
//
// P names the request and saves it as an access pattern with its table
// (the embedded engine keeps patterns in the table's design): 8 Patterns
// checks it from then on.

// codeLangs are what L goes through; 0 is the AWS CLI.
var codeLangs = append([]codegen.Language{-1}, codegen.Languages...)

// langName names a language of codeLangs, with its SDK.
func langName(i int) string {
	switch codeLangs[i] {
	case codegen.Go:
		return "Go (aws-sdk-go-v2)"
	case codegen.Python:
		return "Python (boto3)"
	case codegen.JavaScript:
		return "JavaScript (AWS SDK v3)"
	}
	return "AWS CLI"
}

// shortLang is the short name of language i.
func shortLang(i int) string {
	if i == 0 {
		return "CLI"
	}
	return codeLangs[i].String()
}

// request is the mode's request, or why there is none.
func (q *Model) request() (any, *refusal) {
	switch q.alt {
	case ModeTransaction:
		in, r := q.txBuild()
		if r != nil {
			return nil, r
		}
		return in, nil
	case ModePartiQL:
		in, r := q.pqBuild()
		if r != nil {
			return nil, r
		}
		return in, nil
	case ModeVector:
		in, r := q.vecBuild()
		if r != nil {
			return nil, r
		}
		return in, nil
	}
	return q.build()
}

// ModeRequest is the request of the mode (the form's Query or Scan, the
// transaction, the statement), or why there is none.
func (q *Model) ModeRequest() (any, string) {
	in, r := q.request()
	if r != nil {
		return nil, r.why
	}
	return in, ""
}

// endpointURL is where the code points its client: the address the
// engine is served on (or the remote endpoint), "" for none.
func (q *Model) endpointURL() string { return endpointURL(q.endpoint) }

// codeText is the request in language i (0: the AWS CLI line).
func (q *Model) codeText(i int, in any) (string, error) {
	in = q.atShownPage(in)
	if i == 0 {
		return CLIText(in, q.endpoint), nil
	}
	return codegen.Render(codeLangs[i], in, codegen.Options{Endpoint: q.endpointURL()})
}

// Lang is the language the request is shown in: "CLI", "Go", "Python",
// "JavaScript".
func (q *Model) Lang() string { return shortLang(q.lang) }

// Code is the request as shown now (the CLI line, or the program), or why
// there is none.
func (q *Model) Code() (string, string) {
	in, r := q.request()
	if r != nil {
		return "", r.why
	}
	s, err := q.codeText(q.lang, in)
	if err != nil {
		return "", err.Error()
	}
	return s, ""
}

// nextLang shows the request in the next language.
func (q *Model) nextLang() {
	q.lang = (q.lang + 1) % len(codeLangs)
	q.codeTop, q.codeNote, q.codeNoteBad = 0, "", false
}

// cliLines draw the request as a CLI command under the form, with the key
// that shows it in the other languages.
func (q *Model) cliLines(in any) []string {
	st, w := q.st, q.w
	label := "the same request with the AWS CLI · L: Go, Python, JavaScript"
	if kit.Width(label) > w {
		label = "the same request with the AWS CLI · L: code"
	}
	out := []string{st.Dim.Render(strings.Repeat("─", w)), st.Dim.Render(kit.Cut(label, w))}
	for _, l := range wrapCommand(cliCommand(q.atShownPage(in), q.endpoint), w) {
		out = append(out, hardWrapContinued(l, w)...)
	}
	return out
}

// codeLines is the program, laid out for the pane: tabs as four spaces,
// long lines cut into pieces (the copy is the program as it is).
func (q *Model) codeLines(text string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		l = strings.ReplaceAll(l, "\t", "    ")
		out = append(out, hardWrap(l, q.w)...)
	}
	return out
}

// codeParts lays out the program view: the lines above the program (the
// title, the keys, a note), the program's lines, and why there is no
// program.
func (q *Model) codeParts() (head, lines []string, why string) {
	st, w := q.st, q.w
	next := shortLang((q.lang + 1) % len(codeLangs))
	hints := "[L] " + next + "  [c] copy  [esc] form"
	what := q.Mode().String()
	if q.alt == ModeVector {
		what = "vector search"
	}
	title := st.Title.Render(langName(q.lang)) + "  the " + what + " of the builder"
	head = []string{kit.Spread(title, st.Dim.Render(hints), w)}
	if kit.Width(title)+kit.Width(hints)+2 > w {
		head = []string{kit.Cut(st.Title.Render(langName(q.lang)), w), st.Dim.Render(kit.Cut(hints, w))}
	}
	head = append(head, st.Dim.Render(strings.Repeat("─", w)))
	if q.codeNote != "" {
		s := st.Dim
		if q.codeNoteBad {
			s = st.Warn
		}
		for _, l := range kit.Wrap(q.codeNote, w) {
			head = append(head, s.Render(l))
		}
	}
	text, why := q.Code()
	if why != "" {
		return head, nil, why
	}
	return head, q.codeLines(text), ""
}

// codeRoom is how many program lines show under head (one line less
// than the rest when they do not all fit: it says where they are).
func (q *Model) codeRoom(head, lines []string) int {
	room := q.h - len(head)
	if len(lines) <= room {
		return room
	}
	return max(room-1, 1)
}

// codeMax is the last first line of the program on screen.
func (q *Model) codeMax() int {
	head, lines, _ := q.codeParts()
	return max(len(lines)-q.codeRoom(head, lines), 0)
}

// codeView gives the pane to the request as a program: a title, the
// program scrolled with the list keys, and what the keys do.
func (q *Model) codeView() string {
	st, w := q.st, q.w
	head, lines, why := q.codeParts()
	if why != "" {
		return strings.Join(append(head, kit.WrapStyled(st.Warn, "no request to show: "+why, w)...), "\n")
	}
	avail := q.codeRoom(head, lines)
	q.codeTop = max(min(q.codeTop, len(lines)-avail), 0)
	if len(lines) <= avail {
		return strings.Join(append(head, lines...), "\n")
	}
	end := min(q.codeTop+avail, len(lines))
	out := append(head, lines[q.codeTop:end]...)
	out = append(out, st.Dim.Render(kit.Cut(fmt.Sprintf("lines %d–%d of %d · j/k pgdn/pgup scroll", q.codeTop+1, end, len(lines)), w)))
	return strings.Join(out, "\n")
}

// codeKey handles a key while a program is shown.
func (q *Model) codeKey(msg tea.KeyPressMsg) tea.Cmd {
	k := q.keyMap()
	page := max(q.h-4, 1)
	switch {
	case key.Matches(msg, q.keys.Back):
		q.lang, q.codeTop, q.codeNote = 0, 0, ""
	case key.Matches(msg, q.keys.CodeLang):
		q.nextLang()
	case key.Matches(msg, k.Up):
		q.codeTop = max(q.codeTop-1, 0)
	case key.Matches(msg, k.Down):
		q.codeTop = min(q.codeTop+1, q.codeMax())
	case key.Matches(msg, k.PageUp):
		q.codeTop = max(q.codeTop-page, 0)
	case key.Matches(msg, k.PageDown):
		q.codeTop = min(q.codeTop+page, q.codeMax())
	case key.Matches(msg, k.Top):
		q.codeTop = 0
	case key.Matches(msg, k.Bottom):
		q.codeTop = q.codeMax()
	case key.Matches(msg, k.CopyCLI):
		return q.copyCode()
	}
	return nil
}

// copyCode puts the request, in the language shown, on the clipboard.
func (q *Model) copyCode() tea.Cmd {
	in, r := q.request()
	if r != nil {
		q.setCodeNote("nothing to copy: "+r.why, true)
		return nil
	}
	text, err := q.codeText(q.lang, in)
	if err != nil {
		q.setCodeNote("nothing to copy: "+err.Error(), true)
		return nil
	}
	what := "the aws cli command"
	if q.lang > 0 {
		what = "the " + shortLang(q.lang) + " program"
	}
	copyFn := q.copy
	if copyFn == nil {
		return tea.Batch(tea.SetClipboard(text), kit.Msg(copiedMsg{what: what}))
	}
	return func() tea.Msg { return copiedMsg{what: what, err: copyFn(text)} }
}

// setCodeNote puts a note where the code is shown: above the program, or
// under the form for the CLI line.
func (q *Model) setCodeNote(note string, bad bool) {
	if q.lang > 0 {
		q.codeNote, q.codeNoteBad = note, bad
		return
	}
	q.setNote(note, bad)
}

// savePattern starts naming the request, to save it as an access pattern.
func (q *Model) savePattern() tea.Cmd {
	in, r := q.request()
	switch {
	case r != nil:
		q.setCodeNote("nothing to save: "+r.why, true)
		return nil
	case !q.canSave():
		q.setCodeNote("not saved: "+kit.NoDesignStore, true)
		return nil
	}
	if st, ok := in.(*model.ExecuteStatementInput); ok && !isSelect(st.Statement) {
		q.setCodeNote("not saved: a pattern checks a PartiQL SELECT; a write is checked as PutItem, UpdateItem or DeleteItem (a transaction of one action here, or a pattern file)", true)
		return nil
	}
	q.naming, q.editing = true, false
	q.name = kit.Field{}
	q.name.Paste(defaultPatternName(in))
	return nil
}

// canSave reports whether the backend keeps patterns with its tables.
func (q *Model) canSave() bool {
	_, ok := q.api.(pat.Store)
	return ok && !kit.IsRemote(q.api)
}

// isSelect reports whether a statement is a SELECT.
func isSelect(stmt string) bool {
	f := strings.Fields(stmt)
	return len(f) > 0 && strings.EqualFold(f[0], "SELECT")
}

// defaultPatternName is a name to start from: "Query Songs/ByArtist".
func defaultPatternName(in any) string {
	switch in := in.(type) {
	case *model.QueryInput:
		return "Query " + where(in.TableName, in.IndexName)
	case *model.ScanInput:
		return "Scan " + where(in.TableName, in.IndexName)
	case *model.TransactWriteItemsInput:
		return "Transaction on " + designs.RequestTable(in)
	case *model.ExecuteStatementInput:
		return "PartiQL on " + designs.RequestTable(in)
	case *model.SearchVectorsInput:
		if in.IndexName != nil {
			return "SearchVectors " + where(in.TableName, *in.IndexName)
		}
	}
	return "pattern"
}

func where(table, index string) string {
	if index != "" {
		return table + "/" + index
	}
	return table
}

// savedMsg reports a pattern saved.
type savedMsg struct {
	name, table string
	err         error
}

// nameKey handles a key while the pattern's name is typed.
func (q *Model) nameKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, q.keys.Cancel):
		q.naming = false
		return nil
	case key.Matches(msg, q.keys.Accept):
		name := strings.TrimSpace(q.name.String())
		if name == "" {
			return nil
		}
		q.naming = false
		in, r := q.request()
		if r != nil {
			q.setCodeNote("nothing to save: "+r.why, true)
			return nil
		}
		p, err := pat.FromRequest(name, in)
		if err != nil {
			q.setCodeNote("not saved: "+err.Error(), true)
			return nil
		}
		sto, _ := q.api.(pat.Store)
		return func() tea.Msg { return savedMsg{name: name, table: p.Table(), err: pat.Save(sto, p)} }
	}
	q.name.Update(msg)
	return nil
}

// onSaved says where the pattern went; the root reads the workspace
// again and 8 Patterns checks it.
func (q *Model) onSaved(msg savedMsg) tea.Cmd {
	if msg.err != nil {
		q.setCodeNote("not saved: "+msg.err.Error(), true)
		return nil
	}
	note := fmt.Sprintf("saved as access pattern %q with table %s: 8 Patterns checks it", msg.name, msg.table)
	q.setCodeNote(note, false)
	return kit.Msg(kit.ChangedMsg{Table: msg.table, Note: note})
}

// overView is what is drawn over the mode's view: the program in the
// language chosen, or the mode's view with the pattern's name being typed
// under it.
func (q *Model) overView() (string, bool) {
	switch {
	case q.hist.list.open:
		return q.listView(), true
	case q.hist.naming && !q.drawing:
		return q.promptView("save the request as: ", "enter saves it under this name (a request of that name is replaced) · esc cancels",
			"name: ", "enter saves · esc cancels", &q.hist.name), true
	case q.lang > 0:
		return q.codeView(), true
	case q.naming && !q.drawing:
		return q.promptView("save as access pattern, name: ", "enter saves it with its table (a pattern of that name is replaced) · esc cancels",
			"pattern name: ", "enter saves it with its table · esc cancels", &q.name), true
	}
	return "", false
}

// promptView is the mode's view with a name being typed under it (the
// short label and hint below 70 columns).
func (q *Model) promptView(label, hint, shortLabel, shortHint string, name *kit.Field) string {
	st, w := q.st, q.w
	h := q.h
	q.h, q.drawing = max(h-3, 1), true
	body := q.View()
	q.h, q.drawing = h, false
	lines := kit.Lines(body)
	for len(lines) < q.h-3 {
		lines = append(lines, "")
	}
	if w < 70 {
		label, hint = shortLabel, shortHint
	}
	prompt := kit.Fit(label+name.View(true, max(w-kit.Width(label)-2, 10)), w)
	lines = append(lines, st.Dim.Render(strings.Repeat("─", w)), prompt, st.Dim.Render(kit.Cut(hint, w)))
	return strings.Join(lines, "\n")
}
