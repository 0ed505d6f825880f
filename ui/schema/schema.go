// Package schema is the explorer's Schema pane: a table's key schema,
// attribute definitions, billing and throughput (with the on-demand
// maximum and the warm throughput of the table and of each GSI), TTL and
// stream settings, every index with its key schema (a multi-attribute key
// with its attributes in order and their roles), projection, status, item count and
// size, and for tables with LSIs the item-collection sizes per partition
// key against the 10 GB limit, and the table's tags. The keys c, i, d and
// t ask the root for the same table and index changes as in the sidebar.
//
// On a remote backend the counts and sizes are DynamoDB's approximate ones
// and say so, and the item collections are not sized: that reads every
// item of the table.
package schema

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// collectionLimit is DynamoDB's 10 GB item-collection limit.
const collectionLimit = 10 << 30

// maxCollectionScan bounds how many items the schema pane reads to size
// item collections.
const maxCollectionScan = 100_000

// Model is the Schema pane.
type Model struct {
	st     *kit.Styles
	ek     keymap.EditKeyMap
	bk     keymap.BackupsKeyMap
	api    engine.API
	scroll kit.Scroller
	info   *kit.TableInfo
	sel    kit.Target
	coll   *collectionsMsg
	tags   *tagsMsg
	w, h   int
}

// maxTagsShown is how many tags the pane lists (a table has at most 50).
const maxTagsShown = 50

// New returns the Schema pane of the workspace api.
func New(st *kit.Styles, km keymap.KeyMap, api engine.API) *Model {
	return &Model{st: st, ek: km.Editing, bk: km.Backups, api: api, scroll: kit.NewScroller(km)}
}

// manageKeys are the table and index keys that apply to the selection.
func (p *Model) manageKeys() []key.Binding {
	add, drop, ttl := p.ek.AddIndex, p.ek.DropIndex, p.ek.TTL
	add.SetEnabled(p.sel.Valid())
	ttl.SetEnabled(p.sel.Valid())
	drop.SetEnabled(p.sel.GSI() != nil || p.sel.Vector() != nil)
	if p.sel.Vector() != nil {
		drop.SetHelp(drop.Help().Key, "delete vector index")
	} else {
		drop.SetHelp(drop.Help().Key, "delete GSI")
	}
	return []key.Binding{p.ek.CreateTable, add, drop, ttl}
}

// ShortHelp is the pane's keys for the help line.
func (p *Model) ShortHelp() []key.Binding {
	return append(append(p.scroll.Keys.Short(), kit.Writable(p.api, true, p.manageKeys()...)...), p.backupsKey())
}

// FullHelp is every key of the pane.
func (p *Model) FullHelp() [][]key.Binding {
	return [][]key.Binding{p.scroll.Keys.All(), append(kit.Writable(p.api, false, p.manageKeys()...), p.backupsKey())}
}

// backupsKey is b, which opens Backups & recovery of the table (the root
// takes it).
func (p *Model) backupsKey() key.Binding {
	b := p.bk.Open
	b.SetEnabled(p.sel.Valid())
	return b
}

// SetSize sets the inner size.
func (p *Model) SetSize(w, h int) { p.w, p.h = w, h }

// SetTarget shows a table (and marks the selected index); it returns the
// command that sizes the item collections when the table has LSIs.
func (p *Model) SetTarget(sel kit.Target, info *kit.TableInfo) tea.Cmd {
	sameTable := p.info != nil && info != nil && p.info.Desc.TableName == info.Desc.TableName
	p.info, p.sel = info, sel
	if sameTable {
		return nil
	}
	p.scroll.Top = 0
	p.coll, p.tags = nil, nil
	if info == nil {
		return nil
	}
	tags := readTags(p.api, info.Desc)
	if len(info.Desc.LocalSecondaryIndexes) == 0 || kit.IsRemote(p.api) {
		return tags
	}
	return kit.Sequence(tags, sizeCollections(p.api, info.Desc))
}

