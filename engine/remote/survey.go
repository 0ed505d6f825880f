package remote

import (
	"context"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// Reading a whole table: what DescribeTable does not tell (which items an
// index leaves out and why, how sparse each index is, the TTL state of
// every item) takes a Scan of the table. On AWS that costs read units
// (EstimateScan says how many before), so it runs only when asked, page
// by page with progress, and stops when its context is cancelled.

// ReadInput says what ReadTable reads.
type ReadInput struct {
	Table string
	Index string // "" for the table
	// PageSize is each Scan's Limit (0: pages of up to 1 MB, the fewest
	// requests).
	PageSize int32
	// ConsistentRead asks for strongly consistent pages (twice the units).
	ConsistentRead bool
}

// ReadTable scans a whole table or index on any engine.API, eventually
// consistent unless asked, calling visit with each page's items and
// progress after each page (either may be nil). It stops at the first
// error, returning it; when ctx is cancelled it stops and returns
// ctx.Err(). The progress returned is what was read.
func ReadTable(ctx context.Context, api engine.API, in ReadInput, visit func(items []model.Item) error, progress func(ReadProgress)) (ReadProgress, error) {
	p := ReadProgress{Table: in.Table, Index: in.Index}
	if d, err := api.DescribeTable(ctx, &model.DescribeTableInput{TableName: in.Table}); err == nil {
		if e, err := EstimateScanOf(d.Table, in.Index); err == nil {
			p.EstimatedItems = e.Items
		}
	} else {
		return p, stopped(ctx, err)
	}
	var start model.Item
	for {
		if err := ctx.Err(); err != nil {
			return p, err
		}
		req := &model.ScanInput{TableName: in.Table, IndexName: in.Index, ExclusiveStartKey: start,
			ReturnConsumedCapacity: model.ReturnCapacityTotal}
		if in.PageSize > 0 {
			req.Limit = &in.PageSize
		}
		if in.ConsistentRead {
			req.ConsistentRead = &in.ConsistentRead
		}
		out, err := api.Scan(ctx, req)
		if err != nil {
			return p, stopped(ctx, err)
		}
		p.Pages++
		p.Items += int64(len(out.Items))
		if out.ConsumedCapacity != nil {
			p.Units += float64(out.ConsumedCapacity.CapacityUnits)
		}
		if visit != nil {
			if err := visit(out.Items); err != nil {
				return p, err
			}
		}
		start = out.LastEvaluatedKey
		p.Done = len(start) == 0
		if progress != nil {
			progress(p)
		}
		if p.Done {
			return p, nil
		}
	}
}

// stopped reports a cancelled context as such rather than as the failed
// request it caused.
func stopped(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

var _ TableSurveyor = (*Backend)(nil)

// SurveyTable reads the whole table once (EstimateScan says what that
// costs) and works out, for every index, the items it leaves out and its
// sparse ratio, and the TTL state of every item. progress is called after
// each page. Cancelling ctx stops the read: the survey of the items read
// so far is returned (Complete false) with ctx.Err().
func (b *Backend) SurveyTable(ctx context.Context, table string, opts SurveyOptions, progress func(ReadProgress)) (*Survey, error) {
	return SurveyTable(ctx, b, table, opts, progress)
}

// SurveyTable surveys a table on any engine.API (see Backend.SurveyTable).
func SurveyTable(ctx context.Context, api engine.API, table string, opts SurveyOptions, progress func(ReadProgress)) (*Survey, error) {
	limit := opts.Limit
	if limit <= 0 {
		limit = 1000
	}
	now := opts.Now
	if now.IsZero() {
		now = time.Now()
	}
	d, err := api.DescribeTable(ctx, &model.DescribeTableInput{TableName: table})
	if err != nil {
		return nil, stopped(ctx, err)
	}
	desc := d.Table
	s := &Survey{Table: table}
	for _, m := range engine.ExplainItemIn(desc, model.Item{}) {
		s.Indexes = append(s.Indexes, IndexSurvey{Index: m.Index, Global: m.Global})
	}
	ttl, err := api.DescribeTimeToLive(ctx, &model.DescribeTimeToLiveInput{TableName: table})
	if err != nil {
		return nil, stopped(ctx, err)
	}
	if td := ttl.TimeToLiveDescription; td != nil && td.AttributeName != "" &&
		(td.TimeToLiveStatus == "ENABLED" || td.TimeToLiveStatus == "ENABLING") {
		s.TTL = &TTLSurvey{AttributeName: td.AttributeName, Status: td.TimeToLiveStatus, Now: now,
			Counts: map[string]int64{}, Items: map[string][]engine.TTLViewItem{}}
	}
	visit := func(items []model.Item) error {
		for _, it := range items {
			s.Items++
			key := engine.KeyOf(desc.KeySchema, it)
			for i, m := range engine.ExplainItemIn(desc, it) {
				ix := &s.Indexes[i]
				if m.In {
					ix.In++
					continue
				}
				ix.LeftOutCount++
				if m.Violation {
					ix.Violations++
				}
				if len(ix.LeftOut) < limit {
					ix.LeftOut = append(ix.LeftOut, engine.LeftOutItem{Key: key, Reason: m.Reason, Violation: m.Violation, Attribute: m.Attribute, Missing: m.Missing})
				}
			}
			if s.TTL != nil {
				v, ok := it[s.TTL.AttributeName]
				if !ok {
					s.TTL.Without++
					continue
				}
				state, expiry := engine.TTLStateOf(v, now)
				s.TTL.Counts[state]++
				if len(s.TTL.Items[state]) < limit {
					s.TTL.Items[state] = append(s.TTL.Items[state], engine.TTLViewItem{Key: key, Value: v, State: state, Expiry: expiry})
				}
			}
		}
		return nil
	}
	p, err := ReadTable(ctx, api, ReadInput{Table: table, PageSize: opts.PageSize}, visit, progress)
	s.Progress = p
	s.Complete = p.Done
	return s, err
}
