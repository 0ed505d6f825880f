package lessons

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// resultMsg carries the result of running lesson li's step si, on the
// copy made for it (made: the command made the copy).
type resultMsg struct {
	li, si int
	res    *lessonResult
	made   *engine.Engine
	last   *engine.RequestRecord
	err    error // the copy could not be made
}

// copyMsg carries a copy made for o, and what o opens on it.
type copyMsg struct {
	li   int
	made *engine.Engine
	err  error
	open func(eng *engine.Engine) tea.Msg
}

// run runs the current step on the lesson's copy.
func (p *Model) run() tea.Cmd {
	p.running = true
	li, si, a := p.li, p.si, p.step().act
	return p.withCopy(func(eng *engine.Engine, made bool) tea.Msg {
		msg := resultMsg{li: li, si: si, res: doAction(eng, a)}
		if made {
			msg.made = eng
		}
		if rec, ok := eng.LastRequest(); ok {
			msg.last = &rec
		}
		return msg
	})
}

// open shows the current step's request or table in its pane, on the
// copy.
func (p *Model) open() tea.Cmd {
	a, l := p.step().act, p.lesson()
	var open func(eng *engine.Engine) tea.Msg
	switch {
	case a.read != nil:
		open = func(eng *engine.Engine) tea.Msg { return kit.OpenQueryMsg{In: a.read(engineNow(eng))} }
	case a.transact != nil:
		open = func(eng *engine.Engine) tea.Msg { return kit.OpenQueryMsg{In: a.transact(engineNow(eng))} }
	case len(a.compare) > 0:
		open = func(*engine.Engine) tea.Msg {
			return kit.OpenQueryMsg{In: &model.ExecuteStatementInput{Statement: a.compare[0]}}
		}
	case len(a.side) > 0:
		last := a.side[len(a.side)-1].read
		open = func(eng *engine.Engine) tea.Msg { return kit.OpenQueryMsg{In: last(engineNow(eng))} }
	case a.leftOut[0] != "":
		open = func(*engine.Engine) tea.Msg {
			return kit.OpenItemsMsg{Table: a.leftOut[0], Index: a.leftOut[1], LeftOut: true}
		}
	case a.check, a.savePattern != nil:
		open = func(*engine.Engine) tea.Msg { return kit.OpenPatternsMsg{} }
	default:
		open = func(*engine.Engine) tea.Msg { return kit.OpenItemsMsg{Table: l.table} }
	}
	li := p.li
	return p.withCopy(func(eng *engine.Engine, made bool) tea.Msg {
		m := copyMsg{li: li, open: open}
		if made {
			m.made = eng
		}
		return m
	})
}

// Update takes results, copies and keys.
func (p *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case resultMsg:
		p.running = false
		if msg.err != nil {
			k := [2]int{p.li, p.si}
			p.results[k] = &lessonResult{title: "a copy of " + p.lesson().dataset, err: kit.AsModelError(msg.err)}
			return nil
		}
		cmd := p.adopt(msg.li, msg.made)
		if p.copy == nil || p.copy.li != msg.li {
			return cmd
		}
		k := [2]int{msg.li, msg.si}
		p.results[k] = msg.res
		p.rtop, p.reveal = 0, true
		p.ran[msg.si] = true
		p.last = msg.last
		if len(msg.res.items) > 0 && msg.res.tg.Valid() {
			g := kit.NewGrid(msg.res.tg, msg.res.items, nil)
			p.grids[k] = &g
		} else {
			delete(p.grids, k)
		}
		if msg.res.changed {
			cmd = kit.Sequence(cmd, kit.Msg(kit.ChangedMsg{Note: ""}))
		}
		return cmd
	case copyMsg:
		cmd := p.adopt(msg.li, msg.made)
		if p.copy == nil || p.copy.li != msg.li {
			return cmd
		}
		ws := p.workspace()
		open := msg.open(p.copy.eng)
		switch o := open.(type) {
		case kit.OpenQueryMsg:
			o.Workspace = ws
			open = o
		case kit.OpenItemsMsg:
			o.Workspace = ws
			open = o
		case kit.OpenPatternsMsg:
			o.Workspace = ws
			open = o
		}
		return kit.Sequence(cmd, kit.Msg(open))
	case tea.KeyPressMsg:
		k := p.keyMap()
		li, si := p.li, p.si
		defer func() {
			if p.li != li || p.si != si {
				p.rtop = 0
			}
		}()
		switch {
		case key.Matches(msg, k.ScrollDown):
			p.rtop = min(p.rtop+max(p.h/4, 1), p.rmax)
		case key.Matches(msg, k.ScrollUp):
			p.rtop = max(p.rtop-max(p.h/4, 1), 0)
		case key.Matches(msg, k.Run) && !p.running:
			return p.run()
		case key.Matches(msg, k.Next) && k.Next.Enabled():
			p.si++
		case key.Matches(msg, k.Prev) && k.Prev.Enabled():
			p.si--
		case key.Matches(msg, k.NextLesson) && k.NextLesson.Enabled():
			p.li, p.si = p.li+1, 0
			return p.drop()
		case key.Matches(msg, k.PrevLesson) && k.PrevLesson.Enabled():
			p.li, p.si = p.li-1, 0
			return p.drop()
		case key.Matches(msg, k.Reset) && k.Reset.Enabled():
			return p.drop()
		case key.Matches(msg, k.Open):
			return p.open()
		}
	}
	return nil
}
