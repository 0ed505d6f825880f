package remote

import (
	"context"
	"errors"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
)

// Copying a slice of a table into the sandbox: the table's schema (key
// schema, attribute definitions, LSIs, GSIs with their projections, billing
// mode and provisioned throughput, table class, TTL, stream settings) and a
// bounded sample of its items, from any engine.API (a remote table, usually)
// into a local engine. Deletion protection is not copied: the copy is the
// user's to delete.

// DefaultCopyLimit is how many items CopySlice copies unless told.
const DefaultCopyLimit = remoteapi.DefaultCopyLimit

// CopySlice copies opts.Table's schema and up to opts.Limit of its items
// from src into dst, as one bulk load (engine.BeginLoad): the table is
// created, the items written the way DynamoDB's import fills a new table
// (no capacity consumed, nothing throttled), TTL and the stream enabled as
// on the source (so the copy's stream starts empty), and only then is the
// load committed. A failure, or a crash before the commit, leaves no half
// copy. Reads on src are eventually consistent and ask
// ReturnConsumedCapacity TOTAL; the report says what they consumed.
func CopySlice(ctx context.Context, src engine.API, dst *engine.Engine, opts CopyOptions) (*CopyReport, error) {
	limit := opts.Limit
	if limit <= 0 {
		limit = DefaultCopyLimit
	}
	target := opts.Target
	if target == "" {
		target = opts.Table
	}
	d, err := src.DescribeTable(ctx, &model.DescribeTableInput{TableName: opts.Table})
	if err != nil {
		return nil, err
	}
	ttl, err := src.DescribeTimeToLive(ctx, &model.DescribeTimeToLiveInput{TableName: opts.Table})
	if err != nil {
		return nil, err
	}
	rep := &CopyReport{Source: opts.Table, Target: target, Create: createInputOf(d.Table, target)}
	rep.Limit = limit
	if td := ttl.TimeToLiveDescription; td != nil && td.AttributeName != "" &&
		(td.TimeToLiveStatus == "ENABLED" || td.TimeToLiveStatus == "ENABLING") {
		rep.TTL = &model.TimeToLiveSpecification{Enabled: true, AttributeName: td.AttributeName}
	}
	if s := d.Table.StreamSpecification; s != nil && s.StreamEnabled {
		rep.Stream = &model.StreamSpecification{StreamEnabled: true, StreamViewType: s.StreamViewType}
	}
	load := dst.BeginLoad()
	if _, err := load.CreateTable(ctx, rep.Create); err != nil {
		load.Abort()
		return nil, err
	}
	if err := fillCopy(ctx, src, dst, load, opts, rep); err != nil {
		if aerr := load.Abort(); aerr != nil {
			return nil, errors.Join(err, aerr)
		}
		return nil, unwrapLoad(err)
	}
	if err := load.Commit(ctx); err != nil {
		load.Abort()
		return nil, unwrapLoad(err)
	}
	return rep, nil
}

// unwrapLoad reports a refused bulk write as the engine's own error.
func unwrapLoad(err error) error {
	var le *engine.LoadError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// fillCopy writes the items and then the TTL and stream settings.
func fillCopy(ctx context.Context, src engine.API, dst *engine.Engine, load *engine.BulkLoad, opts CopyOptions, rep *CopyReport) error {
	next := pager(src, opts)
	var start model.Item
	for rep.Items < rep.Limit {
		want := int32(rep.Limit - rep.Items)
		items, last, units, err := next(ctx, start, want)
		if err != nil {
			return err
		}
		rep.Pages++
		rep.Units += units
		if len(items) > rep.Limit-rep.Items {
			items = items[:rep.Limit-rep.Items]
		}
		reqs := make([]model.WriteRequest, len(items))
		for i, it := range items {
			reqs[i] = model.WriteRequest{PutRequest: &model.PutRequest{Item: it}}
		}
		if err := load.Write(ctx, rep.Target, reqs); err != nil {
			return err
		}
		rep.Items += len(items)
		if opts.Progress != nil {
			opts.Progress(rep.CopyProgress)
		}
		start = last
		if len(start) == 0 {
			break
		}
	}
	rep.More = len(start) > 0
	if rep.TTL != nil {
		if _, err := dst.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: rep.Target, TimeToLiveSpecification: rep.TTL}); err != nil {
			return err
		}
	}
	if rep.Stream != nil {
		if _, err := dst.UpdateTable(ctx, &model.UpdateTableInput{TableName: rep.Target, StreamSpecification: rep.Stream}); err != nil {
			return err
		}
	}
	return nil
}

// pageFunc reads one page of the source: its items, LastEvaluatedKey and
// consumed units.
type pageFunc func(ctx context.Context, start model.Item, limit int32) ([]model.Item, model.Item, float64, error)

