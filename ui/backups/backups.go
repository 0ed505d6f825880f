// Package backups is the explorer's Backups & recovery view of a table,
// opened from 1 Schema with b: point-in-time recovery on or off with its
// restorable window; the table's backups (create one, delete one, restore
// one into a new table); "restore to a time", which first previews the
// table then against the table now (items added, deleted and changed since,
// with the attributes that differ) and then restores into a new table; and
// an export to the S3 folder (--s3-dir) and the import of such a folder
// into a new table, each with a progress bar and the folder it writes or
// reads.
//
// Every change asks first (kit.ConfirmMsg; on a remote backend that may
// write, the table's name is typed, and a read-only one refuses it before
// asking). Every engine call is a command; the preview and the progress
// of an export or import need the embedded engine (its PITR history and
// its jobs), and say so on a remote backend.
package backups

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The embedded engine's extras this view uses, checked with type
// assertions.
type (
	// historyReader reads a table as it was at a time (PITR history).
	historyReader interface {
		ItemsAt(ctx context.Context, table string, at time.Time, fn func(model.Item) error) error
		RestorableWindow(table string) (earliest, latest time.Time, err error)
	}
	// s3Folder is the folder standing in for Amazon S3.
	s3Folder interface{ S3Dir() string }
	// jobProgress tells how far an export or import is.
	jobProgress interface {
		JobProgress(arn string) (int64, bool)
	}
)

// field is what the text field is for.
type field int

const (
	noField     field = iota
	timeField         // the time to restore to
	importField       // the folder to import
)

// Model is the Backups & recovery view of one table.
type Model struct {
	st     *kit.Styles
	km     keymap.BackupsKeyMap
	all    keymap.KeyMap
	api    engine.API
	scroll kit.Scroller
	w, h   int

	desc    *model.TableDescription
	shown   bool
	stale   bool // the table changed since it was last read
	seq     int  // reads asked for; an older answer is dropped
	pitr    *model.PointInTimeRecoveryDescription
	backups []model.BackupSummary
	readErr error
	cursor  int

	editing field
	input   kit.Field
	preview *previewMsg
	// result is the outcome of the last action ("restored into …"), or
	// its error.
	result    string
	resultErr error
	transfer  *transfer
}

// New returns the view over api.
func New(st *kit.Styles, km keymap.KeyMap, api engine.API) *Model {
	return &Model{st: st, km: km.Backups, all: km, api: api, scroll: kit.NewScroller(km)}
}

// SetSize sets the inner size.
func (p *Model) SetSize(w, h int) { p.w, p.h = w, h }

// SetTarget shows the table of the sidebar's selection and reads its
// backups and recovery settings.
func (p *Model) SetTarget(sel kit.Target, info *kit.TableInfo) tea.Cmd {
	if info == nil || info.Desc == nil {
		p.desc = nil
		return nil
	}
	same := p.desc != nil && p.desc.TableName == info.Desc.TableName
	p.desc = info.Desc
	if same {
		return nil
	}
	p.cursor, p.scroll.Top = 0, 0
	p.preview, p.editing, p.result, p.resultErr = nil, noField, "", nil
	p.pitr, p.backups, p.readErr = nil, nil, nil
	p.stale = true
	if !p.shown {
		return nil
	}
	return p.read()
}

// SetShown reads the table when the view comes on screen after the
// sidebar moved (it reads nothing while hidden).
func (p *Model) SetShown(on bool) tea.Cmd {
	p.shown = on
	if on && p.stale {
		return p.read()
	}
	return nil
}

// Table is the table shown ("" for none).
func (p *Model) Table() string {
	if p.desc == nil {
		return ""
	}
	return p.desc.TableName
}

// Capturing reports whether the text field has the keyboard.
func (p *Model) Capturing() bool { return p.editing != noField }

// UsesEsc reports whether esc closes something inside the view (the
// field, the preview) rather than the view.
func (p *Model) UsesEsc() bool { return p.editing != noField || p.preview != nil }

// keys are the bindings that apply now.
func (p *Model) keys() []key.Binding {
	k := p.km
	if p.editing != noField {
		return []key.Binding{k.Accept, k.Cancel}
	}
	restore, del := k.RestoreBackup, k.DeleteBackup
	on := p.cursor < len(p.backups)
	restore.SetEnabled(on)
	del.SetEnabled(on)
	if p.preview != nil {
		restore = k.Accept
		restore.SetHelp("enter", "restore to this time into a new table (asks)")
	}
	return []key.Binding{restore, k.RestoreToTime, k.CreateBackup, del, k.PITR, k.Export, k.Import, k.Reload, k.Cancel}
}

