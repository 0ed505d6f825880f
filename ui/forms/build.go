package forms

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/progress"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// buildPollEvery is how often the build watch asks how far a backfill has
// come.
const buildPollEvery = 150 * time.Millisecond

// BuildTick schedules the next poll; tests replace it to poll at once.
var BuildTick = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd { return tea.Tick(d, fn) }

// BuildWatch follows a new GSI from CREATING through the backfill to
// ACTIVE with a progress bar (table items read of the items there were
// when the build began), then lists the items the index left out and why.
type BuildWatch struct {
	st           *kit.Styles
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
	// vector: the index is a vector index (VectorIndexes, read with
	// SearchVectors).
	vector bool
	w, h   int
}

// NewBuildWatch follows the build of index on table.
func NewBuildWatch(st *kit.Styles, km keymap.KeyMap, api engine.API, table, index string) *BuildWatch {
	return &BuildWatch{st: st, km: km, keys: km.Editing, api: api, table: table, index: index, status: model.StatusCreating}
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

// poll asks the engine after d (at once when d is 0).
func (b *BuildWatch) poll(d time.Duration) tea.Cmd {
	b.gen++
	gen, api, table, index, vector := b.gen, b.api, b.table, b.index, b.vector
	look := func() tea.Msg {
		m := buildPollMsg{gen: gen}
		if bp, ok := api.(kit.BuildProgress); ok {
			m.progress, m.hasProgress = bp.IndexBuildProgress(table, index)
		}
		out, err := api.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: table})
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
		for _, v := range out.Table.VectorIndexes {
			if vector && v.IndexName == index {
				m.status = v.IndexStatus
				if v.Backfilling != nil && *v.Backfilling {
					m.status = "BACKFILLING"
				}
				m.in = v.ItemCount
			}
		}
		if m.status == model.StatusActive {
			if lo, ok := api.(kit.LeftOutLister); ok {
				m.leftOut, err = lo.IndexLeftOut(table, index, kit.LeftOutLimit)
				m.err, m.leftDone = err, true
			}
		}
		return m
	}
	if d == 0 {
		return look
	}
	return BuildTick(d, func(time.Time) tea.Msg { return look() })
}

// SetSize sets the inner size.
func (b *BuildWatch) SetSize(w, h int) { b.w, b.h = w, h }

// ShortHelp is o and esc.
func (b *BuildWatch) ShortHelp() []key.Binding {
	c := b.keys.Cancel
	c.SetHelp("esc", "close (the build goes on)")
	if b.done() {
		c.SetHelp("esc", "close")
	}
	o := b.keys.OpenInPane
	o.SetHelp("o", "browse the index")
	o.SetEnabled(b.done())
	return []key.Binding{o, c}
}

// FullHelp is o and esc.
func (b *BuildWatch) FullHelp() [][]key.Binding { return [][]key.Binding{b.ShortHelp()} }

// done reports whether the index is ACTIVE (or gone).
func (b *BuildWatch) done() bool { return b.status == model.StatusActive || b.status == "gone" }

// Update takes the polls, o and esc.
func (b *BuildWatch) Update(msg tea.Msg) (Modal, tea.Cmd) {
	switch msg := msg.(type) {
	case buildPollMsg:
		if msg.gen != b.gen {
			return b, nil
		}
		b.err = kit.AsModelError(msg.err)
		if msg.err == nil {
			b.status, b.itemCount, b.indexCount = msg.status, msg.items, msg.in
			b.leftOut, b.leftDone = msg.leftOut, msg.leftDone
		}
		if msg.hasProgress {
			b.progress, b.hasProgress = msg.progress, true
		}
		if msg.err != nil {
			return b, nil
		}
		if b.done() {
			// the sidebar reads the workspace again now, not a tick later
			return b, kit.Msg(DoneMsg{Table: b.table})
		}
		return b, b.poll(buildPollEvery)
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, b.keys.Cancel), key.Matches(msg, b.keys.Accept) && b.done():
			return nil, nil
		case key.Matches(msg, b.keys.OpenInPane) && b.done():
			table, index := b.table, b.index
			return nil, kit.Msg(kit.OpenItemsMsg{Table: table, Index: index, LeftOut: len(b.leftOut) > 0})
		}
	}
	return b, nil
}

