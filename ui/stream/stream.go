// Package stream is the explorer's Stream pane: a live tail of the
// selected table's change stream, newest at the bottom — INSERT, MODIFY
// and REMOVE each with a word, a symbol and a colour, the keys, and the
// images the stream's view type carries; TTL deletions are tagged "by
// dynamodb". It opens with the backlog read through the Streams API and
// then follows the engine's events.
//
// On a remote backend (remote.go) it tails every open shard of the
// table's latest stream from LATEST with the Streams API, polling about
// once a second while on screen: the records written from then on.
package stream

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Model is the Stream pane.
type Model struct {
	st      *kit.Styles
	api     engine.API
	keys    keys
	shown   bool
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

	// a remote backend: the tail of the table's stream and its shards.
	ticks  bool
	tail   *remoteapi.Tail
	shards []remoteapi.TailShard
	view   string // the table's StreamViewType, from its description
	polls  int    // poll chain generation: a stale chain stops

	// what the stream keeps against its bounds (the embedded engine), and
	// whether a fresh reading is on its way
	usage        *engine.StreamUsage
	usageReading bool
}

type keys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Follow key.Binding
}

// New returns the Stream pane of the workspace api; ticks makes it poll a
// remote stream by itself while shown (tests poll by hand with Refresh).
func New(st *kit.Styles, km keymap.KeyMap, api engine.API, ticks bool) *Model {
	k := kit.NewScrollKeys(km)
	return &Model{st: st, api: api, ticks: ticks, keys: keys{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown,
		Top: k.Top, Bottom: k.Bottom, Follow: km.Live.Follow}}
}

// ShortHelp is the pane's keys for the help line.
func (p *Model) ShortHelp() []key.Binding {
	return []key.Binding{p.keys.Up, p.keys.Down, p.keys.Follow}
}

// FullHelp is every key of the pane.
func (p *Model) FullHelp() [][]key.Binding {
	k := p.keys
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Follow}}
}

// SetSize sets the inner size.
func (p *Model) SetSize(w, h int) { p.w, p.h = w, h }

// SetTarget follows another table's stream: on screen, it reads the
// backlog at once, else when shown.
func (p *Model) SetTarget(sel kit.Target, _ *kit.TableInfo) tea.Cmd {
	p.keyNs = sel.TableKeyNames()
	if sel.Table() == p.table {
		return nil
	}
	p.seq++
	p.table = sel.Table()
	p.loaded, p.err, p.skipped, p.info = false, nil, false, streamInfo{}
	p.usage, p.usageReading = nil, false
	p.recs, p.pending, p.back = nil, nil, 0
	p.tail, p.shards, p.view = nil, nil, ""
	if sel.Desc != nil && sel.Desc.StreamSpecification != nil && sel.Desc.StreamSpecification.StreamEnabled {
		p.view = sel.Desc.StreamSpecification.StreamViewType
	}
	if !p.shown || p.table == "" {
		return nil
	}
	if p.remote() {
		return p.startTail()
	}
	return fetchStream(p.api, p.seq, p.table)
}

// SetShown reads the backlog when the pane comes on screen without it.
func (p *Model) SetShown(on bool) tea.Cmd {
	if p.remote() {
		return p.showRemote(on)
	}
	p.shown = on
	if !on || p.loaded || p.table == "" {
		return nil
	}
	p.seq++
	p.pending = nil
	return fetchStream(p.api, p.seq, p.table)
}

// Events appends the live records of the table shown, and reads again
// what its stream keeps.
func (p *Model) Events(evs []engine.Event) tea.Cmd {
	mine := false
	for i := range evs {
		if evs[i].Kind == engine.EventStream {
			p.add(evs[i].Table, evs[i].Record)
			mine = mine || evs[i].Table == p.table
		}
	}
	if mine && p.loaded && p.usage != nil && !p.usageReading {
		p.usageReading = true
		return fetchUsage(p.api, p.table)
	}
	return nil
}

// setBacklog takes the backlog, then the live records that came meanwhile.
func (p *Model) setBacklog(msg streamMsg) {
	if msg.seq != p.seq || msg.table != p.table {
		return
	}
	p.loaded, p.info, p.err, p.skipped = true, msg.info, msg.err, msg.skipped
	p.recs, p.usage = msg.recs, msg.usage
	pending := p.pending
	p.pending = nil
	for i := range pending {
		p.append(pending[i])
	}
}

