package transfer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/internal/itemexport"
	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// stage is where a dialog is: the path typed, a question asked, the
// transfer running, its outcome shown.
type stage int

const (
	stagePath stage = iota
	stageAsk
	stageRunning
	stageDone
)

// Export is the export dialog.
type Export struct {
	st *kit.Styles
	km keymap.KeyMap
	dialog
	api    engine.API
	req    kit.ExportMsg
	format itemfmt.Format // the format unless the name says one

	est    *remoteapi.ScanEstimate // a remote table's price, once read
	estErr error

	run  *exportRun
	prog itemexport.Progress
	end  *exportEnd
	w, h int
}

// exportRun is the export running.
type exportRun struct {
	stopper
	ch chan itemexport.Progress
}

// exportEnd is how an export ended.
type exportEnd struct {
	abs     string
	prog    itemexport.Progress
	err     error
	stopped bool
}

// Messages of the export's commands, back to the dialog.
type (
	nameMsg     struct{ name string }
	estimateMsg struct {
		est remoteapi.ScanEstimate
		err error
	}
	pathCheckedMsg struct {
		path   string
		exists bool
		size   int64
		err    error
	}
	exportGoMsg       struct{ path string }
	exportProgressMsg struct {
		run *exportRun
		p   itemexport.Progress
		ok  bool
	}
	exportDoneMsg struct {
		run *exportRun
		end exportEnd
	}
)

// NewExport opens the export of what msg names; its command picks a file
// name that does not exist yet and, on a remote table, reads the price.
func NewExport(st *kit.Styles, km keymap.KeyMap, api engine.API, msg kit.ExportMsg) (*Export, tea.Cmd) {
	e := &Export{st: st, km: km, dialog: dialog{keys: km.Transfer}, api: api, req: msg, format: itemfmt.JSONLines}
	base := Name(msg.Read)
	e.path = kit.NewField(base + e.format.Extension())
	cmds := []tea.Cmd{func() tea.Msg { return nameMsg{name: freeName(base, itemfmt.JSONLines.Extension())} }}
	if est, ok := api.(remoteapi.ScanEstimator); ok && kit.IsRemote(api) {
		table, index := msg.Read.Table(), msg.Read.Index()
		cmds = append(cmds, func() tea.Msg {
			e, err := est.EstimateScan(kit.Bg, table, index)
			return estimateMsg{est: e, err: err}
		})
	}
	return e, tea.Batch(cmds...)
}

// freeName is base+ext in the working directory, or base-2+ext, base-3+ext
// ... the first that does not exist.
func freeName(base, ext string) string {
	name := base + ext
	for i := 2; i < 1000; i++ {
		if _, err := os.Stat(name); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s-%d%s", base, i, ext)
	}
	return name
}

// Capturing reports that the dialog has every key (the path is typed).
func (e *Export) Capturing() bool { return true }

// SetSize sets the inner size.
func (e *Export) SetSize(w, h int) {
	e.w, e.h = w, h
	if e.ask != nil {
		e.ask.SetSize(w, h)
	}
}

// Format is the format the export writes: the one the path's name says
// (.csv, .ddb.jsonl), else the one tab chose.
func (e *Export) Format() itemfmt.Format {
	if f, ok := itemfmt.FormatOfName(strings.TrimSpace(e.path.String())); ok {
		return f
	}
	return e.format
}