// fraction is how far the backfill has read the table (0 to 1).
func (b *BuildWatch) fraction() float64 {
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
func progressBar(st *kit.Styles, f float64, w int) string {
	bar := progress.New(progress.WithColors(st.Fill), progress.WithFillCharacters('█', '░'), progress.WithWidth(max(w, 10)))
	return bar.ViewAs(f)
}

// View draws the build.
func (b *BuildWatch) View() string {
	st := b.st
	w := b.w
	right := "[esc] close (the build goes on)"
	if b.done() {
		right = "[o] browse the index   [esc] close"
	}
	kind, note, answers := "GSI ", statusNote(b.status), "Query and Scan"
	if b.vector {
		kind, answers = "Vector index ", "SearchVectors"
		if b.status == model.StatusActive {
			note = "ready for SearchVectors"
		}
	}
	out := header(st, kind+b.index+" on "+b.table, right, w)
	out = append(out, "status  "+st.Bold.Render(b.status)+"  "+st.Dim.Render(note))
	out = append(out, "")
	out = append(out, progressBar(st, b.fraction(), w))
	p := b.progress
	switch {
	case b.hasProgress:
		left, skipped := p.Skipped, "skipped (key of the wrong type)"
		if b.vector {
			// A vector index leaves out the items without its attributes
			// too, as a sparse index does: both are counted.
			left = p.Skipped + p.Sparse
			skipped = fmt.Sprintf("left out (%s without the vector or HASH attribute, %s with one of the wrong type or size)", kit.FmtInt(p.Sparse), kit.FmtInt(p.Skipped))
		}
		out = append(out, kit.Wrap(fmt.Sprintf("backfill: %s of %s read · %s indexed · %s %s", kit.FmtInt(p.Scanned), kit.Plural(p.Total, "table item", ""), kit.FmtInt(p.Indexed), kit.FmtInt(left), skipped), w)...)
	case !b.done():
		out = append(out, st.Dim.Render("the backend does not tell how far the backfill is; waiting for ACTIVE"))
	}
	if b.err != nil {
		out = append(out, "")
		out = append(out, kit.ErrorBox(st, b.err, w)...)
		return strings.Join(out, "\n")
	}
	if !b.done() {
		out = append(out, "", st.Dim.Render(kit.Cut("Writes go on meanwhile; the index answers "+answers+" once it is ACTIVE.", w)))
		return strings.Join(out, "\n")
	}
	out = append(out, "")
	switch {
	case b.status == "gone":
		out = append(out, st.Warn.Render("the index is gone (deleted while it was built?)"))
	case !b.leftDone:
		out = append(out, fmt.Sprintf("%s of %s %s in the index.", kit.FmtInt(b.indexCount), kit.Plural(b.itemCount, "table item", ""), isAre(b.indexCount)))
	case len(b.leftOut) == 0:
		out = append(out, st.OK.Render(fmt.Sprintf("✓ every table item is in the index (%s).", kit.FmtInt(b.indexCount))))
	default:
		out = append(out, fmt.Sprintf("%s of %s %s in the index; %s left out:", kit.FmtInt(b.indexCount), kit.Plural(b.itemCount, "table item", ""), isAre(b.indexCount), kit.FmtInt(int64(len(b.leftOut)))))
		note := kit.WrapStyled(st.Dim, "! the attribute has another type than the index declares: writes that keep it so are refused", w)
		if !kit.HasViolation(b.leftOut) {
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
			out = append(out, kit.Cut("  "+style.Render(kit.Fit(reason, 36))+"  "+kit.KeyText(l.Key, kit.SortedKeys(l.Key)...), w))
		}
		out = append(out, note...)
	}
	return strings.Join(out, "\n")
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

// Done reports whether the index is ACTIVE (or gone).
func (b *BuildWatch) Done() bool { return b.done() }

// Fraction is how far the backfill has read the table (0 to 1).
func (b *BuildWatch) Fraction() float64 { return b.fraction() }

// Status is the index status seen last (BACKFILLING while it backfills).
func (b *BuildWatch) Status() string { return b.status }

// isAre is the verb after "n of m table items": "1 of 5 table items is in
// the index", "2 of 5 … are".
func isAre(n int64) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
