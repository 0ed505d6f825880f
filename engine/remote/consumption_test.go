package remote

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// The meter sums what the backend's requests consumed per second, split
// by table and, with INDEXES, by index; the current second is not shown
// until it is over.
func TestMeterPerSecond(t *testing.T) {
	now := testStart
	m := NewMeter(func() time.Time { return now })
	m.record(opWrite, &model.ConsumedCapacity{TableName: "Orders", CapacityUnits: 3, Table: &model.Capacity{CapacityUnits: 1},
		GlobalSecondaryIndexes: map[string]model.Capacity{"byG": {CapacityUnits: 1}}, LocalSecondaryIndexes: map[string]model.Capacity{"byS": {CapacityUnits: 1}}})
	m.record(opRead, &model.ConsumedCapacity{TableName: "Orders", CapacityUnits: 0.5})
	m.recordAll(opRead, []model.ConsumedCapacity{{TableName: "Orders", CapacityUnits: 1}, {TableName: "Plain", CapacityUnits: 2}})
	m.record(opRead, nil)
	now = now.Add(2 * time.Second)
	m.record(opRead, &model.ConsumedCapacity{TableName: "Plain", CapacityUnits: 4})
	now = now.Add(time.Second)

	got := m.PerSecond("Orders", 3)
	want := []Second{
		{Start: testStart, Read: 1.5, Write: 3, Indexes: map[string]IndexUnits{"byG": {Write: 1}, "byS": {Write: 1}}},
		{Start: testStart.Add(time.Second)},
		{Start: testStart.Add(2 * time.Second)},
	}
	for i := range got {
		got[i].Start = got[i].Start.UTC()
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Orders:\n%+v\nwant\n%+v", got, want)
	}
	all := m.PerSecond("", 3)
	if all[0].Read != 3.5 || all[0].Write != 3 || all[0].Indexes != nil || all[2].Read != 4 {
		t.Fatalf("all tables: %+v", all)
	}
	if tot := m.Totals(); tot != (Totals{ReadUnits: 7.5, WriteUnits: 3, Requests: 5, Unmetered: 1}) {
		t.Fatalf("totals %+v", tot)
	}
	if tabs := m.Tables(); !reflect.DeepEqual(tabs, []string{"Orders", "Plain"}) {
		t.Fatalf("tables %v", tabs)
	}
	// Seconds older than the window are dropped.
	now = now.Add(meterWindow * time.Second)
	m.record(opRead, &model.ConsumedCapacity{TableName: "Plain", CapacityUnits: 1})
	if tabs := m.Tables(); !reflect.DeepEqual(tabs, []string{"Plain"}) {
		t.Fatalf("tables after the window: %v", tabs)
	}
}

// The backend's meter counts what its requests got back.
func TestBackendMeters(t *testing.T) {
	tw := newTwins(t)
	ctx := context.Background()
	if _, err := tw.rw.CreateTable(ctx, ordersTable()); err != nil {
		t.Fatal(err)
	}
	if _, err := tw.rw.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: allTypes("a", "1"),
		ReturnConsumedCapacity: model.ReturnCapacityIndexes}); err != nil {
		t.Fatal(err)
	}
	if _, err := tw.rw.GetItem(ctx, &model.GetItemInput{TableName: "Orders", Key: model.Item{"pk": model.S("a"), "sk": model.N("1")},
		ReturnConsumedCapacity: model.ReturnCapacityTotal}); err != nil {
		t.Fatal(err)
	}
	if tot := tw.rw.Consumption().Totals(); tot != (Totals{ReadUnits: 0.5, WriteUnits: 3, Requests: 2}) {
		t.Fatalf("totals %+v", tot)
	}
}
