package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// A jump that expires one item says "1 item expires", in the title and
// on the table's line (before: "1 item expire").
func TestClockJumpQuestionOneItem(t *testing.T) {
	eng, clk := liveEngine(t, "messages-ttl")
	m := newFileModel(t, eng, "work.db", 120, 40)
	effects, err := eng.TTLJumpEffects(clk.Now().Add(time.Hour))
	if err != nil || len(effects) != 1 || effects[0].Expire != 1 {
		t.Fatalf("an hour on: %+v %v (the test wants one item expiring)", effects, err)
	}
	press(t, m, ">", "1h", "enter")
	if m.modal == nil {
		t.Fatalf("the jump did not ask:\n%s", screen(m))
	}
	s := flat(m)
	for _, want := range []string{"? 1 item expires", "Messages: 1 item expires (the first at " + effects[0].Earliest.UTC().Format("2006-01-02 15:04:05") + ")"} {
		if !strings.Contains(s, want) {
			t.Errorf("want %q on\n%s", want, screen(m))
		}
	}
	if strings.Contains(s, "item expire ") {
		t.Errorf("a verb in the plural after one item:\n%s", screen(m))
	}
}

// The Schema pane counts an index's key-schema violations in words that
// agree with the count: two items violate, one item violates.
func TestSchemaViolationsAgree(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "schema-demo", "")
	press(t, m, "1")
	if s := paneFlat(m); !strings.Contains(s, "! 2 items violate the key schema (backfill skipped them; writes to them fail until fixed)") {
		t.Fatalf("two violations:\n%s", screen(m))
	}
	// Zuzi's admitted becomes a Number, as lesson 9 fixes it
	ch, cancel := eng.Subscribe(64)
	defer cancel()
	_, err := eng.UpdateItem(context.Background(), &model.UpdateItemInput{TableName: "schema-demo",
		Key: model.Item{"pk": model.S("ZUZ001")}, UpdateExpression: "SET admitted = :n",
		ExpressionAttributeValues: map[string]model.AttributeValue{":n": model.N("1672563600")}})
	if err != nil {
		t.Fatal(err)
	}
	events(t, m, ch)
	if s := paneFlat(m); !strings.Contains(s, "! 1 item violates the key schema (backfill skipped it; writes to it fail until fixed)") {
		t.Fatalf("one violation:\n%s", screen(m))
	}
}

// At 80x24 the Capacity pane's lines are cut to one each, and what is cut
// is what matters least: the title keeps the limits whole (throttling off,
// a warning, moves to the start of the next line), the bucket levels come
// before the warm throughput, and the traffic line keeps its rate and t's
// action (the workload's name gives way).
func TestCapacityLinesAt80x24KeepWhatChanges(t *testing.T) {
	eng := demoEngine(t, "iot-device-reports")
	eng.SetThrottling(true)
	m := newTestModel(t, eng, 80, 24)
	selectInSidebar(t, m, "DeviceReports", "")
	press(t, m, "4")
	s := screen(m)
	for _, want := range []string{
		"ON-DEMAND ≤ 40,000 RRU / 40,000 WRU│",
		"│left this second: read 39,999 of 40,000 · write 40,…│",
		"rate ◂ 1,500/s ▸   t start",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("want %q on\n%s", want, s)
		}
	}
	eng.SetThrottling(false)
	press(t, m, "1", "4") // the pane reads the metrics again
	if s := screen(m); !strings.Contains(s, "│throttling off · left this second: read") {
		t.Errorf("want throttling off at the start of the second line on\n%s", s)
	}
}
