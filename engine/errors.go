package engine

import (
	"errors"

	"github.com/dynoscope/dynoscope/model"
)

// The engine's sentinel errors, in one place. DynamoDB's exceptions are
// *model.Error values worded by the action that decides them (the common ones
// in model/errors.go); the errors here are the engine's own, or a DynamoDB
// exception the engine keeps as one value. (The Streams API's own are in
// engine/stream/errors.go.)
var (
	// errLoadEnded: a BulkLoad was used after Commit or Abort.
	errLoadEnded = errors.New("the load has ended")

	// errCancelled rolls back a write transaction whose reasons are recorded
	// on its actions; it never leaves the engine: the transaction answers
	// TransactionCanceledException with those reasons.
	errCancelled = errors.New("transaction cancelled")

	// errNotWriteStatement: a PartiQL statement given to the write path is
	// none of INSERT, UPDATE and DELETE (its callers never send another).
	errNotWriteStatement = errors.New("not a write statement")

	// errFacetUnnamed: SetTableDesign was given a facet without a name.
	errFacetUnnamed = errors.New("a facet needs a name")

	// errPatternNotJSON: SetTableDesign was given a saved access pattern
	// that is not JSON.
	errPatternNotJSON = errors.New("a saved pattern is not JSON")

	// errTrafficRate: NewTraffic was asked for a rate of zero or less.
	errTrafficRate = errors.New("traffic rate must be positive")

	// errSnapshotStopped: a compaction's snapshot was stopped because the
	// engine is closing (the rewrite is abandoned; the file stays as it was).
	errSnapshotStopped = errors.New("closing")

	// errBadCommand: a frame of the workspace file holds something other
	// than the SET and DEL commands the engine writes (replay stops there).
	errBadCommand = errors.New("a frame holds a command that is not SET or DEL")

	// errCorrupt: a stored item's value cannot be decoded (its size prefix is
	// missing); the request answers InternalServerError.
	errCorrupt = model.NewError(model.ErrInternalServer, "corrupt stored value")
)
