package designs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// ExportOptions shape an exported model.
type ExportOptions struct {
	// Name is the ModelName. When empty, the tables' own model (the one
	// they were loaded from, when they all name one) gives the name and
	// the description; else DefaultName, else "dynoscope workspace".
	Name        string
	DefaultName string
	// Items is how many items of each table go into TableData (0: none).
	Items int
	// Tables limits the export to these tables (nil: all).
	Tables []string
	// Now stamps DateCreated and DateLastModified (zero: the wall clock).
	Now time.Time
}

// workbenchDate is how Workbench writes model dates ("Mar 02, 2026, 10:14 AM").
const workbenchDate = "Jan 02, 2006, 03:04 PM"

// Model types of the Workbench format, in the member order Workbench
// writes.
type (
	wbModel struct {
		ModelName     string     `json:"ModelName"`
		ModelMetadata wbMetadata `json:"ModelMetadata"`
		DataModel     []wbTable  `json:"DataModel"`
	}
	wbMetadata struct {
		Author           string `json:"Author"`
		DateCreated      string `json:"DateCreated"`
		DateLastModified string `json:"DateLastModified"`
		Description      string `json:"Description"`
		AWSService       string `json:"AWSService"`
		Version          string `json:"Version"`
	}
	wbAttribute struct {
		AttributeName string `json:"AttributeName"`
		AttributeType string `json:"AttributeType"`
	}
	wbKeys struct {
		PartitionKey wbAttribute  `json:"PartitionKey"`
		SortKey      *wbAttribute `json:"SortKey,omitempty"`
	}
	wbFacet struct {
		FacetName         string            `json:"FacetName"`
		KeyAttributeAlias wbAlias           `json:"KeyAttributeAlias"`
		TableData         []json.RawMessage `json:"TableData"`
		NonKeyAttributes  []string          `json:"NonKeyAttributes"`
	}
	wbAlias struct {
		PartitionKeyAlias string `json:"PartitionKeyAlias"`
		SortKeyAlias      string `json:"SortKeyAlias,omitempty"`
	}
	wbGSI struct {
		IndexName     string           `json:"IndexName"`
		KeyAttributes wbKeys           `json:"KeyAttributes"`
		Projection    model.Projection `json:"Projection"`
	}
	wbTable struct {
		TableName                   string              `json:"TableName"`
		KeyAttributes               wbKeys              `json:"KeyAttributes"`
		NonKeyAttributes            []wbAttribute       `json:"NonKeyAttributes"`
		TableFacets                 []wbFacet           `json:"TableFacets"`
		GlobalSecondaryIndexes      []wbGSI             `json:"GlobalSecondaryIndexes"`
		VectorIndexes               []model.VectorIndex `json:"VectorIndexes,omitempty"` // dynoscope's: see vector.go
		TableData                   []json.RawMessage   `json:"TableData"`
		BillingMode                 string              `json:"BillingMode"`
		ProvisionedCapacitySettings *wbCapacity         `json:"ProvisionedCapacitySettings,omitempty"`
	}
	wbCapacity struct {
		ProvisionedThroughput model.ProvisionedThroughput `json:"ProvisionedThroughput"`
	}
)

// Export writes the workspace's tables as a NoSQL Workbench data model
// (version 3.0): key schemas, global secondary indexes, billing and
// provisioned throughput, facets (when api keeps them, as *engine.Engine
// does) and up to opts.Items items of each table. What the format cannot
// hold is returned as notes, one per table and kind: local secondary
// indexes, TTL, streams, tags, table class, deletion protection, a GSI's own
// throughput, saved access patterns.
func Export(ctx context.Context, api engine.API, opts ExportOptions) ([]byte, []string, error) {
	names, err := listTables(ctx, api)
	if err != nil {
		return nil, nil, err
	}
	if opts.Tables != nil {
		for _, t := range opts.Tables {
			if !slices.Contains(names, t) {
				return nil, nil, model.TableNotFound(t)
			}
		}
		names = opts.Tables
	}
	now := opts.Now
	if now.IsZero() {
		now = time.Now()
	}
	m := wbModel{ModelName: opts.Name, ModelMetadata: wbMetadata{Author: "dynoscope", DateCreated: now.Format(workbenchDate),
		DateLastModified: now.Format(workbenchDate), Description: "Exported by dynoscope export-model",
		AWSService: awsServiceDynamoDB, Version: "3.0"}, DataModel: []wbTable{}}
	if m.ModelName == "" {
		if info := loadedModel(api, names); info != nil {
			m.ModelName = info.Name
			if info.Description != "" {
				m.ModelMetadata.Description = info.Description
			}
		}
	}
	if m.ModelName == "" {
		m.ModelName = opts.DefaultName
	}
	if m.ModelName == "" {
		m.ModelName = "dynoscope workspace"
	}
	var notes []string
	for _, name := range names {
		t, tn, err := exportTable(ctx, api, name, opts.Items)
		if err != nil {
			return nil, nil, err
		}
		m.DataModel = append(m.DataModel, t)
		notes = append(notes, tn...)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		return nil, nil, err
	}
	return buf.Bytes(), notes, nil
}

