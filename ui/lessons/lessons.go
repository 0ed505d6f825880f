package lessons

import (
	"charm.land/bubbles/v2/key"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Model is the Lessons pane.
type Model struct {
	st      *kit.Styles
	keys    keys
	api     engine.API // the user's workspace: only its clock is read
	all     []lesson
	li, si  int
	results map[[2]int]*lessonResult
	grids   map[[2]int]*kit.Grid
	ran     map[int]bool // steps of the current lesson run on its copy
	copy    *lessonCopy
	running bool
	last    *engine.RequestRecord // the copy's last request
	// rtop is the first line on screen of the step and its result when
	// they are taller than the pane; rmax the last rtop (0: they fit),
	// set by View; reveal scrolls to a result that just arrived.
	rtop, rmax int
	reveal     bool
	w, h       int
	focused    bool
}

type keys struct {
	Run, Next, Prev, NextLesson, PrevLesson, Open, Reset, ScrollDown, ScrollUp key.Binding
}

// New returns the Lessons pane; api is the user's workspace, whose clock
// a lesson's copy starts from.
func New(st *kit.Styles, km keymap.KeyMap, api engine.API) *Model {
	ek := km.Editing
	p := &Model{st: st, api: api, all: lessons(), results: map[[2]int]*lessonResult{}, grids: map[[2]int]*kit.Grid{},
		ran: map[int]bool{},
		keys: keys{Run: ek.RunStep, Next: ek.NextStep, Prev: ek.PrevStep, NextLesson: ek.NextLesson,
			PrevLesson: ek.PrevLesson, Open: ek.OpenInPane, Reset: ek.ResetCopy, ScrollDown: km.PageDown, ScrollUp: km.PageUp}}
	p.keys.ScrollDown.SetHelp("pgdn", "scroll the result")
	p.keys.ScrollUp.SetHelp("pgup", "scroll the result back")
	return p
}

// SetSize sets the inner size.
func (p *Model) SetSize(w, h int) { p.w, p.h = w, h }

// SetFocus says whether the pane has the keyboard.
func (p *Model) SetFocus(on bool) { p.focused = on }

// keyMap enables the bindings that apply to the current step.
func (p *Model) keyMap() keys {
	k := p.keys
	k.Prev.SetEnabled(p.si > 0)
	k.Next.SetEnabled(p.si < len(p.lesson().steps)-1)
	k.PrevLesson.SetEnabled(p.li > 0)
	k.NextLesson.SetEnabled(p.li < len(p.all)-1)
	k.Open.SetHelp("o", p.openText())
	k.Run.SetEnabled(!p.running)
	k.Reset.SetEnabled(p.copy != nil && !p.running)
	k.ScrollDown.SetEnabled(p.rtop < p.rmax)
	k.ScrollUp.SetEnabled(p.rtop > 0)
	return k
}

// ShortHelp is the pane's keys for the help line.
func (p *Model) ShortHelp() []key.Binding {
	k := p.keyMap()
	return []key.Binding{k.Run, k.Next, k.Prev, k.NextLesson, k.Open, k.Reset, k.ScrollDown}
}

// FullHelp is every key of the pane.
func (p *Model) FullHelp() [][]key.Binding {
	k := p.keyMap()
	return [][]key.Binding{{k.Run, k.Next, k.Prev, k.NextLesson, k.PrevLesson, k.Open, k.Reset, k.ScrollDown, k.ScrollUp}}
}

func (p *Model) lesson() lesson { return p.all[p.li] }
func (p *Model) step() step     { return p.all[p.li].steps[p.si] }

// Lesson is the current lesson's number (from 1) and step (from 1).
func (p *Model) Lesson() (lesson, step int) { return p.li + 1, p.si + 1 }

// LastRequest is the copy's last request, for the status bar.
func (p *Model) LastRequest() *engine.RequestRecord { return p.last }

// openText says where o shows the step's request.
func (p *Model) openText() string {
	a := p.step().act
	switch {
	case a.read != nil, a.transact != nil, len(a.compare) > 0, len(a.side) > 0:
		return "open in 3 Query"
	case a.leftOut[0] != "":
		return "open in 2 Items"
	case a.check, a.savePattern != nil:
		return "open in 8 Patterns"
	}
	return "browse " + p.lesson().table
}

// Result is the title and error of the current step's result (for
// tests): ok is false before it ran.
func (p *Model) Result() (title string, err *model.Error, items []model.Item, rows []string, ok bool) {
	res := p.results[[2]int{p.li, p.si}]
	if res == nil {
		return "", nil, nil, nil, false
	}
	return res.title, res.err, res.items, res.rows, true
}

// Title is the current lesson's title and table.
func (p *Model) Title() (title, table string) { return p.lesson().title, p.lesson().table }
