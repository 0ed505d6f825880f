package ui

import (
	"fmt"
	"github.com/charmbracelet/bubbles/progress"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// buildPollEvery is how often the build watch asks how far a backfill has
// come.
const buildPollEvery = 150 * time.Millisecond

// buildTick schedules the next poll; tests replace it to poll at once.
var buildTick = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd { return tea.Tick(d, fn) }

// buildWatch follows a new GSI from CREATING through the backfill to
// ACTIVE with a progress bar (table items read of the items there were
// when the build began), then lists the items the index left out and why.
type buildWatch struct {
	st           Styles
	km           keymap.KeyMap
	keys         keymap.EditKeyMap
	api          engine.API
	table, index string
	gen          int
	status       string // IndexStatus, BACKFILLING while Backfilling
	progress     engine.BackfillProgress
	hasProgress  bool
	leftOut      []engine.LeftOutItem
	leftDone     bool
	err          *model.Error
	itemCount    int64
	indexCount   int64
	w, h         int
}

func newBuildWatch(st Styles, km keymap.KeyMap, api engine.API, table, index string) *buildWatch {
	return &buildWatch{st: st, km: km, keys: km.Editing, api: api, table: table, index: index, status: model.StatusCreating}
}

// buildPollMsg is one look at the build.
type buildPollMsg struct {
	gen         int
	status      string
	progress    engine.BackfillProgress
	hasProgress bool
	items, in   int64
	leftOut     []engine.LeftOutItem
	leftDone    bool
	err         error
}

func (buildPollMsg) work() {}

// poll asks the engine after d (at once when d is 0).
func (b *buildWatch) poll(d time.Duration) tea.Cmd {
	b.gen++
	gen, api, table, index := b.gen, b.api, b.table, b.index
	look := func() tea.Msg {
		m := buildPollMsg{gen: gen}
		if bp, ok := api.(buildProgress); ok {
			m.progress, m.hasProgress = bp.IndexBuildProgress(table, index)
		}
		out, err := api.DescribeTable(bg, &model.DescribeTableInput{TableName: table})
		if err != nil {
			m.err = err
			return m
		}
		m.status = "gone"
		m.items = out.Table.ItemCount
		for _, g := range out.Table.GlobalSecondaryIndexes {
			if g.IndexName == index {
				m.status = g.IndexStatus
				if g.Backfilling != nil && *g.Backfilling {
					m.status = "BACKFILLING"
				}
				m.in = g.ItemCount
			}
		}
		if m.status == model.StatusActive {
			if lo, ok := api.(leftOutLister); ok {
				m.leftOut, err = lo.IndexLeftOut(table, index, leftOutLimit)
				m.err, m.leftDone = err, true
			}
		}
		return m
	}
	if d == 0 {
		return look
	}
	return buildTick(d, func(time.Time) tea.Msg { return look() })
}

func (b *buildWatch) SetSize(w, h int) { b.w, b.h = w, h }

func (b *buildWatch) Keys() help.KeyMap {
	c := b.keys.Cancel
	c.SetHelp("esc", "close (the build goes on)")
	if b.done() {
		c.SetHelp("esc", "close")
	}
	o := b.keys.OpenInPane
	o.SetHelp("o", "browse the index")
	o.SetEnabled(b.done())
	return keysOf{o, c}
}

// done reports whether the index is ACTIVE (or gone).
func (b *buildWatch) done() bool { return b.status == model.StatusActive || b.status == "gone" }

func (b *buildWatch) Update(msg tea.Msg) (modal, tea.Cmd) {
	switch msg := msg.(type) {
	case buildPollMsg:
		if msg.gen != b.gen {
			return b, nil
		}
		b.err = asModelError(msg.err)
		if msg.err == nil {
			b.status, b.itemCount, b.indexCount = msg.status, msg.items, msg.in
			b.leftOut, b.leftDone = msg.leftOut, msg.leftDone
		}
		if msg.hasProgress {
			b.progress, b.hasProgress = msg.progress, true
		}
		if b.done() || msg.err != nil {
			return b, nil
		}
		return b, b.poll(buildPollEvery)
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, b.keys.Cancel), msg.Type == tea.KeyEnter && b.done():
			return nil, nil
		case key.Matches(msg, b.keys.OpenInPane) && b.done():
			table, index := b.table, b.index
			return nil, func() tea.Msg { return openItemsMsg{table: table, index: index, leftOut: len(b.leftOut) > 0} }
		}
	}
	return b, nil
}

