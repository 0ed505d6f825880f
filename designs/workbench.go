package designs

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// Workbench model versions read (ModelMetadata.Version).
var workbenchVersions = []string{"2.0", "3.0"}

// AWSService is the ModelMetadata.AWSService of a DynamoDB model (Workbench
// also models Amazon Keyspaces).
const awsServiceDynamoDB = "Amazon DynamoDB"

// Key and non-key attribute types a model may declare.
var (
	keyTypes       = []string{"S", "N", "B"}
	attributeTypes = []string{"S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS"}
	projections    = []string{model.ProjectionAll, model.ProjectionKeysOnly, model.ProjectionInclude}
	billingModes   = []string{model.BillingProvisioned, model.BillingPayPerRequest}
)

// ReadWorkbench reads a NoSQL Workbench data model (JSON).
func ReadWorkbench(data []byte, file string) (*Design, error) {
	root, err := parseJSON(data, file)
	if err != nil {
		return nil, err
	}
	w := &workbench{reader: reader{file: file}, d: &Design{File: file, Format: FormatWorkbench}, facetNames: map[string]*node{}}
	if err := w.model(root); err != nil {
		return nil, err
	}
	return w.d, nil
}

type workbench struct {
	reader
	d          *Design
	facetNames map[string]*node // across the model: facet names are unique in it
}

// note records something ignored or assumed.
func (w *workbench) note(format string, args ...any) {
	w.d.Notes = append(w.d.Notes, fmt.Sprintf(format, args...))
}

// ignoreUnknown notes the members of n that are not in known.
func (w *workbench) ignoreUnknown(n *node, known ...string) {
	for i, k := range n.keys {
		if contains(known, k) {
			continue
		}
		v := n.vals[i]
		if strings.Contains(strings.ToLower(k), "accesspattern") {
			w.note("line %d: %s holds access patterns in a shape NoSQL Workbench does not publish; they were not read (declare them in a pattern file)", v.line, v.path)
			continue
		}
		w.note("line %d: ignored %s (not part of the NoSQL Workbench model format)", v.line, v.path)
	}
}

func (w *workbench) model(root *node) error {
	if err := w.want(root, kObject); err != nil {
		return err
	}
	w.ignoreUnknown(root, "ModelName", "ModelMetadata", "DataModel")
	if n := root.get("ModelName"); n != nil {
		name, err := w.str(n)
		if err != nil {
			return err
		}
		w.d.Name = name
	}
	if err := w.metadata(root.get("ModelMetadata")); err != nil {
		return err
	}
	dm := root.get("DataModel")
	if dm == nil {
		return w.fail(root, "missing DataModel (the model's tables)")
	}
	if err := w.want(dm, kArray); err != nil {
		return err
	}
	if len(dm.elems) == 0 {
		return w.fail(dm, "expected at least one table")
	}
	for _, tn := range dm.elems {
		t, err := w.table(tn)
		if err != nil {
			return err
		}
		for _, o := range w.d.Tables {
			if o.Input.TableName == t.Input.TableName {
				return w.fail(tn, "table %s is defined twice (first at line %d)", t.Input.TableName, o.Line)
			}
		}
		w.d.Tables = append(w.d.Tables, t)
	}
	return nil
}

func (w *workbench) metadata(n *node) error {
	if n == nil {
		w.note("no ModelMetadata: read as a version %s model", workbenchVersions[0])
		w.d.Version = workbenchVersions[0]
		return nil
	}
	if err := w.want(n, kObject); err != nil {
		return err
	}
	w.ignoreUnknown(n, "Author", "DateCreated", "DateLastModified", "Description", "AWSService", "Version")
	for _, k := range []string{"Author", "DateCreated", "DateLastModified", "Description"} {
		if v := n.get(k); v != nil {
			s, err := w.str(v)
			if err != nil {
				return err
			}
			if k == "Description" {
				w.d.Description = s
			}
		}
	}
	if v := n.get("AWSService"); v != nil {
		s, err := w.str(v)
		if err != nil {
			return err
		}
		if s != awsServiceDynamoDB {
			return w.fail(v, "expected %q, found %s: this model is not for DynamoDB", awsServiceDynamoDB, describe(v))
		}
	}
	v := n.get("Version")
	if v == nil {
		w.note("no ModelMetadata.Version: read as a version %s model", workbenchVersions[0])
		w.d.Version = workbenchVersions[0]
		return nil
	}
	s, err := w.enum(v, workbenchVersions...)
	if err != nil {
		return err
	}
	w.d.Version = s
	return nil
}

