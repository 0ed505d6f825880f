package kit

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// The explorer drives any engine.API. The embedded engine has extra powers
// that DynamoDB's API has no call for; each is a small interface checked
// with a type assertion, so a remote backend without them still works and
// the explorer simply shows less (a note where the pane would be).
type (
	// ItemExplainer tells which indexes an item is in and why not.
	ItemExplainer interface {
		ExplainItem(table string, item model.Item) ([]engine.IndexMembership, error)
	}
	// LeftOutLister lists the items an index leaves out, with the reasons.
	LeftOutLister interface {
		IndexLeftOut(table, index string, limit int) ([]engine.LeftOutItem, error)
	}
	// RequestLogger exposes the engine's log of recent requests with the
	// itemised explanation of what each consumed.
	RequestLogger interface {
		RecentRequests() []engine.RequestRecord
		LastRequest() (engine.RequestRecord, bool)
	}
	// EventSource streams what the engine does (requests, stream records,
	// TTL deletions) so the explorer can refresh without polling.
	EventSource interface {
		Subscribe(buffer int) (<-chan engine.Event, func())
	}
	// WriteCounter tells how many write requests succeeded since the
	// engine opened.
	WriteCounter interface{ WriteRequests() uint64 }
	// Clocked exposes the engine's clock.
	Clocked interface{ Clock() engine.Clock }
	// BuildProgress tells how far an online GSI build has come.
	BuildProgress interface {
		IndexBuildProgress(table, index string) (engine.BackfillProgress, bool)
	}
	// MeterSource exposes the throughput meter: per-second metrics of every
	// table, index and partition, and the bucket levels.
	MeterSource interface{ Meter() *capacity.Meter }
	// TrafficMaker starts generated workloads driven by the engine clock.
	TrafficMaker interface {
		NewTraffic(w engine.Workload) (*engine.Traffic, error)
	}
	// TrafficOwner makes the generator's own table and removes what the
	// generator wrote.
	TrafficOwner interface {
		OpenTrafficTable(ctx context.Context) (bool, error)
		RemoveTraffic(ctx context.Context, table string) (engine.TrafficRemoval, error)
	}
	// TTLViewer lists a table's items with a TTL attribute, by state.
	TTLViewer interface {
		TTLView(table string, limit int) (engine.TTLViewResult, error)
	}
	// TTLJumpChecker tells what a clock jump would do to TTL items.
	TTLJumpChecker interface {
		TTLJumpEffects(to time.Time) ([]engine.TTLJumpEffect, error)
	}
	// TTLSweeper runs the TTL deletion pass now.
	TTLSweeper interface{ SweepTTL() int }
	// StreamBounds is the embedded engine's bound on what a stream keeps
	// (age, records, bytes) and what the table's stream keeps now.
	StreamBounds interface {
		StreamUsage(table string) (engine.StreamUsage, bool)
	}
	// StreamsAPI is the DynamoDB Streams API.
	StreamsAPI interface {
		ListStreams(ctx context.Context, in *model.ListStreamsInput) (*model.ListStreamsOutput, error)
		DescribeStream(ctx context.Context, in *model.DescribeStreamInput) (*model.DescribeStreamOutput, error)
		GetShardIterator(ctx context.Context, in *model.GetShardIteratorInput) (*model.GetShardIteratorOutput, error)
		GetRecords(ctx context.Context, in *model.GetRecordsInput) (*model.GetRecordsOutput, error)
	}
	// ClockControl is the part of engine.VirtualClock the clock keys drive.
	ClockControl interface {
		Now() time.Time
		Pause()
		Resume()
		Paused() bool
		SetSpeed(speed float64)
		Speed() float64
		Advance(d time.Duration)
	}
)

// ClockOf returns the engine's clock when it can be controlled.
func ClockOf(api engine.API) ClockControl {
	c, ok := api.(Clocked)
	if !ok {
		return nil
	}
	cc, _ := c.Clock().(ClockControl)
	return cc
}

