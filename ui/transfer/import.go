package transfer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Import is the import dialog.
type Import struct {
	st *kit.Styles
	km keymap.KeyMap
	dialog
	api    engine.API
	target fixtures.Target // nil on a remote table
	where  []string        // a remote table: the lines the typed confirmation shows
	desc   *model.TableDescription
	file   string         // the workspace's file ("" in memory)
	format itemfmt.Format // "": told by the file's name or first line
	infer  bool           // CSV: numbers as numbers

	checking bool
	checked  *importChecked
	run      *importRun
	prog     fixtures.Progress
	end      *importEnd
	w, h     int
}

// importRun is the load running.
type importRun struct {
	stopper
	ch chan fixtures.Progress
}

// importChecked is what reading the file found, before anything is
// written.
type importChecked struct {
	path, abs  string
	format     itemfmt.Format
	size       int64
	items      int
	tableItems int64   // the table's items now
	remote     bool    // checked on a scratch copy, to be sent to a remote table
	units      float64 // a remote table: the write units at least
}

// importEnd is how a load ended.
type importEnd struct {
	items   int
	units   float64 // a remote table: the write units consumed
	err     error
	stopped bool
}

// Messages of the import's commands.
type (
	importNameMsg    struct{ name string }
	importCheckedMsg struct {
		c   importChecked
		err error
	}
	importGoMsg       struct{}
	importProgressMsg struct {
		run *importRun
		p   fixtures.Progress
		ok  bool
	}
	importDoneMsg struct {
		run *importRun
		end importEnd
	}
)

// NewImport opens the import of a file into the table msg names; file is
// the workspace's file ("" in memory); where, on a remote table, names it
// (table, region, account, endpoint) over the typed confirmation. On a
// read-only remote backend the dialog opens saying why, and writes nothing.
func NewImport(st *kit.Styles, km keymap.KeyMap, api engine.API, msg kit.ImportMsg, file string, where []string) (*Import, tea.Cmd) {
	if msg.Desc == nil {
		return nil, kit.Msg(kit.FlashMsg{Text: "select a table first"})
	}
	target, _ := api.(fixtures.Target)
	im := &Import{st: st, km: km, dialog: dialog{keys: km.Transfer}, api: api, target: target, where: where, desc: msg.Desc, file: file}
	if why := kit.ReadOnly(api); why != "" {
		im.stage, im.end = stageDone, &importEnd{err: errors.New(why)}
		return im, nil
	}
	table := msg.Desc.TableName
	im.path = kit.NewField(table + itemfmt.JSONLines.Extension())
	return im, func() tea.Msg { return importNameMsg{name: existingName(table)} }
}

// existingName is the first of TABLE.jsonl, TABLE.ddb.jsonl, TABLE.csv
// in the working directory that exists, else TABLE.jsonl.
func existingName(table string) string {
	for _, f := range []itemfmt.Format{itemfmt.JSONLines, itemfmt.DynamoDBJSON, itemfmt.CSV} {
		if fi, err := os.Stat(table + f.Extension()); err == nil && !fi.IsDir() {
			return table + f.Extension()
		}
	}
	return table + itemfmt.JSONLines.Extension()
}

// Capturing reports that the dialog has every key.
func (im *Import) Capturing() bool { return true }

// SetSize sets the inner size.
func (im *Import) SetSize(w, h int) {
	im.w, im.h = w, h
	if im.ask != nil {
		im.ask.SetSize(w, h)
	}
}

// types are the key attributes' types (the table's definitions).
func (im *Import) types() map[string]model.Type {
	types := map[string]model.Type{}
	for _, ad := range im.desc.AttributeDefinitions {
		if t, ok := model.ParseType(ad.AttributeType); ok {
			types[ad.AttributeName] = t
		}
	}
	return types
}

