package forms

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// projections are the GSI projection types.
var projections = []string{model.ProjectionAll, model.ProjectionKeysOnly, model.ProjectionInclude}

// GSIForm adds a GSI to a table with UpdateTable (one Create in
// GlobalSecondaryIndexUpdates, with the AttributeDefinitions its keys
// need), then watches the backfill (buildWatch).
type GSIForm struct {
	st      *kit.Styles
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

// NewGSIForm opens the form that adds a GSI to desc's table.
func NewGSIForm(st *kit.Styles, km keymap.KeyMap, api engine.API, desc *model.TableDescription) *GSIForm {
	g := &GSIForm{st: st, km: km, keys: km.Editing, api: api, desc: desc}
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

// SetSize sets the inner size.
func (g *GSIForm) SetSize(w, h int) { g.w, g.h = w, h }

// ShortHelp is the form's keys.
func (g *GSIForm) ShortHelp() []key.Binding {
	k := g.keys
	s := k.Submit
	s.SetHelp("enter", "create index")
	vec := k.VectorInstead
	vec.SetEnabled(g.vectorOffered())
	return []key.Binding{vec, k.NextField, k.PrevField, k.Choice, s, k.Cancel}
}

// vectorOffered reports whether the form offers a vector index instead:
// DynamoDB keeps them on on-demand tables only.
func (g *GSIForm) vectorOffered() bool { return billingOf(g.desc) == model.BillingPayPerRequest }

// FullHelp is the form's keys.
func (g *GSIForm) FullHelp() [][]key.Binding { return [][]key.Binding{g.ShortHelp()} }

// defined is the declared type of an attribute of the table, if any.
func (g *GSIForm) defined(name string) string {
	return kit.TableTarget(g.desc).AttrType(name)
}

// input is the UpdateTable request the form describes.
func (g *GSIForm) input() (*model.UpdateTableInput, string) {
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
		gsi.Projection.NonKeyAttributes = attributeList(g.include.value())
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

// indexCreatedMsg says UpdateTable accepted the new index (a GSI or a
// vector index): the form becomes the index's build watch.
type indexCreatedMsg struct{ table, index string }

// Update types into the form; enter sends UpdateTable and opens the
// build watch.
func (g *GSIForm) Update(msg tea.Msg) (Modal, tea.Cmd) {
	switch msg := msg.(type) {
	case DoneMsg:
		g.sending = false
		if msg.Err != nil {
			g.err = kit.AsModelError(msg.Err)
		}
		return g, nil
	case indexCreatedMsg:
		w := NewBuildWatch(g.st, g.km, g.api, msg.table, msg.index)
		w.SetSize(g.w, g.h)
		return w, w.poll(0)
	case tea.PasteMsg:
		if g.f.Paste(msg.Content) && !g.sending {
			g.err = nil
		}
	case tea.KeyPressMsg:
		if key.Matches(msg, g.keys.Cancel) {
			return nil, nil
		}
		if key.Matches(msg, g.keys.VectorInstead) && g.vectorOffered() {
			v := NewVectorForm(g.st, g.km, g.api, g.desc)
			v.SetSize(g.w, g.h)
			return v, nil
		}
		before := g.pk.value() + "\x00" + g.sk.value()
		submit, changed := g.f.Update(msg)
		if changed && !g.sending {
			g.err = nil // it was about what the form held before
		}
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
			g.err = &model.Error{Code: notSent, Message: why}
			return g, nil
		}
		g.sending, g.err = true, nil
		return g, createIndex(g.api, in, "GSI", in.GlobalSecondaryIndexUpdates[0].Create.IndexName)
	}
	return g, nil
}

// View draws the form and what it sends.
func (g *GSIForm) View() string {
	st := g.st
	w := g.w
	right := "[enter] create   [esc] cancel"
	if g.vectorOffered() {
		right = "[enter] create   [" + g.keys.VectorInstead.Help().Key + "] vector index   [esc] cancel"
	}
	out := header(st, "Add a global secondary index to "+g.desc.TableName, right, w)
	out = append(out, g.f.View(w)...)
	out = append(out, outcome(st, g.sending, g.err, "Rejected: nothing was changed.", w)...)
	if in, why := g.input(); why == "" {
		c := in.GlobalSecondaryIndexUpdates[0].Create
		var ks []string
		for _, k := range c.KeySchema {
			ks = append(ks, k.AttributeName+" "+k.KeyType)
		}
		out = append(out, "", st.Dim.Render("sends UpdateTable"))
		out = append(out, kit.Wrap(in.TableName+" · Create "+c.IndexName+" ("+strings.Join(ks, ", ")+") · projects "+kit.ProjectionText(c.Projection), w)...)
	}
	out = append(out, "")
	if g.vectorOffered() {
		out = append(out, kit.WrapStyled(st.Dim, g.keys.VectorInstead.Help().Key+": a vector index instead (SearchVectors on a List of Numbers; on-demand tables only)", w)...)
	}
	var defs []string
	for _, a := range g.desc.AttributeDefinitions {
		defs = append(defs, a.AttributeName+" "+a.AttributeType)
	}
	out = append(out, kit.WrapStyled(st.Dim, "Declared already: "+strings.Join(defs, " · ")+". A new key attribute gets its type here; items whose attribute has another type are left out by the backfill, and later writes that keep them so are refused.", w)...)
	return strings.Join(out, "\n")
}

// createIndex sends the UpdateTable that creates index (kind "GSI" or
// "vector index"); once DynamoDB accepts it, the form hears
// indexCreatedMsg and the root a DoneMsg that watches index's build.
func createIndex(api engine.API, in *model.UpdateTableInput, kind, index string) tea.Cmd {
	return func() tea.Msg {
		if _, err := api.UpdateTable(kit.Bg, in); err != nil {
			return DoneMsg{Err: err}
		}
		table := in.TableName
		return tea.BatchMsg{
			func() tea.Msg { return indexCreatedMsg{table: table, index: index} },
			func() tea.Msg {
				return DoneMsg{Note: "UpdateTable " + table + ": creating " + kind + " " + index, Table: table, Building: index}
			},
		}
	}
}

// attributeList reads "a, b,c" (an INCLUDE projection's attributes) as
// its names, blanks dropped.
func attributeList(s string) []string {
	var names []string
	for _, a := range strings.Split(s, ",") {
		if a = strings.TrimSpace(a); a != "" {
			names = append(names, a)
		}
	}
	return names
}
