package ui

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remote"
	"github.com/dynoscope/dynoscope/engine/remote/remotetest"
	"github.com/dynoscope/dynoscope/model"
)

// loopbackPort is the port of a loopback URL on screen: the goldens show
// it as 00000 (ports of loopback listeners have five digits).
var loopbackPort = regexp.MustCompile(`127\.0\.0\.1:\d{5}`)

// startRemoteGolden runs the explorer as a program on backend b (serving
// eng) at w x h. The sidebar's selection rests 300 ms before a table is
// read, so walking the sidebar reads only where it stops.
func startRemoteGolden(t *testing.T, eng *engine.Engine, b *remote.Backend, w, h int) goldenRun {
	t.Helper()
	m := New(b, Options{Workspace: b.Location().String(), Now: func() time.Time { return t0 }, Copy: func(string) error { return nil },
		SelectDelay: 300 * time.Millisecond, Live: true})
	tm := runProgram(t, m, w, h)
	g := goldenRun{t: t, tm: tm, eng: eng, w: w, h: h,
		mask: func(s string) string { return loopbackPort.ReplaceAllString(s, "127.0.0.1:00000") }}
	g.waitFor("│▸ ")
	return g
}

// remoteGoldenBed serves the forum data set, Thread tagged, read-only.
func remoteGoldenBed(t *testing.T) (*engine.Engine, *remote.Backend) {
	t.Helper()
	eng := demoEngine(t, "forum")
	arn := describe(t, eng, "Thread").TableArn
	if _, err := eng.TagResource(context.Background(), &model.TagResourceInput{ResourceArn: &arn,
		Tags: []model.Tag{{Key: "team", Value: "forums"}, {Key: "env", Value: "prod"}}}); err != nil {
		t.Fatal(err)
	}
	return eng, openRemote(t, remotetest.Serve(t, eng), false, "")
}

// remoteSchemaGolden: the sidebar with DynamoDB's counts and the schema of
// Thread with its tags; the status bar adds up what was read (Forum's first
// page, then Thread's).
func remoteSchemaGolden(t *testing.T, w, h int) {
	eng, b := remoteGoldenBed(t)
	g := startRemoteGolden(t, eng, b, w, h)
	g.waitFor("consumed 0.5 RCU · 0 WCU in 1 request")
	g.goToTable("Thread")
	g.waitFor("Tags  env=prod · team=forums")
	g.waitFor("consumed 1.5 RCU · 0 WCU in 2 requests")
	g.finish()
}

func TestGoldenRemoteSchema(t *testing.T) { remoteSchemaGolden(t, 120, 40) }

func TestGoldenRemoteSchemaSmall(t *testing.T) { remoteSchemaGolden(t, 80, 24) }

// remoteItemsGolden: Thread's first Scan page with what it consumed.
func remoteItemsGolden(t *testing.T, w, h int) {
	eng, b := remoteGoldenBed(t)
	g := startRemoteGolden(t, eng, b, w, h)
	g.waitFor("consumed 0.5 RCU · 0 WCU in 1 request")
	g.goToTable("Thread")
	g.waitFor("consumed 1.5 RCU · 0 WCU in 2 requests")
	g.keys("2")
	g.waitFor("page 1: 1 RCU · 1 RCU read so far")
	g.finish()
}

func TestGoldenRemoteItems(t *testing.T) { remoteItemsGolden(t, 120, 40) }

func TestGoldenRemoteItemsSmall(t *testing.T) { remoteItemsGolden(t, 80, 24) }

// remoteReadOnlyGolden: d on an item of a read-only table is refused with
// one line; nothing opens.
func remoteReadOnlyGolden(t *testing.T, w, h int) {
	eng, b := remoteGoldenBed(t)
	g := startRemoteGolden(t, eng, b, w, h)
	g.waitFor("consumed 0.5 RCU · 0 WCU in 1 request")
	g.goToTable("Thread")
	g.waitFor("consumed 1.5 RCU · 0 WCU in 2 requests")
	g.keys("2", "d")
	g.waitFor("read-only: start with --write")
	g.finish()
}

func TestGoldenRemoteReadOnly(t *testing.T) { remoteReadOnlyGolden(t, 120, 40) }

func TestGoldenRemoteReadOnlySmall(t *testing.T) { remoteReadOnlyGolden(t, 80, 24) }

// holdScans holds every whole-table Scan page after the first (a Scan
// without Limit: the survey's) until the request is cancelled or the test
// ends.
func holdScans(t *testing.T) func(http.Handler) http.Handler {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	var pages atomic.Int32
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			if strings.HasSuffix(r.Header.Get("X-Amz-Target"), ".Scan") && !bytes.Contains(body, []byte(`"Limit"`)) && pages.Add(1) > 1 {
				select {
				case <-r.Context().Done():
					return
				case <-release:
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// S reads a table whole after saying what it costs; its progress shows
// while it reads, and S stops it: what was read is kept and said.
func TestRemoteSurveyStopKey(t *testing.T) {
	eng := demoEngine(t, "employees")
	bigTable(t, eng, "Big", 300, 8000)
	b := openRemote(t, remotetest.Serve(t, eng, holdScans(t)), false, "")
	g := startRemoteGolden(t, eng, b, 120, 40)
	g.waitFor("▸ Big")
	g.keys("S")
	g.waitFor("Read all of Big?")
	g.waitFor("Scan of Big: ~300 items")
	g.keys("y")
	g.waitFor("S stops · reading Big: ")
	g.waitFor(" of ~300 items")
	g.keys("S")
	g.waitFor("stopped after ")
	sc := g.screen()
	if !strings.Contains(sc, " items of Big · ") || strings.Contains(sc, "read all") {
		t.Fatalf("after S:\n%s", sc)
	}
	if err := g.tm.Quit(); err != nil {
		t.Fatal(err)
	}
	g.tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}