// tagsMsg carries a table's tags.
type tagsMsg struct {
	table string
	tags  []model.Tag
	err   error
}

// readTags lists a table's tags (ListTagsOfResource on its ARN).
func readTags(api engine.API, d *model.TableDescription) tea.Cmd {
	table, arn := d.TableName, d.TableArn
	return func() tea.Msg {
		tags, err := remoteapi.ListAllTags(kit.Bg, api, arn)
		return tagsMsg{table: table, tags: tags, err: err}
	}
}

// tagsLine is "Tags  env=prod · team=core", "Tags  none", or the error.
func (p *Model) tagsLine() []string {
	st := p.st
	head := st.Header.Render("Tags") + "  "
	switch {
	case p.tags == nil:
		return []string{head + st.Dim.Render("reading…")}
	case p.tags.err != nil:
		return []string{head + st.Error.Render(kit.Cut(kit.AsModelError(p.tags.err).Error(), max(p.w-6, 10)))}
	case len(p.tags.tags) == 0:
		return []string{head + st.Dim.Render("none")}
	}
	tags := append([]model.Tag(nil), p.tags.tags...)
	sort.Slice(tags, func(i, j int) bool { return tags[i].Key < tags[j].Key })
	var parts []string
	for i, t := range tags {
		if i == maxTagsShown {
			break
		}
		parts = append(parts, t.Key+"="+t.Value)
	}
	lines := kit.Wrap(strings.Join(parts, " · "), max(p.w-6, 10))
	for i := range lines {
		if i == 0 {
			lines[i] = head + lines[i]
		} else {
			lines[i] = "      " + lines[i]
		}
	}
	return lines
}

// Update takes the item-collection sizes, scrolls, and turns the
// management keys into requests for the root.
func (p *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case collectionsMsg:
		if p.info != nil && msg.table == p.info.Desc.TableName {
			p.coll = &msg
		}
	case tagsMsg:
		if p.info != nil && msg.table == p.info.Desc.TableName {
			p.tags = &msg
		}
	case tea.KeyPressMsg:
		ek, sel := p.ek, p.sel
		switch {
		case key.Matches(msg, ek.CreateTable):
			return kit.Msg(kit.ManageMsg{Op: kit.CreateTable})
		case key.Matches(msg, ek.AddIndex) && sel.Vector() != nil:
			return kit.Msg(kit.ManageMsg{Op: kit.AddVectorIndex, Target: kit.TableTarget(sel.Desc)})
		case key.Matches(msg, ek.AddIndex) && sel.Valid():
			return kit.Msg(kit.ManageMsg{Op: kit.AddIndex, Target: kit.TableTarget(sel.Desc)})
		case key.Matches(msg, ek.DropIndex) && sel.LSI() != nil:
			return kit.Msg(kit.FlashMsg{Text: "an LSI cannot be deleted: it lives and dies with its table"})
		case key.Matches(msg, ek.DropIndex) && sel.GSI() != nil:
			return kit.Msg(kit.ManageMsg{Op: kit.DropIndex, Target: sel})
		case key.Matches(msg, ek.DropIndex) && sel.Vector() != nil:
			return kit.Msg(kit.ManageMsg{Op: kit.DropVectorIndex, Target: sel})
		case key.Matches(msg, ek.TTL) && sel.Valid() && p.info != nil:
			return kit.Msg(kit.ManageMsg{Op: kit.ToggleTTL, Target: kit.TableTarget(sel.Desc), TTL: p.info.TTL})
		}
		p.scroll.SetSize(p.h, len(p.lines()))
		p.scroll.Update(msg)
	case tea.MouseWheelMsg:
		p.scroll.SetSize(p.h, len(p.lines()))
		p.scroll.Update(msg)
	}
	return nil
}

// View draws the part of the schema in view.
func (p *Model) View() string {
	all := p.lines()
	p.scroll.SetSize(p.h, len(all))
	return strings.Join(p.scroll.Visible(all), "\n")
}

