package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/engine/workspace"
	"github.com/dynoscope/dynoscope/model"
)

// Sync policies for a file workspace.
const (
	SyncAlways      = "always"
	SyncEverySecond = "everysecond"
	SyncNever       = "never"
)

// Options configure an Engine.
type Options struct {
	// Path is the BuntDB file of the workspace; "" or ":memory:" keeps
	// everything in memory.
	Path string
	// Sync is the fsync policy of a file workspace: SyncAlways,
	// SyncEverySecond (the default) or SyncNever.
	Sync string
	// Clock is the engine's clock; nil means the wall clock.
	Clock Clock
	// Region and AccountID appear in ARNs (defaults us-east-1, 000000000000).
	Region    string
	AccountID string
	// TableCreateDelay and TableDeleteDelay: how long a table stays CREATING
	// or DELETING before it becomes ACTIVE or disappears (default 0: at once,
	// right after the response that says CREATING/DELETING).
	TableCreateDelay time.Duration
	TableDeleteDelay time.Duration
	// ItemCollectionSizeLimit overrides the 10 GB item-collection limit of
	// tables with LSIs (tests lower it).
	ItemCollectionSizeLimit int64
	// BackfillBatchSize is how many items one GSI-backfill transaction reads
	// (default 1000); BackfillPause waits between batches so a person can
	// watch a build (default 0).
	BackfillBatchSize int
	BackfillPause     time.Duration
	// VectorQuantThreshold is the size from which a vector index
	// partition is searched by scanning its vectors' 8-bit codes and
	// scoring exactly only those the scan cannot rule out — the same
	// results as comparing every vector (0: the default,
	// vector.DefaultQuantThreshold; negative: never).
	VectorQuantThreshold int
	// TTLDeletionDelay is how long (engine time) after expiry the sweeper
	// deletes an item (0: DefaultTTLDeletionDelay; negative: at once).
	// TTLSweepInterval is how often (wall time) it looks (0: every second).
	// DisableTTLSweeper stops the background sweeper; SweepTTL still works.
	TTLDeletionDelay  time.Duration
	TTLSweepInterval  time.Duration
	DisableTTLSweeper bool
	// DisableThrottling turns throttling off for the workspace: requests are
	// never refused for throughput, though units and metrics are recorded.
	DisableThrottling bool
	// DisableMetrics stops the per-second metrics feed (units are still
	// charged to the throughput buckets).
	DisableMetrics bool
	// StreamRetention bounds what each stream keeps: 24 hours (or less),
	// and at most a number of records and of bytes (zero fields: the
	// defaults, 100,000 records and 64 MB); see stream_bounds.go.
	StreamRetention StreamRetention
	// S3Dir is the folder standing in for Amazon S3 (engine/s3dir) that
	// exports write to and imports and bulk puts read from; "" serves
	// none of them.
	S3Dir string
}

// Engine is an in-process DynamoDB. It is safe for concurrent use.
type Engine struct {
	db    *buntdb.DB
	store storage
	notes []string // what opening the workspace found and did
	// openCounts are the entry counts the replay kept (by data or index
	// prefix), used once by readTables instead of walking the data.
	openCounts map[string]*prefixCount
	opts       Options
	clock      Clock

	// heat is the Contributor Insights key heat by table id (key_heat.go),
	// guarded by heatMu.
	heatMu sync.Mutex
	heat   map[string]*tableHeat

	mu     sync.RWMutex // guards tables; held (read) for the length of each item action
	tables map[string]*table

	streamSeq atomic.Uint64
	// histAt and histSeq stamp history records (point_in_time.go): the
	// last instant used and the last sequence number.
	histAt    atomic.Int64
	histSeq   atomic.Uint64
	bounds    streamBounds
	closed    atomic.Bool
	bg        sync.WaitGroup
	backfills sync.WaitGroup
	stop      chan struct{}

	ttl    ttlState
	hub    hub
	reqLog requestLog
	meter  *capacity.Meter

	progressMu sync.Mutex
	progress   map[string]*BackfillProgress

	tokens idempotencyTokens // ClientRequestTokens of finished transactions

	jobs jobs // exports, imports and bulk puts (transfer.go)
}

var _ API = (*Engine)(nil)

