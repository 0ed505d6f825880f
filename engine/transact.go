package engine

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// Transaction limits (API Reference, TransactWriteItems and
// TransactGetItems).
const (
	maxTransactItems     = 100
	maxTransactBytes     = 4 << 20
	maxClientTokenLength = 36
	// idempotencyWindow is how long (engine time) after a transaction
	// finished its ClientRequestToken answers retries (Developer Guide,
	// "Idempotency": "A client token is valid for 10 minutes after the
	// request that uses it finishes").
	idempotencyWindow = 10 * time.Minute
)

// Texts of the transaction errors DynamoDB words itself. Sources: the
// paritysuite/dynamodb-conformance captures of real DynamoDB (multiple
// operations), DynamoDB Local's LocalDBClientExceptionMessage (the others,
// which no capture of the service covers).
const (
	msgTransactDuplicateItem  = "Transaction request cannot include multiple operations on one item"
	msgTransactNoOperation    = "Invalid Request: TransactWriteRequest should contain Delete or Put or Update request"
	msgTransactManyOperations = "TransactItems can only contain one of Check, Put, Update or Delete"
	msgTransactPayloadTooBig  = "Transaction payload size cannot exceed 4MB. Payload Size: %d"
	msgIdempotentMismatch     = "Specified idempotent token was used with different request parameters within the idempotency window"
	// msgDuplicateItem is DuplicateItemException's text (PartiQL INSERT of
	// an existing key; quoted from DynamoDB in several public threads).
	msgDuplicateItem = "Duplicate primary key exists in table"
)

// transactionalFactor is what a transaction pays over the same reads and
// writes outside one: DynamoDB reads or writes every item twice, once to
// prepare and once to commit (Developer Guide, "Capacity management for
// transactions"). It applies to the items of the tables only: a GSI or LSI
// entry is written once, as the same write outside a transaction writes it,
// since index changes propagate after the transaction has committed
// (Developer Guide, "Amazon DynamoDB Transactions: How it works"; measured
// against DynamoDB in nubo-db/dynoxide#188). See docs/FIDELITY.md.
const transactionalFactor = 2

// idempotencyKey names a ClientRequestToken of one action: the token of a
// TransactWriteItems and that of an ExecuteTransaction are separate.
type idempotencyKey struct {
	action string
	token  string
}

// idempotentResult is a finished transaction a retry with its token gets
// again.
type idempotentResult struct {
	signature [sha256.Size]byte
	finished  time.Time
	done      chan struct{} // closed when the first run finished
	ok        bool          // the first run succeeded (failures are not kept)
	// reads are the items the transaction wrote, for the read units a retry
	// reports (Developer Guide: "Subsequent TransactWriteItems calls with the
	// same client token return the number of read capacity units consumed
	// in reading the item").
	reads []transactRead
	// metrics is the ItemCollectionMetrics of the first answer.
	metrics map[string][]model.ItemCollectionMetrics
}

// transactRead is one item a replayed transaction reads for its capacity.
type transactRead struct {
	table string
	key   string // storage key
}

// idempotencyTokens remembers successful transactions by token for the
// idempotency window of engine time.
type idempotencyTokens struct {
	mu    sync.Mutex
	byKey map[idempotencyKey]*idempotentResult
	order []idempotencyKey // insertion order, for expiry
}

// transactSignature digests what makes two requests "the same": the
// actions, not the capacity or metrics options.
func transactSignature(v any) [sha256.Size]byte {
	b, err := json.Marshal(v)
	if err != nil {
		// Unreachable: the inputs are plain model values.
		panic(fmt.Sprintf("transaction signature: %v", err))
	}
	return sha256.Sum256(b)
}

// begin claims a token. It returns the earlier result when a transaction
// with this token finished successfully within the window (the caller
// replays it), IdempotentParameterMismatchException when that transaction
// was a different request, or a new entry the caller must finish with end.
// A retry that arrives while the first run is still going waits for it.
func (it *idempotencyTokens) begin(key idempotencyKey, sig [sha256.Size]byte, now time.Time) (prev, mine *idempotentResult, err error) {
	for {
		it.mu.Lock()
		if it.byKey == nil {
			it.byKey = map[idempotencyKey]*idempotentResult{}
		}
		it.expire(now)
		r := it.byKey[key]
		if r == nil {
			r = &idempotentResult{signature: sig, done: make(chan struct{})}
			it.byKey[key] = r
			it.mu.Unlock()
			return nil, r, nil
		}
		select {
		case <-r.done:
			it.mu.Unlock()
			if r.signature != sig {
				return nil, nil, model.NewError(model.ErrIdempotentParameterMismatch, msgIdempotentMismatch)
			}
			return r, nil, nil
		default:
		}
		it.mu.Unlock()
		<-r.done // a concurrent first run: wait for its outcome
	}
}

