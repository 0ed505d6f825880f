package items

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/ui/kit"
)

func (p *Model) updateFilter(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keys
	switch {
	case key.Matches(msg, k.KeepFilter):
		p.filtering = false
		if p.filter.String() == "" {
			p.idx = nil
		}
		return nil
	case key.Matches(msg, k.ClearFilter):
		p.filtering = false
		p.idx, p.filter = nil, kit.Field{}
		return nil
	case key.Matches(msg, k.LeaveUp, k.LeaveDown):
		p.filtering = false
		return p.update(msg)
	}
	p.filter.Update(msg)
	p.applyFilter()
	return nil
}

// applyFilter selects the loaded rows containing the filter text.
func (p *Model) applyFilter() {
	if !p.filtering && p.idx == nil {
		return
	}
	q := strings.ToLower(p.filter.String())
	p.idx = p.idx[:0]
	if p.idx == nil {
		p.idx = []int{}
	}
	for i, r := range p.g.Rows {
		if q == "" || strings.Contains(r.Text, q) {
			p.idx = append(p.idx, i)
		}
	}
	p.fcursor = max(min(p.fcursor, len(p.idx)-1), 0)
}
