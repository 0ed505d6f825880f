package items

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// browseKey handles the chores' keys (keymap.BrowseKeyMap) while browsing;
// ok is false for any other key.
func (p *Model) browseKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	bk := p.bk
	switch {
	case key.Matches(msg, bk.Mark):
		p.toggleMark()
		return nil, true
	case key.Matches(msg, bk.MarkLoaded):
		n := p.markRows(nil)
		return kit.Msg(kit.FlashMsg{Text: "marked " + kit.NItems(n) + " more: every " + loadedRows(len(p.g.Rows)) + " · " + p.markCount()}), true
	case key.Matches(msg, bk.MarkFiltered):
		return p.markFiltered(), true
	case key.Matches(msg, bk.Unmark):
		n := len(p.marks)
		p.marks = nil
		return kit.Msg(kit.FlashMsg{Text: "cleared " + kit.FmtInt(int64(n)) + " marks"}), true
	case key.Matches(msg, bk.DeleteMarked):
		return p.startBulk(bulkDelete, "", model.AttributeValue{}), true
	case key.Matches(msg, bk.SetMarked):
		return p.openPrompt(promptSet), true
	case key.Matches(msg, bk.RemoveMarked):
		return p.openPrompt(promptRemove), true
	case key.Matches(msg, bk.ExportMarked):
		return p.openPrompt(promptExport), true
	case key.Matches(msg, p.tk.Export) && p.tg.Valid():
		return kit.Msg(p.exportShown()), true
	case key.Matches(msg, p.tk.Import) && p.tg.Valid():
		return kit.Msg(kit.ImportMsg{Desc: p.tg.Desc}), true
	case key.Matches(msg, bk.Columns):
		p.chooser = &columnChooser{}
		return nil, true
	case key.Matches(msg, bk.ServerFilter):
		return p.openPrompt(promptServer), true
	case key.Matches(msg, bk.CopyPlain, bk.CopyDynamo):
		it, ok := p.current()
		if !ok {
			return nil, true
		}
		if p.tg.Index != "" && p.tg.Projection().ProjectionType != model.ProjectionAll {
			return kit.Msg(kit.FlashMsg{Text: "this row is an index entry, not the whole item: enter opens the item, and y or Y copies it there"}), true
		}
		return copyItem(it, key.Matches(msg, bk.CopyDynamo)), true
	}
	return nil, false
}

// copyItem puts an item on the clipboard as plain JSON or DynamoDB JSON,
// indented, and says so.
func copyItem(it model.Item, dynamo bool) tea.Cmd {
	text, what := string(itemfmt.PlainJSON(it, "  ")), "plain JSON"
	if dynamo {
		text, what = kit.DynamoJSON(it)+"\n", "DynamoDB JSON"
	}
	return tea.Batch(tea.SetClipboard(text), kit.Msg(kit.FlashMsg{Text: "copied the item as " + what + " (OSC 52: a terminal without clipboard access drops it; try pasting)"}))
}

// exportShown is the export of what the pane shows: every item of the
// table or index, or, with a filter on the server, every item it matches.
func (p *Model) exportShown() kit.ExportMsg {
	out := kit.ExportOf(p.tg)
	if sf := p.server; sf != nil && sf.expr != "" {
		out.Read.Scan.FilterExpression, out.Read.Scan.ExpressionAttributeNames, out.Read.Scan.ExpressionAttributeValues = sf.expr, sf.names, sf.values
		out.What = "the items of " + out.What + " where " + sf.text
	}
	return out
}
