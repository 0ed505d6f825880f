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

// ReadProgress is how far a whole-table read has come.
type ReadProgress struct {
	Table string
	Index string
	Pages int
	// Items is how many items were read so far; EstimatedItems is
	// DescribeTable's approximate count at the start (0: unknown).
	Items          int64
	EstimatedItems int64
	// Units is the read capacity the pages consumed, as DynamoDB reported
	// it.
	Units float64
	// Done is set once the last page was read.
	Done bool
}

// Fraction is the share read so far, between 0 and 1 (0 when the
// estimate is unknown; 1 once done). The estimate is approximate: the read
// may pass it before it ends.
func (p ReadProgress) Fraction() float64 {
	switch {
	case p.Done:
		return 1
	case p.EstimatedItems <= 0:
		return 0
	}
	return min(1, float64(p.Items)/float64(p.EstimatedItems))
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

// TableSurveyor is the part of a backend that surveys a whole table.
type TableSurveyor interface {
	SurveyTable(ctx context.Context, table string, opts SurveyOptions, progress func(ReadProgress)) (*Survey, error)
}

var _ TableSurveyor = (*Backend)(nil)

// SurveyOptions tune SurveyTable.
type SurveyOptions struct {
	// Limit bounds the items listed per index and per TTL state (0: 1000);
	// the counts are always over every item read.
	Limit int
	// PageSize is each Scan's Limit (0: 1 MB pages).
	PageSize int32
	// Now is the time TTL states are judged at (zero: the wall clock).
	Now time.Time
}

// Survey is what one read of a whole table found.
type Survey struct {
	Table string
	// Complete is false when the read was stopped: the counts are then over
	// the items read.
	Complete bool
	Progress ReadProgress
	// Items is how many items were read.
	Items int64
	// Indexes has one entry per LSI and GSI, in DescribeTable's order.
	Indexes []IndexSurvey
	// TTL is nil when TTL is not enabled on the table.
	TTL *TTLSurvey
}

// IndexSurvey is what an index holds of the items read.
type IndexSurvey struct {
	Index  string
	Global bool
	// In counts the items the index holds; LeftOutCount those it leaves
	// out, Violations among them the ones with a key attribute of the wrong
	// type, empty or too large (a GSI backfill skips those; writes that
	// make them are refused).
	In           int64
	LeftOutCount int64
	Violations   int64
	// LeftOut lists the first items left out (up to the limit), in Scan
	// order, each with its table key and the reason.
	LeftOut []engine.LeftOutItem
}

// Ratio is the share of the items read that the index holds (the sparse
// ratio), between 0 and 1; 0 when no item was read.
func (s IndexSurvey) Ratio() float64 {
	total := s.In + s.LeftOutCount
	if total == 0 {
		return 0
	}
	return float64(s.In) / float64(total)
}

// TTLSurvey is the TTL state of the items read.
type TTLSurvey struct {
	AttributeName string
	Status        string // DescribeTimeToLive's TimeToLiveStatus
	Now           time.Time
	// Counts by state (engine.TTLDueLater, TTLExpiredPending, TTLTooOld,
	// TTLNotNumber); Without counts the items without the attribute.
	Counts  map[string]int64
	Without int64
	// Items lists, per state, the first items (up to the limit) in Scan
	// order: key, value, state and expiry. DeleteAfter is left zero:
	// DynamoDB deletes expired items within days, at no set time.
	Items map[string][]engine.TTLViewItem
}

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
