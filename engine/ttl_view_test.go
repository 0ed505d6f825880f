package engine

import (
	"fmt"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

func TestTTLView(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "ttl-view", "", "")
	res, err := e.TTLView("ttl-view", 10)
	mustOK(t, err)
	if res.Status != "DISABLED" || len(res.Items) != 0 {
		t.Fatalf("view with TTL disabled = %+v", res)
	}
	enableTTL(t, e, "ttl-view", "ttl")
	now := clock.Now()
	put(t, e, "ttl-view", model.Item{"pk": model.S("later"), "ttl": epochN(now.Add(time.Hour))})
	put(t, e, "ttl-view", model.Item{"pk": model.S("soon"), "ttl": epochN(now.Add(time.Minute))})
	put(t, e, "ttl-view", model.Item{"pk": model.S("past"), "ttl": epochN(now)})
	put(t, e, "ttl-view", model.Item{"pk": model.S("ancient"), "ttl": epochN(now.AddDate(-6, 0, 0))})
	put(t, e, "ttl-view", model.Item{"pk": model.S("text"), "ttl": model.S("tomorrow")})
	put(t, e, "ttl-view", model.Item{"pk": model.S("flag"), "ttl": model.Bool(true)})
	put(t, e, "ttl-view", model.Item{"pk": model.S("none")})

	res, err = e.TTLView("ttl-view", 10)
	mustOK(t, err)
	var got []string
	for _, it := range res.Items {
		got = append(got, it.Key["pk"].S+"="+it.State)
	}
	if fmt.Sprint(got) != "[ancient=too-old past=expired soon=due later=due]" {
		t.Fatalf("Items = %v", got)
	}
	if c := res.Counts; c != (TTLViewCounts{DueLater: 2, ExpiredPending: 1, TooOld: 1, NotNumber: 2, NotNumberComplete: true}) {
		t.Fatalf("Counts = %+v", c)
	}
	if len(res.NotNumber) != 2 || res.Scanned != 7 {
		t.Fatalf("NotNumber = %+v after scanning %d items", res.NotNumber, res.Scanned)
	}
	past := res.Items[1]
	if !past.Expiry.Equal(now.Truncate(time.Second)) || !past.DeleteAfter.Equal(past.Expiry.Add(DefaultTTLDeletionDelay)) {
		t.Fatalf("expired item: expiry %v, delete after %v", past.Expiry, past.DeleteAfter)
	}

	// The limit bounds the lists, not the counts.
	res, err = e.TTLView("ttl-view", 1)
	mustOK(t, err)
	if len(res.Items) != 1 || len(res.NotNumber) != 1 || res.Counts.DueLater != 2 || res.Counts.NotNumber != 2 {
		t.Fatalf("limited view = %+v", res)
	}

	clock.Advance(time.Hour + DefaultTTLDeletionDelay)
	if n := e.SweepTTL(); n != 3 {
		t.Fatalf("swept %d", n)
	}
	res, err = e.TTLView("ttl-view", 10)
	mustOK(t, err)
	if len(res.Recent) != 3 || res.Counts.TooOld != 1 || res.Counts.ExpiredPending+res.Counts.DueLater != 0 {
		t.Fatalf("after the sweep: recent %+v, counts %+v", res.Recent, res.Counts)
	}
	if _, err := e.TTLView("nope-table", 1); err == nil {
		t.Fatal("TTLView of a missing table succeeded")
	}
}
