package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// projections are the GSI projection types.
var projections = []string{model.ProjectionAll, model.ProjectionKeysOnly, model.ProjectionInclude}

// gsiForm adds a GSI to a table with UpdateTable (one Create in
// GlobalSecondaryIndexUpdates, with the AttributeDefinitions its keys
// need), then watches the backfill (buildWatch).
type gsiForm struct {
	st      Styles
	km      keymap.KeyMap
	keys    keymap.EditKeyMap
	api     engine.API
	desc    *model.TableDescription
	f       form
	name    *formRow
	pk, pkT *formRow
	sk, skT *formRow
	proj    *formRow
	include *formRow
	rcu     *formRow
	wcu     *formRow
	sending bool
	err     *model.Error
	w, h    int
}

func newGSIForm(st Styles, km keymap.KeyMap, api engine.API, desc *model.TableDescription) *gsiForm {
	g := &gsiForm{st: st, km: km, keys: km.Editing, api: api, desc: desc}
	g.name = textRow("index name", "", "e.g. EscalatedTo-index")
	g.pk = textRow("partition key", "", "any attribute; items without it are left out (sparse)")
	g.pkT = choiceRow("  type", keyTypes, "")
	g.sk = textRow("sort key", "", "optional")
	g.skT = choiceRow("  type", keyTypes, "")
	g.skT.show = func() bool { return g.sk.value() != "" }
	g.proj = choiceRow("projection", projections, "what the index copies besides the keys")
	g.include = textRow("  attributes", "", "comma-separated non-key attributes")
	g.include.show = func() bool { return g.proj.value() == model.ProjectionInclude }
	prov := func() bool { return billingOf(desc) == model.BillingProvisioned }
	g.rcu = textRow("  read capacity", "5", "a provisioned table's GSI has its own throughput")
	g.wcu = textRow("  write capacity", "5", "too little throttles the table's writes")
	g.rcu.show, g.wcu.show = prov, prov
	g.f = form{st: st, keys: km.Editing, rows: []*formRow{g.name, g.pk, g.pkT, g.sk, g.skT, g.proj, g.include, g.rcu, g.wcu}}
	return g
}

// billingOf is a table's billing mode (PROVISIONED when not said).
func billingOf(d *model.TableDescription) string {
	if d != nil && d.BillingModeSummary != nil && d.BillingModeSummary.BillingMode != "" {
		return d.BillingModeSummary.BillingMode
	}
	return model.BillingProvisioned
}

func (g *gsiForm) SetSize(w, h int) { g.w, g.h = w, h }

func (g *gsiForm) Keys() help.KeyMap {
	k := g.keys
	s := k.Submit
	s.SetHelp("enter", "create index")
	return keysOf{k.NextField, k.PrevField, k.Choice, s, k.Cancel}
}

// defined is the declared type of an attribute of the table, if any.
func (g *gsiForm) defined(name string) string {
	return target{desc: g.desc}.attrType(name)
}

// input is the UpdateTable request the form describes.
func (g *gsiForm) input() (*model.UpdateTableInput, string) {
	name, pk := g.name.value(), g.pk.value()
	if name == "" {
		return nil, "the index needs a name"
	}
	if pk == "" {
		return nil, "the index needs a partition key"
	}
	gsi := &model.GlobalSecondaryIndex{IndexName: name,
		KeySchema:  []model.KeySchemaElement{{AttributeName: pk, KeyType: model.KeyTypeHash}},
		Projection: model.Projection{ProjectionType: g.proj.value()}}
	defs := []model.AttributeDefinition{{AttributeName: pk, AttributeType: g.pkT.value()}}
	if sk := g.sk.value(); sk != "" {
		gsi.KeySchema = append(gsi.KeySchema, model.KeySchemaElement{AttributeName: sk, KeyType: model.KeyTypeRange})
		if sk != pk {
			defs = append(defs, model.AttributeDefinition{AttributeName: sk, AttributeType: g.skT.value()})
		}
	}
	if gsi.Projection.ProjectionType == model.ProjectionInclude {
		for _, a := range strings.Split(g.include.value(), ",") {
			if a = strings.TrimSpace(a); a != "" {
				gsi.Projection.NonKeyAttributes = append(gsi.Projection.NonKeyAttributes, a)
			}
		}
	}
	if billingOf(g.desc) == model.BillingProvisioned {
		pt, why := throughput(g.rcu.value(), g.wcu.value())
		if why != "" {
			return nil, why
		}
		gsi.ProvisionedThroughput = pt
	}
	return &model.UpdateTableInput{TableName: g.desc.TableName, AttributeDefinitions: defs,
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: gsi}}}, ""
}

