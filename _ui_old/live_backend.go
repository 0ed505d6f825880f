package ui

import (
	"context"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// The live panes use more of the embedded engine's extra powers, each a
// small interface checked with a type assertion as in backend.go: a backend
// without one shows a note in its place instead of the pane.

// meterSource exposes the engine's throughput meter: per-second metrics of
// every table, index and partition, and the bucket levels.
type meterSource interface {
	Meter() *capacity.Meter
}

// trafficMaker starts generated workloads driven by the engine clock.
type trafficMaker interface {
	NewTraffic(w engine.Workload) (*engine.Traffic, error)
}

// ttlViewer lists a table's items with a TTL attribute, by state.
type ttlViewer interface {
	TTLView(table string, limit int) (engine.TTLViewResult, error)
}

// streamsAPI is the DynamoDB Streams API, read for a table's backlog.
type streamsAPI interface {
	ListStreams(ctx context.Context, in *model.ListStreamsInput) (*model.ListStreamsOutput, error)
	DescribeStream(ctx context.Context, in *model.DescribeStreamInput) (*model.DescribeStreamOutput, error)
	GetShardIterator(ctx context.Context, in *model.GetShardIteratorInput) (*model.GetShardIteratorOutput, error)
	GetRecords(ctx context.Context, in *model.GetRecordsInput) (*model.GetRecordsOutput, error)
}

// clockControl is the part of engine.VirtualClock the clock keys drive.
type clockControl interface {
	Now() time.Time
	Pause()
	Resume()
	Paused() bool
	SetSpeed(speed float64)
	Speed() float64
	Advance(d time.Duration)
}

// clockOf returns the engine's clock when it can be controlled.
func clockOf(api engine.API) clockControl {
	c, ok := api.(clocked)
	if !ok {
		return nil
	}
	cc, _ := c.Clock().(clockControl)
	return cc
}
