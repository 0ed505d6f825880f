package forms

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// An item is edited in $EDITOR as DynamoDB JSON (or, E, as plain JSON with
// its types kept: EditState.Plain): a tea.Cmd reads the whole
// item and writes it to a temporary file, tea.ExecProcess (in the root)
// hands the terminal to the editor, and another tea.Cmd reads the file
// back and saves it.
//
// The save never overwrites a change made meanwhile by someone else (the
// HTTP endpoint, a traffic run, another edit): it is an UpdateItem that
// sets the attributes the edit changed and removes the ones it dropped,
// with a ConditionExpression that every attribute of the item as it was
// opened still has its value (and the item still exists). If anything
// changed, DynamoDB refuses it with ConditionalCheckFailedException and
// nothing is written; the conflict question then offers to edit the item
// as it is now, to overwrite it anyway, or to edit the text again. An
// attribute someone added meanwhile is kept, not overwritten: the update
// touches only what the edit changed. A new item (n), or an item whose
// key was edited, is a PutItem with attribute_not_exists on the key, so it
// never replaces an item that exists.

// EditState is one $EDITOR edit: where, what was read, and the text last
// written (kept when DynamoDB rejects it, for another try).
type EditState struct {
	API    engine.API
	Target kit.Target // the table
	Orig   model.Item // the item as opened; nil for a new item
	Path   string
	Text   []byte
	Create bool
	// Force makes the next save a plain PutItem of the text: the user
	// chose to overwrite what changed meanwhile.
	Force bool
	// Plain: the text is plain JSON (numbers as numbers, sets as arrays,
	// binary as base64), read back with the types the item had
	// (itemfmt.FromPlain), rather than DynamoDB JSON.
	Plain bool
}

// EditReadyMsg: the file is written, the editor can run.
type EditReadyMsg struct{ Ed *EditState }

// EditedMsg: the editor has exited.
type EditedMsg struct {
	Ed  *EditState
	Err error
}

// EditorCommand is the editor to run on path: $VISUAL, then $EDITOR, then
// vi, as git picks it. The variable may carry arguments and quotes, as a
// shell reads them ("code -w", `"/opt/my editor/bin/ed" -n`); a value
// that names an existing file is that file, spaces and all.
func EditorCommand(path string) *exec.Cmd {
	ed := os.Getenv("VISUAL")
	if ed == "" {
		ed = os.Getenv("EDITOR")
	}
	ed = strings.TrimSpace(ed)
	if ed == "" {
		ed = "vi"
	}
	if st, err := os.Stat(ed); err == nil && !st.IsDir() {
		return exec.Command(ed, path)
	}
	args := splitWords(ed)
	if len(args) == 0 {
		args = []string{"vi"}
	}
	return exec.Command(args[0], append(args[1:], path)...)
}

