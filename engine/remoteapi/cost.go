package remoteapi

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// What reading a whole table (or index) costs, said before reading it.
// The figures come from DescribeTable's ItemCount and TableSizeBytes (or
// the index's), which DynamoDB refreshes about every six hours: they are
// approximate, and so is the estimate. A Scan is charged per page on the
// total size of the items it reads, rounded up to 4 KB: one read unit per
// 4 KB strongly consistent, half of one eventually consistent; a page
// holds at most 1 MB. The estimate is an upper bound: each page's rounding
// is counted as a whole unit. TableSizeBytes leaves out the 100 bytes of
// storage overhead DynamoDB bills per item, as reads do
// (docs/FIDELITY.md, DescribeTable), so it is the size a Scan is charged
// on. Where a first page has been read, EstimateScanFromPage prices the
// rest from the sizes of its items, measured as reads are charged, instead
// of from figures up to six hours old.

// ScanEstimator is the part of a backend that prices a whole-table read.
type ScanEstimator interface {
	EstimateScan(ctx context.Context, table, index string) (ScanEstimate, error)
}

// ScanEstimate is what a Scan of a whole table or index would read.
type ScanEstimate struct {
	Table string
	Index string // "" for the table
	// Items and Bytes are DynamoDB's approximate counts.
	Items int64
	Bytes int64
	// Pages is how many 1 MB pages the Scan takes, at least one.
	Pages int64
	// EventualUnits and StrongUnits are the read units the Scan consumes
	// eventually and strongly consistent (read request units on an
	// on-demand table).
	EventualUnits float64
	StrongUnits   float64
	// OnDemand is set for PAY_PER_REQUEST tables.
	OnDemand bool
	// ProvisionedRead is the table's (or GSI's) provisioned read capacity
	// (0 on demand); EventualTime is how long the eventually consistent
	// Scan takes if it uses all of it.
	ProvisionedRead int64
	EventualTime    time.Duration
	// Measured is how many items of a first page the size was measured
	// on (EstimateScanFromPage); 0 when it is DescribeTable's.
	Measured int
}

// EstimateScanOf prices a Scan from a table description.
func EstimateScanOf(d *model.TableDescription, index string) (ScanEstimate, error) {
	e := ScanEstimate{Table: d.TableName, Index: index, Items: d.ItemCount, Bytes: d.TableSizeBytes}
	e.OnDemand = d.BillingModeSummary != nil && d.BillingModeSummary.BillingMode == model.BillingPayPerRequest
	if d.ProvisionedThroughput != nil {
		e.ProvisionedRead = d.ProvisionedThroughput.ReadCapacityUnits
	}
	if index != "" {
		found := false
		for _, l := range d.LocalSecondaryIndexes {
			if l.IndexName == index {
				e.Items, e.Bytes, found = l.ItemCount, l.IndexSizeBytes, true
			}
		}
		for _, g := range d.GlobalSecondaryIndexes {
			if g.IndexName == index {
				e.Items, e.Bytes, found = g.ItemCount, g.IndexSizeBytes, true
				if g.ProvisionedThroughput != nil {
					e.ProvisionedRead = g.ProvisionedThroughput.ReadCapacityUnits
				}
			}
		}
		if !found {
			return e, model.Validation("The table does not have the specified index: %s", index)
		}
	}
	e.price()
	return e, nil
}

// price works out the pages, units and time of e's Items and Bytes.
func (e *ScanEstimate) price() {
	const page = 1 << 20
	e.Pages = max(1, (e.Bytes+page-1)/page)
	// Each page rounds its own size up to 4 KB: at most one unit more per
	// page than the whole size in 4 KB blocks.
	blocks := (e.Bytes + 4095) / 4096
	if e.Pages > 1 {
		blocks += e.Pages - 1
	}
	blocks = max(blocks, 1)
	e.StrongUnits = float64(blocks)
	e.EventualUnits = float64(blocks) / 2
	if e.ProvisionedRead > 0 && !e.OnDemand {
		e.EventualTime = time.Duration(math.Ceil(e.EventualUnits/float64(e.ProvisionedRead))) * time.Second
	}
}

// EstimateScanFromPage prices a Scan of a whole table (index "") or index
// from a first page already read: the description's item count at the
// mean size of the page's items, measured as reads are charged
// (model.ItemSize). With no item on the page it falls back to
// EstimateScanOf; a page that ended the Scan (more is false: no
// LastEvaluatedKey) is the whole table, priced exactly; after a page that
// did not, at least one more item is counted.
func EstimateScanFromPage(d *model.TableDescription, index string, page []model.Item, more bool) (ScanEstimate, error) {
	e, err := EstimateScanOf(d, index)
	if err != nil || len(page) == 0 {
		return e, err
	}
	var measured int64
	for _, it := range page {
		measured += int64(model.ItemSize(it))
	}
	items, bytes := int64(len(page)), measured
	if more {
		items = max(e.Items, items+1)
		bytes = measured * items / int64(len(page))
	}
	e.Items, e.Bytes, e.Measured = items, bytes, len(page)
	e.price()
	return e, nil
}

// String says it in one line: "Scan of Orders: ~48,000 items, ~1,500 RCU
// eventually consistent".
func (e ScanEstimate) String() string {
	what := e.Table
	if e.Index != "" {
		what += " index " + e.Index
	}
	unit := "RCU"
	if e.OnDemand {
		unit = "read request units"
	}
	s := fmt.Sprintf("Scan of %s: ~%s items, ~%s %s eventually consistent", what, approx(float64(e.Items)), approx(e.EventualUnits), unit)
	if e.EventualTime > 0 {
		s += fmt.Sprintf(" (~%s at the provisioned %d RCU)", e.EventualTime, e.ProvisionedRead)
	}
	if e.Measured > 0 {
		s += fmt.Sprintf("; item sizes measured on a first page of %d", e.Measured)
	}
	return s
}

// approx rounds to two significant digits and groups thousands:
// 48213 → "48,000", 1465 → "1,500", 7.5 → "7.5".
func approx(f float64) string {
	if f < 100 {
		s := strconv.FormatFloat(math.Round(f*10)/10, 'f', -1, 64)
		return s
	}
	mag := math.Pow(10, math.Floor(math.Log10(f))-1)
	return grouped(int64(math.Round(f/mag) * mag))
}

// grouped writes n with thousands separators.
func grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
