package forms

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The sidebar's two destructive table actions: delete a table
// (DeleteTable) and empty it (every item deleted, the table kept). Both
// ask first, naming the table, its item count and where it lives (the
// workspace file, or memory); on a remote table that may write, the
// table's name is typed instead of y (the root asks for it).

// countText is "22 items", or "~22 items (DynamoDB's approximate count)"
// on a remote table.
func countText(d *model.TableDescription, approx bool) string {
	n := kit.FmtInt(d.ItemCount) + " item"
	if d.ItemCount != 1 {
		n += "s"
	}
	if approx {
		return "~" + n + " (DynamoDB's approximate count, refreshed about every 6 hours)"
	}
	return n
}

// NewDeleteTable asks before deleting table d of a workspace; place says
// where the table lives ("in the workspace file work.db: …"), approx that
// the count is DynamoDB's approximate one.
func NewDeleteTable(st *kit.Styles, km keymap.KeyMap, api engine.API, d *model.TableDescription, place string, approx bool) *Confirm {
	table := d.TableName
	what := "DeleteTable: the table goes DELETING, then it is gone with its items"
	if n := len(d.GlobalSecondaryIndexes) + len(d.LocalSecondaryIndexes); n > 0 {
		what += fmt.Sprintf(", its %d index", n)
		if n > 1 {
			what += "es"
		}
	}
	what += ", its TTL setting and its stream. It cannot be undone."
	body := []string{"Delete the table " + table + " and its " + countText(d, approx) + "?", "", what, place}
	send := func() tea.Msg {
		if _, err := api.DeleteTable(kit.Bg, &model.DeleteTableInput{TableName: table}); err != nil {
			return DoneMsg{Err: err}
		}
		return DoneMsg{Note: "DeleteTable " + table + ": deleted", Table: table}
	}
	return NewConfirm(st, km, "Delete table "+table, "delete the table", body, send)
}

// Emptier asks before deleting every item of a table and then deletes
// them page by page (a Scan of the keys, BatchWriteItem deletes of 25),
// showing how many are gone; esc stops between pages (what was deleted
// stays deleted, and the summary says so). The table, its indexes, TTL
// and stream stay.
type Emptier struct {
	*Confirm
	api     engine.API
	desc    *model.TableDescription
	running bool
	stop    bool
	deleted int64
	wcu     float64
	err     *model.Error
}

// emptyPageMsg is one page of the emptying: how many items it deleted,
// where the next page starts (nil: the table is read to its end).
type emptyPageMsg struct {
	deleted int64
	wcu     float64
	next    model.Item
	err     error
}

// emptyPage is how many keys one page of the emptying reads.
const emptyPage = 500

// NewEmptyTable asks before deleting every item of table d, and then
// deletes them; place and approx as for NewDeleteTable.
func NewEmptyTable(st *kit.Styles, km keymap.KeyMap, api engine.API, d *model.TableDescription, place string, approx bool) *Emptier {
	table := d.TableName
	body := []string{
		"Delete every item of " + table + " (" + countText(d, approx) + ") and keep the table?",
		"",
		"A Scan reads the keys page by page and BatchWriteItem deletes them 25 at a time: each deletion is a write like any other (at least 1 WCU each, index entries and stream records with it). The table, its indexes, TTL setting and stream stay. esc stops between pages; what was deleted stays deleted.",
		place,
	}
	e := &Emptier{api: api, desc: d}
	e.Confirm = NewQuestion(st, km, "Empty table "+table, "delete every item", body, nil)
	return e
}

// RequireTyped asks for the table's name instead of y (a remote table).
func (e *Emptier) RequireTyped(name string, where []string) *Emptier {
	e.Confirm.RequireTyped(name, where)
	return e
}

// Capturing reports whether the name field has every key.
func (e *Emptier) Capturing() bool { return !e.running && e.Confirm.Capturing() }

// ShortHelp is the question's keys, then esc to stop.
func (e *Emptier) ShortHelp() []key.Binding {
	if !e.running {
		return e.Confirm.ShortHelp()
	}
	s := e.keys.Cancel
	s.SetHelp("esc", "stop")
	return []key.Binding{s}
}

// FullHelp is ShortHelp.
func (e *Emptier) FullHelp() [][]key.Binding { return [][]key.Binding{e.ShortHelp()} }

// emptyStartMsg: the question was answered yes.
type emptyStartMsg struct{}