// splitWords splits a command line as a POSIX shell splits words: blanks
// separate, single quotes keep everything, double quotes keep all but \"
// and \\, and a backslash outside quotes escapes the next character.
func splitWords(s string) []string {
	var out []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				cur.WriteString(s[i+1:])
				i = len(s)
				break
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += 1 + j
		case c == '"':
			inWord = true
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				cur.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			inWord = true
			i++
			cur.WriteByte(s[i])
		default:
			inWord = true
			cur.WriteByte(c)
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

// writeTemp writes text to a new temporary .json file.
func writeTemp(text []byte) (string, error) {
	f, err := os.CreateTemp("", "dynoscope-item-*.json")
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := f.Write(text); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// itemText is an item as the editor shows it: indented DynamoDB JSON.
func itemText(it model.Item) []byte { return []byte(kit.DynamoJSON(it) + "\n") }

// textOf is the item as the edit shows it: plain JSON or DynamoDB JSON.
func (ed *EditState) textOf(it model.Item) []byte {
	if ed.Plain {
		return itemfmt.PlainJSON(it, "  ")
	}
	return itemText(it)
}

// NewItemTemplate is the text a new item starts from: its key attributes
// with empty values of their declared types.
func NewItemTemplate(tg kit.Target) []byte {
	it := model.Item{}
	for _, n := range tg.TableKeyNames() {
		if n == "" {
			continue
		}
		switch tg.AttrType(n) {
		case "N":
			it[n] = model.N("0")
		case "B":
			it[n] = model.B(nil)
		default:
			it[n] = model.S("")
		}
	}
	return itemText(it)
}

// PrepareNew writes the template of a new item to a file for the editor.
func PrepareNew(api engine.API, tg kit.Target) tea.Cmd {
	return func() tea.Msg {
		return ready(&EditState{API: api, Target: tg, Create: true, Text: NewItemTemplate(tg)})
	}
}

// PrepareEdit reads the whole item (strongly consistent: the latest
// version) and writes it to a file for the editor, as DynamoDB JSON.
func PrepareEdit(api engine.API, tg kit.Target, key model.Item) tea.Cmd {
	return PrepareEditAs(api, tg, key, false)
}

// PrepareEditAs is PrepareEdit as plain JSON when plain is set.
func PrepareEditAs(api engine.API, tg kit.Target, key model.Item, plain bool) tea.Cmd {
	return func() tea.Msg {
		it, err := current(api, tg, key)
		if err != nil {
			return DoneMsg{Err: err}
		}
		if it == nil {
			return DoneMsg{Err: &model.Error{Code: "NotFound", Message: "GetItem found no item with key " + kit.KeyText(key, tg.TableKeyNames()...) + " (deleted meanwhile?)"}}
		}
		ed := &EditState{API: api, Target: tg, Orig: it, Plain: plain}
		ed.Text = ed.textOf(it)
		return ready(ed)
	}
}

// current reads an item strongly consistent (nil when there is none).
func current(api engine.API, tg kit.Target, key model.Item) (model.Item, error) {
	yes := true
	out, err := api.GetItem(kit.Bg, &model.GetItemInput{TableName: tg.Table(), Key: key, ConsistentRead: &yes})
	if err != nil {
		return nil, err
	}
	return out.Item, nil
}

// ready writes the edit's text to a new file and says the editor can run.
func ready(ed *EditState) tea.Msg {
	path, err := writeTemp(ed.Text)
	if err != nil {
		return DoneMsg{Err: err}
	}
	ed.Path = path
	return EditReadyMsg{Ed: ed}
}

// DiscardEdit removes the file of an edit prepared for an editor that will
// not run (its workspace was closed meanwhile; a test that cannot run
// one): a prepared file is removed on every path, by ApplyEdit once the
// editor ran or failed to start, or here.
func DiscardEdit(msg EditReadyMsg) tea.Cmd {
	path := msg.Ed.Path
	return func() tea.Msg {
		os.Remove(path)
		return nil
	}
}

// RunEditor hands the terminal to the editor on the prepared file.
func RunEditor(msg EditReadyMsg) tea.Cmd {
	ed := msg.Ed
	return tea.ExecProcess(EditorCommand(ed.Path), func(err error) tea.Msg { return EditedMsg{Ed: ed, Err: err} })
}

// ApplyEdit reads the edited file back and saves it.
func ApplyEdit(msg EditedMsg) tea.Cmd {
	ed := msg.Ed
	return func() tea.Msg {
		text, rerr := os.ReadFile(ed.Path)
		os.Remove(ed.Path)
		if msg.Err != nil {
			return DoneMsg{Err: &model.Error{Code: "EditorFailed", Message: "the editor did not run: " + msg.Err.Error() + " (set $EDITOR or $VISUAL)"}, Edit: ed}
		}
		if rerr != nil {
			return DoneMsg{Err: rerr, Edit: ed}
		}
		ed.Text = text
		return SaveEdit(ed)
	}
}

// Limits of one expression DynamoDB takes: 4 KB of text, 300 operators.
const (
	maxExpression = 4096
	maxOperators  = 300
)

// SaveEdit parses the edited text and saves it (see the top of this file).
func SaveEdit(ed *EditState) DoneMsg {
	var it model.Item
	if ed.Plain {
		var err error
		if it, err = itemfmt.FromPlain(bytes.TrimSpace(ed.Text), ed.Orig); err != nil {
			return DoneMsg{Err: kit.AsModelError(err), Edit: ed}
		}
	} else if err := json.Unmarshal(bytes.TrimSpace(ed.Text), &it); err != nil {
		return DoneMsg{Err: kit.AsModelError(err), Edit: ed}
	}
	api, tg := ed.API, ed.Target
	keys := tg.TableKeyNames()
	if !ed.Create && !ed.Force && kit.SameItem(it, ed.Orig) {
		return DoneMsg{Note: "no change: nothing written"}
	}
	what := "PutItem " + tg.Table()
	keyChanged := !ed.Create && !kit.SameItem(kit.KeyOf(it, keys...), kit.KeyOf(ed.Orig, keys...))
	switch {
	case ed.Create || keyChanged || ed.Orig == nil:
		in := &model.PutItemInput{TableName: tg.Table(), Item: it, ReturnConsumedCapacity: model.ReturnCapacityIndexes,
			ConditionExpression: "attribute_not_exists(#pk)", ExpressionAttributeNames: map[string]string{"#pk": keys[0]}}
		what += " (new, if no item has this key)"
		if keyChanged {
			what = "PutItem " + tg.Table() + " (the key changed: a new item; the one you opened stays)"
		}
		out, err := api.PutItem(kit.Bg, in)
		if err != nil {
			return DoneMsg{Err: err, Edit: ed}
		}
		return DoneMsg{Note: what + " " + kit.KeyText(kit.KeyOf(it, keys...), keys...) + kit.WCUText(out.ConsumedCapacity), Table: tg.Table()}
	case ed.Force:
		out, err := api.PutItem(kit.Bg, &model.PutItemInput{TableName: tg.Table(), Item: it, ReturnConsumedCapacity: model.ReturnCapacityIndexes})
		if err != nil {
			return DoneMsg{Err: err, Edit: ed}
		}
		ed.Force = false
		return DoneMsg{Note: what + " (overwrote the changes made meanwhile) " + kit.KeyText(kit.KeyOf(it, keys...), keys...) + kit.WCUText(out.ConsumedCapacity), Table: tg.Table()}
	}
	in := updateFor(tg, ed.Orig, it)
	if in == nil {
		return DoneMsg{Note: "no change: nothing written"}
	}
	out, err := api.UpdateItem(kit.Bg, in)
	if err != nil {
		if me := kit.AsModelError(err); me.Code == model.ErrConditionalCheckFailed {
			now, gerr := current(api, tg, kit.KeyOf(ed.Orig, keys...))
			if gerr != nil {
				return DoneMsg{Err: gerr, Edit: ed}
			}
			return DoneMsg{Err: err, Edit: ed, Conflict: true, Current: now}
		}
		return DoneMsg{Err: err, Edit: ed}
	}
	return DoneMsg{Note: "UpdateItem " + tg.Table() + " " + kit.KeyText(kit.KeyOf(it, keys...), keys...) + ": " + changeText(ed.Orig, it) + kit.WCUText(out.ConsumedCapacity), Table: tg.Table()}
}

// updateFor is the UpdateItem that turns orig into edited (same key): SET
// what changed or is new, REMOVE what is gone, on condition that the item
// exists and every attribute of orig still has its value. When that
// condition would pass DynamoDB's limits (4 KB, 300 operators), it checks
// the attributes the update changes or removes.
func updateFor(tg kit.Target, orig, edited model.Item) *model.UpdateItemInput {
	keys := tg.TableKeyNames()
	isKey := map[string]bool{}
	for _, k := range keys {
		isKey[k] = true
	}
	names := map[string]string{"#k0": keys[0]}
	values := map[string]model.AttributeValue{}
	var set, remove, touched []string
	for i, n := range kit.SortedKeys(edited) {
		if isKey[n] {
			continue
		}
		if o, ok := orig[n]; ok && model.Equal(o, edited[n]) {
			continue
		}
		p := fmt.Sprintf("#s%d", i)
		names[p] = n
		values[fmt.Sprintf(":s%d", i)] = edited[n]
		set = append(set, p+" = :s"+p[2:])
		touched = append(touched, n)
	}
	for i, n := range kit.SortedKeys(orig) {
		if _, ok := edited[n]; ok || isKey[n] {
			continue
		}
		p := fmt.Sprintf("#r%d", i)
		names[p] = n
		remove = append(remove, p)
		touched = append(touched, n)
	}
	if len(set)+len(remove) == 0 {
		return nil // equal values written differently (1e3 and 1000)
	}
	var ue []string
	if len(set) > 0 {
		ue = append(ue, "SET "+strings.Join(set, ", "))
	}
	if len(remove) > 0 {
		ue = append(ue, "REMOVE "+strings.Join(remove, ", "))
	}
	check := func(attrs []string) (string, map[string]string, map[string]model.AttributeValue) {
		cn, cv := map[string]string{}, map[string]model.AttributeValue{}
		parts := []string{"attribute_exists(#k0)"}
		for i, n := range attrs {
			v, ok := orig[n]
			if !ok || isKey[n] {
				parts = append(parts, fmt.Sprintf("attribute_not_exists(#c%d)", i))
			} else {
				parts = append(parts, fmt.Sprintf("#c%d = :c%d", i, i))
				cv[fmt.Sprintf(":c%d", i)] = v
			}
			cn[fmt.Sprintf("#c%d", i)] = n
		}
		return strings.Join(parts, " AND "), cn, cv
	}
	var all []string
	for _, n := range kit.SortedKeys(orig) {
		if !isKey[n] {
			all = append(all, n)
		}
	}
	for _, n := range touched {
		if _, ok := orig[n]; !ok {
			all = append(all, n) // added by the edit: still absent
		}
	}
	cond, cn, cv := check(all)
	if len(cond) > maxExpression || 2*len(all)+1 > maxOperators {
		cond, cn, cv = check(touched)
	}
	for k, v := range cn {
		names[k] = v
	}
	for k, v := range cv {
		values[k] = v
	}
	in := &model.UpdateItemInput{TableName: tg.Table(), Key: kit.KeyOf(orig, keys...), UpdateExpression: strings.Join(ue, " "),
		ConditionExpression: cond, ExpressionAttributeNames: names, ReturnConsumedCapacity: model.ReturnCapacityIndexes}
	if len(values) > 0 {
		in.ExpressionAttributeValues = values
	}
	return in
}

// changeText is "Body, Tags changed · Draft removed".
func changeText(orig, edited model.Item) string {
	var changed, removed []string
	for _, n := range kit.SortedKeys(edited) {
		if o, ok := orig[n]; !ok || !model.Equal(o, edited[n]) {
			changed = append(changed, n)
		}
	}
	for _, n := range kit.SortedKeys(orig) {
		if _, ok := edited[n]; !ok {
			removed = append(removed, n)
		}
	}
	var parts []string
	if len(changed) > 0 {
		parts = append(parts, "set "+strings.Join(changed, ", "))
	}
	if len(removed) > 0 {
		parts = append(parts, "removed "+strings.Join(removed, ", "))
	}
	return strings.Join(parts, " · ")
}

// Reedit writes the kept text to a new file for another round in the
// editor.
func Reedit(ed *EditState) tea.Cmd {
	return func() tea.Msg { return ready(ed) }
}

// editTitle is "edit item pk=ZUZ001" or "new item in schema-demo".
func editTitle(ed *EditState) string {
	if ed.Create {
		return "new item in " + ed.Target.Table()
	}
	keys := ed.Target.TableKeyNames()
	return "edit item " + kit.KeyText(kit.KeyOf(ed.Orig, keys...), keys...)
}

// EditFailed reports an $EDITOR edit that DynamoDB rejected and offers to
// edit the same text again.
type EditFailed struct {
	st   *kit.Styles
	keys keymap.EditKeyMap
	ed   *EditState
	err  *model.Error
	w, h int
}

// NewEditFailed shows a rejected edit.
func NewEditFailed(st *kit.Styles, km keymap.KeyMap, ed *EditState, err *model.Error) *EditFailed {
	return &EditFailed{st: st, keys: km.Editing, ed: ed, err: err}
}

// Edit is the rejected edit.
func (e *EditFailed) Edit() *EditState { return e.ed }

// SetSize sets the inner size.
func (e *EditFailed) SetSize(w, h int) { e.w, e.h = w, h }

// ShortHelp is e and esc.
func (e *EditFailed) ShortHelp() []key.Binding {
	c := e.keys.Cancel
	c.SetHelp("esc", "discard the edit")
	return []key.Binding{e.keys.Reedit, c}
}

// FullHelp is e and esc.
func (e *EditFailed) FullHelp() [][]key.Binding { return [][]key.Binding{e.ShortHelp()} }

// Update takes e and esc.
func (e *EditFailed) Update(msg tea.Msg) (Modal, tea.Cmd) {
	if msg, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(msg, e.keys.Reedit):
			return nil, Reedit(e.ed)
		case key.Matches(msg, e.keys.Cancel):
			return nil, nil
		}
	}
	return e, nil
}

