package engine

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

var ctx = context.Background()

// testStart is the virtual clock's start in engine tests.
var testStart = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// newTestEngine opens an in-memory engine on a paused virtual clock.
func newTestEngine(t testing.TB) (*Engine, *VirtualClock) {
	t.Helper()
	clock := NewManualClock(testStart)
	e, err := Open(Options{Clock: clock, DisableTTLSweeper: true, DisableThrottling: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e, clock
}

func i64(v int64) *int64 { return &v }
func i32(v int32) *int32 { return &v }
func boolp(v bool) *bool { return &v }

// wantError asserts err is a *model.Error with the given code and message.
func wantError(t testing.TB, err error, code, msg string) {
	t.Helper()
	var me *model.Error
	if !errors.As(err, &me) {
		t.Fatalf("error = %v, want %s: %s", err, code, msg)
	}
	if me.Code != code || me.Message != msg {
		t.Fatalf("error =\n  %s: %s\nwant\n  %s: %s", me.Code, me.Message, code, msg)
	}
}

func mustOK(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// createSimple creates a PAY_PER_REQUEST table with hash key pk (S) and,
// when sk is not "", range key sk of type skType.
func createSimple(t testing.TB, e *Engine, name, sk, skType string) {
	t.Helper()
	in := &model.CreateTableInput{
		TableName:            name,
		BillingMode:          model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}},
	}
	if sk != "" {
		in.AttributeDefinitions = append(in.AttributeDefinitions, model.AttributeDefinition{AttributeName: sk, AttributeType: skType})
		in.KeySchema = append(in.KeySchema, model.KeySchemaElement{AttributeName: sk, KeyType: "RANGE"})
	}
	_, err := e.CreateTable(ctx, in)
	mustOK(t, err)
}

func put(t testing.TB, e *Engine, table string, item model.Item) {
	t.Helper()
	_, err := e.PutItem(ctx, &model.PutItemInput{TableName: table, Item: item})
	mustOK(t, err)
}
