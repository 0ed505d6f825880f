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

// keyTypes are the scalar types a key attribute can be declared as.
var keyTypes = []string{"S", "N", "B"}

// billingModes are CreateTable's BillingMode values, on-demand first.
var billingModes = []string{model.BillingPayPerRequest, model.BillingProvisioned}

// streamChoices are the stream settings a new table can have.
var streamChoices = []string{"off", "NEW_AND_OLD_IMAGES", "NEW_IMAGE", "OLD_IMAGE", "KEYS_ONLY"}

// TableForm creates a table: name, partition key, optional sort key,
// billing mode with throughput when provisioned, and a stream.
type TableForm struct {
	st      *kit.Styles
	keys    keymap.EditKeyMap
	api     engine.API
	f       form
	name    *formRow
	pk, pkT *formRow
	sk, skT *formRow
	billing *formRow
	rcu     *formRow
	wcu     *formRow
	stream  *formRow
	sending bool
	err     *model.Error
	w, h    int
}

// NewTableForm opens the CreateTable form.
func NewTableForm(st *kit.Styles, km keymap.KeyMap, api engine.API) *TableForm {
	t := &TableForm{st: st, keys: km.Editing, api: api}
	t.name = textRow("table name", "", "3-255 of a-z A-Z 0-9 _ - .")
	t.pk = textRow("partition key", "", "HASH: spreads the items over partitions")
	t.pkT = choiceRow("  type", keyTypes, "S string · N number · B binary")
	t.sk = textRow("sort key", "", "RANGE, optional: orders an item collection")
	t.skT = choiceRow("  type", keyTypes, "")
	t.skT.show = func() bool { return t.sk.value() != "" }
	t.billing = choiceRow("billing mode", billingModes, "")
	prov := func() bool { return t.billing.value() == model.BillingProvisioned }
	t.rcu = textRow("  read capacity", "5", "RCU: 4 KB strongly consistent reads a second")
	t.wcu = textRow("  write capacity", "5", "WCU: 1 KB writes a second")
	t.rcu.show, t.wcu.show = prov, prov
	t.stream = choiceRow("stream", streamChoices, "change records for 24 hours (6 Stream)")
	t.f = form{st: st, keys: km.Editing, rows: []*formRow{t.name, t.pk, t.pkT, t.sk, t.skT, t.billing, t.rcu, t.wcu, t.stream}}
	return t
}

// SetSize sets the inner size.
func (t *TableForm) SetSize(w, h int) { t.w, t.h = w, h }

// ShortHelp is the form's keys.
func (t *TableForm) ShortHelp() []key.Binding {
	k := t.keys
	s := k.Submit
	s.SetHelp("enter", "create table")
	return []key.Binding{k.NextField, k.PrevField, k.Choice, s, k.Cancel}
}

// FullHelp is the form's keys.
func (t *TableForm) FullHelp() [][]key.Binding { return [][]key.Binding{t.ShortHelp()} }

// input is the CreateTable request the form describes, or why it is not
// one yet.
func (t *TableForm) input() (*model.CreateTableInput, string) {
	in := &model.CreateTableInput{TableName: t.name.value(), BillingMode: t.billing.value()}
	if in.TableName == "" {
		return nil, "the table needs a name"
	}
	if t.pk.value() == "" {
		return nil, "the table needs a partition key"
	}
	in.KeySchema = []model.KeySchemaElement{{AttributeName: t.pk.value(), KeyType: model.KeyTypeHash}}
	in.AttributeDefinitions = []model.AttributeDefinition{{AttributeName: t.pk.value(), AttributeType: t.pkT.value()}}
	if sk := t.sk.value(); sk != "" {
		in.KeySchema = append(in.KeySchema, model.KeySchemaElement{AttributeName: sk, KeyType: model.KeyTypeRange})
		if sk != t.pk.value() {
			in.AttributeDefinitions = append(in.AttributeDefinitions, model.AttributeDefinition{AttributeName: sk, AttributeType: t.skT.value()})
		}
	}
	if in.BillingMode == model.BillingProvisioned {
		pt, why := throughput(t.rcu.value(), t.wcu.value())
		if why != "" {
			return nil, why
		}
		in.ProvisionedThroughput = pt
	}
	if s := t.stream.value(); s != "off" {
		in.StreamSpecification = &model.StreamSpecification{StreamEnabled: true, StreamViewType: s}
	}
	return in, ""
}

