package engine

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/history"
	"github.com/dynoscope/dynoscope/model"
)

func sv(s string) model.AttributeValue { return model.AttributeValue{Type: model.TypeS, S: s} }

// row is an item with pk, sk and v strings.
func row(pk, sk, v string) model.Item {
	return model.Item{"pk": sv(pk), "sk": sv(sk), "v": sv(v)}
}

// itemTexts renders items as sorted JSON texts, for comparing sets.
func itemTexts(t testing.TB, items []model.Item) []string {
	t.Helper()
	out := make([]string, 0, len(items))
	for _, it := range items {
		b, err := json.Marshal(it)
		mustOK(t, err)
		out = append(out, string(b))
	}
	sort.Strings(out)
	return out
}

func itemsAt(t testing.TB, e *Engine, table string, at time.Time) []string {
	t.Helper()
	var items []model.Item
	mustOK(t, e.ItemsAt(ctx, table, at, func(it model.Item) error {
		items = append(items, it)
		return nil
	}))
	return itemTexts(t, items)
}

func scanTexts(t testing.TB, e *Engine, table string) []string {
	t.Helper()
	out, err := e.Scan(ctx, &model.ScanInput{TableName: table})
	mustOK(t, err)
	return itemTexts(t, out.Items)
}

func enablePITR(t testing.TB, e *Engine, table string, days *int) *model.ContinuousBackupsDescription {
	t.Helper()
	out, err := e.UpdateContinuousBackups(ctx, &model.UpdateContinuousBackupsInput{TableName: table,
		PointInTimeRecoverySpecification: &model.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: boolp(true), RecoveryPeriodInDays: days}})
	mustOK(t, err)
	return out.ContinuousBackupsDescription
}

func deleteRow(t testing.TB, e *Engine, table, pk, sk string) {
	t.Helper()
	_, err := e.DeleteItem(ctx, &model.DeleteItemInput{TableName: table, Key: model.Item{"pk": sv(pk), "sk": sv(sk)}})
	mustOK(t, err)
}

// historyKeys counts a table's history records.
func historyKeys(t testing.TB, e *Engine, table string) int {
	t.Helper()
	n := 0
	prefix := history.TablePrefix(table)
	e.db.View(func(tx *buntdb.Tx) error {
		return tx.AscendGreaterOrEqual("", prefix, func(k, _ string) bool {
			if !strings.HasPrefix(k, prefix) {
				return false
			}
			n++
			return true
		})
	})
	return n
}

func TestItemsAtRebuildsThePast(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "Orders", "sk", "S")
	put(t, e, "Orders", row("a", "1", "before PITR"))
	enablePITR(t, e, "Orders", nil)
	enabled := clock.Now()
	clock.Advance(time.Minute)
	put(t, e, "Orders", row("b", "1", "b1"))
	put(t, e, "Orders", row("a", "1", "a2"))
	clock.Advance(time.Minute)
	t1 := clock.Now()
	want1 := scanTexts(t, e, "Orders")
	clock.Advance(time.Second)
	put(t, e, "Orders", row("a", "1", "a3"))
	deleteRow(t, e, "Orders", "b", "1")
	put(t, e, "Orders", row("c", "1", "c1"))
	put(t, e, "Orders", row("a", "1", "a4"))
	clock.Advance(time.Minute)
	t2 := clock.Now()
	want2 := scanTexts(t, e, "Orders")
	clock.Advance(time.Millisecond)
	put(t, e, "Orders", row("d", "1", "after t2"))

	cases := []struct {
		name string
		at   time.Time
		want []string
	}{
		{"when PITR was enabled", enabled, itemTexts(t, []model.Item{row("a", "1", "before PITR")})},
		{"t1", t1, want1},
		{"t2", t2, want2},
		{"now", clock.Now(), scanTexts(t, e, "Orders")},
	}
	for _, c := range cases {
		if got := itemsAt(t, e, "Orders", c.at); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: ItemsAt =\n%v\nwant\n%v", c.name, got, c.want)
		}
	}

	type change struct{ keys, old, new string }
	text := func(it model.Item) string {
		if it == nil {
			return "-"
		}
		return it["pk"].S + "=" + it["v"].S
	}
	var got []change
	mustOK(t, e.ChangesBetween(ctx, "Orders", t1, t2, func(c ItemChange) error {
		got = append(got, change{c.Keys["pk"].S + "/" + c.Keys["sk"].S, text(c.Old), text(c.New)})
		return nil
	}))
	want := []change{{"a/1", "a=a2", "a=a3"}, {"b/1", "b=b1", "-"}, {"c/1", "-", "c=c1"}, {"a/1", "a=a3", "a=a4"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ChangesBetween(t1, t2) =\n%v\nwant\n%v", got, want)
	}
}

