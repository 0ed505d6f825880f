package engine

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// TestConcurrentTransactionsOnOneItem runs transactions and single-item
// writes on the same items from many goroutines. DynamoDB would cancel some
// of them with TransactionConflict; a serialised engine orders them instead,
// so every one commits or fails on its own condition, never half-applied:
// no increment is lost, and the two items a transaction moves together stay
// equal.
func TestConcurrentTransactionsOnOneItem(t *testing.T) {
	e, _ := newTestEngine(t)
	createTxnTables(t, e)
	put(t, e, "accounts", model.Item{"pk": model.S("x"), "owner": model.S("ann"), "n": model.N("0"), "v": model.N("0")})
	put(t, e, "emails", model.Item{"pk": model.S("y"), "n": model.N("0")})
	add := func(table, key string) model.TransactWriteItem {
		return model.TransactWriteItem{Update: &model.Update{TableName: table, Key: pk(key), UpdateExpression: "ADD n :one",
			ExpressionAttributeValues: vals(":one", model.N("1"))}}
	}
	const writers, rounds = 8, 50
	var both, singles, versioned, lost atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < rounds; i++ {
				switch i % 3 {
				case 0: // both items, together
					if _, err := e.TransactWriteItems(ctx, &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{add("accounts", "x"), add("emails", "y")}}); err != nil {
						t.Error(err)
						return
					}
					both.Add(1)
				case 1: // a single-item write to x alone
					if _, err := e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "accounts", Key: pk("x"), UpdateExpression: "ADD n :one",
						ExpressionAttributeValues: vals(":one", model.N("1"))}); err != nil {
						t.Error(err)
						return
					}
					singles.Add(1)
				default: // optimistic: bump the version only if nobody else did
					cur := getItem(t, e, "accounts", pk("x"))["v"].N
					_, err := e.TransactWriteItems(ctx, &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
						{Update: &model.Update{TableName: "accounts", Key: pk("x"), UpdateExpression: "SET v = v + :one", ConditionExpression: "v = :cur",
							ExpressionAttributeValues: vals(":one", model.N("1"), ":cur", model.N(cur))}},
						add("emails", fmt.Sprintf("log-%s", cur)),
					}})
					switch me, _ := err.(*model.Error); {
					case err == nil:
						versioned.Add(1)
					case me != nil && me.Code == model.ErrTransactionCanceled && me.CancellationReasons[0].Code == "ConditionalCheckFailed" &&
						me.CancellationReasons[1].Code == "None":
						lost.Add(1)
					default:
						t.Error(err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	x := getItem(t, e, "accounts", pk("x"))
	y := getItem(t, e, "emails", pk("y"))
	if got, want := x["n"].N, fmt.Sprint(both.Load()+singles.Load()); got != want {
		t.Fatalf("x.n = %s, want %s: an increment was lost", got, want)
	}
	if got, want := y["n"].N, fmt.Sprint(both.Load()); got != want {
		t.Fatalf("y.n = %s, want %s: a transaction was half applied", got, want)
	}
	if got, want := x["v"].N, fmt.Sprint(versioned.Load()); got != want {
		t.Fatalf("x.v = %s, want %s committed version bumps", got, want)
	}
	// Each committed bump logged under its own version: no two committed
	// with the same one.
	for v := int64(0); v < versioned.Load(); v++ {
		if got := getItem(t, e, "emails", pk(fmt.Sprintf("log-%d", v)))["n"].N; got != "1" {
			t.Fatalf("log-%d n = %q", v, got)
		}
	}
	if versioned.Load()+lost.Load() != writers*(rounds/3) {
		t.Fatalf("%d + %d optimistic transactions, want %d", versioned.Load(), lost.Load(), writers*(rounds/3))
	}
	checkIndexesMatchTable(t, e, "accounts")
}
