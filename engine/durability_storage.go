package engine

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/workspace"
	"github.com/dynoscope/dynoscope/model"
)

// The engine keeps its keys in an in-memory BuntDB database; a file
// workspace adds engine/workspace's log, which receives every write
// transaction as one checksummed frame (see DURABILITY.md in docs/).

// wtx is a write transaction: BuntDB's, with every change also written down
// for the workspace's log. Its Set and Delete shadow BuntDB's, so code that
// writes takes a *wtx and reads through the embedded *buntdb.Tx.
type wtx struct {
	*buntdb.Tx
	frame *[]byte // the transaction's commands; nil for a memory workspace
	// large is set for a transaction that may outgrow one frame (see
	// updateLarge): past stagedPart bytes, its commands are written as a
	// staged part and the frame starts again. staged counts the parts.
	large  bool
	staged int
	file   *workspace.File
}

// stagedPart is the size past which a large transaction writes its
// commands so far as a staged part. (A variable so that tests can lower
// it.)
var stagedPart = 4 << 20

// Set stores a key, as buntdb.Tx.Set, and records it.
func (tx *wtx) Set(key, value string, opts *buntdb.SetOptions) (string, bool, error) {
	prev, replaced, err := tx.Tx.Set(key, value, opts)
	if err == nil && tx.frame != nil {
		*tx.frame = workspace.AppendSet(*tx.frame, key, value)
		err = tx.stage()
	}
	return prev, replaced, err
}

// Delete removes a key, as buntdb.Tx.Delete, and records it.
func (tx *wtx) Delete(key string) (string, error) {
	prev, err := tx.Tx.Delete(key)
	if err == nil && tx.frame != nil {
		*tx.frame = workspace.AppendDel(*tx.frame, key)
		err = tx.stage()
	}
	return prev, err
}

// stage writes a large transaction's commands so far as a staged part
// once they pass stagedPart: the frame buffer, and with it the memory a
// load into existing tables holds, stays bounded.
func (tx *wtx) stage() error {
	if !tx.large || len(*tx.frame) < stagedPart {
		return nil
	}
	tx.staged++
	err := tx.file.AppendStaged(*tx.frame)
	*tx.frame = workspace.NewFrame(*tx.frame)
	return err
}

// storage is the engine's persistence: the workspace file (nil in memory)
// and its compaction.
type storage struct {
	file    *workspace.File
	frame   []byte // reused by every write transaction (they are serialised)
	scratch []byte // the same, for encoding items (Engine.storedValue)
	hist    []byte // the same, for history records (Engine.appendHistory)

	rewriting  sync.Mutex // held by the one rewrite that may run at a time
	compacting atomic.Bool
	compactMu  sync.Mutex // guards closing against starting a compaction
	closing    bool
	compactWG  sync.WaitGroup
	compactErr atomic.Pointer[error] // the last compaction's failure, for tests and logs
}

// compactMinSize is the smallest log worth compacting; past it, the log is
// compacted when it has doubled since it was opened or last compacted.
// (A variable so that tests can lower it.)
var compactMinSize int64 = 32 << 20

// maxKeptFrame is the largest frame buffer kept between transactions.
const maxKeptFrame = 4 << 20

// update runs fn in one BuntDB write transaction and, on a file workspace,
// appends the transaction's changes to the log before it commits: if the
// append fails, the transaction rolls back and the caller gets the error.
func (e *Engine) update(fn func(tx *wtx) error) error {
	return e.updateWith(false, fn)
}

// updateLarge is update for a transaction that may hold more than memory
// should (a load into existing tables): its commands go to the log as
// staged parts of a few MB while it runs, and its last frame commits them
// all at once (see workspace.KindStaged). In memory it is one BuntDB
// transaction, all or nothing, as any other.
func (e *Engine) updateLarge(fn func(tx *wtx) error) error {
	return e.updateWith(true, fn)
}

