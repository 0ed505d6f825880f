package forms

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// distances are the distance functions of a vector index.
var distances = []string{model.DistanceCosine, model.DistanceEuclidean, model.DistanceDotProduct}

// VectorForm adds a vector index (August 2026) to an on-demand table with
// UpdateTable (one Create in VectorIndexUpdates, with the attribute
// definitions its search schema needs), then watches the backfill
// (BuildWatch). A provisioned table is offered the form too: DynamoDB's
// refusal shows verbatim, and the form says so before.
type VectorForm struct {
	st      *kit.Styles
	km      keymap.KeyMap
	keys    keymap.EditKeyMap
	api     engine.API
	desc    *model.TableDescription
	f       form
	name    *formRow
	attr    *formRow
	dims    *formRow
	dist    *formRow
	hash    *formRow
	hashT   *formRow
	filters *formRow
	proj    *formRow
	include *formRow
	sending bool
	err     *model.Error
	w, h    int
}

// NewVectorForm opens the form that adds a vector index to desc's table.
func NewVectorForm(st *kit.Styles, km keymap.KeyMap, api engine.API, desc *model.TableDescription) *VectorForm {
	v := &VectorForm{st: st, km: km, keys: km.Editing, api: api, desc: desc}
	v.name = textRow("index name", "", "3–255 of a-z A-Z 0-9 _ . -")
	v.attr = textRow("vector attribute", "", "a List of Numbers; items without one are left out")
	v.dims = textRow("dimensions", "", "1–4096; indexes on one attribute share it")
	v.dist = choiceRow("distance", distances, "COSINE 0 (same direction) to 2 · EUCLIDEAN · DOT_PRODUCT highest first")
	v.hash = textRow("partition by", "", "optional SearchSchema HASH: each search names its value")
	v.hashT = choiceRow("  type", keyTypes, "")
	v.hashT.show = func() bool { return v.hash.value() != "" }
	v.filters = textRow("inline filters", "", "optional, comma-separated: Mood S, Decade N")
	v.proj = choiceRow("projection", projections, "the vector and search attributes are always in it")
	v.include = textRow("  attributes", "", "comma-separated non-key attributes")
	v.include.show = func() bool { return v.proj.value() == model.ProjectionInclude }
	v.f = form{st: st, keys: km.Editing, rows: []*formRow{v.name, v.attr, v.dims, v.dist, v.hash, v.hashT, v.filters, v.proj, v.include}}
	if n := sameAttributeDims(desc, ""); n > 0 {
		v.dims.text.Paste(strconv.FormatInt(n, 10))
	}
	return v
}

// sameAttributeDims is the dimensions of the table's vector indexes on
// attr (any attribute when attr is ""), 0 when there is none.
func sameAttributeDims(d *model.TableDescription, attr string) int64 {
	if d == nil {
		return 0
	}
	for _, x := range d.VectorIndexes {
		if attr == "" || x.VectorAttribute.AttributeName == attr {
			return x.Dimensions
		}
	}
	return 0
}

// SetSize sets the inner size.
func (v *VectorForm) SetSize(w, h int) { v.w, v.h = w, h }

// ShortHelp is the form's keys.
func (v *VectorForm) ShortHelp() []key.Binding {
	k := v.keys
	s := k.Submit
	s.SetHelp("enter", "create vector index")
	return []key.Binding{k.NextField, k.PrevField, k.Choice, s, k.Cancel}
}

// FullHelp is the form's keys.
func (v *VectorForm) FullHelp() [][]key.Binding { return [][]key.Binding{v.ShortHelp()} }

// typed reads "Mood S" (or "Mood", its type the table's definition, else
// S) into an attribute definition.
func (v *VectorForm) typed(s string) (model.AttributeDefinition, string) {
	f := strings.Fields(s)
	if len(f) == 0 || len(f) > 2 {
		return model.AttributeDefinition{}, fmt.Sprintf("%q: an attribute name, then optionally S, N or B", s)
	}
	t := kit.TableTarget(v.desc).AttrType(f[0])
	if len(f) == 2 {
		t = strings.ToUpper(f[1])
		if t != "S" && t != "N" && t != "B" {
			return model.AttributeDefinition{}, fmt.Sprintf("%q: the type is S, N or B", s)
		}
	}
	if t == "" {
		t = "S"
	}
	return model.AttributeDefinition{AttributeName: f[0], AttributeType: t}, ""
}

// input is the UpdateTable request the form describes.
func (v *VectorForm) input() (*model.UpdateTableInput, string) {
	name, attr := v.name.value(), v.attr.value()
	switch {
	case name == "":
		return nil, "the index needs a name"
	case attr == "":
		return nil, "name the attribute that holds the vectors"
	}
	dims, err := strconv.ParseInt(v.dims.value(), 10, 64)
	if err != nil {
		return nil, "dimensions: a whole number (1–4096)"
	}
	x := &model.VectorIndex{IndexName: name, VectorAttribute: &model.VectorAttributeDefinition{AttributeName: attr},
		Dimensions: &dims, DistanceFunction: v.dist.value(), Projection: &model.Projection{ProjectionType: v.proj.value()}}
	var defs []model.AttributeDefinition
	if h := v.hash.value(); h != "" {
		x.SearchSchema = append(x.SearchSchema, model.SearchSchemaElement{AttributeName: h, SearchSchemaElementType: model.SearchSchemaHash})
		defs = append(defs, model.AttributeDefinition{AttributeName: h, AttributeType: v.hashT.value()})
	}
	for _, part := range strings.Split(v.filters.value(), ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		def, why := v.typed(part)
		if why != "" {
			return nil, "inline filters: " + why
		}
		x.SearchSchema = append(x.SearchSchema, model.SearchSchemaElement{AttributeName: def.AttributeName, SearchSchemaElementType: model.SearchSchemaInlineFilter})
		defs = append(defs, def)
	}
	if x.Projection.ProjectionType == model.ProjectionInclude {
		x.Projection.NonKeyAttributes = attributeList(v.include.value())
	}
	return &model.UpdateTableInput{TableName: v.desc.TableName, AttributeDefinitions: defs,
		VectorIndexUpdates: []model.VectorIndexUpdate{{Create: x}}}, ""
}

