package engine

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dynoscope/dynoscope/engine/stream"
	"github.com/dynoscope/dynoscope/model"
)

// enableStream turns a table's stream on with a new label and ARN.
func enableStream(m *tableMeta, now time.Time) {
	label := now.UTC().Format(stream.LabelLayout)
	if m.Desc.LatestStreamLabel == label {
		// Two streams enabled in the same millisecond still need distinct ARNs.
		label = now.UTC().Add(time.Millisecond).Format(stream.LabelLayout)
	}
	// CreateTable calls this before it has copied the request's
	// StreamSpecification into the description; without one, do not panic
	// (the caller holds e.mu) but fall back to the default view type.
	spec := model.StreamSpecification{StreamEnabled: true}
	if m.Desc.StreamSpecification != nil {
		spec = *m.Desc.StreamSpecification
	}
	if spec.StreamViewType == "" {
		spec.StreamViewType = model.StreamNewAndOldImages
	}
	m.Desc.StreamSpecification = &spec
	m.Desc.LatestStreamLabel = label
	m.Desc.LatestStreamArn = m.Desc.TableArn + "/stream/" + label
}

// streamEnabled reports whether the table writes stream records, and with
// which view type.
func (t *table) streamEnabled() (string, bool) {
	s := t.meta.Desc.StreamSpecification
	if s == nil || !s.StreamEnabled {
		return "", false
	}
	return s.StreamViewType, true
}

// streamPrefix returns S/<table>/<label>/, the key range of one stream's
// records. Under it, the record with sequence number n is at %020d of n,
// and the trim mark at "!" and the last trimmed sequence number, which
// sorts before every record (see streamMarkPrefix).
func streamPrefix(table, label string) string {
	return prefixStream + table + "/" + label + "/"
}

// streamKey returns the storage key of a stream record.
func streamKey(table, label string, seq uint64) string {
	return fmt.Sprintf("%s%020d", streamPrefix(table, label), seq)
}

// streamSeqFromKey reads the sequence number at the end of a record key,
// or of a trim mark key (after its '!').
func streamSeqFromKey(k string) uint64 {
	i := strings.LastIndexByte(k, '/')
	n, _ := strconv.ParseUint(strings.TrimPrefix(k[i+1:], streamMarkPrefix), 10, 64)
	return n
}

// appendStreamRecord writes the change record of w, in the same transaction
// as the change. A write that changes nothing writes no record.
func (e *Engine) appendStreamRecord(tx *wtx, t *table, w *itemWrite, fx *writeEffects) error {
	view, ok := t.streamEnabled()
	if !ok {
		return nil
	}
	var event string
	switch {
	case w.old == nil && w.new != nil:
		event = model.EventInsert
	case w.old != nil && w.new == nil:
		event = model.EventRemove
	case w.old != nil && w.new != nil:
		if model.ItemsEqual(w.old, w.new) {
			return nil
		}
		event = model.EventModify
	default:
		return nil
	}
	src := w.new
	if src == nil {
		src = w.old
	}
	seq := e.streamSeq.Add(1)
	rec := model.Record{
		EventID:      fmt.Sprintf("%032x", seq),
		EventName:    event,
		EventVersion: "1.1",
		EventSource:  "aws:dynamodb",
		AwsRegion:    e.opts.Region,
		Dynamodb: &model.StreamRecord{
			ApproximateCreationDateTime: float64(e.now().Unix()),
			Keys:                        t.keyOf(src),
			SequenceNumber:              fmt.Sprintf("%021d", seq),
			StreamViewType:              view,
		},
	}
	if view == model.StreamNewImage || view == model.StreamNewAndOldImages {
		rec.Dynamodb.NewImage = w.new
	}
	if view == model.StreamOldImage || view == model.StreamNewAndOldImages {
		rec.Dynamodb.OldImage = w.old
	}
	size := model.ItemSize(rec.Dynamodb.Keys) + model.ItemSize(rec.Dynamodb.NewImage) + model.ItemSize(rec.Dynamodb.OldImage)
	rec.Dynamodb.SizeBytes = int64(size)
	if w.byTTL {
		rec.UserIdentity = &model.Identity{Type: "Service", PrincipalID: "dynamodb.amazonaws.com"}
	}
	b, err := json.Marshal(&rec)
	if err != nil {
		return err
	}
	if _, _, err = tx.Set(streamKey(t.name, t.meta.Desc.LatestStreamLabel, seq), string(b), nil); err != nil {
		return err
	}
	fx.records = append(fx.records, rec)
	fx.stream = append(fx.stream, streamWrite{seq: seq, bytes: len(b)})
	return nil
}
