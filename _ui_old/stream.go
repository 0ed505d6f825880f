package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// streamPane is a live tail of the selected table's change stream, newest
// at the bottom: INSERT, MODIFY and REMOVE each with a word, a symbol and a
// colour, the keys, and the images the stream's view type carries; TTL
// deletions are tagged "by dynamodb". It opens with the backlog read
// through the Streams API and then follows the engine's events.
type streamPane struct {
	st      Styles
	keys    streamKeys
	table   string
	keyNs   []string
	seq     int // backlog request generation
	loaded  bool
	info    streamInfo
	err     error
	skipped bool
	recs    []model.Record
	pending []model.Record // live records that came before the backlog
	back    int            // lines scrolled up from the newest (0: follow)
	w, h    int
}

type streamKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Follow key.Binding
}

func newStreamPane(st Styles, km keymap.KeyMap) streamPane {
	k := newScrollKeys(km)
	return streamPane{st: st, keys: streamKeys{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown,
		Top: k.Top, Bottom: k.Bottom, Follow: km.Live.Follow}}
}

func (p streamPane) ShortHelp() []key.Binding {
	return []key.Binding{p.keys.Up, p.keys.Down, p.keys.Follow}
}
func (p streamPane) FullHelp() [][]key.Binding {
	k := p.keys
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Follow}}
}

// SetSize sets the inner size.
func (p *streamPane) SetSize(w, h int) { p.w, p.h = w, h }

// SetTable follows another table's stream: it reads the backlog.
func (p *streamPane) SetTable(api engine.API, sel target) tea.Cmd {
	if sel.table() == p.table && p.loaded {
		return nil
	}
	p.seq++
	p.table, p.keyNs = sel.table(), sel.tableKeyNames()
	p.loaded, p.err, p.skipped, p.info = false, nil, false, streamInfo{}
	p.recs, p.pending, p.back = nil, nil, 0
	if p.table == "" {
		return nil
	}
	return fetchStream(api, p.seq, p.table)
}

// SetBacklog takes the backlog, then the live records that came meanwhile.
func (p *streamPane) SetBacklog(msg streamMsg) {
	if msg.seq != p.seq || msg.table != p.table {
		return
	}
	p.loaded, p.info, p.err, p.skipped = true, msg.info, msg.err, msg.skipped
	p.recs = msg.recs
	pending := p.pending
	p.pending = nil
	for i := range pending {
		p.add(pending[i])
	}
}

// Add appends a live record of table.
func (p *streamPane) Add(table string, r *model.Record) {
	if r == nil || table != p.table {
		return
	}
	if !p.loaded {
		p.pending = append(p.pending, *r)
		return
	}
	p.info.enabled = true
	if p.info.view == "" && r.Dynamodb != nil {
		p.info.view = r.Dynamodb.StreamViewType
	}
	p.add(*r)
}

func (p *streamPane) add(r model.Record) {
	if n := len(p.recs); n > 0 && r.Dynamodb != nil && p.recs[n-1].Dynamodb != nil &&
		!seqAfter(r.Dynamodb.SequenceNumber, p.recs[n-1].Dynamodb.SequenceNumber) {
		return // already in the backlog
	}
	p.recs = append(p.recs, r)
	if p.back > 0 {
		p.back += p.recordLines(&r) // keep what is on screen in place
	}
	if len(p.recs) > 2*streamKeep {
		p.recs = append([]model.Record(nil), p.recs[len(p.recs)-streamKeep:]...)
	}
}

// Update scrolls; scrolling up stops following the newest record.
func (p *streamPane) Update(msg tea.Msg) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		if m, ok := msg.(tea.MouseMsg); ok {
			switch m.Button {
			case tea.MouseButtonWheelUp:
				p.back += 3
			case tea.MouseButtonWheelDown:
				p.back -= 3
			}
			p.clampBack()
		}
		return
	}
	body := p.bodyHeight()
	switch {
	case key.Matches(k, p.keys.Up):
		p.back++
	case key.Matches(k, p.keys.Down):
		p.back--
	case key.Matches(k, p.keys.PageUp):
		p.back += body - 1
	case key.Matches(k, p.keys.PageDown):
		p.back -= body - 1
	case key.Matches(k, p.keys.Top):
		p.back = p.totalLines()
	case key.Matches(k, p.keys.Bottom), key.Matches(k, p.keys.Follow):
		p.back = 0
	}
	p.clampBack()
}

func (p *streamPane) clampBack() {
	p.back = min(max(p.back, 0), max(p.totalLines()-p.bodyHeight(), 0))
}

// headLines is how many lines the header takes.
const streamHeadLines = 2