// View draws the rejection and the kept text.
func (e *EditFailed) View() string {
	st := e.st
	out := header(st, editTitle(e.ed), "[e] edit again   [esc] discard", e.w)
	out = append(out, st.Error.Render("Rejected: nothing was changed."))
	out = append(out, kit.ErrorBox(st, e.err, e.w)...)
	out = append(out, "", "Your text is kept: "+st.Key.Render("e")+" opens it again in the editor; "+st.Key.Render("esc")+" throws it away.", "")
	return strings.Join(append(out, textLines(st, e.ed.Text, e.w, e.h-len(out))...), "\n")
}

// textLines are the first lines of an edit's text, dim.
func textLines(st *kit.Styles, text []byte, w, room int) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(string(text), "\n"), "\n") {
		if len(out) >= room {
			break
		}
		out = append(out, st.Dim.Render(kit.Cut("  "+l, w)))
	}
	return out
}

// EditConflict says an edit was not saved because the item changed since
// it was opened, shows what changed, and offers to edit the item as it is
// now (r), to overwrite it with the edit anyway (o), or to edit the text
// again against the item as it is now (e).
type EditConflict struct {
	st   *kit.Styles
	keys keymap.EditKeyMap
	ed   *EditState
	now  model.Item // nil: deleted meanwhile
	w, h int
}

