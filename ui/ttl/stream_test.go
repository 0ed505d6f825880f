package ttl

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// remoteTables is the embedded engine seen as a remote backend: the
// DynamoDB and Streams APIs only (no TTL view of the engine's), and where
// it points.
type remoteTables struct {
	engine.API
	kit.StreamsAPI
}

func (remoteTables) Location() remoteapi.Location {
	return remoteapi.Location{Region: "us-east-1", Endpoint: "http://127.0.0.1:8000"}
}

// On a remote table with a stream the TTL pane lists the TTL deletions
// its stream holds: the REMOVE records by dynamodb.amazonaws.com, newest
// first, with the expiry their old image had; a user's delete is not one.
// (Before, it only said to look in 6 Stream.) A table without a stream
// says why there is nothing to read.
func TestRemoteTTLDeletionsFromTheStream(t *testing.T) {
	eng, clk := uitest.LiveEngine(t)
	if _, err := eng.DeleteItem(context.Background(), &model.DeleteItemInput{TableName: "Messages",
		Key: model.Item{"UserId": model.S("maya"), "SentAt": model.S("2026-11-15T11:11:07Z")}}); err != nil {
		t.Fatal(err) // a user's delete: a REMOVE without the service's identity
	}
	uitest.TTLStory(t, eng, clk)
	api := remoteTables{API: eng, StreamsAPI: eng}
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), api, false)
	p.SetSize(uitest.PaneW, uitest.PaneH)
	tg, info := uitest.Target(t, api, "Messages", "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	uitest.Drive(t, p, p.SetShown(true))
	v := ansi.Strip(p.View())
	if got := strings.Count(v, "✓ deleted"); got != 3 {
		t.Fatalf("%d TTL deletions listed, want the 3 the sweep made:\n%s", got, v)
	}
	for _, want := range []string{"(REMOVE records by dynamodb.amazonaws.com in the table's stream)", "had expired"} {
		if !strings.Contains(v, want) {
			t.Errorf("want %q in\n%s", want, v)
		}
	}
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "✓ deleted") && strings.Contains(l, "2026-11-15T11:11:07Z") {
			t.Fatalf("the user's delete is listed as a TTL deletion: %q", l)
		}
	}

	// a table with TTL on and no stream
	tg, info = uitest.Target(t, api, "schema-demo", "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	if v := ansi.Strip(p.View()); !strings.Contains(v, "This table has no stream, so its TTL deletions cannot be read") {
		t.Fatalf("schema-demo (no stream):\n%s", v)
	}
}

// A stream record is a TTL deletion only when it is a REMOVE by the
// service principal dynamodb.amazonaws.com.
func TestTTLDeletionOfARecord(t *testing.T) {
	service := &model.Identity{Type: "Service", PrincipalID: "dynamodb.amazonaws.com"}
	rec := func(name string, id *model.Identity) model.Record {
		return model.Record{EventName: name, UserIdentity: id, Dynamodb: &model.StreamRecord{ApproximateCreationDateTime: 1700000000,
			Keys: model.Item{"pk": model.S("a")}, OldImage: model.Item{"pk": model.S("a"), "exp": model.N("1699990000")}}}
	}
	tests := []struct {
		name string
		rec  model.Record
		want bool
	}{
		{"TTL", rec(model.EventRemove, service), true},
		{"a user's delete", rec(model.EventRemove, nil), false},
		{"another principal", rec(model.EventRemove, &model.Identity{Type: "Service", PrincipalID: "lambda.amazonaws.com"}), false},
		{"not a REMOVE", rec(model.EventModify, service), false},
	}
	for _, tt := range tests {
		d, ok := ttlDeletion(tt.rec, "T", "exp")
		if ok != tt.want {
			t.Errorf("%s: %v", tt.name, ok)
		}
		if ok && (d.Expiry != "1699990000" || d.At.Unix() != 1700000000 || d.Key["pk"].S != "a") {
			t.Errorf("%s: %+v", tt.name, d)
		}
	}
}