// listTables lists every table, following pages.
func listTables(ctx context.Context, api engine.API) ([]string, error) {
	var out []string
	in := &model.ListTablesInput{}
	for {
		res, err := api.ListTables(ctx, in)
		if err != nil {
			return nil, err
		}
		out = append(out, res.TableNames...)
		if res.LastEvaluatedTableName == "" {
			return out, nil
		}
		in.ExclusiveStartTableName = res.LastEvaluatedTableName
	}
}

// loadedModel is the model the tables were loaded from, when they all were
// loaded from the same one (nil otherwise).
func loadedModel(api engine.API, tables []string) *engine.ModelInfo {
	dr, ok := api.(designReader)
	if !ok {
		return nil
	}
	var found *engine.ModelInfo
	for _, t := range tables {
		td, err := dr.TableDesign(t)
		if err != nil || td.Model == nil {
			return nil
		}
		if found != nil && *found != *td.Model {
			return nil
		}
		found = td.Model
	}
	return found
}

// designReader is a workspace that keeps table designs.
type designReader interface {
	TableDesign(table string) (engine.TableDesign, error)
}

func exportTable(ctx context.Context, api engine.API, name string, limit int) (wbTable, []string, error) {
	out, err := api.DescribeTable(ctx, &model.DescribeTableInput{TableName: name})
	if err != nil {
		return wbTable{}, nil, err
	}
	d := out.Table
	types := map[string]string{}
	for _, a := range d.AttributeDefinitions {
		types[a.AttributeName] = a.AttributeType
	}
	keys := func(ks []model.KeySchemaElement) wbKeys {
		var k wbKeys
		h, r := model.HashKey(ks), model.RangeKey(ks)
		k.PartitionKey = wbAttribute{h, types[h]}
		if r != "" {
			k.SortKey = &wbAttribute{r, types[r]}
		}
		return k
	}
	t := wbTable{TableName: name, KeyAttributes: keys(d.KeySchema), TableFacets: []wbFacet{}, GlobalSecondaryIndexes: []wbGSI{},
		TableData: []json.RawMessage{}, BillingMode: model.BillingProvisioned}
	var notes []string
	lost := func(what string) {
		notes = append(notes, fmt.Sprintf("table %s: %s (a Workbench model cannot hold it)", name, what))
	}
	tableKeys := map[string]bool{t.KeyAttributes.PartitionKey.AttributeName: true}
	if t.KeyAttributes.SortKey != nil {
		tableKeys[t.KeyAttributes.SortKey.AttributeName] = true
	}
	var td engine.TableDesign
	if dr, ok := api.(designReader); ok {
		if td, err = dr.TableDesign(name); err != nil {
			return t, nil, err
		}
	}
	// Declared attributes first, in the model's order, then index keys,
	// then what the items hold.
	nonKey := newAttributeList(tableKeys)
	for _, a := range td.NonKeyAttributes {
		nonKey.add(a.AttributeName, a.AttributeType)
	}
	if d.BillingModeSummary != nil && d.BillingModeSummary.BillingMode == model.BillingPayPerRequest {
		t.BillingMode = model.BillingPayPerRequest
	} else if pt := d.ProvisionedThroughput; pt != nil {
		r, w := pt.ReadCapacityUnits, pt.WriteCapacityUnits
		t.ProvisionedCapacitySettings = &wbCapacity{ProvisionedThroughput: model.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}}
	}
	for _, g := range d.GlobalSecondaryIndexes {
		if len(g.KeySchema) > 2 || len(g.KeySchema) == 2 && g.KeySchema[1].KeyType != model.KeyTypeRange {
			lost(fmt.Sprintf("index %s's multi-attribute key (%d attributes; a model holds one partition and one sort key attribute, the first of each)",
				g.IndexName, len(g.KeySchema)))
		}
		gk := keys(g.KeySchema)
		for _, a := range []*wbAttribute{&gk.PartitionKey, gk.SortKey} {
			if a != nil {
				nonKey.add(a.AttributeName, a.AttributeType)
			}
		}
		t.GlobalSecondaryIndexes = append(t.GlobalSecondaryIndexes, wbGSI{IndexName: g.IndexName, KeyAttributes: gk, Projection: g.Projection})
		if t.ProvisionedCapacitySettings != nil && g.ProvisionedThroughput != nil {
			tp := t.ProvisionedCapacitySettings.ProvisionedThroughput
			if g.ProvisionedThroughput.ReadCapacityUnits != *tp.ReadCapacityUnits || g.ProvisionedThroughput.WriteCapacityUnits != *tp.WriteCapacityUnits {
				lost(fmt.Sprintf("index %s's own throughput (%d RCU, %d WCU; a model gives every index the table's)", g.IndexName,
					g.ProvisionedThroughput.ReadCapacityUnits, g.ProvisionedThroughput.WriteCapacityUnits))
			}
		}
	}
	t.VectorIndexes = vectorIndexesOf(d.VectorIndexes)
	for _, v := range t.VectorIndexes {
		for _, e := range v.SearchSchema {
			nonKey.add(e.AttributeName, types[e.AttributeName])
		}
	}
	if len(d.LocalSecondaryIndexes) > 0 {
		var lsis []string
		for _, l := range d.LocalSecondaryIndexes {
			lsis = append(lsis, l.IndexName)
		}
		lost("local secondary indexes " + fmt.Sprint(lsis))
	}
	if s := d.StreamSpecification; s != nil && s.StreamEnabled {
		lost("its stream (" + s.StreamViewType + ")")
	}
	if d.TableClassSummary != nil && d.TableClassSummary.TableClass != "" && d.TableClassSummary.TableClass != "STANDARD" {
		lost("its table class " + d.TableClassSummary.TableClass)
	}
	if d.DeletionProtectionEnabled {
		lost("deletion protection")
	}
	if ttl, err := api.DescribeTimeToLive(ctx, &model.DescribeTimeToLiveInput{TableName: name}); err == nil &&
		ttl.TimeToLiveDescription != nil && ttl.TimeToLiveDescription.TimeToLiveStatus == "ENABLED" {
		lost("time to live on " + ttl.TimeToLiveDescription.AttributeName)
	}
	if tags, err := api.ListTagsOfResource(ctx, &model.ListTagsOfResourceInput{ResourceArn: &d.TableArn}); err == nil && len(tags.Tags) > 0 {
		lost(fmt.Sprintf("%d tags", len(tags.Tags)))
	}
	for _, f := range td.Facets {
		wf := wbFacet{FacetName: f.Name, KeyAttributeAlias: wbAlias{PartitionKeyAlias: f.PartitionKeyAlias, SortKeyAlias: f.SortKeyAlias},
			TableData: []json.RawMessage{}, NonKeyAttributes: f.NonKeyAttributes}
		if wf.KeyAttributeAlias.PartitionKeyAlias == "" {
			wf.KeyAttributeAlias.PartitionKeyAlias = t.KeyAttributes.PartitionKey.AttributeName
		}
		if wf.KeyAttributeAlias.SortKeyAlias == "" && t.KeyAttributes.SortKey != nil {
			wf.KeyAttributeAlias.SortKeyAlias = t.KeyAttributes.SortKey.AttributeName
		}
		if wf.NonKeyAttributes == nil {
			wf.NonKeyAttributes = []string{}
		}
		t.TableFacets = append(t.TableFacets, wf)
	}
	if len(td.Patterns) > 0 {
		lost(fmt.Sprintf("%d saved access patterns", len(td.Patterns)))
	}
	if limit > 0 {
		items, err := firstItems(ctx, api, name, limit)
		if err != nil {
			return t, nil, err
		}
		for _, it := range items {
			names := make([]string, 0, len(it))
			for a := range it {
				names = append(names, a)
			}
			sort.Strings(names)
			for _, a := range names {
				nonKey.add(a, it[a].Type.String())
			}
			t.TableData = append(t.TableData, model.AppendItemJSON(nil, it))
		}
	}
	// An attribute only a facet names has no type to go by: S.
	for _, f := range t.TableFacets {
		for _, a := range f.NonKeyAttributes {
			if nonKey.typeOf(a) == "" {
				nonKey.add(a, "S")
			}
		}
	}
	t.NonKeyAttributes = nonKey.list
	for a, ts := range nonKey.conflicts {
		notes = append(notes, fmt.Sprintf("table %s: attribute %s holds %s; the model lists it as %s (a Workbench model gives an attribute one type)", name, a, oneOf(ts), nonKey.typeOf(a)))
	}
	sort.Strings(notes)
	return t, notes, nil
}

