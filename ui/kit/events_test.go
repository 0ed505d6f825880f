package kit

import (
	"testing"

	"github.com/dynoscope/dynoscope/engine"
)

// A burst of events reaches the model as one message, so a workload of
// thousands of requests a second costs a few renders a second.
func TestLiveEventsBatched(t *testing.T) {
	ch := make(chan engine.Event, 5000)
	for i := 0; i < 5000; i++ {
		ch <- engine.Event{Kind: engine.EventRequest, Request: &engine.RequestRecord{Action: "PutItem"}}
	}
	msg := ReadEvents(ch, 0)
	if !msg.OK || len(msg.Events) != EventBatchMax {
		t.Fatalf("first batch: %d events", len(msg.Events))
	}
	msg = ReadEvents(ch, 0)
	if len(msg.Events) != 5000-EventBatchMax {
		t.Fatalf("second batch: %d events", len(msg.Events))
	}
	close(ch)
	if msg := ReadEvents(ch, 0); msg.OK {
		t.Fatal("a closed subscription still reads")
	}
}
