package kit

import (
	"testing"

	"github.com/dynoscope/dynoscope/engine"
)

// The status bar's last request: read and write units, and a vector
// search, which consumes no units, with what it is charged in.
func TestRequestText(t *testing.T) {
	tests := []struct {
		r    engine.RequestRecord
		want string
	}{
		{engine.RequestRecord{Action: "Query", Table: "Thread", Index: "LastPostIndex", Read: true, Units: 3, Items: 6}, "Query Thread/LastPostIndex · 6 items · 3 RCU"},
		{engine.RequestRecord{Action: "PutItem", Table: "Thread", Units: 1, Items: 1}, "PutItem Thread · 1 item · 1 WCU"},
		{engine.RequestRecord{Action: "SearchVectors", Table: "Films", Index: "SimilarFilms", Read: true, Items: 10}, "SearchVectors Films/SimilarFilms · 10 results · charged in vector search bytes"},
	}
	for _, tt := range tests {
		if got := RequestText(tt.r); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.r.Action, got, tt.want)
		}
	}
}
