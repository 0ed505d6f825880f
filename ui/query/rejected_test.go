package query

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// A Query or Scan DynamoDB rejects is told to the root as the last
// request (the engine logs only the requests it ran, so the status bar
// kept saying "last: Scan …" after a rejected Query).
func TestRejectedRequestIsToldToTheRoot(t *testing.T) {
	q := newPane(t, uitest.DemoEngine(t, "forum"), "Thread", "")
	pressQ(t, q, "s") // Scan
	toRow(t, q, "filter")
	typeField(t, q, "size(Subject) > :n AND Views BETWEEN :n AND :m")
	toRow(t, q, "values")
	typeField(t, q, ":n = 5, :m = 1")
	msgs := pressQ(t, q, "ctrl+r")
	var got *kit.RejectedMsg
	for _, m := range msgs {
		if r, ok := m.(kit.RejectedMsg); ok {
			got = &r
		}
	}
	res := q.Result()
	if res == nil || res.Err == nil {
		t.Fatalf("the scan was not rejected: %+v\n%s", res, q.View())
	}
	if got == nil || got.Action != "Scan" || got.Table != "Thread" || got.Err == nil || !strings.Contains(got.Err.Error(), "ValidationException") {
		t.Fatalf("told the root %+v (error %v)", got, res.Err)
	}
	if txt := kit.RequestText(got.Record()); !strings.HasPrefix(txt, "Scan Thread · failed: ValidationException") {
		t.Fatalf("status text %q", txt)
	}
}
