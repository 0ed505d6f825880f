package workspace

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// SyncPolicy says when appended transactions are flushed to disk.
type SyncPolicy int

// Sync policies.
const (
	// SyncEverySecond flushes once a second when something was written.
	SyncEverySecond SyncPolicy = iota
	// SyncAlways flushes every transaction before Append returns.
	SyncAlways
	// SyncNever leaves flushing to the operating system.
	SyncNever
)

// File is an open, locked workspace file.
type File struct {
	path   string
	format Format
	policy SyncPolicy

	mu   sync.Mutex
	f    *os.File
	size int64  // bytes of valid content; appends go here
	base int64  // size after opening or the last rewrite
	seq  uint64 // sequence number of the last frame
	// appended counts the bytes Append wrote since opening (Appended).
	appended int64
	dirty    bool // written since the last flush
	closed   bool
	stop     chan struct{}
	done     chan struct{}

	version  int      // the format's version: 2, or 1 for a file of the first format
	readOnly bool     // opened for reading only: nothing is ever written
	notes    []string // what opening found and did
	// staged is where the staged parts of the transaction being written
	// begin (-1: none), stagedSeq the sequence number before them.
	staged    int64
	stagedSeq uint64
	// writeAt writes at an offset: the file's WriteAt, unless a test
	// injected a fault (FailWrites).
	writeAt func(b []byte, off int64) (int, error)
}

// ReadOnly reports whether the file was opened read-only.
func (f *File) ReadOnly() bool { return f.readOnly }

// Version returns the file's format version: 2, or 1 for a file in the
// first format (which a rewrite converts).
func (f *File) Version() int { return f.version }

// Notes says what opening and replaying the file found and did, beyond
// what Recovery says: a header rebuilt or recreated, a stale compaction
// file removed, a read-only open.
func (f *File) Notes() []string { return f.notes }

// FailWrites makes the file's writes fail, for crash tests: fault gets
// each write's bytes and offset and returns how many of them to write
// before failing with its error (err nil: the write goes through whole).
// A full disk is FailWrites returning a short count and ENOSPC.
func (f *File) FailWrites(fault func(b []byte, off int64) (int, error)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.writeAt = func(b []byte, off int64) (int, error) {
		n, err := fault(b, off)
		if err == nil {
			return f.f.WriteAt(b, off)
		}
		n = min(max(n, 0), len(b))
		m, _ := f.f.WriteAt(b[:n], off)
		return m, err
	}
}

// Path returns the file's path.
func (f *File) Path() string { return f.path }

// Format says what Open found.
func (f *File) Format() Format { return f.format }

// Size returns the bytes of the file that hold valid content.
func (f *File) Size() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.size
}

// Grown reports whether the file has grown enough since it was opened or
// last rewritten to be worth compacting: past minSize and past twice its
// size then.
func (f *File) Grown(minSize int64) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.size >= minSize && f.size >= 2*f.base
}

// Appended returns how many bytes of transactions Append has written since
// the file was opened.
func (f *File) Appended() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.appended
}

// Recovery says what Replay found and did.
type Recovery struct {
	Frames   int   // frames replayed
	CutBytes int64 // bytes cut off the end (0: none)
	CutAt    int64 // where the cut was made
	Reason   string
	// CutFrames counts the transactions the cut bytes held, by their
	// headers; CutExact is false when the count stopped at bytes that are
	// not a frame (zeros, say): at least CutFrames were there.
	CutFrames int
	CutExact  bool
	// Policy is the --sync policy the file is opened with: what it says of
	// acknowledgements assumes the file was written under it too.
	Policy SyncPolicy
	// Kept is set when the file could not be cut (opened read-only): the
	// bytes are left in the file and ignored.
	Kept bool
	// StagedBytes are the bytes of staged parts (see KindStaged) of a
	// transaction whose frame never came, at StagedAt; they are part of
	// the cut.
	StagedBytes, StagedAt int64
}

// String says what was cut, for a log line; "" when nothing was. It says
// how many transactions were cut and whether acknowledged writes may be
// among them: under SyncAlways a write is acknowledged once it is on disk,
// so one transaction the file ends inside was never acknowledged; under
// the other policies, a power loss or a crash of the system loses what
// was acknowledged but not flushed yet (a crash of the process alone
// loses nothing acknowledged: the kernel has the bytes).
func (r Recovery) String() string {
	if r.CutBytes == 0 {
		return ""
	}
	what := "1 unfinished transaction was dropped"
	switch {
	case !r.CutExact:
		what = fmt.Sprintf("at least %d transactions were dropped (past a frame header, the cut bytes are not frames)", max(r.CutFrames, 1))
		if r.CutFrames <= 1 {
			what = "at least 1 transaction was dropped (the cut bytes are not frames)"
		}
	case r.CutFrames > 1:
		what = fmt.Sprintf("%d transactions were dropped", r.CutFrames)
	}
	var ack string
	switch {
	case r.Policy == SyncAlways && r.CutExact && r.CutFrames <= 1:
		ack = ", never acknowledged (under --sync always a write is acknowledged once it is on disk)"
	case r.Policy == SyncAlways:
		ack = "; under --sync always a crash cuts at most one unacknowledged transaction, so the disk lost data or the file was written under another policy: acknowledged writes may be among them"
	case r.Policy == SyncEverySecond:
		ack = "; they may have been acknowledged: --sync everysecond flushes once a second, so a power loss or system crash loses up to the last second of acknowledged writes (a crash of the process alone loses none)"
	default:
		ack = "; they may have been acknowledged: --sync never leaves flushing to the operating system, so a power loss or system crash loses the acknowledged writes it had not written yet (a crash of the process alone loses none)"
	}
	if r.CutFrames <= 1 && r.CutExact {
		ack = strings.Replace(ack, "they may have been", "it may have been", 1)
	}
	verb := "cut"
	if r.Kept {
		verb = "ignored (the file is read-only, so they stay in it)"
	}
	return fmt.Sprintf("the file ended inside a transaction (%s); %s %s at byte %s: %s%s",
		r.Reason, verb, byteCount(r.CutBytes), group(r.CutAt), what, ack)
}