func (p *Model) lines() []string {
	st := p.st
	if p.info == nil {
		return []string{st.Dim.Render("No table selected.")}
	}
	d := p.info.Desc
	w := p.w
	var out []string
	add := func(s string) { out = append(out, s) }

	billing := model.BillingProvisioned
	if d.BillingModeSummary != nil && d.BillingModeSummary.BillingMode != "" {
		billing = d.BillingModeSummary.BillingMode
	}
	tput := billing
	if billing == model.BillingProvisioned && d.ProvisionedThroughput != nil {
		tput = fmt.Sprintf("PROVISIONED %d RCU / %d WCU", d.ProvisionedThroughput.ReadCapacityUnits, d.ProvisionedThroughput.WriteCapacityUnits)
	} else if billing == model.BillingPayPerRequest {
		tput = "PAY_PER_REQUEST (on-demand)"
	}
	add(kit.Spread(st.Title.Render(d.TableName), d.TableStatus+" · "+tput, w))
	stream := "stream off"
	if d.StreamSpecification != nil && d.StreamSpecification.StreamEnabled {
		stream = "stream " + d.StreamSpecification.StreamViewType
	}
	ttl := "TTL off"
	if t := p.info.TTL; t != nil && t.TimeToLiveStatus != "" && t.TimeToLiveStatus != "DISABLED" {
		ttl = "TTL " + t.TimeToLiveStatus
		if t.AttributeName != "" {
			ttl += " on " + t.AttributeName
		}
	}
	class := ""
	if d.TableClassSummary != nil && d.TableClassSummary.TableClass != "" {
		class = " · " + d.TableClassSummary.TableClass
	}
	remote := kit.IsRemote(p.api)
	count := kit.Plural(d.ItemCount, "item", "")
	size := kit.HumanBytes(d.TableSizeBytes)
	if remote {
		count, size = "~"+count, "~"+size
	}
	for _, l := range kit.Wrap(fmt.Sprintf("%s · %s · %s · %s%s", count, size, stream, ttl, class), w) {
		add(l)
	}
	if remote {
		for _, l := range kit.WrapStyled(st.Dim, "~ DynamoDB's counts, updated about every 6 h · S counts every item (asks first)", w) {
			add(l)
		}
	}
	for _, l := range p.tagsLine() {
		add(l)
	}
	for _, l := range p.indented(st.Header.Render("Throughput")+"  ", words(throughputText(d.OnDemandThroughput, d.WarmThroughput, billing, remote)), w) {
		add(l)
	}
	add("")
	add(st.Header.Render("Key schema"))
	for _, k := range d.KeySchema {
		role := "partition key (HASH)"
		ks := st.PK
		if k.KeyType == model.KeyTypeRange {
			role, ks = "sort key (RANGE)", st.SK
		}
		add(fmt.Sprintf("  %s %-2s  %s", ks.Render(kit.Fit(k.AttributeName, 24)), kit.TableTarget(d).AttrType(k.AttributeName), role))
	}
	defs := make([]string, 0, len(d.AttributeDefinitions))
	for i, a := range d.AttributeDefinitions {
		def := a.AttributeName + " " + a.AttributeType
		if i < len(d.AttributeDefinitions)-1 {
			def += " ·"
		}
		defs = append(defs, def)
	}
	for _, l := range p.indented(st.Header.Render("Attribute definitions")+"  ", defs, w) {
		add(l)
	}
	add("")
	names := kit.IndexNames(d)
	if len(names) == 0 {
		add(st.Header.Render("Indexes") + "  " + st.Dim.Render("none"))
	} else {
		add(st.Header.Render("Indexes"))
	}
	// an index's details line up under its key, or in a narrow pane (where
	// the key goes under the name) under that
	sub := strings.Repeat(" ", 21)
	if w-len(sub) < 40 {
		sub = "    "
	}
	for _, n := range names {
		tg := kit.Target{Desc: d, Index: n}
		mark := "  "
		if n == p.sel.Index {
			mark = "▸ "
		}
		head := mark + st.Bold.Render(kit.Fit(n, 18)) + " " + tg.Kind() + "  "
		for _, l := range p.indented(head, p.keyText(tg), w) {
			add(l)
		}
		var size int64
		if l := tg.LSI(); l != nil {
			size = l.IndexSizeBytes
		} else if g := tg.GSI(); g != nil {
			size = g.IndexSizeBytes
		}
		detail := fmt.Sprintf("projects %s · %s of %s · %s · %s", kit.ProjectionText(tg.Projection()),
			kit.FmtInt(tg.ItemCount()), kit.Plural(d.ItemCount, "item", ""), kit.HumanBytes(size), tg.Status())
		if remote {
			detail = fmt.Sprintf("projects %s · ~%s of ~%s · ~%s · %s", kit.ProjectionText(tg.Projection()),
				kit.FmtInt(tg.ItemCount()), kit.Plural(d.ItemCount, "item", ""), kit.HumanBytes(size), tg.Status())
			if ix := p.info.Survey.Index(n); ix != nil {
				detail += fmt.Sprintf(" · read: %s of %s", kit.FmtInt(ix.In), kit.Plural(ix.In+ix.LeftOutCount, "item", ""))
			}
		}
		if g := tg.GSI(); g != nil && g.ProvisionedThroughput != nil && billing == model.BillingProvisioned {
			detail += fmt.Sprintf(" · %d RCU / %d WCU", g.ProvisionedThroughput.ReadCapacityUnits, g.ProvisionedThroughput.WriteCapacityUnits)
		}
		for _, l := range p.indented(sub, detailPieces(detail), w) {
			add(l)
		}
		if g := tg.GSI(); g != nil {
			for _, l := range p.indented(sub+"throughput: ", words(throughputText(g.OnDemandThroughput, g.WarmThroughput, billing, remote)), w) {
				add(l)
			}
		}
		if v := p.info.Violations[n]; v > 0 {
			text := fmt.Sprintf("! %s violate the key schema (backfill skipped them; writes to them fail until fixed)", kit.NItems(v))
			if v == 1 {
				text = "! 1 item violates the key schema (backfill skipped it; writes to it fail until fixed)"
			}
			for _, l := range kit.WrapIndented(st.Warn, sub, text, w) {
				add(l)
			}
		}
		if pr, ok := p.info.Progress[n]; ok && !pr.Done {
			for _, l := range p.indented(sub, words(fmt.Sprintf("building: %s of %s read, %s indexed, %s skipped", kit.FmtInt(pr.Scanned), kit.Plural(pr.Total, "item", ""), kit.FmtInt(pr.Indexed), kit.FmtInt(pr.Skipped))), w) {
				add(l)
			}
		}
	}
	out = append(out, p.vectorLines(sub)...)
	if len(d.LocalSecondaryIndexes) > 0 {
		add("")
		for _, l := range kit.HeadNote(st, "Item collections", "(table items + LSI entries per partition key, limit 10 GB)", w) {
			add(l)
		}
		switch {
		case remote:
			for _, l := range kit.WrapStyled(st.Dim, "not sized on a remote table: it takes reading every item (C copies a slice, sized there)", w-2) {
				add("  " + l)
			}
		case p.coll == nil:
			add(st.Dim.Render("  sizing…"))
		case p.coll.err != nil:
			add(st.Error.Render("  " + p.coll.err.Error()))
		default:
			// the key gives way to the figures in a narrow pane
			keyW := min(24, max(w-len("   ")-10-len("  <0.001% of 10 GB"), 8))
			for _, c := range p.coll.sizes {
				add(fmt.Sprintf("  %s %10s  %s of 10 GB", kit.Fit(c.key, keyW), kit.HumanBytes(c.bytes), percent(c.bytes, collectionLimit)))
			}
			if p.coll.more > 0 {
				add(st.Dim.Render(fmt.Sprintf("  … and %s", kit.Plural(int64(p.coll.more), "smaller collection", ""))))
			}
			if p.coll.truncated {
				add(st.Dim.Render(fmt.Sprintf("  (sized from the first %s)", kit.NItems(maxCollectionScan))))
			}
		}
	}
	return out
}

