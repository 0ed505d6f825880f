package transfer

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// dialog is what the export and the import dialogs share: their keys, the
// stage they are at, the file name being typed and what is wrong with it,
// and the question open.
type dialog struct {
	keys  keymap.TransferKeyMap
	stage stage
	path  kit.Field
	why   string // what is wrong with the path
	ask   *forms.Confirm
}

// stopper is a running export's or import's stop: esc cancels its context,
// and the view says "stopping…" until it ends.
type stopper struct {
	cancel   context.CancelFunc
	stopping bool
}

func (s *stopper) stop() {
	s.stopping = true
	s.cancel()
}

// paste puts pasted text in the file name, or in the open question.
func (d *dialog) paste(msg tea.PasteMsg) {
	switch d.stage {
	case stagePath:
		d.path.Paste(msg.Content)
		d.why = ""
	case stageAsk:
		d.ask.Update(msg)
	}
}

// key takes a key in the stages both dialogs treat alike: a question open
// (its answer, or back to the file name once it closes), running (the stop
// key stops run, which is nil before it starts) and done (the stop or
// start key closes the dialog). inPath says the dialog is at its file name,
// where each reads the key itself.
func (d *dialog) key(msg tea.KeyPressMsg, run *stopper) (inPath, closed bool, cmd tea.Cmd) {
	switch d.stage {
	case stageAsk:
		next, cmd := d.ask.Update(msg)
		if next == nil {
			d.ask, d.stage = nil, stagePath
		}
		return false, false, cmd
	case stageRunning:
		if key.Matches(msg, d.keys.Stop) && run != nil {
			run.stop()
		}
		return false, false, nil
	case stageDone:
		return false, key.Matches(msg, d.keys.Stop, d.keys.Start), nil
	}
	return true, false, nil
}