// Now is the engine's time (the wall clock for a backend without one).
func Now(api engine.API) time.Time {
	if c, ok := api.(Clocked); ok {
		return c.Clock().Now()
	}
	return time.Now()
}

// Bg is the context of every engine call (the explorer has no deadlines).
var Bg = context.Background()

// LeftOutLimit bounds how many left-out items are listed and how far the
// sidebar looks for key-schema violations.
const LeftOutLimit = 1000

// TableInfo is what the sidebar and the schema pane know of one table.
type TableInfo struct {
	Desc *model.TableDescription
	TTL  *model.TimeToLiveDescription
	// Violations counts, per GSI, the items (up to LeftOutLimit looked at)
	// whose key attribute has the wrong type: a backfill skipped them.
	Violations map[string]int
	// Progress of GSI builds, when the backend tells.
	Progress map[string]engine.BackfillProgress
	// Survey is the read of the whole table asked for on a remote backend
	// (nil before one): the items each index leaves out, the TTL states.
	Survey *SurveyState
}

// AsModelError returns err as a *model.Error, wrapping foreign errors as an
// InternalServerError so they are still shown verbatim.
func AsModelError(err error) *model.Error {
	if err == nil {
		return nil
	}
	var me *model.Error
	if errors.As(err, &me) {
		return me
	}
	return &model.Error{Code: model.ErrInternalServer, Message: err.Error()}
}

// ErrorBox draws DynamoDB's error verbatim in a red box w cells wide, a
// throttle's ThrottlingReasons (August 2025) under its message.
func ErrorBox(st *Styles, e *model.Error, w int) []string {
	if e == nil {
		return nil
	}
	inner := max(w-4, 10)
	body := append([]string{st.Error.Render(e.Code)}, Wrap(e.Message, inner)...)
	for _, r := range e.ThrottlingReasons {
		body = append(body, Wrap("ThrottlingReason "+r.Reason+" on "+r.Resource, inner)...)
	}
	out := []string{st.ErrorBox.Render("┌" + strings.Repeat("─", inner+2) + "┐")}
	for _, l := range body {
		out = append(out, st.ErrorBox.Render("│ ")+Fit(l, inner)+st.ErrorBox.Render(" │"))
	}
	return append(out, st.ErrorBox.Render("└"+strings.Repeat("─", inner+2)+"┘"))
}

// RequestText is "Query Thread/LastPostIndex · 6 items · 3 RCU" (a
// SearchVectors, which consumes no read units, says what it is charged in).
func RequestText(r engine.RequestRecord) string {
	where := r.Table
	if r.Index != "" {
		where += "/" + r.Index
	}
	if len(r.ThrottlingReasons) > 0 {
		return r.Action + " " + where + " · throttled: " + ReasonsText(r.ThrottlingReasons)
	}
	if r.Error != "" {
		return r.Action + " " + where + " · failed: " + r.Error
	}
	if r.Action == "SearchVectors" { // no read units: vector search request bytes
		return r.Action + " " + where + " · " + Plural(int64(r.Items), "result", "") + " · charged in vector search bytes"
	}
	u := "WCU"
	if r.Read {
		u = "RCU"
	}
	return r.Action + " " + where + " · " + NItems(r.Items) + " · " + Units(r.Units) + " " + u
}

// HasViolation reports whether any of the items violates the key schema.
func HasViolation(ls []engine.LeftOutItem) bool {
	for _, l := range ls {
		if l.Violation {
			return true
		}
	}
	return false
}

// ReasonsText is a throttle's reasons, "TableWriteKeyRangeThroughputExceeded"
// or several joined by commas.
func ReasonsText(rs []model.ThrottlingReason) string {
	var parts []string
	for _, r := range rs {
		if !containsString(parts, r.Reason) {
			parts = append(parts, r.Reason)
		}
	}
	return strings.Join(parts, ", ")
}

func containsString(list []string, s string) bool { return indexOf(list, s) >= 0 }
