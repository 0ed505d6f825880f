package items

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The pane's one-line prompts, under the rows: the attribute to set on
// (or remove from) the marked items, the file to export them to, the
// condition of the filter on the server. enter takes it, esc drops it.

type promptKind int

const (
	promptSet promptKind = iota
	promptRemove
	promptExport
	promptServer
)

type prompt struct {
	kind   promptKind
	field  kit.Field
	format itemfmt.Format // promptExport: the format unless the name says one
	why    string         // what is wrong with what was typed
}

// openPrompt opens a prompt (those about marks only with marks).
func (p *Model) openPrompt(kind promptKind) tea.Cmd {
	if kind != promptServer && kind != promptExport {
		if why := kit.ReadOnly(p.api); why != "" {
			return kit.Msg(kit.FlashMsg{Text: why})
		}
	}
	if kind != promptServer && len(p.marks) == 0 {
		return kit.Msg(kit.FlashMsg{Text: "no marked items: space marks the row, * every loaded row, M what the filter matches"})
	}
	pr := &prompt{kind: kind, format: itemfmt.JSONLines}
	switch kind {
	case promptExport:
		pr.field = kit.NewField(p.tg.Table() + "-marked" + pr.format.Extension())
	case promptServer:
		if p.server != nil {
			pr.field = kit.NewField(p.server.text)
		}
	}
	p.prompt = pr
	return nil
}

// promptLabel is what the prompt asks.
func (p *Model) promptLabel() string {
	n := kit.FmtInt(int64(len(p.marks)))
	switch p.prompt.kind {
	case promptSet:
		return "set on the " + n + " marked (Name = value): "
	case promptRemove:
		return "remove from the " + n + " marked (attribute): "
	case promptExport:
		return "export the " + n + " marked as " + string(p.exportFormat()) + " to: "
	}
	return "filter on the server: "
}

// exportFormat is the format the export writes: the one its name says
// (.csv, .ddb.jsonl), else the one tab chose.
func (p *Model) exportFormat() itemfmt.Format {
	if f, ok := itemfmt.FormatOfName(strings.TrimSpace(p.prompt.field.String())); ok {
		return f
	}
	return p.prompt.format
}

// updatePrompt takes a key while a prompt is open.
func (p *Model) updatePrompt(msg tea.KeyPressMsg) tea.Cmd {
	pr := p.prompt
	switch {
	case key.Matches(msg, p.ek.Accept):
		return p.submitPrompt()
	case key.Matches(msg, p.ek.Cancel):
		p.prompt = nil
		return nil
	case pr.kind == promptExport && key.Matches(msg, p.bk.Format):
		i := slices.Index(itemfmt.Formats, pr.format)
		pr.format = itemfmt.Formats[(i+1)%len(itemfmt.Formats)]
		// the name follows the format, when it is the name offered
		name := pr.field.String()
		for _, f := range itemfmt.Formats {
			if strings.HasSuffix(name, f.Extension()) && (f != itemfmt.JSONLines || !strings.HasSuffix(name, itemfmt.DynamoDBJSON.Extension())) {
				pr.field.Set(strings.TrimSuffix(name, f.Extension()) + pr.format.Extension())
				break
			}
		}
		return nil
	}
	pr.field.Update(msg)
	pr.why = ""
	return nil
}

// submitPrompt acts on what was typed.
func (p *Model) submitPrompt() tea.Cmd {
	pr := p.prompt
	text := strings.TrimSpace(pr.field.String())
	switch pr.kind {
	case promptSet:
		name, val, ok := strings.Cut(text, "=")
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		if !ok || name == "" || val == "" {
			pr.why = "type Name = value (\"text\", 12.5, true, null, {\"SS\":[\"a\"]})"
			return nil
		}
		if why := p.notKey(name); why != "" {
			pr.why = why
			return nil
		}
		v, why := kit.Literal(val)
		if why != "" {
			pr.why = why
			return nil
		}
		p.prompt = nil
		return p.startBulk(bulkSet, name, v)
	case promptRemove:
		if text == "" {
			pr.why = "type the attribute's name"
			return nil
		}
		if why := p.notKey(text); why != "" {
			pr.why = why
			return nil
		}
		p.prompt = nil
		return p.startBulk(bulkRemove, text, model.AttributeValue{})
	case promptExport:
		if text == "" {
			pr.why = "type a file name"
			return nil
		}
		f := p.exportFormat()
		p.prompt = nil
		return p.exportMarked(text, f)
	}
	sf, err := parseServerFilter(text)
	if err != nil {
		pr.why = err.Error()
		return nil
	}
	p.prompt = nil
	return p.askServerFilter(sf)
}

// notKey says why an attribute cannot be set or removed by UpdateItem:
// it is part of the table's key.
func (p *Model) notKey(name string) string {
	for _, k := range p.tg.TableKeyNames() {
		if k == name {
			return fmt.Sprintf("%s is part of the table's key: UpdateItem cannot change it", name)
		}
	}
	return ""
}

// promptView is the prompt's line (and what is wrong, on a second).
func (p *Model) promptView() []string {
	label := p.promptLabel()
	out := []string{kit.Fit(label+p.prompt.field.View(true, max(p.w-kit.Width(label)-1, 10)), p.w)}
	hint := "enter: go on · esc: cancel"
	if p.prompt.kind == promptExport {
		hint = "tab: next format (jsonl, ddb-json, csv) · " + hint
	}
	if p.prompt.kind == promptServer {
		hint = `Status = "OPEN" AND Total > 100 · begins_with(Sku, "BK-") · ` + hint
	}
	if p.prompt.why != "" {
		return append(out, kit.Fit(p.st.Warn.Render(p.prompt.why), p.w))
	}
	return append(out, kit.Fit(p.st.Dim.Render(hint), p.w))
}