func TestItemsAtRefusesInstantsOutsideTheWindow(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "Orders", "sk", "S")
	before := clock.Now()
	err := e.ItemsAt(ctx, "Orders", before, func(model.Item) error { return nil })
	wantError(t, err, model.ErrPointInTimeRecoveryUnavailable, "Point in time recovery is not enabled for table 'Orders'")
	clock.Advance(time.Second)
	enablePITR(t, e, "Orders", nil)
	if err := e.ItemsAt(ctx, "Orders", before, func(model.Item) error { return nil }); !ErrOutsideWindow(err) {
		t.Errorf("ItemsAt before PITR was enabled: %v, want the outside-window error", err)
	}
	if err := e.ItemsAt(ctx, "Orders", clock.Now().Add(time.Second), func(model.Item) error { return nil }); !ErrOutsideWindow(err) {
		t.Errorf("ItemsAt in the future: %v, want the outside-window error", err)
	}
	if err := e.ChangesBetween(ctx, "Orders", clock.Now(), before, func(ItemChange) error { return nil }); !ErrOutsideWindow(err) {
		t.Errorf("ChangesBetween backwards: %v, want the outside-window error", err)
	}
	err = e.ItemsAt(ctx, "Nope", clock.Now(), func(model.Item) error { return nil })
	wantError(t, err, model.ErrResourceNotFound, "Requested resource not found")
}

func TestHistoryIsPrunedByThePeriodAndFreedWhenPITRIsOff(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "Orders", "sk", "S")
	d := enablePITR(t, e, "Orders", intp(1))
	if got := *d.PointInTimeRecoveryDescription.RecoveryPeriodInDays; got != 1 {
		t.Fatalf("RecoveryPeriodInDays = %d, want 1", got)
	}
	for i := 0; i < 10; i++ {
		put(t, e, "Orders", row("a", string(rune('0'+i)), "v"))
	}
	if n := historyKeys(t, e, "Orders"); n != 10 {
		t.Fatalf("history records = %d, want 10", n)
	}
	clock.Advance(25 * time.Hour)
	// Each write prunes up to two expired records: five writes prune all ten.
	for i := 0; i < 5; i++ {
		put(t, e, "Orders", row("b", string(rune('0'+i)), "v"))
	}
	if n := historyKeys(t, e, "Orders"); n != 5 {
		t.Fatalf("history records after a day and five writes = %d, want 5", n)
	}
	out, err := e.DescribeContinuousBackups(ctx, &model.DescribeContinuousBackupsInput{TableName: "Orders"})
	mustOK(t, err)
	p := out.ContinuousBackupsDescription.PointInTimeRecoveryDescription
	if want := epoch(clock.Now().Add(-24 * time.Hour)); *p.EarliestRestorableDateTime != want || *p.LatestRestorableDateTime != epoch(clock.Now()) {
		t.Errorf("window = %v..%v, want %v..%v", *p.EarliestRestorableDateTime, *p.LatestRestorableDateTime, want, epoch(clock.Now()))
	}
	_, err = e.UpdateContinuousBackups(ctx, &model.UpdateContinuousBackupsInput{TableName: "Orders",
		PointInTimeRecoverySpecification: &model.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: boolp(false)}})
	mustOK(t, err)
	if n := historyKeys(t, e, "Orders"); n != 0 {
		t.Fatalf("history records with PITR off = %d, want 0", n)
	}
}

func intp(v int) *int { return &v }