func (e *Engine) updateWith(large bool, fn func(tx *wtx) error) error {
	if e.store.file != nil && e.store.file.ReadOnly() {
		return errReadOnly()
	}
	appended := false
	err := e.db.Update(func(btx *buntdb.Tx) error {
		tx := wtx{Tx: btx}
		st := &e.store
		if st.file != nil {
			st.frame = workspace.NewFrame(st.frame)
			tx.frame = &st.frame
			tx.file = st.file
			tx.large = large && st.file.Version() >= 2
		}
		err := fn(&tx)
		if err == nil && tx.frame != nil && (tx.staged > 0 || !workspace.Empty(st.frame)) {
			// After staged parts, the frame is written even empty: it
			// is what commits them.
			err = st.file.Append(st.frame)
			appended = err == nil
		}
		if err != nil && tx.staged > 0 {
			if derr := st.file.DropStaged(); derr != nil {
				err = fmt.Errorf("%w; and taking back its staged parts failed: %v", err, derr)
			}
		}
		if cap(st.frame) > maxKeptFrame {
			st.frame = nil
		}
		return err
	})
	if appended {
		e.maybeCompact()
	}
	return err
}

// openStorage opens the workspace at path into db: it replays the file's
// transactions (cutting an unfinished tail) and returns what to tell the
// user, and for a file in the workspace format the item counts of every
// table and index (nil for a legacy file: counted by walking the data).
func openStorage(db *buntdb.DB, path string, policy workspace.SyncPolicy) (*workspace.File, []string, map[string]*prefixCount, error) {
	f, err := workspace.OpenWith(path, workspace.Options{Sync: policy})
	if err != nil {
		return nil, nil, nil, err
	}
	var notes []string
	for _, n := range f.Notes() {
		notes = append(notes, path+": "+n)
	}
	if f.Format() != workspace.FormatLegacy {
		defer relaxGC()()
		l, err := newReplayLoader(db)
		if err != nil {
			f.Close()
			return nil, nil, nil, err
		}
		rec, err := workspace.ReplayFrames(f, parseFrame, l.apply)
		if errors.Is(err, errBadCommand) {
			err = fmt.Errorf("workspace %s holds commands that cannot be read; run 'dynoscope repair --db %s'", path, path)
		}
		if err == nil {
			err = l.commit()
		} else {
			l.abort()
		}
		if err != nil {
			f.Close()
			return nil, nil, nil, err
		}
		if s := rec.String(); s != "" {
			notes = append(notes, path+": "+s)
		}
		return f, notes, l.counts, nil
	}
	rec, err := f.Replay(func(r io.Reader) error {
		err := db.Load(r)
		if errors.Is(err, io.ErrUnexpectedEOF) && f.Format() == workspace.FormatLegacy {
			notes = append(notes, fmt.Sprintf("%s: the legacy file ended inside a command; its unfinished tail was left out", path))
			return nil
		}
		if errors.Is(err, buntdb.ErrInvalid) {
			return fmt.Errorf("workspace %s holds commands that cannot be read; run 'dynoscope repair --db %s'", path, path)
		}
		return err
	})
	if err != nil {
		f.Close()
		return nil, nil, nil, err
	}
	if s := rec.String(); s != "" {
		notes = append(notes, path+": "+s)
	}
	return f, notes, nil, nil
}

// checkLegacyKeys refuses a BuntDB file whose keys are not a workspace's.
func checkLegacyKeys(db *buntdb.DB, path string) error {
	var stray string
	db.View(func(tx *buntdb.Tx) error {
		return tx.Ascend("", func(k, _ string) bool {
			for _, p := range []string{prefixTable, prefixData, prefixIndex, prefixTTL, prefixStream} {
				if strings.HasPrefix(k, p) {
					return true
				}
			}
			stray = k
			return false
		})
	})
	if stray != "" {
		if len(stray) > 40 {
			stray = stray[:40] + "..."
		}
		return &workspace.NotWorkspaceError{Path: path, Looks: fmt.Sprintf("a BuntDB database of another program (it holds the key %q)", stray)}
	}
	return nil
}

// snapshotChunk is the payload size of one snapshot frame.
const snapshotChunk = 1 << 20