// Open opens (or creates) a workspace and rebuilds the in-memory table
// metadata and statistics from it.
func Open(opts Options) (*Engine, error) {
	path := opts.Path
	if path == "" {
		path = ":memory:"
	}
	if opts.Region == "" {
		opts.Region = "us-east-1"
	}
	if opts.AccountID == "" {
		opts.AccountID = "000000000000"
	}
	var policy workspace.SyncPolicy
	switch opts.Sync {
	case SyncAlways:
		policy = workspace.SyncAlways
	case SyncNever:
		policy = workspace.SyncNever
	case "", SyncEverySecond:
		policy = workspace.SyncEverySecond
	default:
		return nil, fmt.Errorf("unknown sync policy %q (want always, everysecond or never)", opts.Sync)
	}
	db, err := buntdb.Open(":memory:")
	if err != nil {
		return nil, err
	}
	var file *workspace.File
	var notes []string
	var counts map[string]*prefixCount
	if path != ":memory:" {
		file, notes, counts, err = openStorage(db, path, policy)
		if err != nil {
			db.Close()
			return nil, err
		}
	}
	e := newEngine(db, file, notes, opts)
	e.openCounts = counts
	if file != nil && file.Format() == workspace.FormatLegacy {
		if err := checkLegacyKeys(db, path); err != nil {
			e.Close()
			return nil, err
		}
	}
	if err := e.readTables(false); err != nil {
		e.Close()
		return nil, err
	}
	if file != nil && file.Format() == workspace.FormatLegacy {
		if err := e.convertLegacy(); err != nil {
			e.Close()
			return nil, err
		}
	}
	readOnly := file != nil && file.ReadOnly()
	if err := e.loadJobs(!readOnly); err != nil {
		e.Close()
		return nil, err
	}
	if readOnly {
		// Browsing only: nothing resumes, nothing expires, nothing is
		// written.
		e.opts.DisableTTLSweeper = true
		e.startSweeper()
		return e, nil
	}
	if file != nil && file.Format() == workspace.FormatWorkspace && file.Version() < 2 {
		if err := e.convertV1(); err != nil {
			e.Close()
			return nil, err
		}
	}
	e.resume()
	e.startSweeper()
	return e, nil
}

// newEngine builds an engine over an opened database, without reading its
// tables or starting background work.
func newEngine(db *buntdb.DB, file *workspace.File, notes []string, opts Options) *Engine {
	e := &Engine{db: db, store: storage{file: file}, notes: notes, opts: opts, clock: opts.Clock, tables: map[string]*table{}, stop: make(chan struct{})}
	if e.clock == nil {
		e.clock = RealClock{}
	}
	e.jobs.byID = map[string]*job{}
	e.meter = capacity.NewMeter(e.clock, capacity.MeterOptions{DisableThrottling: opts.DisableThrottling, DisableMetrics: opts.DisableMetrics})
	return e
}

// Close stops background work and closes the workspace.
func (e *Engine) Close() error {
	if e.closed.Swap(true) {
		return nil
	}
	close(e.stop)
	e.bg.Wait()
	e.jobs.wg.Wait()
	if e.jobs.s3 != nil {
		e.jobs.s3.Close()
	}
	e.meter.Close()
	err := e.closeStorage()
	if cerr := e.db.Close(); err == nil {
		err = cerr
	}
	return err
}

// Clock returns the engine's clock.
func (e *Engine) Clock() Clock { return e.clock }

// now returns the engine time.
func (e *Engine) now() time.Time { return e.clock.Now() }

// readTables builds the in-memory tables from storage and counts their
// items, without writing anything. A table description that cannot be read
// is an error naming the table, unless skipBad (repair) is set: then the
// table is left out and its name returned through e.notes.
func (e *Engine) readTables(skipBad bool) error {
	var metas []tableMeta
	var bad error
	err := e.db.View(func(tx *buntdb.Tx) error {
		return tx.AscendGreaterOrEqual("", prefixTable, func(k, v string) bool {
			if !strings.HasPrefix(k, prefixTable) {
				return false
			}
			var m tableMeta
			if err := json.Unmarshal([]byte(v), &m); err != nil || m.Desc.TableName != k[len(prefixTable):] {
				if err == nil {
					err = fmt.Errorf("it names table %q", m.Desc.TableName)
				}
				if !skipBad {
					bad = fmt.Errorf("the description of table %q in the workspace cannot be read (%v); run 'dynoscope repair --db FILE'", k[len(prefixTable):], err)
					return false
				}
				e.notes = append(e.notes, fmt.Sprintf("table %q: its description cannot be read (%v), nor any earlier one: left out, with its items", k[len(prefixTable):], err))
				return true
			}
			metas = append(metas, m)
			return true
		})
	})
	if err != nil {
		return err
	}
	if bad != nil {
		return bad
	}
	for i := range metas {
		t := e.newTable(&metas[i], &tableStats{})
		e.tables[t.name] = t
		if !e.takeCounts(t) {
			if err := e.recountTable(t); err != nil {
				return err
			}
		}
		if err := e.loadVectors(t); err != nil {
			return err
		}
		e.configureMeter(t)
	}
	e.openCounts = nil
	var maxSeq uint64
	err = e.db.View(func(tx *buntdb.Tx) error {
		return tx.AscendGreaterOrEqual("", prefixStream, func(k, v string) bool {
			if !strings.HasPrefix(k, prefixStream) {
				return false
			}
			if seq := streamSeqFromKey(k); seq > maxSeq {
				maxSeq = seq
			}
			return true
		})
	})
	e.streamSeq.Store(maxSeq)
	if err != nil {
		return err
	}
	return e.initHistory()
}