// keyAttribute reads {"AttributeName": ..., "AttributeType": ...}.
func (w *workbench) keyAttribute(n *node, types []string) (name, typ string, err error) {
	if err := w.want(n, kObject); err != nil {
		return "", "", err
	}
	w.ignoreUnknown(n, "AttributeName", "AttributeType")
	nn, tn := n.get("AttributeName"), n.get("AttributeType")
	if nn == nil {
		return "", "", w.fail(n, "missing AttributeName")
	}
	if tn == nil {
		return "", "", w.fail(n, "missing AttributeType")
	}
	if name, err = w.str(nn); err != nil {
		return "", "", err
	}
	if name == "" {
		return "", "", w.fail(nn, "expected an attribute name, found an empty string")
	}
	typ, err = w.enum(tn, types...)
	return name, typ, err
}

// keyAttributes reads KeyAttributes into a key schema, defining the types.
func (w *workbench) keyAttributes(n *node, defs *attributeDefinitions) ([]model.KeySchemaElement, error) {
	if n == nil {
		return nil, errors.New("missing KeyAttributes")
	}
	if err := w.want(n, kObject); err != nil {
		return nil, err
	}
	w.ignoreUnknown(n, "PartitionKey", "SortKey")
	pk := n.get("PartitionKey")
	if pk == nil {
		return nil, w.fail(n, "missing PartitionKey")
	}
	var ks []model.KeySchemaElement
	for _, part := range []struct {
		n       *node
		keyType string
	}{{pk, model.KeyTypeHash}, {n.get("SortKey"), model.KeyTypeRange}} {
		if part.n == nil {
			continue
		}
		name, typ, err := w.keyAttribute(part.n, keyTypes)
		if err != nil {
			return nil, err
		}
		if err := defs.add(name, typ, part.n); err != nil {
			return nil, err
		}
		ks = append(ks, model.KeySchemaElement{AttributeName: name, KeyType: part.keyType})
	}
	return ks, nil
}

func (w *workbench) table(n *node) (Table, error) {
	var t Table
	if err := w.want(n, kObject); err != nil {
		return t, err
	}
	t.Line, t.Path = n.line, n.path
	w.ignoreUnknown(n, "TableName", "KeyAttributes", "NonKeyAttributes", "TableFacets", "GlobalSecondaryIndexes", "VectorIndexes",
		"TableData", "DataAccess", "SampleDataFormats", "BillingMode", "ProvisionedCapacitySettings")
	tn := n.get("TableName")
	if tn == nil {
		return t, w.fail(n, "missing TableName")
	}
	name, err := w.str(tn)
	if err != nil {
		return t, err
	}
	if name == "" {
		return t, w.fail(tn, "expected a table name, found an empty string")
	}
	t.Input.TableName = name
	defs := &attributeDefinitions{r: &w.reader}
	ka := n.get("KeyAttributes")
	if ka == nil {
		return t, w.fail(n, "missing KeyAttributes")
	}
	if t.Input.KeySchema, err = w.keyAttributes(ka, defs); err != nil {
		return t, err
	}
	if nk := n.get("NonKeyAttributes"); nk != nil {
		if err := w.want(nk, kArray); err != nil {
			return t, err
		}
		for _, a := range nk.elems {
			name, typ, err := w.keyAttribute(a, attributeTypes)
			if err != nil {
				return t, err
			}
			if !slices.ContainsFunc(t.NonKeyAttributes, func(d model.AttributeDefinition) bool { return d.AttributeName == name }) {
				t.NonKeyAttributes = append(t.NonKeyAttributes, model.AttributeDefinition{AttributeName: name, AttributeType: typ})
			}
		}
	}
	if g := n.get("GlobalSecondaryIndexes"); g != nil {
		if err := w.want(g, kArray); err != nil {
			return t, err
		}
		for _, gn := range g.elems {
			gsi, err := w.gsi(gn, defs)
			if err != nil {
				return t, err
			}
			for _, o := range t.Input.GlobalSecondaryIndexes {
				if o.IndexName == gsi.IndexName {
					return t, w.fail(gn, "two indexes are named %s", gsi.IndexName)
				}
			}
			t.Input.GlobalSecondaryIndexes = append(t.Input.GlobalSecondaryIndexes, gsi)
		}
	}
	if vn := n.get("VectorIndexes"); vn != nil {
		if t.Input.VectorIndexes, err = w.vectorIndexes(vn); err != nil {
			return t, err
		}
		for _, v := range t.Input.VectorIndexes {
			for _, e := range v.SearchSchema {
				i := slices.IndexFunc(t.NonKeyAttributes, func(d model.AttributeDefinition) bool { return d.AttributeName == e.AttributeName })
				if i < 0 {
					return t, w.fail(vn, "vector index %s: search attribute %s is not among NonKeyAttributes (its type is taken from there)", v.IndexName, e.AttributeName)
				}
				if err := defs.add(e.AttributeName, t.NonKeyAttributes[i].AttributeType, vn); err != nil {
					return t, err
				}
			}
		}
	}
	t.Input.AttributeDefinitions = defs.defs
	if err := w.capacity(n, &t.Input); err != nil {
		return t, err
	}
	if f := n.get("TableFacets"); f != nil {
		if err := w.want(f, kArray); err != nil {
			return t, err
		}
		for _, fn := range f.elems {
			facet, items, err := w.facet(fn)
			if err != nil {
				return t, err
			}
			t.Facets = append(t.Facets, facet)
			t.Items = append(t.Items, items...)
		}
	}
	if td := n.get("TableData"); td != nil {
		items, err := w.items(td)
		if err != nil {
			return t, err
		}
		t.Items = append(t.Items, items...)
	}
	for _, k := range []string{"DataAccess", "SampleDataFormats"} {
		if v := n.get(k); v != nil {
			w.note("line %d: ignored %s (Workbench's own settings for importing and generating sample data)", v.line, v.path)
		}
	}
	return t, nil
}