// gsiCreatedMsg says UpdateTable accepted the new index.
type gsiCreatedMsg struct{ table, index string }

func (gsiCreatedMsg) work() {}

func (g *gsiForm) Update(msg tea.Msg) (modal, tea.Cmd) {
	switch msg := msg.(type) {
	case doneMsg:
		g.sending = false
		if msg.err != nil {
			g.err = asModelError(msg.err)
		}
		return g, nil
	case gsiCreatedMsg:
		w := newBuildWatch(g.st, g.km, g.api, msg.table, msg.index)
		w.SetSize(g.w, g.h)
		return w, w.poll(0)
	case tea.KeyMsg:
		if key.Matches(msg, g.keys.Cancel) {
			return nil, nil
		}
		before := g.pk.value() + "\x00" + g.sk.value()
		submit := g.f.Update(msg)
		if after := g.pk.value() + "\x00" + g.sk.value(); after != before {
			// a key attribute the table already declares keeps its type
			if t := g.defined(g.pk.value()); t != "" {
				g.pkT.set(t)
			}
			if t := g.defined(g.sk.value()); t != "" {
				g.skT.set(t)
			}
		}
		if !submit || g.sending {
			return g, nil
		}
		in, why := g.input()
		if why != "" {
			g.err = &model.Error{Code: "not sent", Message: why}
			return g, nil
		}
		g.sending, g.err = true, nil
		api := g.api
		table, index := in.TableName, in.GlobalSecondaryIndexUpdates[0].Create.IndexName
		return g, func() tea.Msg {
			if _, err := api.UpdateTable(bg, in); err != nil {
				return doneMsg{err: err}
			}
			return tea.BatchMsg{
				func() tea.Msg { return gsiCreatedMsg{table: table, index: index} },
				func() tea.Msg {
					return doneMsg{note: "UpdateTable " + table + ": creating GSI " + index, table: table}
				},
			}
		}
	}
	return g, nil
}

func (g *gsiForm) View() string {
	st := g.st
	w := g.w
	out := modalHeader(st, "Add a global secondary index to "+g.desc.TableName, "[enter] create   [esc] cancel", w)
	out = append(out, g.f.View(w)...)
	out = append(out, outcome(st, g.sending, g.err, "Rejected: nothing was changed.", w)...)
	if in, why := g.input(); why == "" {
		c := in.GlobalSecondaryIndexUpdates[0].Create
		var ks []string
		for _, k := range c.KeySchema {
			ks = append(ks, k.AttributeName+" "+k.KeyType)
		}
		out = append(out, "", st.Dim.Render("sends UpdateTable"))
		out = append(out, wrap(in.TableName+" · Create "+c.IndexName+" ("+strings.Join(ks, ", ")+") · projects "+projectionText(c.Projection), w)...)
	}
	out = append(out, "")
	var defs []string
	for _, a := range g.desc.AttributeDefinitions {
		defs = append(defs, a.AttributeName+" "+a.AttributeType)
	}
	out = append(out, wrapDim(st, "Declared already: "+strings.Join(defs, " · ")+". A new key attribute gets its type here; items whose attribute has another type are left out by the backfill, and later writes that keep them so are refused.", w)...)
	return strings.Join(out, "\n")
}
