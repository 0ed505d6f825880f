package lessons

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// A lesson's copy of its data set: made when the lesson's first step runs
// (or o opens it), announced to the root as a workspace, thrown away with r
// or when the user moves to another lesson.

// NewCopy makes a lesson's copy of a data set: an in-memory engine whose
// clock runs from now (the user's engine time), with the data set loaded
// (written at once, as the explorer loads its demo data; throttling applies
// from the first request after). Tests replace it with a manual clock.
var NewCopy = func(dataset string, now time.Time) (*engine.Engine, error) {
	eng, err := engine.Open(engine.Options{Clock: engine.NewVirtualClock(now, 1), DisableTTLSweeper: true})
	if err != nil {
		return nil, err
	}
	if err := LoadCopy(eng, dataset); err != nil {
		eng.Close()
		return nil, err
	}
	return eng, nil
}

// LoadCopy loads a data set into a lesson's engine, unthrottled.
func LoadCopy(eng *engine.Engine, dataset string) error {
	eng.SetThrottling(false)
	defer eng.SetThrottling(true)
	return LoadData(eng, dataset)
}

// lessonCopy is a lesson's own engine.
type lessonCopy struct {
	li  int
	eng *engine.Engine
}

// Copy is the current lesson's copy of its data set (nil before it runs).
func (p *Model) Copy() *engine.Engine {
	if p.copy == nil {
		return nil
	}
	return p.copy.eng
}

// workspace names the copy for the root.
func (p *Model) workspace() kit.Workspace {
	l := p.all[p.copy.li]
	eng := p.copy.eng
	return kit.Workspace{API: eng, Label: fmt.Sprintf("lesson %d · %s: a copy of %s", p.copy.li+1, l.title, l.dataset), Close: eng.Close}
}

// withCopy runs fn on the current lesson's copy, making the copy first
// when there is none.
func (p *Model) withCopy(fn func(eng *engine.Engine, made bool) tea.Msg) tea.Cmd {
	if p.copy != nil && p.copy.li == p.li {
		eng := p.copy.eng
		return func() tea.Msg { return fn(eng, false) }
	}
	dataset, now := p.lesson().dataset, kit.Now(p.api)
	return func() tea.Msg {
		eng, err := NewCopy(dataset, now)
		if err != nil {
			return resultMsg{err: err}
		}
		return fn(eng, true)
	}
}

// adopt takes a copy a command made for lesson li: it becomes the copy,
// announced to the root; a copy for a lesson left meanwhile is closed.
func (p *Model) adopt(li int, eng *engine.Engine) tea.Cmd {
	if eng == nil {
		return nil
	}
	if li != p.li || p.copy != nil {
		return func() tea.Msg { eng.Close(); return nil }
	}
	p.copy = &lessonCopy{li: li, eng: eng}
	return kit.Msg(kit.WorkspaceMsg{Workspace: p.workspace()})
}

// drop throws the copy away (the root closes it), with its results.
func (p *Model) drop() tea.Cmd {
	if p.copy == nil {
		return nil
	}
	ws := p.workspace()
	li := p.copy.li
	p.copy, p.last = nil, nil
	for k := range p.results {
		if k[0] == li {
			delete(p.results, k)
			delete(p.grids, k)
		}
	}
	p.ran = map[int]bool{}
	return kit.Msg(kit.WorkspaceMsg{Workspace: ws, Closed: true})
}

// Close closes the copy (the program ends).
func (p *Model) Close() {
	if p.copy != nil {
		p.copy.eng.Close()
		p.copy = nil
	}
}