// Replay reads a workspace's frames and hands their payloads, as one stream
// of BuntDB commands, to load. An unfinished tail is cut off (see Recovery);
// damage in the middle is a *DamagedError and changes nothing. For a legacy
// file, load gets the whole file. After Replay, the file takes appends.
func (f *File) Replay(load func(io.Reader) error) (Recovery, error) {
	var rec Recovery
	switch f.format {
	case FormatNew:
		f.startSyncer()
		return rec, nil
	case FormatLegacy:
		if err := load(io.NewSectionReader(f.f, 0, f.size)); err != nil {
			return rec, err
		}
		f.startSyncer()
		return rec, nil
	}
	s := f.newScanner()
	s.own = true // staged parts are held
	pr := &payloadReader{s: s}
	if err := load(pr); err != nil {
		return rec, err
	}
	return f.endReplay(s, pr.stage.pending())
}

// ReplayFrames is Replay for a file in the workspace format: it hands the
// payload of each valid frame — BuntDB commands — first to prepare, then
// what prepare made of it to apply, frame by frame in file order. Each
// payload is a buffer of its own that the callers may keep (the engine's
// keys and values point into it instead of being copied). Reading the
// file, checking the checksums and prepare run ahead of apply, in another
// goroutine: prepare must not touch what apply works on. An error from
// either ends the replay with that error. A legacy file cannot be replayed
// so (its commands are not framed): use Replay.
func ReplayFrames[T any](f *File, prepare func(payload []byte) (T, error), apply func(T) error) (Recovery, error) {
	switch f.format {
	case FormatNew:
		f.startSyncer()
		return Recovery{}, nil
	case FormatLegacy:
		return Recovery{}, errors.New("workspace: ReplayFrames on a legacy file")
	}
	s := f.newScanner()
	s.own = true
	type prepared struct {
		v   T
		err error
	}
	frames := make(chan prepared, 16)
	stop := make(chan struct{})
	var stage staging
	go func() {
		defer close(frames)
		for {
			select {
			case <-stop:
				return
			default:
			}
			at := s.off
			payload, kind, ok := s.next()
			if !ok {
				return
			}
			for _, p := range stage.add(at, kind, payload) {
				v, err := prepare(p)
				select {
				case frames <- prepared{v, err}:
				case <-stop:
					return
				}
				if err != nil {
					return
				}
			}
		}
	}()
	var err error
	for p := range frames {
		if err != nil {
			continue // drain what the reader sent before it stopped
		}
		if err = p.err; err == nil {
			err = apply(p.v)
		}
		if err != nil {
			close(stop)
		}
	}
	if err != nil {
		return Recovery{}, err
	}
	return f.endReplay(s, stage.pending()) // the reader is done: its state is final
}

// newScanner returns a scanner over the frames after the header.
func (f *File) newScanner() *scanner {
	start := int64(len(Header))
	return newScanner(io.NewSectionReader(f.f, start, f.size-start), start, f.size, f.version)
}

