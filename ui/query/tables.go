package query

import (
	"sort"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The transaction and PartiQL modes work across the workspace's tables: a
// transaction's actions each name a table, and the PartiQL editor offers
// the names of the tables and of the attributes of the table a statement
// reads. Both are read in commands, like every engine call.

// attrSample is how many items are read (one Scan page) to learn a table's
// attribute names for the PartiQL editor.
const attrSample = 25

// tablesMsg carries the workspace's tables, described.
type tablesMsg struct {
	descs []*model.TableDescription
	err   error
}

// attrsMsg carries the attribute names of a table: its key attributes,
// then the names found in a sample of its items.
type attrsMsg struct {
	table string
	names []string
	err   error
}

// loadTables reads the workspace's tables in a command.
func (q *Model) loadTables() tea.Cmd {
	if q.loadingTables {
		return nil
	}
	q.loadingTables = true
	api := q.api
	return func() tea.Msg {
		descs, err := describeTables(api)
		return tablesMsg{descs: descs, err: err}
	}
}

// describeTables lists and describes every table of a backend.
func describeTables(api engine.API) ([]*model.TableDescription, error) {
	var names []string
	in := &model.ListTablesInput{}
	for {
		out, err := api.ListTables(kit.Bg, in)
		if err != nil {
			return nil, err
		}
		names = append(names, out.TableNames...)
		if out.LastEvaluatedTableName == "" {
			break
		}
		in.ExclusiveStartTableName = out.LastEvaluatedTableName
	}
	sort.Strings(names)
	var descs []*model.TableDescription
	for _, n := range names {
		d, err := api.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: n})
		if err != nil {
			continue // deleted meanwhile
		}
		descs = append(descs, d.Table)
	}
	return descs, nil
}

// onTables keeps the tables read and brings the actions' key fields in
// line with their tables' key schemas.
func (q *Model) onTables(msg tablesMsg) {
	q.loadingTables = false
	if msg.err != nil {
		q.tablesErr = kit.AsModelError(msg.err).Error()
		return
	}
	q.tablesErr = ""
	q.tables = map[string]*model.TableDescription{}
	q.tableNames = q.tableNames[:0]
	for _, d := range msg.descs {
		q.tables[d.TableName] = d
		q.tableNames = append(q.tableNames, d.TableName)
	}
	for _, a := range q.tx.actions {
		a.setKeys(q.tableDesc(a.table))
	}
}

// tableDesc is what the builder knows of a table: its description, or nil.
func (q *Model) tableDesc(table string) *model.TableDescription {
	if d, ok := q.tables[table]; ok {
		return d
	}
	if q.desc != nil && q.desc.TableName == table {
		return q.desc
	}
	return nil
}

// choices are the tables an action can name: the workspace's, or the
// table on screen while they are being read.
func (q *Model) choices() []string {
	if len(q.tableNames) > 0 {
		return q.tableNames
	}
	if q.desc != nil {
		return []string{q.desc.TableName}
	}
	return nil
}

// loadAttrs reads a table's attribute names for the PartiQL editor, once.
func (q *Model) loadAttrs(table string) tea.Cmd {
	if table == "" || q.attrs[table] != nil || q.attrsLoading[table] {
		return nil
	}
	q.attrsLoading[table] = true
	api, d := q.api, q.tableDesc(table)
	return func() tea.Msg {
		names, err := sampleAttrs(api, table, d)
		return attrsMsg{table: table, names: names, err: err}
	}
}

// sampleAttrs is a table's key attributes, its other declared attributes
// (index keys), then the attribute names of up to attrSample items, each
// once, the rest in name order. On a remote backend no item is read: a
// Scan the user did not ask for would cost and show in the requests
// counted as theirs.
func sampleAttrs(api engine.API, table string, d *model.TableDescription) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	add := func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	if d != nil {
		add(model.HashKey(d.KeySchema))
		add(model.RangeKey(d.KeySchema))
		for _, a := range d.AttributeDefinitions {
			add(a.AttributeName)
		}
	}
	if kit.IsRemote(api) {
		// no request the user did not ask for: it would be read at a cost
		// and counted with theirs
		return out, nil
	}
	limit := int32(attrSample)
	res, err := api.Scan(kit.Bg, &model.ScanInput{TableName: table, Limit: &limit})
	if err != nil {
		return out, err
	}
	var rest []string
	for _, it := range res.Items {
		for n := range it {
			if !seen[n] {
				seen[n] = true
				rest = append(rest, n)
			}
		}
	}
	sort.Strings(rest)
	return append(out, rest...), nil
}

// onAttrs keeps a table's attribute names.
func (q *Model) onAttrs(msg attrsMsg) {
	delete(q.attrsLoading, msg.table)
	names := msg.names
	if names == nil {
		names = []string{}
	}
	q.attrs[msg.table] = names
}