// NewEditConflict shows an edit that met a change made meanwhile.
func NewEditConflict(st *kit.Styles, km keymap.KeyMap, ed *EditState, now model.Item) *EditConflict {
	return &EditConflict{st: st, keys: km.Editing, ed: ed, now: now}
}

// SetSize sets the inner size.
func (c *EditConflict) SetSize(w, h int) { c.w, c.h = w, h }

// ShortHelp is r, o, e and esc.
func (c *EditConflict) ShortHelp() []key.Binding {
	r := c.keys.ReloadItem
	r.SetEnabled(c.now != nil)
	d := c.keys.Cancel
	d.SetHelp("esc", "discard the edit")
	return []key.Binding{r, c.keys.Overwrite, c.keys.Reedit, d}
}

// FullHelp is r, o, e and esc.
func (c *EditConflict) FullHelp() [][]key.Binding { return [][]key.Binding{c.ShortHelp()} }

// Update takes r, o, e and esc.
func (c *EditConflict) Update(msg tea.Msg) (Modal, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return c, nil
	}
	ed := c.ed
	switch {
	case key.Matches(k, c.keys.ReloadItem) && c.now != nil:
		next := &EditState{API: ed.API, Target: ed.Target, Orig: c.now, Plain: ed.Plain}
		next.Text = next.textOf(c.now)
		return nil, func() tea.Msg { return ready(next) }
	case key.Matches(k, c.keys.Overwrite):
		ed.Force = true
		return nil, func() tea.Msg { return SaveEdit(ed) }
	case key.Matches(k, c.keys.Reedit):
		ed.Orig = c.now
		ed.Create = c.now == nil
		return nil, Reedit(ed)
	case key.Matches(k, c.keys.Cancel):
		return nil, nil
	}
	return c, nil
}