// snapshot writes every key of the database into rw as snapshot frames. It
// reads in chunks, each in its own read transaction, so writers wait at
// most one chunk; the frames appended meanwhile are copied at Commit and
// bring every key to its final value. stop, when it closes, aborts.
func (e *Engine) snapshot(rw *workspace.Rewrite, stop <-chan struct{}) error {
	frame := workspace.NewFrame(nil)
	last, started := "", false
	for {
		select {
		case <-stop:
			return errSnapshotStopped
		default:
		}
		frame = workspace.NewFrame(frame)
		more := false
		e.db.View(func(tx *buntdb.Tx) error {
			return tx.AscendGreaterOrEqual("", last, func(k, v string) bool {
				if started && k == last {
					return true
				}
				if len(frame) >= snapshotChunk {
					more = true
					return false
				}
				frame = workspace.AppendSet(frame, k, v)
				last, started = k, true
				return true
			})
		})
		if !workspace.Empty(frame) {
			if err := rw.Put(frame); err != nil {
				return err
			}
		}
		if !more {
			return nil
		}
	}
}

// rewrite writes the whole database anew into the workspace file (keeping
// the old file at backup when backup is not ""). Writers may run while it
// snapshots.
func (e *Engine) rewrite(backup string, stop <-chan struct{}) error {
	e.store.rewriting.Lock()
	defer e.store.rewriting.Unlock()
	var rw *workspace.Rewrite
	var err error
	e.db.View(func(*buntdb.Tx) error {
		rw, err = e.store.file.BeginRewrite()
		return nil
	})
	if err != nil {
		return err
	}
	if err := e.snapshot(rw, stop); err != nil {
		rw.Abort()
		return err
	}
	// A write transaction with no changes holds every writer back while
	// the frames they appended during the snapshot are copied.
	return e.db.Update(func(*buntdb.Tx) error { return rw.Commit(backup) })
}

// maybeCompact starts a compaction in the background when the log has
// grown enough and none is running.
func (e *Engine) maybeCompact() {
	if e.store.file.Grown(compactMinSize) {
		e.startCompaction()
	}
}

// startCompaction compacts the log in the background unless a compaction
// is running or the engine is closing; Close waits for it.
func (e *Engine) startCompaction() {
	st := &e.store
	if !st.compacting.CompareAndSwap(false, true) {
		return
	}
	st.compactMu.Lock()
	defer st.compactMu.Unlock()
	if st.closing {
		st.compacting.Store(false)
		return
	}
	st.compactWG.Add(1)
	go func() {
		defer st.compactWG.Done()
		defer st.compacting.Store(false)
		if err := e.rewrite("", e.stop); err != nil {
			st.compactErr.Store(&err)
		}
	}()
}

// closeStorage waits for a running compaction and closes the file.
func (e *Engine) closeStorage() error {
	st := &e.store
	st.compactMu.Lock()
	st.closing = true
	st.compactMu.Unlock()
	st.compactWG.Wait()
	if st.file == nil {
		return nil
	}
	return st.file.Close()
}

// Compact rewrites a file workspace to hold only its current data, now.
func (e *Engine) Compact() error {
	if e.store.file == nil {
		return nil
	}
	return e.rewrite("", e.stop)
}

// errReadOnly is the answer to a write into a workspace opened read-only:
// DynamoDB's answer to a principal that may read a table but not write it.
func errReadOnly() error {
	return model.NewError(model.ErrAccessDenied, "The workspace file is read-only: it was opened for browsing, and no write is allowed")
}

// ReadOnly reports whether the workspace was opened read-only (its file
// may not be written): every write is refused with AccessDeniedException.
func (e *Engine) ReadOnly() bool { return e.store.file != nil && e.store.file.ReadOnly() }

// convertV1 rewrites a workspace of the first format, whose frames carry
// item bytes raw, in the current one, where no item's bytes can look like
// a frame. It runs once, when such a file is opened.
func (e *Engine) convertV1() error {
	if err := e.rewrite("", nil); err != nil {
		return err
	}
	e.notes = append(e.notes, e.store.file.Path()+": rewritten in workspace format 2 (frames can no longer be read out of an item's bytes; the first dynoscope versions cannot open it any more)")
	return nil
}

// OpenNotes says what opening the workspace found and did: an unfinished
// tail cut off, a legacy file converted, with what it cost.
func (e *Engine) OpenNotes() []string { return e.notes }
