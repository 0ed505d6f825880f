package remote

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Copier copies a slice of a remote table into the sandbox: it opens the
// sandbox (the first time), runs one copy at a time and says how far it
// has come.
type Copier struct {
	open    func() (*engine.Engine, error) // nil: there is no sandbox
	label   string
	sandbox *engine.Engine // opened by the first copy (or at start)
	running *copyRun
}

// NewCopier returns the copier into the sandbox open opens (nil: none),
// which the explorer names label ("sandbox (memory)").
func NewCopier(open func() (*engine.Engine, error), label string) *Copier {
	return &Copier{open: open, label: label}
}

// copyRun is a copy under way.
type copyRun struct {
	source, target string
	limit          int
	ch             chan remoteapi.CopyProgress
	progress       remoteapi.CopyProgress
	cancel         context.CancelFunc
}

// AskCopyMsg asks the root for the copy form: how many items and under
// which name; Then is the message the form's answer becomes, for the
// copier.
type AskCopyMsg struct {
	Title string
	Limit int    // the default number of items
	Name  string // the default name in the sandbox
	About func(n int) []string
	Then  func(n int, target string) tea.Msg
}

// CopiedMsg announces a copy's end: the sandbox and the report, or why
// nothing was copied (Err). Note is what the status bar says of it.
type CopiedMsg struct {
	Source  string
	Sandbox *engine.Engine
	Report  *remoteapi.CopyReport
	Err     error
	Note    string
}

// SandboxMsg announces the sandbox opened at start, or why it cannot be
// (Err, with Note saying so).
type SandboxMsg struct {
	Sandbox *engine.Engine
	Err     error
	Note    string
}

// copyMsg: the user asked for a copy.
type copyMsg struct {
	src           engine.API
	table, target string
	limit         int
	query         *model.QueryInput
	scan          *model.ScanInput
}

// progressCopyMsg is how far the copy has come.
type progressCopyMsg struct {
	run *copyRun
	p   remoteapi.CopyProgress
	ok  bool
}

// copyDoneMsg is the copy's end.
type copyDoneMsg struct {
	run *copyRun
	eng *engine.Engine
	rep *remoteapi.CopyReport
	err error
}

// Sandbox is the sandbox's engine once it is open (nil before).
func (c *Copier) Sandbox() *engine.Engine { return c.sandbox }

// Opened takes the sandbox opened at start.
func (c *Copier) Opened(eng *engine.Engine) { c.sandbox = eng }

// Copying reports whether a copy is under way.
func (c *Copier) Copying() bool { return c.running != nil }

// Close stops a copy under way.
func (c *Copier) Close() {
	if c.running != nil {
		c.running.cancel()
	}
}

// OpenAtStart opens the sandbox in a command and announces it.
func (c *Copier) OpenAtStart(file string) tea.Cmd {
	open := c.open
	if open == nil {
		return nil
	}
	return func() tea.Msg {
		eng, err := open()
		if err != nil {
			return SandboxMsg{Err: err, Note: "the sandbox " + file + " cannot be opened: " + err.Error()}
		}
		return SandboxMsg{Sandbox: eng}
	}
}

// Source is what a copy reads: the remote workspace, the table selected,
// the Query or Scan built in 3 Query for it (nil when 3 Query is not on
// screen), and the tables the sandbox has (a copy takes a free name).
type Source struct {
	API     engine.API
	Loc     *remoteapi.Location // nil: not a remote workspace
	Table   *model.TableDescription
	Request any
	Taken   func(table string) bool
}

// Update takes the form's answer, the copy's progress
// and its end.
func (c *Copier) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case copyMsg:
		return c.start(msg)
	case progressCopyMsg:
		if msg.ok && c.running == msg.run {
			msg.run.progress = msg.p
			return waitCopy(msg.run)
		}
	case copyDoneMsg:
		return c.onDone(msg)
	}
	return nil
}

// Ask asks how much of the selected table to copy into the sandbox (the
// Query or Scan built in 3 Query picks the items when it is on screen for
// that table); it flashes why a copy cannot run.
func (c *Copier) Ask(src Source) tea.Cmd {
	if src.Loc == nil {
		return flash("C copies a slice of a remote table into a sandbox: start dynoscope with --region or --endpoint-url")
	}
	if c.open == nil {
		return flash("this explorer has no sandbox to copy into")
	}
	if c.running != nil {
		return flash("a copy is under way already")
	}
	d := src.Table
	if d == nil {
		return flash("select a table first")
	}
	msg := copyMsg{src: src.API, table: d.TableName}
	how := "the first N items of a Scan of " + d.TableName
	index, isQuery := "", false
	switch in := src.Request.(type) {
	case *model.QueryInput:
		if in.TableName == d.TableName {
			msg.query, index, isQuery = in, in.IndexName, true
			how = "the first N items of the Query built in 3 Query (a filter may read more items than it keeps)"
		}
	case *model.ScanInput:
		if in.TableName == d.TableName {
			msg.scan, index = in, in.IndexName
			how = "the first N items of the Scan built in 3 Query (a filter may read more items than it keeps)"
		}
	}
	name := d.TableName
	if c.sandbox != nil && src.Taken != nil {
		for i := 2; src.Taken(name); i++ {
			name = fmt.Sprintf("%s-%d", d.TableName, i)
		}
	}
	label := c.label
	if index != "" {
		how += " (from the index " + index + ": only the attributes it projects)"
	}
	loc := src.Loc
	about := func(n int) []string {
		return []string{
			"Copies the schema of " + d.TableName + " (keys, LSIs, GSIs, billing and throughput, TTL and stream settings) and " + strings.Replace(how, "N", kit.FmtInt(int64(n)), 1) + " into the " + label + ", then opens it there: add a GSI, try another key design or throttle it without touching the real table.",
			"",
			copyCost(loc, d, index, n, isQuery),
		}
	}
	then := func(n int, target string) tea.Msg {
		m := msg
		m.limit, m.target = n, target
		return m
	}
	return kit.Msg(AskCopyMsg{Title: "Copy a slice of " + d.TableName + " into the sandbox", Limit: remoteapi.DefaultCopyLimit,
		Name: name, About: about, Then: then})
}