// fraction is how far the backfill has read the table (0 to 1).
func (b *buildWatch) fraction() float64 {
	switch {
	case b.done():
		return 1
	case !b.hasProgress || b.progress.Total == 0:
		if b.progress.Done {
			return 1
		}
		return 0
	}
	f := float64(b.progress.Scanned) / float64(b.progress.Total)
	if f > 1 {
		f = 1
	}
	return f
}

// progressBar draws a bubbles/progress bar w cells wide (percentage
// included) filled to f, rendered statically (ViewAs) from the polled
// build progress.
func progressBar(st Styles, f float64, w int) string {
	if w < 10 {
		w = 10
	}
	bar := progress.New(progress.WithSolidFill("#3FA34D"), progress.WithWidth(w))
	return bar.ViewAs(f)
}

func (b *buildWatch) View() string {
	st := b.st
	w := b.w
	right := "[esc] close (the build goes on)"
	if b.done() {
		right = "[o] browse the index   [esc] close"
	}
	out := modalHeader(st, "GSI "+b.index+" on "+b.table, right, w)
	out = append(out, "status  "+st.Bold.Render(b.status)+"  "+st.Dim.Render(statusNote(b.status)))
	out = append(out, "")
	out = append(out, progressBar(st, b.fraction(), w))
	p := b.progress
	switch {
	case b.hasProgress:
		out = append(out, wrap(fmt.Sprintf("backfill: %d of %d table items read · %d indexed · %d skipped (key of the wrong type)", p.Scanned, p.Total, p.Indexed, p.Skipped), w)...)
	case !b.done():
		out = append(out, st.Dim.Render("the backend does not tell how far the backfill is; waiting for ACTIVE"))
	}
	if b.err != nil {
		out = append(out, "")
		out = append(out, errorBox(st, b.err, w)...)
		return strings.Join(out, "\n")
	}
	if !b.done() {
		out = append(out, "", st.Dim.Render(cut("Writes go on meanwhile; the index answers Query and Scan once it is ACTIVE.", w)))
		return strings.Join(out, "\n")
	}
	out = append(out, "")
	switch {
	case b.status == "gone":
		out = append(out, st.Warn.Render("the index is gone (deleted while it was built?)"))
	case !b.leftDone:
		out = append(out, fmt.Sprintf("%d of %d table items are in the index.", b.indexCount, b.itemCount))
	case len(b.leftOut) == 0:
		out = append(out, st.OK.Render(fmt.Sprintf("✓ every table item is in the index (%d).", b.indexCount)))
	default:
		out = append(out, fmt.Sprintf("%d of %d table items are in the index; %d left out:", b.indexCount, b.itemCount, len(b.leftOut)))
		note := wrapDim(st, "! the attribute has another type than the index declares: writes that keep it so are refused", w)
		if !hasViolation(b.leftOut) {
			note = nil
		}
		room := b.h - len(out) - len(note) - 1
		for i, l := range b.leftOut {
			if i >= room {
				out = append(out, st.Dim.Render(fmt.Sprintf("  … and %d more ([o] lists them all)", len(b.leftOut)-i)))
				break
			}
			reason := l.Reason
			style := st.Dim
			if l.Violation {
				reason, style = "! "+reason, st.Warn
			}
			out = append(out, cut("  "+style.Render(fit(reason, 36))+"  "+keyText(l.Key, sortedKeys(l.Key)...), w))
		}
		out = append(out, note...)
	}
	return strings.Join(out, "\n")
}

func hasViolation(ls []engine.LeftOutItem) bool {
	for _, l := range ls {
		if l.Violation {
			return true
		}
	}
	return false
}

// statusNote explains an index status.
func statusNote(s string) string {
	switch s {
	case model.StatusCreating:
		return "allocating the index (it cannot be deleted yet)"
	case "BACKFILLING":
		return "copying the existing items (it can be deleted now)"
	case model.StatusActive:
		return "ready for Query and Scan"
	case model.StatusDeleting:
		return "being dropped"
	}
	return ""
}
