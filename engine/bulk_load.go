package engine

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/dynoscope/dynoscope/model"
)

// BulkLoad loads data into the workspace all or nothing, even across a
// crash. Tables it creates take their items the way DynamoDB's import from
// Amazon S3 fills a new table: without consuming or being throttled by the
// table's capacity, many items a transaction. Until Commit those tables are
// marked as loading, and opening a workspace removes tables a load left
// marked (the load was interrupted). Writes into tables that existed before
// the load are checked as they come, kept encoded (an item's stored form,
// not its decoded one) and applied at Commit, in the same transaction that
// clears the marks; that transaction reaches the log as staged parts of a
// few MB and one frame that commits them (see updateLarge), so a load into
// an existing table holds its items once, encoded, rather than as request
// structures and one frame as large as the load.
type BulkLoad struct {
	e        *Engine
	id       string
	created  []string
	existing map[string]*spool
	count    int
	ended    bool
	logStart int64 // the workspace log's appended bytes when the load began
}

// spool keeps the requests for one existing table, encoded: per request a
// kind byte ('P' put, 'D' delete), its length and the item or key as
// model.AppendItem writes it.
type spool struct {
	buf     []byte
	n       int
	refused error // the first refusal of a request, for Commit to return
}

func (s *spool) add(req model.WriteRequest) {
	kind, item := byte('D'), model.Item(nil)
	if req.PutRequest != nil {
		kind, item = 'P', req.PutRequest.Item
	} else {
		item = req.DeleteRequest.Key
	}
	s.buf = append(s.buf, kind)
	at := len(s.buf)
	s.buf = append(s.buf, 0, 0, 0, 0)
	s.buf = model.AppendItem(s.buf, item)
	binary.LittleEndian.PutUint32(s.buf[at:], uint32(len(s.buf)-at-4))
	s.n++
}

// next decodes the request at offset off and returns the offset after it.
func (s *spool) next(off int) (model.WriteRequest, int, error) {
	kind := s.buf[off]
	n := int(binary.LittleEndian.Uint32(s.buf[off+1:]))
	item, err := model.DecodeItem(s.buf[off+5 : off+5+n])
	if err != nil {
		return model.WriteRequest{}, 0, err
	}
	end := off + 5 + n
	if kind == 'P' {
		return model.WriteRequest{PutRequest: &model.PutRequest{Item: item}}, end, nil
	}
	return model.WriteRequest{DeleteRequest: &model.DeleteRequest{Key: item}}, end, nil
}

// commitChunk is how many spooled requests Commit decodes and applies at
// a time.
const commitChunk = 1000

// loadSeq numbers loads within the process; with the time it makes ids
// unique across processes too.
var loadSeq atomic.Uint64

type loadKey struct{}

// loadID returns the load a CreateTable belongs to, if any.
func loadID(ctx context.Context) (string, bool) {
	if ctx == nil {
		return "", false
	}
	id, ok := ctx.Value(loadKey{}).(string)
	return id, ok
}

// BeginLoad starts a bulk load.
func (e *Engine) BeginLoad() *BulkLoad {
	b := &BulkLoad{e: e, id: fmt.Sprintf("%d-%d", e.now().UnixNano(), loadSeq.Add(1)), existing: map[string]*spool{}}
	if e.store.file != nil {
		b.logStart = e.store.file.Appended()
	}
	return b
}

// CreateTable creates a table as part of the load: marked as loading in
// the same transaction that creates it.
func (b *BulkLoad) CreateTable(ctx context.Context, in *model.CreateTableInput) (*model.CreateTableOutput, error) {
	if b.ended {
		return nil, errLoadEnded
	}
	out, err := b.e.CreateTable(context.WithValue(ctx, loadKey{}, b.id), in)
	if err == nil {
		b.created = append(b.created, in.TableName)
	}
	return out, err
}

// Created reports whether the load created the table.
func (b *BulkLoad) Created(table string) bool {
	for _, n := range b.created {
		if n == table {
			return true
		}
	}
	return false
}