// Update takes keys and the export's messages.
func (e *Export) Update(msg tea.Msg) (forms.Modal, tea.Cmd) {
	switch msg := msg.(type) {
	case nameMsg:
		if e.stage == stagePath && e.path.String() == Name(e.req.Read)+itemfmt.JSONLines.Extension() && e.format == itemfmt.JSONLines {
			e.path.Set(msg.name)
		}
		return e, nil
	case estimateMsg:
		e.est, e.estErr = &msg.est, msg.err
		if msg.err != nil {
			e.est = nil
		}
		return e, nil
	case pathCheckedMsg:
		return e.onChecked(msg)
	case exportGoMsg:
		return e, e.start(msg.path)
	case exportProgressMsg:
		if !msg.ok || e.run != msg.run {
			return e, nil
		}
		e.prog = msg.p
		return e, waitExport(msg.run)
	case exportDoneMsg:
		if e.run != msg.run {
			return e, nil
		}
		e.run, e.stage = nil, stageDone
		end := msg.end
		e.end, e.prog = &end, end.prog
		return e, kit.Msg(kit.FlashMsg{Text: e.summary()})
	case tea.PasteMsg:
		e.paste(msg)
		return e, nil
	case tea.KeyPressMsg:
		return e.key(msg)
	}
	return e, nil
}

// key takes a key press.
func (e *Export) key(msg tea.KeyPressMsg) (forms.Modal, tea.Cmd) {
	var run *stopper
	if e.run != nil {
		run = &e.run.stopper
	}
	if inPath, closed, cmd := e.dialog.key(msg, run); closed {
		return nil, nil
	} else if !inPath {
		return e, cmd
	}
	switch {
	case key.Matches(msg, e.keys.Stop):
		return nil, nil
	case key.Matches(msg, e.keys.Start):
		path := strings.TrimSpace(e.path.String())
		if path == "" {
			e.why = "type a file name"
			return e, nil
		}
		return e, checkPath(path)
	case key.Matches(msg, e.keys.Format):
		i := slices.Index(itemfmt.Formats, e.format)
		e.format = itemfmt.Formats[(i+1)%len(itemfmt.Formats)]
		e.path.Set(withExtension(e.path.String(), e.format))
		return e, nil
	}
	if e.path.Update(msg) {
		e.why = ""
	}
	return e, nil
}

// withExtension puts f's extension in place of the one name ends with
// (when it ends with one of the formats').
func withExtension(name string, f itemfmt.Format) string {
	for _, g := range []itemfmt.Format{itemfmt.DynamoDBJSON, itemfmt.CSV, itemfmt.JSONLines} { // .ddb.jsonl before .jsonl
		if strings.HasSuffix(name, g.Extension()) {
			return strings.TrimSuffix(name, g.Extension()) + f.Extension()
		}
	}
	return name
}

// checkPath finds whether path exists, and whether its folder does.
func checkPath(path string) tea.Cmd {
	return func() tea.Msg {
		out := pathCheckedMsg{path: path}
		fi, err := os.Stat(path)
		switch {
		case err == nil && fi.IsDir():
			out.err = fmt.Errorf("%s is a folder: name a file", path)
		case err == nil:
			out.exists, out.size = true, fi.Size()
		case !errors.Is(err, os.ErrNotExist):
			out.err = err
		default:
			if d, err := os.Stat(filepath.Dir(path)); err != nil || !d.IsDir() {
				out.err = fmt.Errorf("no folder %s", filepath.Dir(path))
			}
		}
		return out
	}
}

// onChecked asks before replacing a file or reading a remote table, or
// starts.
func (e *Export) onChecked(msg pathCheckedMsg) (forms.Modal, tea.Cmd) {
	if e.stage != stagePath {
		return e, nil
	}
	if msg.err != nil {
		e.why = msg.err.Error()
		return e, nil
	}
	remote := kit.IsRemote(e.api)
	if !msg.exists && !remote {
		return e, e.start(msg.path)
	}
	body := []string{"to " + msg.path + " as " + string(e.Format()), ""} // the title may be cut on a narrow screen
	yes := "export"
	if msg.exists {
		body = append(body, fmt.Sprintf("%s exists (%s): the export replaces it once every item is written (stopped, it is left as it is).", msg.path, kit.HumanBytes(msg.size)))
		yes = "replace it"
	}
	if remote {
		if msg.exists {
			body = append(body, "")
		}
		body = append(body, e.costLines()...)
		yes = "read and export"
		if msg.exists {
			yes = "read and replace it"
		}
	}
	e.ask = forms.NewQuestion(e.st, e.km, "Export "+e.req.What+" to "+msg.path+"?", yes, body, exportGoMsg{path: msg.path})
	e.ask.SetSize(e.w, e.h)
	e.stage = stageAsk
	return e, nil
}