// Update takes keys and the import's messages.
func (im *Import) Update(msg tea.Msg) (forms.Modal, tea.Cmd) {
	switch msg := msg.(type) {
	case importNameMsg:
		if im.stage == stagePath && im.path.String() == im.desc.TableName+itemfmt.JSONLines.Extension() {
			im.path.Set(msg.name)
		}
		return im, nil
	case importCheckedMsg:
		return im.onChecked(msg)
	case importGoMsg:
		return im, im.start()
	case importProgressMsg:
		if !msg.ok || im.run != msg.run {
			return im, nil
		}
		im.prog = msg.p
		return im, waitImport(msg.run)
	case importDoneMsg:
		if im.run != msg.run {
			return im, nil
		}
		im.run, im.stage = nil, stageDone
		end := msg.end
		im.end = &end
		if end.err != nil {
			return im, kit.Msg(kit.FlashMsg{Text: im.summary()})
		}
		return im, kit.Msg(kit.ChangedMsg{Table: im.desc.TableName, Note: im.summary()})
	case tea.PasteMsg:
		im.paste(msg)
		return im, nil
	case tea.KeyPressMsg:
		return im.key(msg)
	}
	return im, nil
}

// key takes a key press.
func (im *Import) key(msg tea.KeyPressMsg) (forms.Modal, tea.Cmd) {
	var run *stopper
	if im.run != nil {
		run = &im.run.stopper
	}
	if inPath, closed, cmd := im.dialog.key(msg, run); closed {
		return nil, nil
	} else if !inPath {
		return im, cmd
	}
	switch {
	case key.Matches(msg, im.keys.Stop):
		return nil, nil
	case key.Matches(msg, im.keys.Start):
		path := strings.TrimSpace(im.path.String())
		if path == "" {
			im.why = "type the file's name"
			return im, nil
		}
		if im.checking {
			return im, nil
		}
		im.checking, im.why = true, ""
		if im.target == nil {
			return im, checkRemoteImport(im.desc, path, im.format, im.infer)
		}
		return im, checkImport(im.target, im.desc.TableName, path, im.format, im.infer, im.types())
	case key.Matches(msg, im.keys.Format):
		choices := append([]itemfmt.Format{""}, itemfmt.Formats...)
		i := slices.Index(choices, im.format)
		im.format = choices[(i+1)%len(choices)]
		return im, nil
	case key.Matches(msg, im.keys.InferNumbers):
		im.infer = !im.infer
		return im, nil
	}
	if im.path.Update(msg) {
		im.why = ""
	}
	return im, nil
}

// statFile fills in what the file itself says: its absolute path, its
// size and its format (given, or told by its name). A folder is refused.
func (c *importChecked) statFile(given itemfmt.Format) error {
	c.abs = c.path
	if abs, err := filepath.Abs(c.path); err == nil {
		c.abs = abs
	}
	fi, err := os.Stat(c.path)
	if err == nil && fi.IsDir() {
		err = fmt.Errorf("%s is a folder: name a file (a DynamoDB export's folder loads with 'dynoscope load')", c.path)
	}
	if err != nil {
		return err
	}
	c.size = fi.Size()
	c.format, err = fixtures.ItemFileFormat(c.path, given)
	return err
}

// checkImport reads the whole file as the load will (its format, the key
// types, CSV numbers), counting its items, and counts the table's.
func checkImport(api engine.API, table, path string, given itemfmt.Format, infer bool, types map[string]model.Type) tea.Cmd {
	return func() tea.Msg {
		c := importChecked{path: path}
		if err := c.statFile(given); err != nil {
			return importCheckedMsg{c: c, err: err}
		}
		fh, err := os.Open(path)
		if err != nil {
			return importCheckedMsg{c: c, err: err}
		}
		defer fh.Close()
		r := itemfmt.NewReader(fh, c.format, itemfmt.ReadOptions{Types: types, InferNumbers: infer})
		for {
			_, err := r.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return importCheckedMsg{c: c, err: err}
			}
			c.items++
		}
		d, err := api.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: table})
		if err != nil {
			return importCheckedMsg{c: c, err: err}
		}
		c.tableItems = d.Table.ItemCount
		return importCheckedMsg{c: c}
	}
}