// keyNamesOf returns the attribute names of a key schema, in order.
func keyNamesOf(ks []model.KeySchemaElement) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = k.AttributeName
	}
	return out
}

func (w *workbench) gsi(n *node, defs *attributeDefinitions) (model.GlobalSecondaryIndex, error) {
	var g model.GlobalSecondaryIndex
	if err := w.want(n, kObject); err != nil {
		return g, err
	}
	w.ignoreUnknown(n, "IndexName", "KeyAttributes", "Projection")
	in := n.get("IndexName")
	if in == nil {
		return g, w.fail(n, "missing IndexName")
	}
	name, err := w.str(in)
	if err != nil {
		return g, err
	}
	g.IndexName = name
	ka := n.get("KeyAttributes")
	if ka == nil {
		return g, w.fail(n, "missing KeyAttributes")
	}
	if g.KeySchema, err = w.keyAttributes(ka, defs); err != nil {
		return g, err
	}
	p := n.get("Projection")
	if p == nil {
		w.note("line %d: %s has no Projection: ALL assumed", n.line, n.path)
		g.Projection = model.Projection{ProjectionType: model.ProjectionAll}
		return g, nil
	}
	g.Projection, err = w.projection(p)
	return g, err
}

func (w *workbench) projection(n *node) (model.Projection, error) {
	var p model.Projection
	if err := w.want(n, kObject); err != nil {
		return p, err
	}
	w.ignoreUnknown(n, "ProjectionType", "NonKeyAttributes")
	pt := n.get("ProjectionType")
	if pt == nil {
		return p, w.fail(n, "missing ProjectionType")
	}
	var err error
	if p.ProjectionType, err = w.enum(pt, projections...); err != nil {
		return p, err
	}
	if nk := n.get("NonKeyAttributes"); nk != nil {
		if p.NonKeyAttributes, err = w.strings(nk); err != nil {
			return p, err
		}
	}
	return p, nil
}

// capacity reads BillingMode and ProvisionedCapacitySettings. A model with
// neither becomes an on-demand table.
func (w *workbench) capacity(n *node, in *model.CreateTableInput) error {
	bm, pcs := n.get("BillingMode"), n.get("ProvisionedCapacitySettings")
	mode := ""
	if bm != nil {
		var err error
		if mode, err = w.enum(bm, billingModes...); err != nil {
			return err
		}
	}
	var pt *model.ProvisionedThroughput
	if pcs != nil {
		if err := w.want(pcs, kObject); err != nil {
			return err
		}
		w.ignoreUnknown(pcs, "ProvisionedThroughput", "AutoScalingRead", "AutoScalingWrite")
		for _, k := range []string{"AutoScalingRead", "AutoScalingWrite"} {
			if v := pcs.get(k); v != nil {
				w.note("line %d: ignored %s (auto scaling is not simulated: the table keeps its provisioned throughput)", v.line, v.path)
			}
		}
		if ptn := pcs.get("ProvisionedThroughput"); ptn != nil {
			var err error
			if pt, err = w.throughput(ptn); err != nil {
				return err
			}
		}
	}
	switch {
	case mode == "" && pt != nil:
		mode = model.BillingProvisioned
	case mode == "":
		mode = model.BillingPayPerRequest
		w.note("line %d: table %s has no BillingMode: on-demand (PAY_PER_REQUEST) assumed", n.line, in.TableName)
	}
	in.BillingMode = mode
	if mode == model.BillingProvisioned {
		if pt == nil {
			return w.fail(n, "BillingMode PROVISIONED needs ProvisionedCapacitySettings.ProvisionedThroughput")
		}
		in.ProvisionedThroughput = pt
		for i := range in.GlobalSecondaryIndexes {
			cp := *pt
			in.GlobalSecondaryIndexes[i].ProvisionedThroughput = &cp
		}
		if len(in.GlobalSecondaryIndexes) > 0 {
			w.note("table %s: its global secondary indexes get the table's provisioned throughput (%d RCU, %d WCU), as a model holds none of their own", in.TableName, *pt.ReadCapacityUnits, *pt.WriteCapacityUnits)
		}
	} else if pt != nil {
		w.note("line %d: table %s is PAY_PER_REQUEST: its ProvisionedThroughput is ignored", pcs.line, in.TableName)
	}
	return nil
}