// keyText is an index's key, in pieces a line never splits:
// "ForumName (S) · LastPostDateTime (S)"; for a multi-attribute key
// (November 2025) its attributes in KeySchema order with their roles,
// "partition UserID (S) · sort Section (S), Status (S), Position (N)": the
// sort attributes order the entries taken together.
func (p *Model) keyText(tg kit.Target) []string {
	st := p.st
	attr := func(n string, s lipgloss.Style) string { return s.Render(n) + " (" + tg.AttrType(n) + ")" }
	if !tg.MultiAttribute() {
		var out []string
		for i, k := range tg.KeySchema() {
			s := st.PK
			if k.KeyType == model.KeyTypeRange {
				s = st.SK
			}
			if i > 0 {
				out = append(out, "·")
			}
			out = append(out, attr(k.AttributeName, s))
		}
		return out
	}
	list := func(role string, names []string, s lipgloss.Style) []string {
		out := []string{role}
		for i, n := range names {
			a := attr(n, s)
			if i < len(names)-1 {
				a += ","
			}
			out = append(out, a)
		}
		return out
	}
	out := list("partition", tg.HashKeys(), st.PK)
	if rng := tg.RangeKeys(); len(rng) > 0 {
		out = append(append(out, "·"), list("sort", rng, st.SK)...)
	}
	return out
}