func TestHistorySurvivesReopenAndCompaction(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	clock := NewManualClock(testStart)
	open := func() *Engine {
		e, err := Open(Options{Path: path, Sync: SyncAlways, Clock: clock, DisableTTLSweeper: true})
		mustOK(t, err)
		return e
	}
	e := open()
	createSimple(t, e, "Orders", "sk", "S")
	enablePITR(t, e, "Orders", nil)
	put(t, e, "Orders", row("a", "1", "a1"))
	clock.Advance(time.Minute)
	t1 := clock.Now()
	want := scanTexts(t, e, "Orders")
	clock.Advance(time.Second)
	put(t, e, "Orders", row("a", "1", "a2"))
	mustOK(t, e.Compact())
	mustOK(t, e.Close())
	e = open()
	defer e.Close()
	if got := itemsAt(t, e, "Orders", t1); !reflect.DeepEqual(got, want) {
		t.Fatalf("ItemsAt(t1) after compaction and reopen =\n%v\nwant\n%v", got, want)
	}
	// The clock set back: new records still sort after the old ones.
	clock.Set(testStart)
	put(t, e, "Orders", row("a", "1", "a3"))
	if got := itemsAt(t, e, "Orders", t1); !reflect.DeepEqual(got, want) {
		t.Fatalf("ItemsAt(t1) after a write with the clock set back =\n%v\nwant\n%v", got, want)
	}
}

func TestUpdateContinuousBackupsValidation(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "Orders", "sk", "S")
	spec := func(on *bool, days *int) *model.PointInTimeRecoverySpecification {
		return &model.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: on, RecoveryPeriodInDays: days}
	}
	cases := []struct {
		name string
		in   model.UpdateContinuousBackupsInput
		code string
		msg  string
	}{
		{"no specification", model.UpdateContinuousBackupsInput{TableName: "Orders"}, model.ErrValidation,
			"1 validation error detected: Value null at 'pointInTimeRecoverySpecification' failed to satisfy constraint: Member must not be null"},
		{"no enabled flag", model.UpdateContinuousBackupsInput{TableName: "Orders", PointInTimeRecoverySpecification: spec(nil, nil)}, model.ErrValidation,
			"1 validation error detected: Value null at 'pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled' failed to satisfy constraint: Member must not be null"},
		{"period 36", model.UpdateContinuousBackupsInput{TableName: "Orders", PointInTimeRecoverySpecification: spec(boolp(true), intp(36))}, model.ErrValidation,
			"1 validation error detected: Value '36' at 'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to satisfy constraint: Member must have value less than or equal to 35"},
		{"period 0", model.UpdateContinuousBackupsInput{TableName: "Orders", PointInTimeRecoverySpecification: spec(boolp(true), intp(0))}, model.ErrValidation,
			"1 validation error detected: Value '0' at 'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to satisfy constraint: Member must have value greater than or equal to 1"},
		{"no table", model.UpdateContinuousBackupsInput{PointInTimeRecoverySpecification: spec(boolp(true), nil)}, model.ErrValidation,
			"1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null"},
		{"unknown table", model.UpdateContinuousBackupsInput{TableName: "Nope", PointInTimeRecoverySpecification: spec(boolp(true), nil)}, model.ErrTableNotFound,
			"Table not found: Nope"},
		{"unknown table by ARN", model.UpdateContinuousBackupsInput{TableName: "arn:aws:dynamodb:us-east-1:000000000000:table/Nope", PointInTimeRecoverySpecification: spec(boolp(true), nil)}, model.ErrTableNotFound,
			"Table not found: Nope"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.UpdateContinuousBackups(ctx, &c.in)
			wantError(t, err, c.code, c.msg)
		})
	}
	out, err := e.DescribeContinuousBackups(ctx, &model.DescribeContinuousBackupsInput{TableName: "arn:aws:dynamodb:us-east-1:000000000000:table/Orders"})
	mustOK(t, err)
	b, _ := json.Marshal(out)
	if want := `{"ContinuousBackupsDescription":{"ContinuousBackupsStatus":"ENABLED","PointInTimeRecoveryDescription":{"PointInTimeRecoveryStatus":"DISABLED"}}}`; string(b) != want {
		t.Errorf("DescribeContinuousBackups = %s, want %s", b, want)
	}
}