// end records the outcome of a claimed token: a success is kept for the
// window, a failure frees the token (a retry runs afresh).
func (it *idempotencyTokens) end(key idempotencyKey, r *idempotentResult, ok bool, now time.Time) {
	it.mu.Lock()
	defer it.mu.Unlock()
	r.ok, r.finished = ok, now
	if ok {
		it.order = append(it.order, key)
	} else if it.byKey[key] == r {
		delete(it.byKey, key)
	}
	close(r.done)
}

// expire forgets tokens whose window has passed. Called with mu held.
func (it *idempotencyTokens) expire(now time.Time) {
	n := 0
	for n < len(it.order) {
		key := it.order[n]
		r := it.byKey[key]
		if r != nil && now.Sub(r.finished) < idempotencyWindow {
			break
		}
		if r != nil {
			delete(it.byKey, key)
		}
		n++
	}
	if n > 0 {
		it.order = append(it.order[:0], it.order[n:]...)
	}
}

// reasonFor maps an error an action met while its transaction ran to its
// cancellation reason.
func reasonFor(err *model.Error) model.CancellationReason {
	switch err.Code {
	case model.ErrConditionalCheckFailed:
		return model.CancellationReason{Code: model.ReasonConditionalCheckFailed, Message: err.Message, Item: err.Item}
	case model.ErrItemCollectionSizeLimit:
		return model.CancellationReason{Code: model.ReasonItemCollectionSizeLimitExceeded, Message: err.Message}
	case model.ErrProvisionedThroughput:
		return model.CancellationReason{Code: model.ReasonProvisionedThroughputExceeded, Message: err.Message}
	case model.ErrThrottling:
		return model.CancellationReason{Code: model.ReasonThrottlingError, Message: err.Message}
	case model.ErrTransactionConflict:
		return model.CancellationReason{Code: model.ReasonTransactionConflict, Message: err.Message}
	case model.ErrResourceNotFound:
		return model.CancellationReason{Code: model.ReasonResourceNotFound, Message: err.Message}
	case model.ErrDuplicateItem:
		return model.CancellationReason{Code: model.ReasonDuplicateItem, Message: err.Message}
	}
	return model.CancellationReason{Code: model.ReasonValidationError, Message: err.Message}
}

// transactReport lays out the per-table usages of a transaction as
// ConsumedCapacity: one entry per table, with the units also under
// WriteCapacityUnits (writes) or ReadCapacityUnits (reads), as DynamoDB
// reports transactions (AWS CLI examples of transact-write-items and
// transact-get-items).
func transactReport(usages map[string]*capacity.Usage, mode string, write bool) []model.ConsumedCapacity {
	out := capacity.ReportAll(usages, mode)
	both := func(c *model.Units) (*model.Units, *model.Units) {
		v := *c
		if write {
			return nil, &v
		}
		return &v, nil
	}
	for i := range out {
		cc := &out[i]
		cc.ReadCapacityUnits, cc.WriteCapacityUnits = both(&cc.CapacityUnits)
		if cc.Table != nil {
			cc.Table.ReadCapacityUnits, cc.Table.WriteCapacityUnits = both(&cc.Table.CapacityUnits)
		}
		for _, m := range []map[string]model.Capacity{cc.GlobalSecondaryIndexes, cc.LocalSecondaryIndexes} {
			for name, c := range m {
				c.ReadCapacityUnits, c.WriteCapacityUnits = both(&c.CapacityUnits)
				m[name] = c
			}
		}
	}
	return out
}

// doubleUsage multiplies what one action consumed on its table by the
// transactional factor; its index writes stay as they are.
func doubleUsage(u *capacity.Usage) {
	u.Read *= transactionalFactor
	u.Write *= transactionalFactor
}
