package remoteapi

import (
	"context"
	"time"

	"github.com/dynoscope/dynoscope/engine"
)

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

// TableSurveyor is the part of a backend that surveys a whole table.
type TableSurveyor interface {
	SurveyTable(ctx context.Context, table string, opts SurveyOptions, progress func(ReadProgress)) (*Survey, error)
}

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