// onChecked asks before loading into a table that holds items, or
// starts.
func (im *Import) onChecked(msg importCheckedMsg) (forms.Modal, tea.Cmd) {
	im.checking = false
	if im.stage != stagePath {
		return im, nil
	}
	if msg.err != nil {
		im.why = msg.err.Error()
		return im, nil
	}
	c := msg.c
	im.checked = &c
	if c.remote {
		im.ask = forms.NewQuestion(im.st, im.km, fmt.Sprintf("Write %s into %s?", kit.NItems(c.items), im.desc.TableName), "write them",
			im.remoteBody(c), importGoMsg{}).RequireTyped(im.desc.TableName, im.where)
		im.ask.SetSize(im.w, im.h)
		im.stage = stageAsk
		return im, nil
	}
	if c.tableItems == 0 {
		return im, im.start()
	}
	t := im.desc.TableName
	body := []string{
		fmt.Sprintf("%s holds %s now. The file's %s (%s, %s) go in as one load, all or nothing: an item whose key %s holds already is replaced by the file's.",
			t, kit.NItems(int(c.tableItems)), kit.NItems(c.items), c.format, kit.HumanBytes(c.size), t),
		"",
		im.keptWhere(),
	}
	im.ask = forms.NewQuestion(im.st, im.km, fmt.Sprintf("Load %s into %s?", kit.NItems(c.items), t), "load", body, importGoMsg{})
	im.ask.SetSize(im.w, im.h)
	im.stage = stageAsk
	return im, nil
}

// keptWhere says where the loaded items stay.
func (im *Import) keptWhere() string {
	if im.file != "" {
		return "The workspace file " + im.file + " keeps them."
	}
	return "The workspace is in memory: the items are lost at quit unless the explorer was started with --db FILE."
}

// start runs the load in a command; its progress comes through a channel
// another command reads.
func (im *Import) start() tea.Cmd {
	if im.run != nil || im.checked == nil {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := &importRun{stopper: stopper{cancel: cancel}, ch: make(chan fixtures.Progress, 1)}
	im.run, im.stage, im.ask, im.prog = run, stageRunning, nil, fixtures.Progress{}
	target, table, path := im.target, im.desc.TableName, im.checked.path
	opts := fixtures.ItemFileOptions{Format: im.checked.format, InferNumbers: im.infer}
	if im.checked.remote {
		api, ropts := im.api, itemfmt.ReadOptions{Types: im.types(), InferNumbers: im.infer}
		send := func() tea.Msg {
			defer cancel()
			n, units, err := writeRemote(ctx, api, table, path, opts.Format, ropts, func(p fixtures.Progress) { offer(run.ch, p) })
			close(run.ch)
			return importDoneMsg{run: run, end: importEnd{items: n, units: units, err: err, stopped: err != nil && ctx.Err() != nil}}
		}
		return tea.Batch(send, waitImport(run))
	}
	load := func() tea.Msg {
		defer cancel()
		l := fixtures.Loader{API: target, Progress: func(p fixtures.Progress) { offer(run.ch, p) }}
		reps, err := l.ItemFiles(ctx, table, []string{path}, opts)
		close(run.ch)
		end := importEnd{err: err, stopped: err != nil && ctx.Err() != nil}
		for _, r := range reps {
			end.items += r.Items
		}
		return importDoneMsg{run: run, end: end}
	}
	return tea.Batch(load, waitImport(run))
}

// waitImport reads the load's next progress.
func waitImport(run *importRun) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-run.ch
		return importProgressMsg{run: run, p: p, ok: ok}
	}
}

// summary says how the load ended, in one line.
func (im *Import) summary() string {
	x, c, t := im.end, im.checked, im.desc.TableName
	switch {
	case x != nil && c == nil && x.err != nil:
		return "no import into " + t + " here: " + x.err.Error()
	case x == nil || c == nil:
		return ""
	case c.remote && x.stopped:
		return fmt.Sprintf("import stopped after %s of %s: those are in %s now (%s WCU); the others were not sent", kit.FmtInt(int64(x.items)), kit.NItems(c.items), t, kit.Units(x.units))
	case c.remote && x.err != nil:
		return fmt.Sprintf("import failed after %s of %s (those are in %s now, %s WCU): %s", kit.FmtInt(int64(x.items)), kit.NItems(c.items), t, kit.Units(x.units), kit.AsModelError(x.err).Error())
	case c.remote:
		return fmt.Sprintf("imported %s from %s (%s) into %s · %s WCU", kit.NItems(x.items), c.abs, c.format, t, kit.Units(x.units))
	case x.stopped:
		return "import stopped and taken back: nothing was written to " + t
	case x.err != nil:
		return "import refused, nothing was written to " + t + ": " + x.err.Error()
	}
	return fmt.Sprintf("imported %s from %s (%s) into %s", kit.NItems(x.items), c.abs, c.format, t)
}