func (p streamPane) bodyHeight() int { return max(p.h-streamHeadLines, 1) }

// recordLines is how many lines a record takes: itself and each image.
func (p streamPane) recordLines(r *model.Record) int {
	n := 1
	if d := r.Dynamodb; d != nil {
		if len(d.NewImage) > 0 {
			n++
		}
		if len(d.OldImage) > 0 {
			n++
		}
	}
	return n
}

func (p streamPane) totalLines() int {
	n := 0
	for i := range p.recs {
		n += p.recordLines(&p.recs[i])
	}
	return n
}

// View draws the header and the newest records that fit, oldest at the top.
func (p streamPane) View() string {
	st := p.st
	switch {
	case p.table == "":
		return st.Dim.Render("No table selected.")
	case !p.loaded:
		return st.Title.Render(p.table) + "\n" + st.Dim.Render("reading the stream…")
	case p.err != nil:
		return strings.Join(append([]string{st.Title.Render(p.table)}, errorBox(st, asModelError(p.err), p.w)...), "\n")
	}
	head := p.header()
	body := p.bodyHeight()
	// Render records from the newest back until the window (body lines,
	// back lines up from the bottom) is covered.
	var rev []string
	need := body + p.back
	for i := len(p.recs) - 1; i >= 0 && len(rev) < need; i-- {
		ls := p.recordText(&p.recs[i])
		for j := len(ls) - 1; j >= 0; j-- {
			rev = append(rev, ls[j])
		}
	}
	end := min(p.back, len(rev))
	start := min(end+body, len(rev))
	out := make([]string, 0, body+streamHeadLines)
	out = append(out, head...)
	for i := start - 1; i >= end; i-- {
		out = append(out, rev[i])
	}
	return strings.Join(out, "\n")
}

func (p streamPane) header() []string {
	st := p.st
	if p.info.arn == "" && len(p.recs) == 0 {
		return []string{titleLine(st, p.table, "no stream", p.w),
			st.Dim.Render("This table has no stream: UpdateTable with StreamSpecification StreamEnabled=true turns one on.")}
	}
	state := "stream " + p.info.view
	if !p.info.enabled {
		state = "stream disabled (its records stay readable for 24 h)"
	}
	right := fmt.Sprintf("%s · %s records", state, fmtInt(int64(len(p.recs))))
	follow := st.OK.Render("● following the newest, at the bottom")
	if p.back > 0 {
		follow = st.Warn.Render(fmt.Sprintf("‖ scrolled %d lines up · f follows", p.back))
	}
	l2 := follow
	if p.skipped {
		l2 += st.Dim.Render(fmt.Sprintf(" · records older than %s not read", fmtSpan(streamRecent)))
	}
	label := p.info.arn[strings.LastIndexByte(p.info.arn, '/')+1:]
	if width(l2)+width(label)+8 <= p.w {
		l2 = spread(l2, st.Dim.Render("label "+label), p.w)
	}
	return []string{titleLine(st, p.table, right, p.w), l2}
}

// recordText is a record's lines: time, event, keys (and "by dynamodb"
// for TTL deletions), then its new and old images.
func (p streamPane) recordText(r *model.Record) []string {
	st := p.st
	d := r.Dynamodb
	if d == nil {
		return []string{r.EventName}
	}
	at := time.Unix(int64(d.ApproximateCreationDateTime), 0).UTC().Format("15:04:05")
	var ev string
	switch r.EventName {
	case model.EventInsert:
		ev = st.OK.Render("+ INSERT")
	case model.EventModify:
		ev = st.SK.Render("~ MODIFY")
	default:
		ev = st.Error.Render("- REMOVE")
	}
	line := at + " " + ev + "  " + keyText(d.Keys, p.keyNs...)
	if r.UserIdentity != nil && r.UserIdentity.PrincipalID == "dynamodb.amazonaws.com" {
		line += "  " + st.Warn.Render("⌛ by dynamodb (TTL)")
	}
	out := []string{cut(line, p.w)}
	img := func(label string, it model.Item) {
		if len(it) > 0 {
			out = append(out, cut(st.Dim.Render("           "+label+" ")+imageText(it, d.Keys), p.w))
		}
	}
	img("new", d.NewImage)
	img("old", d.OldImage)
	return out
}

// imageText is an image's attributes other than the keys, "Body=hi · …".
func imageText(it model.Item, keys model.Item) string {
	var b strings.Builder
	for _, n := range sortedKeys(it) {
		if _, isKey := keys[n]; isKey {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(n + "=" + cell(it[n]))
		if b.Len() > 400 {
			break
		}
	}
	if b.Len() == 0 {
		return "(keys only)"
	}
	return b.String()
}
