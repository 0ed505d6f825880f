package engine

import (
	"sync"

	"github.com/dynoscope/dynoscope/model"
)

// Event kinds published to subscribers.
const (
	EventStream  = "stream"  // a change-stream record was written
	EventTTL     = "ttl"     // the TTL sweeper deleted an item
	EventRequest = "request" // a data-plane request finished
)

// Event is something the engine did that a live view may want to show.
type Event struct {
	Kind   string
	Table  string
	Record *model.Record // EventStream
	TTL    *TTLDeletion  // EventTTL
	// Request is set on EventRequest.
	Request *RequestRecord
}

// hub fans engine events out to subscribers without ever blocking a writer:
// a subscriber whose buffer is full misses events (and can re-read state).
type hub struct {
	mu   sync.Mutex
	subs map[int]chan Event
	next int
}

// Subscribe returns a channel of engine events with the given buffer and a
// function that ends the subscription.
func (e *Engine) Subscribe(buffer int) (<-chan Event, func()) {
	if buffer < 1 {
		buffer = 1
	}
	ch := make(chan Event, buffer)
	e.hub.mu.Lock()
	if e.hub.subs == nil {
		e.hub.subs = map[int]chan Event{}
	}
	id := e.hub.next
	e.hub.next++
	e.hub.subs[id] = ch
	e.hub.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			e.hub.mu.Lock()
			delete(e.hub.subs, id)
			e.hub.mu.Unlock()
			close(ch)
		})
	}
}

// hasSubscribers reports whether anyone listens for events.
func (e *Engine) hasSubscribers() bool {
	e.hub.mu.Lock()
	defer e.hub.mu.Unlock()
	return len(e.hub.subs) > 0
}

func (e *Engine) publish(ev Event) {
	e.hub.mu.Lock()
	defer e.hub.mu.Unlock()
	for _, ch := range e.hub.subs {
		select {
		case ch <- ev:
		default:
		}
	}
}

func (e *Engine) publishTTL(done []TTLDeletion) {
	for i := range done {
		e.publish(Event{Kind: EventTTL, Table: done[i].Table, TTL: &done[i]})
	}
}