// attributeList collects non-key attributes with their type, in order of
// first appearance.
type attributeList struct {
	keys      map[string]bool
	list      []wbAttribute
	conflicts map[string][]string
}

func newAttributeList(keys map[string]bool) *attributeList {
	return &attributeList{keys: keys, list: []wbAttribute{}, conflicts: map[string][]string{}}
}

func (l *attributeList) typeOf(name string) string {
	for _, a := range l.list {
		if a.AttributeName == name {
			return a.AttributeType
		}
	}
	return ""
}

func (l *attributeList) add(name, typ string) {
	if l.keys[name] {
		return
	}
	cur := l.typeOf(name)
	switch {
	case cur == "":
		l.list = append(l.list, wbAttribute{name, typ})
	case cur != typ:
		ts := l.conflicts[name]
		if len(ts) == 0 {
			ts = []string{cur}
		}
		if !slices.Contains(ts, typ) {
			ts = append(ts, typ)
		}
		l.conflicts[name] = ts
	}
}

// firstItems reads up to n items of a table, in Scan order.
func firstItems(ctx context.Context, api engine.API, table string, n int) ([]model.Item, error) {
	var out []model.Item
	in := &model.ScanInput{TableName: table}
	for len(out) < n {
		limit := int32(min(n-len(out), 1000))
		in.Limit = &limit
		res, err := api.Scan(ctx, in)
		if err != nil {
			return nil, err
		}
		out = append(out, res.Items...)
		if res.LastEvaluatedKey == nil {
			break
		}
		in.ExclusiveStartKey = res.LastEvaluatedKey
	}
	return out, nil
}