// Update asks, then runs the pages one after the other.
func (e *Emptier) Update(msg tea.Msg) (Modal, tea.Cmd) {
	switch msg := msg.(type) {
	case DoneMsg:
		return e, nil // its own summary, on its way to the root
	case emptyPageMsg:
		e.deleted += msg.deleted
		e.wcu += msg.wcu
		if msg.err != nil {
			e.running, e.err = false, kit.AsModelError(msg.err)
			return e, e.done()
		}
		if msg.next == nil || e.stop {
			e.running = false
			return nil, e.done()
		}
		return e, e.page(msg.next)
	case tea.KeyPressMsg:
		if e.running {
			if key.Matches(msg, e.keys.Cancel) {
				e.stop = true
			}
			return e, nil
		}
		if e.err != nil {
			if key.Matches(msg, e.keys.Cancel) || key.Matches(msg, e.keys.No) {
				return nil, nil
			}
			return e, nil
		}
	}
	if e.running {
		return e, nil
	}
	e.Confirm.send = func() tea.Msg { return emptyStartMsg{} }
	md, cmd := e.Confirm.Update(msg)
	if md == nil && cmd != nil {
		// yes: the question stays on screen as the progress
		e.running = true
		return e, e.page(nil)
	}
	if md == nil {
		return nil, nil
	}
	return e, cmd
}

// done is the DoneMsg that ends the emptying: how many items are gone,
// and whether it stopped or failed before the end.
func (e *Emptier) done() tea.Cmd {
	table := e.desc.TableName
	note := fmt.Sprintf("emptied %s: %s items deleted (%s WCU)", table, kit.FmtInt(e.deleted), kit.FmtUnits(e.wcu))
	switch {
	case e.err != nil:
		note = fmt.Sprintf("emptying %s failed after %s items deleted", table, kit.FmtInt(e.deleted))
	case e.stop:
		note = fmt.Sprintf("emptying %s stopped: %s items deleted, the rest kept", table, kit.FmtInt(e.deleted))
	}
	return func() tea.Msg { return DoneMsg{Note: note, Table: table} }
}

// page deletes the items of one Scan page of keys starting after start.
func (e *Emptier) page(start model.Item) tea.Cmd {
	api, d := e.api, e.desc
	return func() tea.Msg { return EmptyPage(api, d, start) }
}

// EmptyPage deletes the items of one page of d's keys from start (nil:
// the first page); its message says how many and where the next starts.
func EmptyPage(api engine.API, d *model.TableDescription, start model.Item) tea.Msg {
	names := map[string]string{}
	var proj []string
	for i, k := range d.KeySchema {
		p := fmt.Sprintf("#k%d", i)
		names[p] = k.AttributeName
		proj = append(proj, p)
	}
	limit := int32(emptyPage)
	out, err := api.Scan(kit.Bg, &model.ScanInput{TableName: d.TableName, ExclusiveStartKey: start, Limit: &limit,
		ProjectionExpression: strings.Join(proj, ", "), ExpressionAttributeNames: names})
	if err != nil {
		return emptyPageMsg{err: err}
	}
	msg := emptyPageMsg{next: out.LastEvaluatedKey}
	for i := 0; i < len(out.Items); i += 25 {
		keys := out.Items[i:min(i+25, len(out.Items))]
		for tries := 0; len(keys) > 0; tries++ {
			if tries == 10 {
				msg.err = &model.Error{Code: model.ErrProvisionedThroughput,
					Message: fmt.Sprintf("%d deletions still unprocessed after 10 tries", len(keys))}
				return msg
			}
			if tries > 0 {
				time.Sleep(min(50*time.Millisecond<<tries, 2*time.Second)) // back off as the SDKs do
			}
			res, err := kit.BatchDelete(kit.Bg, api, d.TableName, keys)
			if err != nil {
				msg.err = err
				return msg
			}
			msg.wcu += res.Units
			msg.deleted += int64(len(keys) - len(res.Unprocessed))
			keys = res.Unprocessed
		}
	}
	return msg
}

// View is the question, then the progress and the outcome.
func (e *Emptier) View() string {
	if !e.running && e.err == nil && e.deleted == 0 {
		return e.Confirm.View()
	}
	st := e.st
	out := header(st, e.title, "", e.w)
	for _, l := range e.body[:1] {
		out = append(out, kit.Wrap(l, e.w)...)
	}
	out = append(out, "")
	total := e.desc.ItemCount
	line := kit.FmtInt(e.deleted) + " items deleted"
	if total > 0 {
		line += fmt.Sprintf(" of %s (%d%%)", kit.FmtInt(total), min(e.deleted*100/total, 100))
	}
	out = append(out, line+" · "+kit.FmtUnits(e.wcu)+" WCU")
	if total > 0 {
		out = append(out, kit.ProgressBar(st, float64(e.deleted)/float64(total), max(min(e.w, 60), 10)))
	}
	switch {
	case e.err != nil:
		out = append(out, "", st.Error.Render("Stopped: the rest of the items are kept."))
		out = append(out, kit.ErrorBox(st, e.err, e.w)...)
		out = append(out, st.Key.Render("esc")+" close")
	case e.stop:
		out = append(out, "", st.Dim.Render("stopping after this page…"))
	default:
		out = append(out, "", st.Key.Render("esc")+" stop after this page")
	}
	return strings.Join(out, "\n")
}
