package kit

import (
	"time"

	"github.com/dynoscope/dynoscope/engine"
)

// EventBatchMax bounds the events one EventBatch carries.
const EventBatchMax = 4096

// EventBatch is the engine events that arrived together; OK is false when
// the subscription ended. The root reads a workspace's subscription in
// batches and hands each to the panes that take events (EventSink).
type EventBatch struct {
	Events []engine.Event
	OK     bool
	At     time.Time // wall time the batch was read
}

// ReadEvents waits for the next engine event on ch, lets a burst gather
// for gap, and returns everything that arrived as one batch, so a
// workload of thousands of requests a second costs a handful of messages
// (and renders) a second.
func ReadEvents(ch <-chan engine.Event, gap time.Duration) EventBatch {
	ev, ok := <-ch
	if !ok {
		return EventBatch{}
	}
	if gap > 0 {
		time.Sleep(gap)
	}
	evs := []engine.Event{ev}
	for len(evs) < EventBatchMax {
		select {
		case ev, ok := <-ch:
			if !ok {
				return EventBatch{Events: evs, OK: true, At: time.Now()}
			}
			evs = append(evs, ev)
			continue
		default:
		}
		break
	}
	return EventBatch{Events: evs, OK: true, At: time.Now()}
}