// pager returns the page reader of a copy: the caller's Query or Scan, or
// a plain Scan. The caller's own Limit, if smaller, bounds each page.
func pager(src engine.API, opts CopyOptions) pageFunc {
	pageLimit := func(own *int32, want int32) *int32 {
		if own != nil && *own < want {
			want = *own
		}
		return &want
	}
	if opts.Query != nil {
		return func(ctx context.Context, start model.Item, want int32) ([]model.Item, model.Item, float64, error) {
			q := *opts.Query
			q.TableName = opts.Table
			q.ExclusiveStartKey = start
			q.Limit = pageLimit(opts.Query.Limit, want)
			q.ReturnConsumedCapacity = model.ReturnCapacityTotal
			out, err := src.Query(ctx, &q)
			if err != nil {
				return nil, nil, 0, err
			}
			return out.Items, out.LastEvaluatedKey, unitsOf(out.ConsumedCapacity), nil
		}
	}
	scan := model.ScanInput{}
	if opts.Scan != nil {
		scan = *opts.Scan
	}
	return func(ctx context.Context, start model.Item, want int32) ([]model.Item, model.Item, float64, error) {
		s := scan
		s.TableName = opts.Table
		s.ExclusiveStartKey = start
		s.Limit = pageLimit(scan.Limit, want)
		s.ReturnConsumedCapacity = model.ReturnCapacityTotal
		out, err := src.Scan(ctx, &s)
		if err != nil {
			return nil, nil, 0, err
		}
		return out.Items, out.LastEvaluatedKey, unitsOf(out.ConsumedCapacity), nil
	}
}

func unitsOf(cc *model.ConsumedCapacity) float64 {
	if cc == nil {
		return 0
	}
	return float64(cc.CapacityUnits)
}

// createInputOf is the CreateTable input that makes a table like d, named
// target: keys, attribute definitions, LSIs, GSIs (not those being
// deleted), billing and throughput, table class. No stream: it is enabled
// once the items are in.
func createInputOf(d *model.TableDescription, target string) *model.CreateTableInput {
	in := &model.CreateTableInput{
		TableName:   target,
		KeySchema:   append([]model.KeySchemaElement(nil), d.KeySchema...),
		BillingMode: model.BillingProvisioned,
	}
	if d.BillingModeSummary != nil && d.BillingModeSummary.BillingMode != "" {
		in.BillingMode = d.BillingModeSummary.BillingMode
	}
	provisioned := in.BillingMode == model.BillingProvisioned
	throughput := func(pt *model.ProvisionedThroughputDescription) *model.ProvisionedThroughput {
		if !provisioned || pt == nil {
			return nil
		}
		r, w := max(pt.ReadCapacityUnits, 1), max(pt.WriteCapacityUnits, 1)
		return &model.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}
	}
	if provisioned {
		in.ProvisionedThroughput = throughput(d.ProvisionedThroughput)
		if in.ProvisionedThroughput == nil {
			one := int64(1)
			in.ProvisionedThroughput = &model.ProvisionedThroughput{ReadCapacityUnits: &one, WriteCapacityUnits: &one}
		}
	}
	for _, l := range d.LocalSecondaryIndexes {
		in.LocalSecondaryIndexes = append(in.LocalSecondaryIndexes, model.LocalSecondaryIndex{IndexName: l.IndexName,
			KeySchema: l.KeySchema, Projection: l.Projection})
	}
	for _, g := range d.GlobalSecondaryIndexes {
		if g.IndexStatus == model.StatusDeleting {
			continue
		}
		gsi := model.GlobalSecondaryIndex{IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection,
			ProvisionedThroughput: throughput(g.ProvisionedThroughput)}
		if provisioned && gsi.ProvisionedThroughput == nil {
			one := int64(1)
			gsi.ProvisionedThroughput = &model.ProvisionedThroughput{ReadCapacityUnits: &one, WriteCapacityUnits: &one}
		}
		in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, gsi)
	}
	if d.TableClassSummary != nil {
		in.TableClass = d.TableClassSummary.TableClass
	}
	// Only the attributes a copied key schema uses (a GSI being deleted
	// may have been the only user of one).
	used := map[string]bool{}
	for _, k := range in.KeySchema {
		used[k.AttributeName] = true
	}
	for _, l := range in.LocalSecondaryIndexes {
		for _, k := range l.KeySchema {
			used[k.AttributeName] = true
		}
	}
	for _, g := range in.GlobalSecondaryIndexes {
		for _, k := range g.KeySchema {
			used[k.AttributeName] = true
		}
	}
	in.AttributeDefinitions = nil
	for _, ad := range d.AttributeDefinitions {
		if used[ad.AttributeName] {
			in.AttributeDefinitions = append(in.AttributeDefinitions, ad)
		}
	}
	return in
}