// endReplay decides, once the frames are read, what the scan found: a clean
// end, an unfinished tail (cut off) or damage in the middle (an error), and
// readies the file for appends. The bytes after the last valid frame are a
// tail to cut when no frame the chain proves follows them (see resync), or
// in the first format when they are one frame the file ends inside (see
// tornTail); otherwise the file is damaged in the middle.
func (f *File) endReplay(s *scanner, staged int64) (Recovery, error) {
	rec := Recovery{Policy: f.policy}
	if s.err != nil {
		return rec, fmt.Errorf("read workspace %s: %w", f.path, s.err)
	}
	rec.Frames = s.frames
	if s.bad != "" && !tornTail(f.f, s.off, f.size, f.version) {
		if at := resync(f.f, s.off, f.size, s.seq, f.version); at >= 0 {
			return rec, &DamagedError{Path: f.path, Offset: s.off, Frame: s.frames + 1, Reason: s.bad,
				ValidAfter: countValidFrames(f.f, at, f.size, f.version)}
		}
	}
	if staged >= 0 {
		// Staged parts no transaction frame followed: a large
		// transaction that never committed (it was never acknowledged:
		// its frame is written before the answer).
		rec.StagedBytes, rec.StagedAt = s.off-staged, staged
		if s.bad == "" {
			s.bad = "the staged parts of a transaction that did not commit"
		}
	}
	if s.bad != "" {
		cut := s.off
		if staged >= 0 {
			cut = staged
		}
		rec.CutBytes, rec.CutAt, rec.Reason = f.size-cut, cut, s.bad
		rec.CutFrames, rec.CutExact = countCut(f.f, s.off, f.size, f.version)
		if staged >= 0 {
			rec.CutFrames, rec.CutExact = 1, true
		}
		if f.readOnly {
			rec.Kept = true
		} else {
			if err := f.f.Truncate(cut); err != nil {
				return rec, fmt.Errorf("cut the unfinished tail of %s: %w", f.path, err)
			}
			if err := f.f.Sync(); err != nil {
				return rec, err
			}
		}
		f.size = cut
	}
	f.seq = s.seq
	f.base = f.size
	f.startSyncer()
	return rec, nil
}

// Append writes one transaction: frame is a buffer made by NewFrame holding
// the transaction's commands. With SyncAlways it is on disk when Append
// returns. On error nothing of it stays in the file: whatever part of it
// was written (a full disk stops a write part-way, and Go's WriteAt then
// reports 0 bytes written) is cut off again, so the file still ends with a
// whole transaction. The error is a *WriteError (ErrReadOnly for a file
// opened read-only).
func (f *File) Append(frame []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return errors.New("the workspace file is closed")
	}
	if f.readOnly {
		return ErrReadOnly
	}
	if err := f.write(sealFrame(frame, KindTransaction, f.seq+1, f.version), f.policy == SyncAlways); err != nil {
		return err
	}
	f.staged = -1 // the staged parts before it count now
	return nil
}

// write appends a sealed frame, flushing it when sync is set; on error it
// cuts back whatever part of it was written.
func (f *File) write(frame []byte, sync bool) error {
	write := f.f.WriteAt
	if f.writeAt != nil {
		write = f.writeAt
	}
	n, err := write(frame, f.size)
	if err == nil && n != len(frame) {
		err = io.ErrShortWrite
	}
	if err == nil && sync {
		err = f.f.Sync()
	}
	if err != nil {
		if terr := f.f.Truncate(f.size); terr != nil {
			return &WriteError{Path: f.path, Err: fmt.Errorf("%w; and cutting the partial write failed: %v", err, terr)}
		}
		return &WriteError{Path: f.path, Err: err}
	}
	f.size += int64(n)
	f.appended += int64(n)
	f.seq++
	f.dirty = true
	return nil
}

// AppendStaged writes one staged part of a transaction too large for one
// frame (see KindStaged): frame is a buffer made by NewFrame. The parts
// count once Append writes the transaction's own frame after them;
// DropStaged takes them back. Nothing else may be appended in between (the
// engine holds its write lock for the whole transaction).
func (f *File) AppendStaged(frame []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return errors.New("the workspace file is closed")
	}
	if f.readOnly {
		return ErrReadOnly
	}
	if f.version < 2 {
		return errors.New("workspace: staged parts need format 2")
	}
	if f.staged < 0 {
		f.staged, f.stagedSeq = f.size, f.seq
	}
	return f.write(sealFrame(frame, KindStaged, f.seq+1, f.version), false)
}

// DropStaged takes back the staged parts written since the last Append:
// the file is cut back to where the first began.
func (f *File) DropStaged() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.staged < 0 || f.closed {
		return nil
	}
	at := f.staged
	f.staged = -1
	if err := f.f.Truncate(at); err != nil {
		return &WriteError{Path: f.path, Err: err}
	}
	f.appended -= f.size - at
	f.size, f.seq = at, f.stagedSeq
	return nil
}

// startSyncer starts the once-a-second flush of SyncEverySecond.
func (f *File) startSyncer() {
	if f.policy != SyncEverySecond || f.stop != nil {
		return
	}
	f.stop, f.done = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(f.done)
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-f.stop:
				return
			case <-t.C:
				// Flush outside the lock: appends go on while the disk
				// catches up.
				f.mu.Lock()
				fd, dirty := f.f, f.dirty && !f.closed
				f.dirty = false
				f.mu.Unlock()
				if dirty {
					fd.Sync()
				}
			}
		}
	}()
}

// Close flushes the file and releases the lock.
func (f *File) Close() error {
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return nil
	}
	f.closed = true
	var err error
	if !f.readOnly {
		err = f.f.Sync()
	}
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	f.mu.Unlock()
	if f.stop != nil {
		close(f.stop)
		<-f.done
	}
	return err
}

// syncDir flushes the directory that holds path, so a new or renamed file
// survives a crash.
func syncDir(path string) {
	d, err := os.Open(filepath.Dir(path))
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}