// Write applies requests to a table the load created, in one transaction,
// validated as BatchWriteItem validates them (any number of requests, each
// key once); no capacity is consumed. Requests for a table that existed
// before the load are checked now and kept, encoded, for Commit.
func (b *BulkLoad) Write(ctx context.Context, table string, reqs []model.WriteRequest) error {
	e := b.e
	if b.ended {
		return errLoadEnded
	}
	if err := e.checkOpen(ctx); err != nil {
		return err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t, merr := e.lookup(table)
	if merr != nil {
		return merr
	}
	if !b.Created(table) {
		sp := b.existing[table]
		if sp == nil {
			sp = &spool{}
			b.existing[table] = sp
		}
		if sp.refused != nil {
			return nil // Commit refuses the load
		}
		// Checked now, so that only valid items are kept; a refusal is
		// Commit's answer, as if the requests had waited for it.
		if _, err := t.bulkWrites(reqs); err != nil {
			var le *LoadError
			if errors.As(err, &le) {
				le.Index += sp.n
			}
			sp.refused = err
			return nil
		}
		for _, req := range reqs {
			sp.add(req)
		}
		return nil
	}
	ws, err := t.bulkWrites(reqs)
	if err != nil {
		return err
	}
	return b.apply(t, ws)
}

// writeChecked writes puts already checked as bulkWrites checks them
// (each key once) into a table the load created, in one transaction: an
// import's reader checks its items as it reads them, so that the writer
// does not check them again.
func (b *BulkLoad) writeChecked(ctx context.Context, table string, ws []*itemWrite) error {
	e := b.e
	if b.ended {
		return errLoadEnded
	}
	if err := e.checkOpen(ctx); err != nil {
		return err
	}
	if !b.Created(table) {
		return fmt.Errorf("table %s was not created by this load", table)
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t, merr := e.lookup(table)
	if merr != nil {
		return merr
	}
	return b.apply(t, ws)
}

// apply writes checked writes into a table the load created, in one
// transaction; the caller holds e.mu for reading.
func (b *BulkLoad) apply(t *table, ws []*itemWrite) error {
	e := b.e
	var fx writeEffects
	err := e.update(func(tx *wtx) error { return e.applyBulk(tx, t, ws, &fx) })
	if err != nil {
		fx.revert()
		return asError(err)
	}
	e.commit(t, &fx)
	b.count += len(ws)
	return nil
}

// bulkWrites validates requests and returns their writes.
func (t *table) bulkWrites(reqs []model.WriteRequest) ([]*itemWrite, error) {
	ws := make([]*itemWrite, 0, len(reqs))
	seen := make(map[string]bool, len(reqs))
	for i, req := range reqs {
		if err := checkWriteRequest(t.name, req); err != nil {
			return nil, &LoadError{Table: t.name, Index: i, Err: err}
		}
		w, err := t.batchWrite(req)
		if err != nil {
			return nil, &LoadError{Table: t.name, Index: i, Err: err}
		}
		if seen[w.key] {
			return nil, &LoadError{Table: t.name, Index: i, Err: model.Validation("Provided list of item keys contains duplicates")}
		}
		seen[w.key] = true
		ws = append(ws, w)
	}
	return ws, nil
}

// applyBulk applies validated writes in the caller's transaction.
func (e *Engine) applyBulk(tx *wtx, t *table, ws []*itemWrite, fx *writeEffects) error {
	for i, w := range ws {
		// A put learns the item it replaces from its own Set (see
		// itemWrite.late) unless an item collection is checked.
		w.late = w.new != nil && !t.hasLSI()
		if !w.late {
			if err := e.loadOld(tx.Tx, w, t.needsOldImage()); err != nil {
				return err
			}
		}
		if err := t.checkItemCollection(tx.Tx, w); err != nil {
			return &LoadError{Table: t.name, Index: i, Err: err}
		}
		if w.new == nil && w.old == nil {
			continue
		}
		if err := e.applyWrite(tx, t, w, nil, fx); err != nil {
			return err
		}
	}
	return nil
}

// LoadError says which request of a bulk write the engine refused.
type LoadError struct {
	Table string
	Index int // the request's position in the slice handed to Write or Commit
	Err   error
}

func (e *LoadError) Error() string { return e.Err.Error() }
func (e *LoadError) Unwrap() error { return e.Err }

// Commit ends the load: in one transaction it applies the writes kept for
// tables that existed before the load and clears the loading marks of the
// tables it created. After Commit the load is complete even across a crash.
//
// A load that wrote more than compactMinSize into a file workspace's log is
// compacted before Commit returns: the log then holds the loaded items
// once each, in key order, and the workspace opens faster (its frames
// replay in key order, and no item is replaced along the way). A
// compaction fails only on I/O; the load stays committed either way, and
// Commit returns nil.
func (b *BulkLoad) Commit(ctx context.Context) error {
	if err := b.commit(ctx); err != nil {
		return err
	}
	e := b.e
	if f := e.store.file; f != nil && f.Appended()-b.logStart >= compactMinSize {
		if err := e.rewrite("", e.stop); err != nil { // after a running compaction
			e.store.compactErr.Store(&err)
		}
	}
	return nil
}

func (b *BulkLoad) commit(ctx context.Context) error {
	e := b.e
	if b.ended {
		return errLoadEnded
	}
	if err := e.checkOpen(ctx); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	type tableWrites struct {
		t  *table
		sp *spool
		fx writeEffects
	}
	var groups []*tableWrites
	names := make([]string, 0, len(b.existing))
	for name := range b.existing {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t, merr := e.lookup(name)
		if merr != nil {
			return &LoadError{Table: name, Index: -1, Err: merr}
		}
		if err := b.existing[name].refused; err != nil {
			return err
		}
		groups = append(groups, &tableWrites{t: t, sp: b.existing[name]})
	}
	metas := map[string]*tableMeta{}
	for _, name := range b.created {
		t := e.tables[name]
		if t == nil {
			return fmt.Errorf("table %s, created by this load, is gone", name)
		}
		m := t.meta
		m.Loading = ""
		metas[name] = &m
	}
	err := e.updateLarge(func(tx *wtx) error {
		for _, g := range groups {
			// A chunk of requests decoded at a time; each key once
			// across the whole load.
			seen := make(map[string]bool)
			reqs := make([]model.WriteRequest, 0, commitChunk)
			for off, i := 0, 0; off < len(g.sp.buf); {
				reqs = reqs[:0]
				first := i
				for ; off < len(g.sp.buf) && len(reqs) < commitChunk; i++ {
					req, next, err := g.sp.next(off)
					if err != nil {
						return &LoadError{Table: g.t.name, Index: i, Err: err}
					}
					reqs, off = append(reqs, req), next
				}
				ws, err := g.t.bulkWrites(reqs)
				if err != nil {
					return err
				}
				for j, w := range ws {
					if seen[w.key] {
						return &LoadError{Table: g.t.name, Index: first + j, Err: model.Validation("Provided list of item keys contains duplicates")}
					}
					seen[w.key] = true
				}
				if err := e.applyBulk(tx, g.t, ws, &g.fx); err != nil {
					return err
				}
			}
		}
		for name, m := range metas {
			v, err := json.Marshal(m)
			if err != nil {
				return err
			}
			if _, _, err := tx.Set(prefixTable+name, string(v), nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		for _, g := range groups {
			g.fx.revert()
		}
		return asError(err)
	}
	for _, g := range groups {
		e.commit(g.t, &g.fx)
	}
	for name, m := range metas {
		old := e.tables[name]
		t := e.newTable(m, old.stats)
		e.tables[name] = t
	}
	b.ended = true
	return nil
}

// Abort ends the load and takes it back: the tables it created are removed
// with everything in them; nothing was written into other tables.
func (b *BulkLoad) Abort() error {
	if b.ended {
		return nil
	}
	b.ended = true
	e := b.e
	e.WaitBackgroundIndexWork()
	e.mu.Lock()
	defer e.mu.Unlock()
	var errs []error
	for _, name := range b.created {
		if e.tables[name] == nil {
			continue
		}
		if err := e.dropTableLocked(name); err != nil {
			errs = append(errs, fmt.Errorf("removing %s: %w", name, err))
		}
	}
	return errors.Join(errs...)
}

// rollBackLoads removes the tables of loads that did not finish (a crash or
// a kill during a load) and says so in the open notes.
func (e *Engine) rollBackLoads() {
	e.mu.Lock()
	defer e.mu.Unlock()
	var names []string
	for name, t := range e.tables {
		if t.meta.Loading != "" {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return
	}
	sort.Strings(names)
	for _, name := range names {
		if err := e.dropTableLocked(name); err != nil {
			e.notes = append(e.notes, fmt.Sprintf("could not remove table %s of an interrupted load: %v", name, err))
		}
	}
	what := "table " + names[0]
	if len(names) > 1 {
		what = "tables " + strings.Join(names, ", ")
	}
	e.notes = append(e.notes, "a load that did not finish was taken back: removed "+what)
}