// indented wraps pieces of text to the pane after head, its further lines
// under the text's start; in a narrow pane, text that does not fit beside
// head goes under it, indented.
func (p *Model) indented(head string, pieces []string, w int) []string {
	hw := kit.Width(head)
	if hw+kit.Width(strings.Join(pieces, " ")) > w && w-hw < 30 {
		lines := []string{strings.TrimRight(head, " ")}
		for _, l := range wrapPieces(pieces, max(w-4, 10)) {
			lines = append(lines, "    "+l)
		}
		return lines
	}
	lines := wrapPieces(pieces, max(w-hw, 10))
	for i := range lines {
		if i == 0 {
			lines[i] = head + lines[i]
		} else {
			lines[i] = strings.Repeat(" ", hw) + lines[i]
		}
	}
	return lines
}

// words are the words of s for wrapPieces, a "·" kept on the word before
// it so that no line starts with one.
func words(s string) []string {
	var out []string
	for _, f := range strings.Fields(s) {
		if f == "·" && len(out) > 0 {
			out[len(out)-1] += " ·"
			continue
		}
		out = append(out, f)
	}
	return out
}

// detailPieces are the pieces of an index's details for wrapPieces: the
// projection's words, then each " · " part whole ("7 of 300 items",
// "1.4 KB"), a "·" kept on the piece before it.
func detailPieces(detail string) []string {
	parts := strings.Split(detail, " · ")
	out := words(parts[0])
	for _, part := range parts[1:] {
		out[len(out)-1] += " ·"
		out = append(out, part)
	}
	return out
}

// wrapPieces joins pieces with spaces into lines of at most w cells,
// breaking only between pieces (a piece wider than w gets a line of its
// own, cut when drawn).
func wrapPieces(pieces []string, w int) []string {
	var out []string
	line := ""
	for _, pc := range pieces {
		switch {
		case line == "":
			line = pc
		case kit.Width(line)+1+kit.Width(pc) <= w:
			line += " " + pc
		default:
			out = append(out, line)
			line = pc
		}
	}
	return append(out, line)
}