func (w *workbench) throughput(n *node) (*model.ProvisionedThroughput, error) {
	if err := w.want(n, kObject); err != nil {
		return nil, err
	}
	w.ignoreUnknown(n, "ReadCapacityUnits", "WriteCapacityUnits")
	pt := &model.ProvisionedThroughput{}
	for _, f := range []struct {
		key string
		dst **int64
	}{{"ReadCapacityUnits", &pt.ReadCapacityUnits}, {"WriteCapacityUnits", &pt.WriteCapacityUnits}} {
		v := n.get(f.key)
		if v == nil {
			return nil, w.fail(n, "missing %s", f.key)
		}
		u, err := w.integer(v, 1, 1_000_000_000_000)
		if err != nil {
			return nil, err
		}
		*f.dst = int64p(u)
	}
	return pt, nil
}

func (w *workbench) facet(n *node) (engine.Facet, []Item, error) {
	var f engine.Facet
	if err := w.want(n, kObject); err != nil {
		return f, nil, err
	}
	w.ignoreUnknown(n, "FacetName", "KeyAttributeAlias", "NonKeyAttributes", "TableData", "DataAccess")
	fn := n.get("FacetName")
	if fn == nil {
		return f, nil, w.fail(n, "missing FacetName")
	}
	name, err := w.str(fn)
	if err != nil {
		return f, nil, err
	}
	if name == "" {
		return f, nil, w.fail(fn, "expected a facet name, found an empty string")
	}
	if first, dup := w.facetNames[name]; dup {
		return f, nil, w.fail(fn, "facet %s is defined twice (first at line %d): facet names are unique in a model", name, first.line)
	}
	w.facetNames[name] = fn
	f.Name = name
	if ka := n.get("KeyAttributeAlias"); ka != nil {
		if err := w.want(ka, kObject); err != nil {
			return f, nil, err
		}
		w.ignoreUnknown(ka, "PartitionKeyAlias", "SortKeyAlias")
		if v := ka.get("PartitionKeyAlias"); v != nil {
			if f.PartitionKeyAlias, err = w.str(v); err != nil {
				return f, nil, err
			}
		}
		if v := ka.get("SortKeyAlias"); v != nil {
			if f.SortKeyAlias, err = w.str(v); err != nil {
				return f, nil, err
			}
		}
	}
	if nk := n.get("NonKeyAttributes"); nk != nil {
		if f.NonKeyAttributes, err = w.strings(nk); err != nil {
			return f, nil, err
		}
	}
	var items []Item
	if td := n.get("TableData"); td != nil {
		if items, err = w.items(td); err != nil {
			return f, nil, err
		}
	}
	if v := n.get("DataAccess"); v != nil {
		w.note("line %d: ignored %s (Workbench's own settings for importing and generating sample data)", v.line, v.path)
	}
	return f, items, nil
}

// items reads TableData: items in DynamoDB JSON.
func (w *workbench) items(n *node) ([]Item, error) {
	if err := w.want(n, kArray); err != nil {
		return nil, err
	}
	out := make([]Item, 0, len(n.elems))
	for _, in := range n.elems {
		item, err := decodeItem(&w.reader, in)
		if err != nil {
			return nil, err
		}
		out = append(out, Item{Item: item, Line: in.line, Path: in.path})
	}
	return out, nil
}

// decodeItem decodes an item in DynamoDB JSON and validates its values as
// DynamoDB does.
func decodeItem(r *reader, n *node) (model.Item, error) {
	if err := r.want(n, kObject); err != nil {
		return nil, err
	}
	raw := n.raw
	if raw == nil {
		raw = n.toJSON(nil)
	}
	var item model.Item
	if err := item.UnmarshalJSON(raw); err != nil {
		return nil, r.fail(n, "%v", err)
	}
	if err := model.NormalizeItem(item); err != nil {
		return nil, r.fail(n, "%v", err)
	}
	return item, nil
}