// costLines say what reading a remote table for the export costs.
func (e *Export) costLines() []string {
	loc, _ := kit.LocationOf(e.api)
	where := "AWS " + loc.Region + ": the read units are billed (on a provisioned table they count against its read capacity)"
	if loc.Endpoint != "" {
		where = "the endpoint " + loc.Endpoint
	}
	var out []string
	switch {
	case e.est != nil && e.req.Read.Whole():
		out = append(out, e.est.String())
	case e.est != nil:
		out = append(out, "at most (a Query reads only its key range; a filter does not lower the cost): "+e.est.String())
	case e.estErr != nil:
		out = append(out, "the read could not be priced: "+e.estErr.Error())
	default:
		out = append(out, "the price of the read is still being worked out (DescribeTable)…")
	}
	return append(out, "", "The export reads eventually consistent pages of up to 1 MB from "+where+"; nothing is written to the table. esc stops it after the page in flight.")
}

// start runs the export in a command; its progress comes through a
// channel another command reads.
func (e *Export) start(path string) tea.Cmd {
	if e.run != nil {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := &exportRun{stopper: stopper{cancel: cancel}, ch: make(chan itemexport.Progress, 1)}
	e.run, e.stage, e.ask, e.prog = run, stageRunning, nil, itemexport.Progress{}
	api, read, desc, f := e.api, e.req.Read, e.req.Desc, e.Format()
	write := func() tea.Msg {
		defer cancel()
		end := exportEnd{abs: path}
		if abs, err := filepath.Abs(path); err == nil {
			end.abs = abs
		}
		out, commit, err := itemexport.Create(path)
		if err == nil {
			end.prog, err = itemexport.Export(ctx, api, read, desc, out, f, func(p itemexport.Progress) { offer(run.ch, p) })
			if cerr := commit(err == nil); err == nil {
				err = cerr
			}
		}
		close(run.ch)
		end.err = err
		end.stopped = errors.Is(err, context.Canceled)
		return exportDoneMsg{run: run, end: end}
	}
	return tea.Batch(write, waitExport(run))
}

// offer puts p on ch, in place of a progress not read yet.
func offer[T any](ch chan T, p T) {
	select {
	case ch <- p:
		return
	default:
	}
	select {
	case <-ch:
	default:
	}
	select {
	case ch <- p:
	default:
	}
}

// waitExport reads the export's next progress.
func waitExport(run *exportRun) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-run.ch
		return exportProgressMsg{run: run, p: p, ok: ok}
	}
}

// progressText is "1,200 items · 340 KB written · 3 pages · 12 RCU".
func progressText(p itemexport.Progress) string {
	return fmt.Sprintf("%s · %s written · %s · %s RCU", kit.NItems(p.Items), kit.HumanBytes(p.Bytes),
		kit.Plural(int64(p.Pages), "page", ""), kit.Units(p.Units))
}

// summary says how the export ended, in one line.
func (e *Export) summary() string {
	x := e.end
	switch {
	case x == nil:
		return ""
	case x.stopped:
		return fmt.Sprintf("export stopped after %s: nothing written (%s left as it was)", kit.NItems(x.prog.Items), x.abs)
	case x.err != nil:
		return "export failed after " + kit.NItems(x.prog.Items) + ", nothing written: " + kit.AsModelError(x.err).Error()
	}
	return fmt.Sprintf("exported %s of %s to %s (%s, %s) · %s · %s RCU", kit.NItems(x.prog.Items), e.req.What, x.abs,
		e.Format(), kit.HumanBytes(x.prog.Bytes), kit.Plural(int64(x.prog.Pages), "page", ""), kit.Units(x.prog.Units))
}