// throughputText is a table's or GSI's OnDemandThroughput maxima (May 2024)
// and warm throughput (November 2024) as DescribeTable tells them: "no
// on-demand maximum · warm 12,000 reads/s, 4,000 writes/s (ACTIVE)".
func throughputText(odt *model.OnDemandThroughput, warm *model.WarmThroughputDescription, billing string, remote bool) string {
	var parts []string
	if billing == model.BillingPayPerRequest {
		var read, write int64 = -1, -1
		if odt != nil && odt.MaxReadRequestUnits != nil {
			read = *odt.MaxReadRequestUnits
		}
		if odt != nil && odt.MaxWriteRequestUnits != nil {
			write = *odt.MaxWriteRequestUnits
		}
		switch {
		case read > 0 && write > 0:
			parts = append(parts, fmt.Sprintf("on-demand maximum %s RRU/s, %s WRU/s", kit.FmtInt(read), kit.FmtInt(write)))
		case read > 0:
			parts = append(parts, fmt.Sprintf("on-demand maximum %s RRU/s (writes: none)", kit.FmtInt(read)))
		case write > 0:
			parts = append(parts, fmt.Sprintf("on-demand maximum %s WRU/s (reads: none)", kit.FmtInt(write)))
		default:
			parts = append(parts, "no on-demand maximum")
		}
	}
	switch {
	case warm != nil:
		parts = append(parts, fmt.Sprintf("warm %s reads/s, %s writes/s (%s)", kit.FmtInt(warm.ReadUnitsPerSecond), kit.FmtInt(warm.WriteUnitsPerSecond), warm.Status))
	case remote:
		parts = append(parts, "warm throughput not described by this endpoint")
	}
	return strings.Join(parts, " · ")
}

// percent renders n/of as a percentage with enough digits to be non-zero.
func percent(n, of int64) string {
	if n == 0 {
		return "0%"
	}
	p := float64(n) * 100 / float64(of)
	switch {
	case p >= 1:
		return fmt.Sprintf("%.1f%%", p)
	case p >= 0.001:
		return fmt.Sprintf("%.3f%%", p)
	}
	return "<0.001%"
}

// collection is one item collection's size.
type collection struct {
	key   string
	bytes int64
}

// collectionsMsg carries the item-collection sizes of a table with LSIs.
type collectionsMsg struct {
	table     string
	sizes     []collection // largest first, at most 8
	more      int
	truncated bool
	err       error
}

// sizeCollections reads the table page by page and adds up, per partition
// key, the item sizes and the sizes of their LSI entries (keys plus
// projected attributes), as the engine counts them against the limit.
func sizeCollections(api engine.API, d *model.TableDescription) tea.Cmd {
	return func() tea.Msg {
		ctx := context.Background()
		hash := model.HashKey(d.KeySchema)
		sizes := map[string]int64{}
		read := 0
		var start model.Item
		msg := collectionsMsg{table: d.TableName}
		for {
			out, err := api.Scan(ctx, &model.ScanInput{TableName: d.TableName, ExclusiveStartKey: start})
			if err != nil {
				msg.err = err
				return msg
			}
			for _, it := range out.Items {
				k := kit.Cell(it[hash])
				sizes[k] += int64(model.ItemSize(it))
				for _, l := range d.LocalSecondaryIndexes {
					tg := kit.Target{Desc: d, Index: l.IndexName}
					if _, in := it[tg.RangeKey()]; !in {
						continue
					}
					proj := model.Item{}
					for n, v := range it {
						if tg.Projects(n) {
							proj[n] = v
						}
					}
					sizes[k] += int64(model.ItemSize(proj))
				}
			}
			read += len(out.Items)
			if out.LastEvaluatedKey == nil {
				break
			}
			if read >= maxCollectionScan {
				msg.truncated = true
				break
			}
			start = out.LastEvaluatedKey
		}
		for k, n := range sizes {
			msg.sizes = append(msg.sizes, collection{key: k, bytes: n})
		}
		sort.Slice(msg.sizes, func(i, j int) bool {
			if msg.sizes[i].bytes != msg.sizes[j].bytes {
				return msg.sizes[i].bytes > msg.sizes[j].bytes
			}
			return msg.sizes[i].key < msg.sizes[j].key
		})
		if len(msg.sizes) > 8 {
			msg.more = len(msg.sizes) - 8
			msg.sizes = msg.sizes[:8]
		}
		return msg
	}
}