// resume finishes deletes, activations and online index work that a close
// or crash interrupted.
func (e *Engine) resume() {
	e.rollBackLoads()
	var deleting, activate []string
	var resume []func()
	for _, t := range e.tables {
		name := t.name
		switch t.meta.Desc.TableStatus {
		case model.StatusDeleting:
			deleting = append(deleting, name)
			continue
		case model.StatusCreating, model.StatusUpdating:
			activate = append(activate, name)
		}
		for _, g := range t.meta.Desc.GlobalSecondaryIndexes {
			index := g.IndexName
			switch {
			case g.IndexStatus == model.StatusCreating && g.Backfilling != nil:
				resume = append(resume, func() { e.startBackfill(name, index) })
			case g.IndexStatus == model.StatusDeleting:
				resume = append(resume, func() { e.startIndexDrop(name, index) })
			}
		}
	}
	for _, name := range deleting {
		e.finishDelete(name)
	}
	for _, name := range activate {
		e.activate(name)
	}
	for _, f := range resume {
		f()
	}
}

// takeCounts sets a table's statistics from the counts the replay kept; it
// reports false when there are none, or when they are not exact (the
// table must then be recounted).
func (e *Engine) takeCounts(t *table) bool {
	if e.openCounts == nil {
		return false
	}
	prefixes := []string{t.dataPrefix}
	for _, ix := range t.indexes {
		prefixes = append(prefixes, ix.prefix)
	}
	for _, p := range prefixes {
		if c := e.openCounts[p]; c != nil && c.inexact {
			return false
		}
	}
	zero := &prefixCount{}
	count := func(p string) *prefixCount {
		if c := e.openCounts[p]; c != nil {
			return c
		}
		return zero
	}
	c := count(t.dataPrefix)
	t.stats.items.Store(c.items)
	t.stats.bytes.Store(c.bytes)
	for _, ix := range t.indexes {
		c := count(ix.prefix)
		st := t.stats.index(ix.name)
		st.items.Store(c.items)
		st.bytes.Store(c.bytes)
	}
	return true
}

// recountTable recomputes the item count and sizes of a table and its
// indexes from storage.
func (e *Engine) recountTable(t *table) error {
	return e.db.View(func(tx *buntdb.Tx) error {
		var count, size int64
		err := tx.AscendGreaterOrEqual("", t.dataPrefix, func(k, v string) bool {
			if !strings.HasPrefix(k, t.dataPrefix) {
				return false
			}
			count++
			size += int64(storedSize(v)) + indexEntryOverhead
			return true
		})
		if err != nil {
			return err
		}
		t.stats.items.Store(count)
		t.stats.bytes.Store(size)
		for _, ix := range t.indexes {
			var n, b int64
			err := tx.AscendGreaterOrEqual("", ix.prefix, func(k, v string) bool {
				if !strings.HasPrefix(k, ix.prefix) {
					return false
				}
				n++
				b += int64(storedSize(v)) + indexEntryOverhead
				return true
			})
			if err != nil {
				return err
			}
			st := t.stats.index(ix.name)
			st.items.Store(n)
			st.bytes.Store(b)
		}
		return nil
	})
}

// lookup returns an ACTIVE (or UPDATING) table for a data-plane call, or
// ResourceNotFoundException. The caller holds e.mu (read).
func (e *Engine) lookup(name string) (*table, *model.Error) {
	if err := validateTableNameParam(name); err != nil {
		return nil, err
	}
	t := e.tables[name]
	if t == nil || t.meta.Desc.TableStatus == model.StatusCreating {
		return nil, model.ResourceNotFound()
	}
	return t, nil
}

// checkOpen fails requests on a closed engine.
func (e *Engine) checkOpen(ctx context.Context) error {
	if e.closed.Load() {
		return model.NewError(model.ErrInternalServer, "The workspace is closed")
	}
	if ctx != nil {
		if err := ctx.Err(); err != nil {
			return model.NewError(model.ErrInternalServer, "Request cancelled: %v", err)
		}
	}
	return nil
}

// asError converts a storage error into a DynamoDB error.
func asError(err error) error {
	if err == nil {
		return nil
	}
	var me *model.Error
	if errors.As(err, &me) {
		return me
	}
	if errors.Is(err, workspace.ErrReadOnly) {
		return errReadOnly()
	}
	var we *workspace.WriteError
	if errors.As(err, &we) {
		// The client is told what failed, not where the workspace lives.
		return model.NewError(model.ErrInternalServer, "Internal server error: the workspace file could not be written (%s)", we.Cause())
	}
	return model.NewError(model.ErrInternalServer, "Internal server error: %v", err)
}

// epoch converts a time to DynamoDB's fractional epoch seconds.
func epoch(t time.Time) float64 {
	return float64(t.UnixNano()/int64(time.Millisecond)) / 1000
}
