package engine

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/stream"
	"github.com/dynoscope/dynoscope/model"
)

// streamMarkPrefix starts the key, under a stream's prefix, of its trim
// mark: "!" and the sequence number of the last record trimmed from the
// stream, as %020d. '!' sorts before the digits of record keys, and
// streamSeqFromKey reads the number, so the engine's sequence counter,
// rebuilt from the keys at Open, never falls below a mark even when every
// record has been trimmed.
const streamMarkPrefix = "!"

// streamRef is one stream of a table: the table's latest stream (enabled
// or not), or an earlier one that still has records inside the retention
// period. One shard per stream.
type streamRef struct {
	t       *table
	label   string
	arn     string
	latest  bool
	enabled bool
}

func (e *Engine) newStreamRef(t *table, label string) *streamRef {
	s := &streamRef{t: t, label: label, arn: t.meta.Desc.TableArn + "/stream/" + label}
	s.latest = label == t.meta.Desc.LatestStreamLabel
	if s.latest {
		_, s.enabled = t.streamEnabled()
	}
	return s
}

// prefix is the key range of the stream's records.
func (s *streamRef) prefix() string { return streamPrefix(s.t.name, s.label) }

// status is ENABLED for the table's live stream, DISABLED otherwise.
func (s *streamRef) status() string {
	if s.enabled {
		return model.StreamStatusEnabled
	}
	return model.StreamStatusDisabled
}

// created is the stream's creation time, read back from its label.
func (s *streamRef) created() time.Time { return stream.Created(s.label) }

// shardID names the stream's one shard as DynamoDB does.
func (s *streamRef) shardID() string { return stream.ShardID(s.arn, s.label) }

// streamNotFound is the Streams API's error for an unknown stream ARN.
func streamNotFound(arn string) *model.Error {
	return model.NewError(model.ErrResourceNotFound, "Requested resource not found: Stream: %s not found", arn)
}

// resolveStream finds the stream an ARN names. The caller holds e.mu
// (read). A stream that is not the table's latest exists only while it has
// records.
func (e *Engine) resolveStream(arn string) (*streamRef, *model.Error) {
	name, label, ok := stream.SplitARN(arn)
	if !ok {
		return nil, streamNotFound(arn)
	}
	t := e.tables[name]
	if t == nil {
		return nil, streamNotFound(arn)
	}
	s := e.newStreamRef(t, label)
	if s.arn != arn {
		return nil, streamNotFound(arn) // another region or account
	}
	if s.latest {
		return s, nil
	}
	var found bool
	err := e.db.View(func(tx *buntdb.Tx) error {
		_, _, found = firstStreamRecord(tx, s.prefix(), 0)
		return nil
	})
	if err != nil || !found {
		return nil, streamNotFound(arn)
	}
	return s, nil
}

// tableStreams lists a table's streams in ARN order: every label that still
// has records, and the latest stream even without records. The caller
// holds e.mu (read).
func (e *Engine) tableStreams(tx *buntdb.Tx, t *table) []*streamRef {
	labels := streamLabels(tx, t.name)
	if l := t.meta.Desc.LatestStreamLabel; l != "" {
		i := sort.SearchStrings(labels, l)
		if i == len(labels) || labels[i] != l {
			labels = append(labels, "")
			copy(labels[i+1:], labels[i:])
			labels[i] = l
		}
	}
	out := make([]*streamRef, 0, len(labels))
	for _, l := range labels {
		out = append(out, e.newStreamRef(t, l))
	}
	return out
}

// streamLabels returns, in order, the labels under S/<table>/ that hold at
// least one record. It seeks once or twice per stream, never reading the
// records in between.
func streamLabels(tx *buntdb.Tx, table string) []string {
	base := prefixStream + table + "/"
	var labels []string
	cursor := base
	for cursor != "" {
		label, next := "", ""
		tx.AscendGreaterOrEqual("", cursor, func(k, _ string) bool {
			if !strings.HasPrefix(k, base) {
				return false
			}
			rest := k[len(base):]
			i := strings.IndexByte(rest, '/')
			if i < 0 {
				next = k + "\x00" // a record key from before labels: skip it
				return false
			}
			if strings.HasPrefix(rest[i+1:], streamMarkPrefix) {
				return true // a trim mark alone does not keep a stream: look further
			}
			label = rest[:i]
			next = prefixEnd(base + label + "/")
			return false
		})
		if label != "" {
			labels = append(labels, label)
		}
		cursor = next
	}
	return labels
}

// firstStreamRecord returns the key and value of the first record at or after
// sequence number from in a stream (from 0: the first record).
func firstStreamRecord(tx *buntdb.Tx, prefix string, from uint64) (key, val string, ok bool) {
	start := prefix + "0"
	if from > 0 {
		start = prefix + fmt.Sprintf("%020d", from)
	}
	tx.AscendGreaterOrEqual("", start, func(k, v string) bool {
		if strings.HasPrefix(k, prefix) {
			key, val, ok = k, v, true
		}
		return false
	})
	return key, val, ok
}

// lastStreamSeq returns the sequence number of a stream's last record.
func lastStreamSeq(tx *buntdb.Tx, prefix string) (uint64, bool) {
	var seq uint64
	var ok bool
	tx.DescendLessOrEqual("", prefixEnd(prefix), func(k, _ string) bool {
		if k == prefixEnd(prefix) {
			return true
		}
		if strings.HasPrefix(k, prefix) && !strings.HasPrefix(k[len(prefix):], streamMarkPrefix) {
			seq, ok = streamSeqFromKey(k), true
		}
		return false
	})
	return seq, ok
}

// streamTrimMark returns the sequence number of the last record trimmed
// from a stream, 0 when none was, and the mark's key.
func streamTrimMark(tx *buntdb.Tx, prefix string) (uint64, string) {
	var seq uint64
	var key string
	tx.AscendGreaterOrEqual("", prefix+streamMarkPrefix, func(k, _ string) bool {
		if strings.HasPrefix(k, prefix+streamMarkPrefix) {
			key = k
			seq = streamSeqFromKey(k)
		}
		return false
	})
	return seq, key
}

// streamMark returns a stream's trim mark (0: nothing trimmed).
func streamMark(tx *buntdb.Tx, prefix string) uint64 {
	seq, _ := streamTrimMark(tx, prefix)
	return seq
}

// streamMarkKey returns the key of a trim mark at seq.
func streamMarkKey(prefix string, seq uint64) string {
	return fmt.Sprintf("%s%s%020d", prefix, streamMarkPrefix, seq)
}

// formatStreamSeq renders a sequence number as stream records carry it.
func formatStreamSeq(n uint64) string { return fmt.Sprintf("%021d", n) }
