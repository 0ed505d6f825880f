package stream

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Bounds of the backlog read when the stream pane opens on a table.
const (
	streamKeep     = 500 // records the pane holds
	streamMaxPages = 50  // GetRecords pages read from the trim horizon
	// streamRecent is how far back the pane reads when the trim horizon is
	// more than streamMaxPages away.
	streamRecent = 10 * time.Second
)

// streamInfo is what DescribeTable tells of a table's stream.
type streamInfo struct {
	enabled bool
	view    string
	arn     string
}

// streamMsg carries the backlog of a table's stream.
type streamMsg struct {
	seq     int
	table   string
	info    streamInfo
	recs    []model.Record
	skipped bool // older records were left unread
	usage   *engine.StreamUsage
	err     error
}

// usageMsg carries what the table's stream keeps now, against its bounds.
type usageMsg struct {
	table string
	usage engine.StreamUsage
}

// streamUsage reads what a table's stream keeps, on a backend that bounds
// its streams (the embedded engine); nil when it does not tell.
func streamUsage(api engine.API, table string) *engine.StreamUsage {
	sb, ok := api.(kit.StreamBounds)
	if !ok {
		return nil
	}
	u, ok := sb.StreamUsage(table)
	if !ok {
		return nil
	}
	return &u
}

// fetchUsage reads the stream's usage again (after live records came).
func fetchUsage(api engine.API, table string) tea.Cmd {
	return func() tea.Msg {
		u := streamUsage(api, table)
		if u == nil {
			return nil
		}
		return usageMsg{table: table, usage: *u}
	}
}

// fetchStream reads the newest records of a table's latest stream through
// the Streams API (DescribeTable, DescribeStream, GetShardIterator,
// GetRecords).
func fetchStream(api engine.API, seq int, table string) tea.Cmd {
	return func() tea.Msg {
		msg := streamMsg{seq: seq, table: table}
		ctx := context.Background()
		d, err := api.DescribeTable(ctx, &model.DescribeTableInput{TableName: table})
		if err != nil {
			msg.err = err
			return msg
		}
		if spec := d.Table.StreamSpecification; spec != nil && spec.StreamEnabled {
			msg.info.enabled, msg.info.view = true, spec.StreamViewType
		}
		msg.info.arn = d.Table.LatestStreamArn
		if msg.info.arn == "" {
			return msg
		}
		msg.usage = streamUsage(api, table)
		sa, ok := api.(kit.StreamsAPI)
		if !ok {
			msg.err = fmt.Errorf("this backend has no Streams API")
			return msg
		}
		ds, err := sa.DescribeStream(ctx, &model.DescribeStreamInput{StreamArn: msg.info.arn})
		if err != nil {
			msg.err = err
			return msg
		}
		if !msg.info.enabled && ds.StreamDescription.StreamViewType != "" {
			msg.info.view = ds.StreamDescription.StreamViewType
		}
		for _, sh := range ds.StreamDescription.Shards {
			recs, full, err := readShard(ctx, sa, msg.info.arn, sh.ShardId, &model.GetShardIteratorInput{ShardIteratorType: model.IteratorTrimHorizon})
			if err == nil && !full {
				ts := float64(kit.Now(api).Add(-streamRecent).Unix())
				recs, _, err = readShard(ctx, sa, msg.info.arn, sh.ShardId, &model.GetShardIteratorInput{ShardIteratorType: model.IteratorAtTimestamp, Timestamp: &ts})
				msg.skipped = true
			}
			if err != nil {
				msg.err = err
				return msg
			}
			msg.recs = append(msg.recs, recs...)
		}
		if len(msg.recs) > streamKeep {
			msg.recs = msg.recs[len(msg.recs)-streamKeep:]
		}
		return msg
	}
}

// readShard reads a shard from the iterator in it to its end (or to
// streamMaxPages pages: full is false then), keeping the last streamKeep
// records.
func readShard(ctx context.Context, sa kit.StreamsAPI, arn, shard string, it *model.GetShardIteratorInput) (recs []model.Record, full bool, err error) {
	it.StreamArn, it.ShardId = arn, shard
	gi, err := sa.GetShardIterator(ctx, it)
	if err != nil {
		return nil, false, err
	}
	iter := gi.ShardIterator
	limit := int32(1000)
	for page := 0; page < streamMaxPages; page++ {
		out, err := sa.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: iter, Limit: &limit})
		if err != nil {
			return nil, false, err
		}
		recs = append(recs, out.Records...)
		if len(recs) > 2*streamKeep {
			recs = append([]model.Record(nil), recs[len(recs)-streamKeep:]...)
		}
		if len(out.Records) == 0 || out.NextShardIterator == "" {
			return recs, true, nil
		}
		iter = out.NextShardIterator
	}
	return recs, false, nil
}

// seqAfter reports whether sequence number a comes after b (both decimal).
func seqAfter(a, b string) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	return a > b
}
