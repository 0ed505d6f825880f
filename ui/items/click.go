package items

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/ui/kit"
)

// firstRowLine is the line of the pane the first item row is drawn on:
// under the header, the position (or filter) line and the column header.
const firstRowLine = 3

// click takes a left click in the pane: on an item row the cursor goes
// there (a filter being typed is kept, its typing ends); a click on the
// row the cursor is on opens the item, as enter does. Anywhere else, and
// while a question, the column chooser, the left-out list or a bulk
// summary has the pane, it does nothing.
func (p *Model) click(msg kit.ClickMsg) tea.Cmd {
	if !p.tg.Valid() || p.err != nil || len(p.pages) == 0 || p.prompt != nil || p.chooser != nil ||
		p.leftOut != nil || p.toEnd || p.summaryShown() {
		return nil
	}
	y := msg.Y - firstRowLine
	if y < 0 || y >= p.rowsOnScreen() {
		return nil
	}
	if p.idx != nil {
		r := p.ftop + y
		if r >= len(p.idx) {
			return nil
		}
		p.filtering = false
		if r == p.fcursor {
			return p.openCurrent()
		}
		p.fcursor = r
		return nil
	}
	r := p.top + y
	if r >= p.offset(p.first)+p.windowRows() {
		return nil
	}
	if r == p.cursor {
		return p.openCurrent()
	}
	return p.moveTo(r)
}
