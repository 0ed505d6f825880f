package stream

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// newBed hosts the Stream pane of eng (no ticks of its own) as the root
// does in a terminal of w x h, showing table.
func newBed(t *testing.T, eng *engine.Engine, table string, w, h int) (*host.Bed, *Model) {
	t.Helper()
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, false)
	pw, ph := uitest.PaneSize(w, h)
	b := host.New(t, p, eng, pw, ph)
	b.Select(table, "")
	b.Show(true)
	return b, p
}

// events hands the pane what the engine published since ch was
// subscribed, in one batch, as the root's event reader does.
func events(b *host.Bed, p *Model, ch <-chan engine.Event) {
	b.T.Helper()
	var evs []engine.Event
	for {
		select {
		case ev := <-ch:
			evs = append(evs, ev)
			continue
		default:
		}
		break
	}
	b.Drive(p.Events(evs))
}

// The stream pane shows the backlog, then live records (TTL deletions
// tagged), newest at the bottom; scrolling up stops following.
func TestStreamPaneTail(t *testing.T) {
	eng, clk := uitest.LiveEngine(t, "messages-ttl")
	ch, cancel := eng.Subscribe(1024)
	defer cancel()
	m, p := newBed(t, eng, "Messages", 120, 40)
	if n := strings.Count(m.Text(), "+ INSERT"); n < 10 {
		t.Fatalf("backlog shows %d INSERTs:\n%s", n, m.Text())
	}
	ctx := context.Background()
	_, err := eng.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Messages",
		Key:                       model.Item{"UserId": model.S("maya"), "SentAt": model.S("2026-11-15T11:11:07Z")},
		UpdateExpression:          "SET Body = :b",
		ExpressionAttributeValues: map[string]model.AttributeValue{":b": model.S("Parcel collected.")}})
	if err != nil {
		t.Fatal(err)
	}
	clk.Advance(time.Minute)
	eng.SweepTTL()
	events(m, p, ch)
	all := m.Text()
	mod := strings.Index(all, "~ MODIFY  UserId=maya · SentAt=2026-11-15T11:11:07Z")
	rem := strings.LastIndex(all, "- REMOVE")
	if mod < 0 || rem < mod || !strings.Contains(all[rem:], "⌛ by dynamodb (TTL)") ||
		!strings.Contains(all[mod:], "new Body=Parcel collected.") || !strings.Contains(all[mod:], "old Body=Your parcel") {
		t.Fatalf("live records:\n%s", all)
	}
	if !strings.Contains(all, "● following the newest") {
		t.Fatalf("not following:\n%s", all)
	}
	m.Press("k", "k")
	if !strings.Contains(m.Text(), "scrolled 2 lines up · f follows") {
		t.Fatalf("after k k:\n%s", m.Text())
	}
	m.Press("f")
	if !strings.Contains(m.Text(), "● following") {
		t.Fatal("f did not follow")
	}
}

// The stream pane says what the stream keeps against its bounds, and the
// count follows the writes.
func TestStreamPaneShowsRetention(t *testing.T) {
	eng, _ := uitest.LiveEngine(t, "messages-ttl")
	ch, cancel := eng.Subscribe(1024)
	defer cancel()
	m, p := newBed(t, eng, "Messages", 160, 40)
	u, ok := eng.StreamUsage("Messages")
	if !ok {
		t.Fatal("Messages has no stream")
	}
	want := fmt.Sprintf("keeps 24 h, at most 100,000 records and 64 MB, oldest trimmed first (--stream-retention) · now %d records,", u.Records)
	if !strings.Contains(m.Text(), want) {
		t.Fatalf("want %q on\n%s", want, m.Text())
	}
	_, err := eng.PutItem(context.Background(), &model.PutItemInput{TableName: "Messages",
		Item: model.Item{"UserId": model.S("zoe"), "SentAt": model.S("2026-11-20T00:00:00Z")}})
	if err != nil {
		t.Fatal(err)
	}
	events(m, p, ch)
	if want := fmt.Sprintf("· now %d records,", u.Records+1); !strings.Contains(m.Text(), want) {
		t.Fatalf("after a write, want %q on\n%s", want, m.Text())
	}
}