// View draws what changed meanwhile and the choices.
func (c *EditConflict) View() string {
	st := c.st
	w := c.w
	out := header(st, editTitle(c.ed), "[r] reload  [o] overwrite  [e] edit again  [esc] discard", w)
	if c.now == nil {
		out = append(out, st.Warn.Render(kit.Cut("Not saved: the item was deleted since you opened it.", w)))
	} else {
		out = append(out, st.Warn.Render(kit.Cut("Not saved: the item changed since you opened it.", w)))
		if d := diffText(c.ed.Orig, c.now); d != "" {
			out = append(out, kit.Wrap("Meanwhile: "+d+".", w)...)
		}
	}
	out = append(out, kit.WrapStyled(st.Dim, "The save was an UpdateItem on condition that every attribute still had the value you opened; DynamoDB refused it (ConditionalCheckFailedException), and nothing was written.", w)...)
	out = append(out, "")
	if c.now != nil {
		out = append(out, st.Key.Render("r")+" edit the item as it is now (your text is dropped)")
	}
	out = append(out, st.Key.Render("o")+" overwrite it with your edit (a PutItem of your text: the changes made meanwhile are lost)",
		st.Key.Render("e")+" edit your text again; saving then checks against the item as it is now",
		st.Key.Render("esc")+" discard your edit", "")
	return strings.Join(append(out, textLines(st, c.ed.Text, w, c.h-len(out))...), "\n")
}

// diffText says how now differs from orig: "Body changed · Tags added ·
// Draft removed".
func diffText(orig, now model.Item) string {
	var changed, added, removed []string
	for _, n := range kit.SortedKeys(now) {
		o, ok := orig[n]
		switch {
		case !ok:
			added = append(added, n)
		case !model.Equal(o, now[n]):
			changed = append(changed, n)
		}
	}
	for _, n := range kit.SortedKeys(orig) {
		if _, ok := now[n]; !ok {
			removed = append(removed, n)
		}
	}
	var parts []string
	if len(changed) > 0 {
		parts = append(parts, strings.Join(changed, ", ")+" changed")
	}
	if len(added) > 0 {
		parts = append(parts, strings.Join(added, ", ")+" added")
	}
	if len(removed) > 0 {
		parts = append(parts, strings.Join(removed, ", ")+" removed")
	}
	return strings.Join(parts, " · ")
}