// copyCost says what copying n items reads: eventually consistent pages,
// half a read unit per 4 KB, from the average item size of the table or
// of the index read; a Query reads only what it matches, so its figure is
// an upper bound.
func copyCost(loc *remoteapi.Location, d *model.TableDescription, index string, n int, query bool) string {
	where := "the endpoint " + loc.Endpoint
	if loc.Endpoint == "" {
		where = "AWS " + loc.Region + " (billed)"
	}
	tg := kit.Target{Desc: d, Index: index}
	count, size := d.ItemCount, d.TableSizeBytes
	if l := tg.LSI(); l != nil {
		count, size = l.ItemCount, l.IndexSizeBytes
	} else if g := tg.GSI(); g != nil {
		count, size = g.ItemCount, g.IndexSizeBytes
	}
	if count <= 0 {
		return "Reads eventually consistent pages from " + where + ", and stops once it has the items; DynamoDB's item count is 0 (it is refreshed about every 6 hours), so the cost is not known before."
	}
	avg := float64(size) / float64(count)
	items := min(int64(n), count)
	units := max(math.Ceil(float64(items)*avg/4096)/2, 0.5)
	about := "about"
	if query {
		about = "at most about"
	}
	return fmt.Sprintf("Reads eventually consistent pages from %s until it has the items: %s %s RCU for %s (%s averages %s an item; half a read unit per 4 KB read).",
		where, about, kit.Units(units), kit.NItems(int(items)), tg.Label(), kit.HumanBytes(int64(avg)))
}

// start opens the sandbox (the first time) and copies in a command;
// progress comes through a channel another command reads.
func (c *Copier) start(msg copyMsg) tea.Cmd {
	if c.running != nil || c.open == nil {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := &copyRun{source: msg.table, target: msg.target, limit: msg.limit, ch: make(chan remoteapi.CopyProgress, 1), cancel: cancel}
	c.running = run
	open := c.open
	src, _ := msg.src.(remoteapi.SliceCopier)
	do := func() tea.Msg {
		defer close(run.ch)
		if src == nil {
			return copyDoneMsg{run: run, err: errors.New("this backend cannot copy a slice of its tables")}
		}
		eng, err := open()
		if err != nil {
			return copyDoneMsg{run: run, err: err}
		}
		rep, err := src.CopySlice(ctx, eng, remoteapi.CopyOptions{Table: msg.table, Target: msg.target, Limit: msg.limit,
			Query: msg.query, Scan: msg.scan, Progress: func(p remoteapi.CopyProgress) {
				select {
				case run.ch <- p:
				default:
				}
			}})
		return copyDoneMsg{run: run, eng: eng, rep: rep, err: err}
	}
	return tea.Batch(do, waitCopy(run))
}

// waitCopy reads the copy's next progress.
func waitCopy(run *copyRun) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-run.ch
		return progressCopyMsg{run: run, p: p, ok: ok}
	}
}

// onDone announces the copy's end.
func (c *Copier) onDone(msg copyDoneMsg) tea.Cmd {
	if c.running == msg.run {
		c.running = nil
	}
	msg.run.cancel()
	if msg.err != nil {
		return kit.Msg(CopiedMsg{Source: msg.run.source, Err: msg.err})
	}
	c.sandbox = msg.eng
	r := msg.rep
	note := fmt.Sprintf("copied %s of %s into the sandbox as %s: %s read, %s RCU consumed", kit.NItems(r.Items), r.Source, r.Target,
		kit.Plural(int64(r.Pages), "page", ""), kit.Units(r.Units))
	if r.More {
		note += " (the table has more)"
	}
	return kit.Msg(CopiedMsg{Source: msg.run.source, Sandbox: msg.eng, Report: r, Note: note})
}

// StatusText is the status bar's account of a copy under way ("" when
// none is).
func (c *Copier) StatusText() string {
	r := c.running
	if r == nil {
		return ""
	}
	p := r.progress
	return fmt.Sprintf("copying %s → sandbox: %s of %s items · %s RCU", r.source, kit.FmtInt(int64(p.Items)), kit.FmtInt(int64(r.limit)), kit.Units(p.Units))
}
