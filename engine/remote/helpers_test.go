package remote

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remote/remotetest"
	"github.com/dynoscope/dynoscope/internal/sdkhttp"
	"github.com/dynoscope/dynoscope/model"
)

// twins is the test bed: an engine served over loopback HTTP (as
// `dynoscope serve` serves it, Streams API included) and reached through a
// Backend and the real SDK, and a twin engine called directly. Both run on
// one paused clock, so the same requests give the same answers: whatever
// the backend's conversions lose or change shows as a difference.
type twins struct {
	clock  *engine.VirtualClock
	served *engine.Engine
	twin   *engine.Engine
	url    string
	rw     *Backend // Write: true
	ro     *Backend // read-only
}

var testStart = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func newTwins(t testing.TB) *twins {
	t.Helper()
	clock := engine.NewManualClock(testStart)
	open := func() *engine.Engine {
		e, err := engine.Open(engine.Options{Clock: clock, DisableTTLSweeper: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { e.Close() })
		return e
	}
	tw := &twins{clock: clock, served: open(), twin: open()}
	tw.url = remotetest.Serve(t, tw.served)
	tw.rw = openTestBackend(t, tw.url, true)
	tw.ro = openTestBackend(t, tw.url, false)
	return tw
}

// openTestBackend opens a backend on url with static credentials; the
// request bodies reach net/http in memory (internal/sdkhttp: the cause of
// the connections the SDK's transport closed while an answer was read,
// aws/aws-sdk-go-v2#2737), only a lost connection is retried, and every
// exception of the service surfaces at once.
func openTestBackend(t testing.TB, url string, write bool) *Backend {
	t.Helper()
	b, err := Open(context.Background(), Options{EndpointURL: url, Region: "us-east-1", Write: write, RetryConnectionsOnly: true,
		Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", ""),
		HTTPClient:  sdkhttp.Client()}) // the request body in memory: see sdkhttp
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// tableIDs masks the random TableId of table descriptions.
var tableIDs = regexp.MustCompile(`"TableId":"[0-9a-f-]{36}"`)

// canonical is the JSON of a result (or error) with what may differ
// between two engines masked.
func canonical(t testing.TB, v any, err error) string {
	t.Helper()
	if err != nil {
		var me *model.Error
		if !errors.As(err, &me) {
			t.Fatalf("error %T is not a *model.Error: %v", err, err)
		}
		v = me
	}
	b, merr := json.Marshal(v)
	if merr != nil {
		t.Fatal(merr)
	}
	return tableIDs.ReplaceAllString(string(b), `"TableId":"…"`)
}

func ptr[T any](v T) *T { return &v }

// step is one request, made the same way on both twins.
type step struct {
	name string
	call func(ctx context.Context, api engine.API) (any, error)
	// wantErr is the exception both must answer ("" for success).
	wantErr string
}

// runSteps makes each step through the read-write backend and on the twin
// engine directly, in order, and checks both answered the same (masked as
// canonical says) and as the step expects.
func runSteps(t *testing.T, tw *twins, steps []step) {
	t.Helper()
	ctx := context.Background()
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			got, gerr := s.call(ctx, tw.rw)
			want, werr := s.call(ctx, tw.twin)
			// A step may start a GSI backfill, which runs in the
			// background: let both twins finish before the next step
			// compares them (else one may read CREATING, the other ACTIVE).
			tw.served.WaitBackgroundIndexWork()
			tw.twin.WaitBackgroundIndexWork()
			if (werr == nil) != (s.wantErr == "") {
				t.Fatalf("the engine answered %v, the step expects %q", werr, s.wantErr)
			}
			if werr != nil {
				if me := werr.(*model.Error); me.Code != s.wantErr {
					t.Fatalf("the engine answered %v, the step expects %q", werr, s.wantErr)
				}
			}
			g, w := canonical(t, got, gerr), canonical(t, want, werr)
			if g != w {
				t.Fatalf("through the backend:\n%s\ndirectly:\n%s", g, w)
			}
		})
	}
}