// throughput reads RCU and WCU typed in a form.
func throughput(rcu, wcu string) (*model.ProvisionedThroughput, string) {
	r, err := strconv.ParseInt(rcu, 10, 64)
	if err != nil {
		return nil, fmt.Sprintf("read capacity must be a whole number (got %q)", rcu)
	}
	w, err := strconv.ParseInt(wcu, 10, 64)
	if err != nil {
		return nil, fmt.Sprintf("write capacity must be a whole number (got %q)", wcu)
	}
	return &model.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}, ""
}

// Update types into the form; enter sends CreateTable.
func (t *TableForm) Update(msg tea.Msg) (Modal, tea.Cmd) {
	switch msg := msg.(type) {
	case DoneMsg:
		t.sending = false
		if msg.Err != nil {
			t.err = kit.AsModelError(msg.Err)
			return t, nil
		}
		return nil, nil
	case tea.PasteMsg:
		if t.f.Paste(msg.Content) && !t.sending {
			t.err = nil
		}
	case tea.KeyPressMsg:
		if key.Matches(msg, t.keys.Cancel) {
			return nil, nil
		}
		submit, changed := t.f.Update(msg)
		if changed && !t.sending {
			t.err = nil // it was about what the form held before
		}
		if !submit || t.sending {
			return t, nil
		}
		in, why := t.input()
		if why != "" {
			t.err = &model.Error{Code: notSent, Message: why}
			return t, nil
		}
		t.sending, t.err = true, nil
		api := t.api
		return t, func() tea.Msg {
			out, err := api.CreateTable(kit.Bg, in)
			if err != nil {
				return DoneMsg{Err: err}
			}
			return DoneMsg{Note: "CreateTable " + in.TableName + ": " + out.TableDescription.TableStatus, Table: in.TableName, SelectTable: in.TableName}
		}
	}
	return t, nil
}

// View draws the form and what it sends.
func (t *TableForm) View() string {
	st := t.st
	out := header(st, "Create a table", "[enter] create   [esc] cancel", t.w)
	out = append(out, t.f.View(t.w)...)
	out = append(out, outcome(st, t.sending, t.err, "Rejected: nothing was created.", t.w)...)
	if in, why := t.input(); why == "" {
		out = append(out, "", st.Dim.Render("sends CreateTable"))
		out = append(out, kit.Wrap(createTableText(in), t.w)...)
	}
	out = append(out, "")
	out = append(out, kit.WrapStyled(st.Dim, "Only the key attributes get a type: DynamoDB is schemaless apart from the keys of the table and its indexes. Add GSIs afterwards with i.", t.w)...)
	return strings.Join(out, "\n")
}

// createTableText summarises a CreateTable request on one line.
func createTableText(in *model.CreateTableInput) string {
	var ks []string
	for _, k := range in.KeySchema {
		ks = append(ks, k.AttributeName+" "+k.KeyType+" "+kit.TableTarget(&model.TableDescription{AttributeDefinitions: in.AttributeDefinitions}).AttrType(k.AttributeName))
	}
	s := in.TableName + " · KeySchema " + strings.Join(ks, ", ") + " · " + in.BillingMode
	if pt := in.ProvisionedThroughput; pt != nil {
		s += fmt.Sprintf(" %d RCU / %d WCU", *pt.ReadCapacityUnits, *pt.WriteCapacityUnits)
	}
	if in.StreamSpecification != nil {
		s += " · stream " + in.StreamSpecification.StreamViewType
	}
	return s
}