// Update types into the form; enter sends UpdateTable and opens the
// build watch.
func (v *VectorForm) Update(msg tea.Msg) (Modal, tea.Cmd) {
	switch msg := msg.(type) {
	case DoneMsg:
		v.sending = false
		if msg.Err != nil {
			v.err = kit.AsModelError(msg.Err)
		}
		return v, nil
	case indexCreatedMsg:
		w := NewBuildWatch(v.st, v.km, v.api, msg.table, msg.index)
		w.vector = true
		w.SetSize(v.w, v.h)
		return w, w.poll(0)
	case tea.PasteMsg:
		if v.f.Paste(msg.Content) && !v.sending {
			v.err = nil
		}
	case tea.KeyPressMsg:
		if key.Matches(msg, v.keys.Cancel) {
			return nil, nil
		}
		before := v.hash.value() + "\x00" + v.attr.value()
		submit, changed := v.f.Update(msg)
		if changed && !v.sending {
			v.err = nil
		}
		if before != v.hash.value()+"\x00"+v.attr.value() {
			if t := kit.TableTarget(v.desc).AttrType(v.hash.value()); t != "" {
				v.hashT.set(t)
			}
			if n := sameAttributeDims(v.desc, v.attr.value()); n > 0 {
				v.dims.text.Set(strconv.FormatInt(n, 10))
			}
		}
		if !submit || v.sending {
			return v, nil
		}
		in, why := v.input()
		if why != "" {
			v.err = &model.Error{Code: notSent, Message: why}
			return v, nil
		}
		v.sending, v.err = true, nil
		return v, createIndex(v.api, in, "vector index", in.VectorIndexUpdates[0].Create.IndexName)
	}
	return v, nil
}

// View draws the form and what it sends.
func (v *VectorForm) View() string {
	st, w := v.st, v.w
	out := header(st, "Add a vector index to "+v.desc.TableName, "[enter] create   [esc] cancel", w)
	out = append(out, v.f.View(w)...)
	out = append(out, outcome(st, v.sending, v.err, "Rejected: nothing was changed.", w)...)
	if in, why := v.input(); why == "" {
		c := in.VectorIndexUpdates[0].Create
		text := fmt.Sprintf("%s · Create vector index %s on %s (%d dims, %s) · search schema ", in.TableName, c.IndexName,
			c.VectorAttribute.AttributeName, *c.Dimensions, c.DistanceFunction)
		var ss []string
		for _, e := range c.SearchSchema {
			ss = append(ss, e.AttributeName+" "+e.SearchSchemaElementType)
		}
		if len(ss) == 0 {
			ss = []string{"none"}
		}
		text += strings.Join(ss, ", ") + " · projects " + kit.ProjectionText(*c.Projection)
		out = append(out, "", st.Dim.Render("sends UpdateTable"))
		out = append(out, kit.Wrap(text, w)...)
	}
	out = append(out, "")
	note := "An item is in the index when its vector attribute is a List of exactly that many Numbers (and it has the partition attribute, when there is one); others are left out, as a sparse GSI leaves out items without its key. Read it with SearchVectors: 3 Query, mode Vector."
	if billingOf(v.desc) != model.BillingPayPerRequest {
		note = "This table is provisioned: DynamoDB keeps vector indexes on on-demand tables only and refuses this (its message shows here). " + note
	}
	out = append(out, kit.WrapStyled(st.Dim, note, w)...)
	return strings.Join(out, "\n")
}

// NewDropVectorIndex asks before deleting a vector index.
func NewDropVectorIndex(st *kit.Styles, km keymap.KeyMap, api engine.API, sel kit.Target) *Confirm {
	table, index := sel.Table(), sel.Index
	body := []string{
		"Delete the vector index " + index + " of " + table + "?",
		"",
		"UpdateTable with a Delete in VectorIndexUpdates: the index goes DELETING and its entries and search structure are dropped. The table's items keep their vectors; a new index on them backfills again.",
	}
	send := func() tea.Msg {
		_, err := api.UpdateTable(kit.Bg, &model.UpdateTableInput{TableName: table,
			VectorIndexUpdates: []model.VectorIndexUpdate{{Delete: &model.DeleteVectorIndexAction{IndexName: index}}}})
		if err != nil {
			return DoneMsg{Err: err}
		}
		return DoneMsg{Note: "UpdateTable " + table + ": deleting vector index " + index, Table: table}
	}
	return NewConfirm(st, km, "Delete vector index "+index, "delete", body, send)
}
