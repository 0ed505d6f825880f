package ui

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// collectionLimit is DynamoDB's 10 GB item-collection limit.
const collectionLimit = 10 << 30

// maxCollectionScan bounds how many items the schema pane reads to size
// item collections.
const maxCollectionScan = 100_000

// schemaPane shows a table's key schema, attribute definitions, billing and
// throughput, TTL and stream settings, every index with its key schema,
// projection, status, item count and size, and for tables with LSIs the
// item-collection sizes per partition key against the 10 GB limit.
type schemaPane struct {
	st     Styles
	keys   scrollKeys
	scroll scroller
	info   *tableInfo
	sel    target
	coll   *collectionsMsg
	w, h   int
}

func newSchemaPane(st Styles, km keymap.KeyMap) schemaPane {
	k := newScrollKeys(km)
	return schemaPane{st: st, keys: k, scroll: scroller{keys: k}}
}

func (p schemaPane) ShortHelp() []key.Binding { return []key.Binding{p.keys.Up, p.keys.Down} }
func (p schemaPane) FullHelp() [][]key.Binding {
	return [][]key.Binding{{p.keys.Up, p.keys.Down, p.keys.PageUp, p.keys.PageDown, p.keys.Top, p.keys.Bottom}}
}

func (p *schemaPane) SetSize(w, h int) { p.w, p.h = w, h; p.scroll.SetSize(h, p.scroll.n) }

// SetTable shows a table (and marks the selected index); it returns the
// command that sizes the item collections when the table has LSIs.
func (p *schemaPane) SetTable(info *tableInfo, sel target, api engine.API) tea.Cmd {
	sameTable := p.info != nil && info != nil && p.info.Desc.TableName == info.Desc.TableName
	p.info, p.sel = info, sel
	if sameTable {
		return nil
	}
	p.scroll.top = 0
	p.coll = nil
	if info == nil || len(info.Desc.LocalSecondaryIndexes) == 0 {
		return nil
	}
	return sizeCollections(api, info.Desc)
}

func (p schemaPane) Update(msg tea.Msg) (schemaPane, tea.Cmd) {
	switch msg := msg.(type) {
	case collectionsMsg:
		if p.info != nil && msg.table == p.info.Desc.TableName {
			p.coll = &msg
		}
	default:
		p.scroll.SetSize(p.h, len(p.lines()))
		p.scroll.Update(msg)
	}
	return p, nil
}

func (p schemaPane) View() string {
	all := p.lines()
	p.scroll.SetSize(p.h, len(all))
	return strings.Join(p.scroll.visible(all), "\n")
}

func (p schemaPane) lines() []string {
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
	add(spread(st.Title.Render(d.TableName), d.TableStatus+" · "+tput, w))
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
	add(fmt.Sprintf("%d items · %s · %s · %s%s", d.ItemCount, humanBytes(d.TableSizeBytes), stream, ttl, class))
	add("")
	add(st.Header.Render("Key schema"))
	for _, k := range d.KeySchema {
		role := "partition key (HASH)"
		ks := st.PK
		if k.KeyType == model.KeyTypeRange {
			role, ks = "sort key (RANGE)", st.SK
		}
		add(fmt.Sprintf("  %s %-2s  %s", ks.Render(fit(k.AttributeName, 24)), target{desc: d}.attrType(k.AttributeName), role))
	}
	defs := make([]string, 0, len(d.AttributeDefinitions))
	for _, a := range d.AttributeDefinitions {
		defs = append(defs, a.AttributeName+" "+a.AttributeType)
	}
	add(st.Header.Render("Attribute definitions") + "  " + strings.Join(defs, " · "))
	add("")
	names := indexNames(d)
	if len(names) == 0 {
		add(st.Header.Render("Indexes") + "  " + st.Dim.Render("none"))
	} else {
		add(st.Header.Render("Indexes"))
	}
	for _, n := range names {
		tg := target{desc: d, index: n}
		mark := "  "
		if n == p.sel.index {
			mark = "▸ "
		}
		keyParts := []string{}
		for _, k := range tg.keySchema() {
			s := st.PK
			if k.KeyType == model.KeyTypeRange {
				s = st.SK
			}
			keyParts = append(keyParts, s.Render(k.AttributeName)+" ("+tg.attrType(k.AttributeName)+")")
		}
		add(mark + st.Bold.Render(fit(n, 18)) + " " + tg.kind() + "  " + strings.Join(keyParts, " · "))
		var size int64
		if l := tg.lsi(); l != nil {
			size = l.IndexSizeBytes
		} else if g := tg.gsi(); g != nil {
			size = g.IndexSizeBytes
		}
		detail := fmt.Sprintf("projects %s · %d of %d items · %s · %s", projectionText(tg.projection()),
			tg.itemCount(), d.ItemCount, humanBytes(size), tg.status())
		if g := tg.gsi(); g != nil && g.ProvisionedThroughput != nil && billing == model.BillingProvisioned {
			detail += fmt.Sprintf(" · %d RCU / %d WCU", g.ProvisionedThroughput.ReadCapacityUnits, g.ProvisionedThroughput.WriteCapacityUnits)
		}
		add(strings.Repeat(" ", 21) + detail)
		if v := p.info.Violations[n]; v > 0 {
			add(strings.Repeat(" ", 21) + st.Warn.Render(fmt.Sprintf("! %d item(s) violate the key schema (backfill skipped them; writes to them fail until fixed)", v)))
		}
		if pr, ok := p.info.Progress[n]; ok && !pr.Done {
			add(strings.Repeat(" ", 21) + fmt.Sprintf("building: %d of %d items read, %d indexed, %d skipped", pr.Scanned, pr.Total, pr.Indexed, pr.Skipped))
		}
	}
	if len(d.LocalSecondaryIndexes) > 0 {
		add("")
		add(st.Header.Render("Item collections") + st.Dim.Render("  (table items + LSI entries per partition key, limit 10 GB)"))
		switch {
		case p.coll == nil:
			add(st.Dim.Render("  sizing…"))
		case p.coll.err != nil:
			add(st.Error.Render("  " + p.coll.err.Error()))
		default:
			for _, c := range p.coll.sizes {
				add(fmt.Sprintf("  %s %10s  %s of 10 GB", fit(c.key, 24), humanBytes(c.bytes), percent(c.bytes, collectionLimit)))
			}
			if p.coll.more > 0 {
				add(st.Dim.Render(fmt.Sprintf("  … and %d smaller collections", p.coll.more)))
			}
			if p.coll.truncated {
				add(st.Dim.Render(fmt.Sprintf("  (sized from the first %d items)", maxCollectionScan)))
			}
		}
	}
	return out
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
				k := cell(it[hash])
				sizes[k] += int64(model.ItemSize(it))
				for _, l := range d.LocalSecondaryIndexes {
					tg := target{desc: d, index: l.IndexName}
					if _, in := it[tg.rangeKey()]; !in {
						continue
					}
					proj := model.Item{}
					for n, v := range it {
						if tg.projects(n) {
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