// add appends a live record of table.
func (p *Model) add(table string, r *model.Record) {
	if r == nil || table != p.table || (!p.loaded && !p.shown) {
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
	p.append(*r)
}

func (p *Model) append(r model.Record) {
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

// Update takes the backlog and scrolls; scrolling up stops following the
// newest record.
func (p *Model) Update(msg tea.Msg) tea.Cmd {
	var k tea.KeyPressMsg
	switch msg := msg.(type) {
	case streamMsg:
		p.setBacklog(msg)
		return nil
	case usageMsg:
		if msg.table == p.table {
			p.usage, p.usageReading = &msg.usage, false
		}
		return nil
	case tailMsg:
		return p.onTail(msg)
	case pollMsg:
		return p.onPoll(msg)
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			p.back += 3
		case tea.MouseWheelDown:
			p.back -= 3
		}
		p.clampBack()
		return nil
	case tea.KeyPressMsg:
		k = msg
	default:
		return nil
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
	return nil
}

func (p *Model) clampBack() {
	p.back = min(max(p.back, 0), max(p.totalLines()-p.bodyHeight(), 0))
}

func (p *Model) bodyHeight() int { return max(p.h-len(p.header()), 1) }

// recordLines is how many lines a record takes: itself and each image.
func (p *Model) recordLines(r *model.Record) int {
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

func (p *Model) totalLines() int {
	n := 0
	for i := range p.recs {
		n += p.recordLines(&p.recs[i])
	}
	return n
}

// View draws the header and the newest records that fit, oldest at the top.
func (p *Model) View() string {
	st := p.st
	switch {
	case p.table == "":
		return st.Dim.Render("No table selected.")
	case !p.loaded:
		return st.Title.Render(p.table) + "\n" + st.Dim.Render("reading the stream…")
	case p.err != nil:
		return strings.Join(append([]string{st.Title.Render(p.table)}, kit.ErrorBox(st, kit.AsModelError(p.err), p.w)...), "\n")
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
	out := make([]string, 0, body+len(head))
	out = append(out, head...)
	for i := start - 1; i >= end; i-- {
		out = append(out, rev[i])
	}
	return strings.Join(out, "\n")
}

func (p *Model) header() []string {
	st := p.st
	if p.remote() {
		return p.remoteHeader()
	}
	if p.info.arn == "" && len(p.recs) == 0 {
		return append([]string{kit.TitleLine(st, p.table, "no stream", p.w)},
			kit.WrapStyled(st.Dim, "This table has no stream: UpdateTable with StreamSpecification StreamEnabled=true turns one on.", p.w)...)
	}
	state := "stream " + p.info.view
	if !p.info.enabled {
		state = "stream disabled (its records stay readable for 24 h)"
	}
	right := state + " · " + kit.Plural(int64(len(p.recs)), "record", "")
	follow := st.OK.Render("● following the newest, at the bottom")
	if p.back > 0 {
		follow = st.Warn.Render(fmt.Sprintf("‖ scrolled %s up · f follows", kit.Plural(int64(p.back), "line", "")))
	}
	l2 := follow
	if p.skipped {
		l2 += st.Dim.Render(fmt.Sprintf(" · records older than %s not read", kit.FmtSpan(streamRecent)))
	}
	label := p.info.arn[strings.LastIndexByte(p.info.arn, '/')+1:]
	if kit.Width(l2)+kit.Width(label)+8 <= p.w {
		l2 = kit.Spread(l2, st.Dim.Render("label "+label), p.w)
	}
	lines := []string{kit.TitleLine(st, p.table, right, p.w), kit.Cut(l2, p.w)}
	if u := p.usage; u != nil {
		for _, l := range kit.WrapParts(usageParts(*u), " · ", p.w) {
			lines = append(lines, st.Dim.Render(l))
		}
	}
	return lines
}

// usageParts say what the stream keeps against its bounds, "keeps 24 h,
// at most 100,000 records and 64 MB, oldest trimmed first", and what it
// holds, "now 1,204 records, 310 KB".
func usageParts(u engine.StreamUsage) []string {
	r := u.Retention
	return []string{fmt.Sprintf("keeps %s, at most %s and %s, oldest trimmed first (--stream-retention)",
		boundAge(r.Age), kit.Plural(r.Records, "record", ""), boundBytes(r.Bytes)),
		fmt.Sprintf("now %s, %s", kit.Plural(u.Records, "record", ""), kit.HumanBytes(u.Bytes))}
}

// boundAge writes a retention age as it is set: "24 h", "90 min".
func boundAge(d time.Duration) string {
	if d%time.Hour == 0 {
		return fmt.Sprintf("%d h", d/time.Hour)
	}
	if d%time.Minute == 0 {
		return fmt.Sprintf("%d min", d/time.Minute)
	}
	return d.String()
}

// boundBytes writes a size bound as it is set: "64 MB", "1 GB".
func boundBytes(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	}
	return kit.HumanBytes(n)
}

// recordText is a record's lines: time, event, keys (and "by dynamodb"
// for TTL deletions), then its new and old images.
func (p *Model) recordText(r *model.Record) []string {
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
	line := at + " " + ev + "  " + kit.KeyText(d.Keys, p.keyNs...)
	if r.UserIdentity != nil && r.UserIdentity.PrincipalID == "dynamodb.amazonaws.com" {
		line += "  " + st.Warn.Render("⌛ by dynamodb (TTL)")
	}
	out := []string{kit.Cut(line, p.w)}
	img := func(label string, it model.Item) {
		if len(it) > 0 {
			out = append(out, kit.Cut(st.Dim.Render("           "+label+" ")+imageText(it, d.Keys), p.w))
		}
	}
	img("new", d.NewImage)
	img("old", d.OldImage)
	return out
}

// imageText is an image's attributes other than the keys, "Body=hi · …".
func imageText(it model.Item, keys model.Item) string {
	var b strings.Builder
	for _, n := range kit.SortedKeys(it) {
		if _, isKey := keys[n]; isKey {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(n + "=" + kit.Cell(it[n]))
		if b.Len() > 400 {
			break
		}
	}
	if b.Len() == 0 {
		return "(keys only)"
	}
	return b.String()
}

// Records is how many records the pane holds.
func (p *Model) Records() int { return len(p.recs) }
