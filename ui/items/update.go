package items

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/ui/kit"
)

// Update takes the pane's pages, keys and wheel.
func (p *Model) Update(msg tea.Msg) tea.Cmd {
	cmd := p.update(msg)
	p.follow()
	return cmd
}

// follow scrolls the screen so the cursor stays in view.
func (p *Model) follow() {
	screen := p.rowsOnScreen()
	if p.idx != nil {
		p.ftop = kit.Window(p.ftop, p.fcursor, len(p.idx), screen)
		return
	}
	start := p.offset(p.first)
	p.top = max(kit.Window(p.top, p.cursor, start+p.windowRows(), screen), start)
}

func (p *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case pageMsg:
		if msg.gen != p.gen {
			return nil
		}
		p.accept(msg)
		return p.next()
	case toEndMsg:
		if msg.gen != p.gen || !p.more() || p.err != nil {
			return nil
		}
		p.cursor = p.offset(p.first) + p.windowRows() - 1
		return p.toTheEnd()
	case facetsMsg:
		return p.onFacets(msg)
	case bulkPlanMsg:
		return p.onBulkPlan(msg)
	case bulkGoMsg:
		return p.onBulkGo(msg)
	case bulkStepMsg:
		return p.onBulkStep(msg)
	case bulkNextMsg:
		if p.bulk != nil && p.bulk.seq == msg.seq && !p.bulk.finished {
			return p.bulkNext()
		}
		return nil
	case serverFilterMsg:
		if msg.gen != p.gen {
			return nil
		}
		return p.setServerFilter(msg.sf)
	case markServerGoMsg:
		if msg.gen != p.gen || p.server == nil {
			return nil
		}
		return p.markServer()
	case markServerMsg:
		return p.onMarkServer(msg)
	case sampleMsg:
		if msg.gen == p.gen {
			p.extra = msg.names
			p.regrid()
		}
		return nil
	case leftOutMsg:
		if p.leftOut != nil && msg.gen == p.gen && msg.seq == p.leftOut.seq {
			p.leftOut.items, p.leftOut.err, p.leftOut.loaded = msg.items, msg.err, true
			p.leftOut.full = leftOutGrid(p.tg, msg.items, msg.whole)
			p.leftOut.move(0)
		}
		return nil
	case tea.PasteMsg:
		if p.prompt != nil {
			p.prompt.field.Paste(msg.Content)
			return nil
		}
		if p.filtering {
			p.filter.Paste(msg.Content)
			p.applyFilter()
		}
		return nil
	case kit.ClickMsg:
		return p.click(msg)
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			return p.scrollBy(-3)
		case tea.MouseWheelDown:
			return p.scrollBy(3)
		}
		return nil
	case tea.KeyPressMsg:
		switch {
		case p.prompt != nil:
			return p.updatePrompt(msg)
		case p.chooser != nil:
			return p.updateChooser(msg)
		case p.filtering:
			return p.updateFilter(msg)
		case p.summaryShown():
			if key.Matches(msg, p.ek.Accept, p.keys.Back) {
				p.bulk = nil
			}
			return nil
		case p.bulkRunning() && key.Matches(msg, p.bk.StopBulk):
			return p.stopBulk()
		case p.marking != nil && key.Matches(msg, p.bk.StopBulk):
			p.marking.stopping = true
			return nil
		}
		if cmd, ok := p.editKey(msg); ok {
			return cmd
		}
		if p.leftOut != nil {
			return p.updateLeftOut(msg)
		}
		return p.key(msg)
	}
	return nil
}
