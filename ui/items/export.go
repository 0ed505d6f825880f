package items

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Export of the marked items to a file (X): plain JSON Lines, DynamoDB
// JSON Lines or CSV (internal/itemfmt), the whole items as they are now
// on the embedded engine (read again), as loaded on a remote table. A file
// that exists is never overwritten.

// exportedMsg says how an export went.
type exportedMsg struct {
	text string
}

// exportMarked writes the marked items to path in format f.
func (p *Model) exportMarked(path string, f itemfmt.Format) tea.Cmd {
	api, desc := p.api, p.tg.Desc
	marked := p.markedItems()
	whole := p.tg.Index == "" || p.tg.Projection().ProjectionType == model.ProjectionAll
	read := !kit.IsRemote(p.api) || !whole
	names := kit.NonEmpty(p.tg.TableKeyNames())
	return func() tea.Msg {
		items := marked
		note := ""
		if read {
			cur, units, err := readCurrent(context.Background(), api, desc.TableName, names, keysOf(marked, names))
			if err != nil {
				return kit.FlashMsg{Text: "export failed, no file written: " + kit.AsModelError(err).Error()}
			}
			items = items[:0:0]
			for _, it := range marked {
				if now, ok := cur[string(model.AppendItemJSON(nil, kit.KeyOf(it, names...)))]; ok {
					items = append(items, now)
				}
			}
			if gone := len(marked) - len(items); gone > 0 {
				note = fmt.Sprintf(" (%s no longer there)", kit.NItems(gone))
			}
			if kit.IsRemote(api) {
				note += fmt.Sprintf(" · read again: %s RCU", kit.Units(units))
			}
		}
		n, err := writeItems(path, f, names, items)
		if err != nil {
			return kit.FlashMsg{Text: "export failed: " + err.Error()}
		}
		return kit.FlashMsg{Text: fmt.Sprintf("exported %s to %s (%s)%s", kit.NItems(n), path, f, note)}
	}
}

// writeItems writes items to a new file.
func writeItems(path string, f itemfmt.Format, keys []string, items []model.Item) (int, error) {
	out, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return 0, fmt.Errorf("%s exists: choose another name (nothing is overwritten)", path)
	}
	if err != nil {
		return 0, err
	}
	w := itemfmt.NewWriter(out, f, itemfmt.WriteOptions{Keys: keys})
	for _, it := range items {
		if err := w.Write(it); err != nil {
			out.Close()
			os.Remove(path)
			return 0, err
		}
	}
	if err := w.Close(); err != nil {
		out.Close()
		os.Remove(path)
		return 0, err
	}
	return w.Count(), out.Close()
}

// keysOf are the items' table keys.
func keysOf(items []model.Item, names []string) []model.Item {
	out := make([]model.Item, len(items))
	for i, it := range items {
		out[i] = kit.KeyOf(it, names...)
	}
	return out
}

// markServerMsg carries a page of the items the filter on the server
// matched.
type markServerMsg struct {
	gen   int
	seq   int
	items []model.Item
	lek   model.Item
	units float64
	err   error
}

// markServerGoMsg: the user agreed to read the table for the marks.
type markServerGoMsg struct{ gen int }

// marking is the read of the whole table that M does with a filter on the
// server: page after page (1 MB each), each page's matches marked as it
// lands; esc stops it after the page in flight.
type marking struct {
	seq      int
	pages    int
	matched  int
	units    float64
	stopping bool
}

// askMarkServer marks every item of the table the filter on the server
// matches: it reads the table whole, so on a remote table it asks first.
func (p *Model) askMarkServer() tea.Cmd {
	if !kit.IsRemote(p.api) {
		return p.markServer()
	}
	body := []string{p.server.request(), ""}
	if c := p.scanCost(false); c != "" {
		body = append(body, c, "")
	}
	body = append(body, "M reads the table to its end with the filter and marks every item that matches; esc stops.")
	return kit.Msg(kit.ConfirmMsg{Title: "Mark every match in " + p.tg.Label() + "?", Yes: "read and mark", Body: body, Then: markServerGoMsg{gen: p.gen}})
}

// markServer starts reading the whole target with the filter on the
// server.
func (p *Model) markServer() tea.Cmd {
	if p.marking != nil {
		return nil
	}
	p.markSeq++
	p.marking = &marking{seq: p.markSeq}
	return p.markPage(nil)
}

// markPage reads the page after start.
func (p *Model) markPage(start model.Item) tea.Cmd {
	api, gen, tg, sf, seq := p.api, p.gen, p.tg, p.server, p.marking.seq
	index := tg.Index
	if tg.Vector() != nil {
		index = "" // Scan refuses a vector index: its table's items show
	}
	return func() tea.Msg {
		res, err := api.Scan(context.Background(), &model.ScanInput{TableName: tg.Table(), IndexName: index, ExclusiveStartKey: start,
			FilterExpression: sf.expr, ExpressionAttributeNames: sf.names, ExpressionAttributeValues: sf.values,
			ReturnConsumedCapacity: model.ReturnCapacityTotal})
		if err != nil {
			return markServerMsg{gen: gen, seq: seq, err: err}
		}
		out := markServerMsg{gen: gen, seq: seq, items: res.Items, lek: res.LastEvaluatedKey}
		if res.ConsumedCapacity != nil {
			out.units = float64(res.ConsumedCapacity.CapacityUnits)
		}
		return out
	}
}

// onMarkServer marks what a page found, and reads the next.
func (p *Model) onMarkServer(msg markServerMsg) tea.Cmd {
	m := p.marking
	if m == nil || msg.gen != p.gen || msg.seq != m.seq {
		return nil
	}
	if msg.err != nil {
		p.marking = nil
		return kit.Msg(kit.FlashMsg{Text: fmt.Sprintf("marking stopped after %s (%s marked): %s",
			kit.Plural(int64(m.pages), "page", ""), kit.FmtInt(int64(m.matched)), kit.AsModelError(msg.err).Error())})
	}
	m.pages++
	m.units += msg.units
	for _, it := range msg.items {
		if _, ok := p.marks[p.markKey(it)]; !ok {
			m.matched++
		}
		p.mark(it, true)
	}
	if msg.lek != nil && !m.stopping {
		return p.markPage(msg.lek)
	}
	p.marking = nil
	how := "every item the filter on the server matches"
	if msg.lek != nil {
		how = "stopped by you before the end of the table"
	}
	return kit.Msg(kit.FlashMsg{Text: fmt.Sprintf("marked %s more: %s (%s read) · %s · %s RCU",
		kit.FmtInt(int64(m.matched)), how, kit.Plural(int64(m.pages), "page", ""), p.markCount(), kit.Units(m.units))})
}

// markingLine is the progress of M's read, for the position line.
func (p *Model) markingLine() string {
	m := p.marking
	s := fmt.Sprintf("marking every match: %s read · %s marked · %s RCU", kit.Plural(int64(m.pages), "page", ""), kit.FmtInt(int64(m.matched)), kit.Units(m.units))
	if m.stopping {
		return s + " · stopping after the page in flight…"
	}
	return s + " · esc stops"
}