// ShortHelp is the keys for the help line.
func (p *Model) ShortHelp() []key.Binding {
	if p.editing != noField {
		return p.keys()
	}
	return kit.Writable(p.api, true, p.keys()...)
}

// FullHelp is every key of the view.
func (p *Model) FullHelp() [][]key.Binding {
	return [][]key.Binding{p.scroll.Keys.All(), kit.Writable(p.api, false, p.keys()...)}
}

// Update takes the view's keys and the answers of its commands.
func (p *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case tea.PasteMsg:
		if p.editing != noField {
			p.input.Paste(msg.Content)
		}
	case stateMsg:
		if msg.seq != p.seq || msg.table != p.Table() {
			return nil
		}
		p.pitr, p.backups, p.readErr = msg.pitr, msg.backups, msg.err
		p.cursor = min(p.cursor, max(len(p.backups)-1, 0))
	case previewMsg:
		if msg.table != p.Table() {
			return nil
		}
		if msg.err != nil {
			p.preview, p.result, p.resultErr = nil, "", msg.err
			return nil
		}
		pv := msg
		p.preview = &pv
	case doneMsg:
		return p.done(msg)
	case deleteMsg:
		return p.deleteBackup(msg)
	case pitrOffMsg:
		return msg.run
	case importMsg:
		return p.startImport(msg)
	case restoreMsg:
		return p.restore(msg)
	case transferStartedMsg:
		return p.started(msg)
	case pollMsg:
		return p.poll(msg)
	case transferMsg:
		return p.progressed(msg)
	}
	return nil
}

// key handles a key press.
func (p *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	if p.editing != noField {
		return p.fieldKey(msg)
	}
	if p.scroll.Update(msg) {
		return nil
	}
	k := p.km
	switch {
	case p.desc == nil:
		return nil
	case key.Matches(msg, p.all.Up):
		p.cursor = max(p.cursor-1, 0)
	case key.Matches(msg, p.all.Down):
		p.cursor = min(p.cursor+1, max(len(p.backups)-1, 0))
	case key.Matches(msg, k.Cancel) && p.preview != nil:
		p.preview = nil
	case key.Matches(msg, k.Accept) && p.preview != nil:
		return p.askRestoreToTime()
	case key.Matches(msg, k.RestoreBackup):
		return p.askRestoreBackup()
	case key.Matches(msg, k.CreateBackup):
		return p.createBackup()
	case key.Matches(msg, k.DeleteBackup):
		return p.askDeleteBackup()
	case key.Matches(msg, k.PITR):
		return p.togglePITR()
	case key.Matches(msg, k.RestoreToTime):
		if !p.pitrOn() {
			return p.refuse("point-in-time recovery is off for " + p.Table() + ": P turns it on (the window starts then)")
		}
		p.editing, p.preview = timeField, nil
		p.input = kit.NewField("5m")
	case key.Matches(msg, k.Export):
		return p.export()
	case key.Matches(msg, k.Import):
		if ro := kit.ReadOnly(p.api); ro != "" {
			return p.refuse(ro)
		}
		p.editing = importField
		p.input = kit.NewField(p.lastExportFolder())
	case key.Matches(msg, k.Reload):
		return p.read()
	}
	return nil
}

// fieldKey edits the field; enter goes on, esc leaves it.
func (p *Model) fieldKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, p.km.Cancel):
		p.editing = noField
		return nil
	case key.Matches(msg, p.km.Accept):
		f := p.editing
		p.editing = noField
		if f == timeField {
			return p.previewAt(p.input.String())
		}
		return p.askImport(p.input.String())
	}
	p.input.Update(msg)
	return nil
}

// refuse shows why an action cannot be done.
func (p *Model) refuse(why string) tea.Cmd {
	p.result, p.resultErr = "", nil
	return kit.Msg(kit.FlashMsg{Text: why})
}

// pitrOn reports whether point-in-time recovery is on, as last read.
func (p *Model) pitrOn() bool {
	return p.pitr != nil && p.pitr.PointInTimeRecoveryStatus == "ENABLED"
}
