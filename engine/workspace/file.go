package workspace

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
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

// errLocked is what lock returns when another process holds the file.
var errLocked = errors.New("locked")

// LockedError says that another process has the workspace open.
type LockedError struct {
	Path    string
	PID     int    // 0 when the system does not tell
	Command string // the holder's command line, when known
}

func (e *LockedError) Error() string {
	who := "another process"
	if e.PID != 0 {
		who = fmt.Sprintf("process %d", e.PID)
		if e.Command != "" {
			who += " (" + e.Command + ")"
		}
	}
	return fmt.Sprintf("workspace %s is in use by %s; two processes writing one workspace would destroy it. Stop that process first, or use another --db file", e.Path, who)
}

// NotWorkspaceError says that a file is not a workspace; nothing was
// written to it.
type NotWorkspaceError struct {
	Path  string
	Looks string // what it looks like: "JSON text, 7 bytes"
}

func (e *NotWorkspaceError) Error() string {
	return fmt.Sprintf("%s is not a dynoscope workspace (it looks like %s); nothing was changed. Pass a new file name, or an existing workspace", e.Path, e.Looks)
}

// DamagedError says that a workspace is damaged in the middle: a frame that
// is not valid is followed by valid ones. Nothing was changed.
type DamagedError struct {
	Path       string
	Offset     int64  // where the first invalid frame starts
	Frame      int    // its number among the file's frames, from 1
	Reason     string // what is wrong there
	ValidAfter int    // valid frames after it
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("workspace %s is damaged: at byte %s (frame %d) it holds %s, and %d valid frames follow. Nothing was changed. "+
		"Run 'dynoscope repair --db %s' to rebuild it from every frame that can be read (the original is kept as a backup)",
		e.Path, group(e.Offset), e.Frame, e.Reason, e.ValidAfter, e.Path)
}

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
}

// Open opens or creates the workspace at path and locks it for this
// process. A file that does not exist, or is empty, becomes a new workspace;
// a file that is neither a workspace nor a legacy BuntDB workspace is
// refused with a *NotWorkspaceError, untouched; a file another process holds
// is refused with a *LockedError. Replay (or Salvage) must be called next.
func Open(path string, policy SyncPolicy) (*File, error) {
	// A file created here is left in place on failure: it is empty, and an
	// empty file opens as a new workspace (removing it could remove the
	// file another process just created and locked).
	fail := func(f *os.File, err error) (*File, error) {
		if f != nil {
			f.Close()
		}
		return nil, err
	}
	var f *os.File
	for {
		var err error
		f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return fail(nil, fmt.Errorf("open workspace %s: %w", path, err))
		}
		if err := lock(f); err != nil {
			if errors.Is(err, errLocked) {
				pid, cmd := lockHolder(f)
				return fail(f, &LockedError{Path: path, PID: pid, Command: cmd})
			}
			return fail(f, fmt.Errorf("lock workspace %s: %w", path, err))
		}
		if sameFile(f, path) {
			break
		}
		// Another process renamed a new file over this one (a compaction)
		// after we opened it: lock the file that is there now.
		f.Close()
	}
	fi, err := f.Stat()
	if err != nil {
		return fail(f, err)
	}
	if !fi.Mode().IsRegular() {
		return fail(f, &NotWorkspaceError{Path: path, Looks: "a " + fi.Mode().Type().String() + " file, not a regular one"})
	}
	wf := &File{path: path, policy: policy, f: f, size: fi.Size()}
	if fi.Size() == 0 {
		if _, err := f.Write([]byte(Header)); err != nil {
			return fail(f, fmt.Errorf("write workspace %s: %w", path, err))
		}
		if err := f.Sync(); err != nil {
			return fail(f, err)
		}
		syncDir(path)
		wf.size = int64(len(Header))
		wf.format = FormatNew
		return wf, nil
	}
	head := make([]byte, 512)
	n, err := f.ReadAt(head, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return fail(f, err)
	}
	head = head[:n]
	switch {
	case len(head) >= len(Header) && string(head[:len(Header)]) == Header:
		wf.format = FormatWorkspace
	case looksLegacy(head):
		wf.format = FormatLegacy
	default:
		return fail(f, &NotWorkspaceError{Path: path, Looks: describe(head, fi.Size())})
	}
	return wf, nil
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
	CutBytes int64 // bytes of an unfinished last transaction cut off (0: none)
	CutAt    int64 // where the cut was made
	Reason   string
}

// String says what was cut, for a log line; "" when nothing was.
func (r Recovery) String() string {
	if r.CutBytes == 0 {
		return ""
	}
	return fmt.Sprintf("the file ended inside a transaction (%s); cut %s at byte %s: 1 unfinished transaction, never acknowledged, was dropped",
		r.Reason, byteCount(r.CutBytes), group(r.CutAt))
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
	if err := load(&payloadReader{s: s}); err != nil {
		return rec, err
	}
	return f.endReplay(s)
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
	go func() {
		defer close(frames)
		for {
			select {
			case <-stop:
				return
			default:
			}
			payload, _, ok := s.next()
			if !ok {
				return
			}
			v, err := prepare(payload)
			select {
			case frames <- prepared{v, err}:
			case <-stop:
				return
			}
			if err != nil {
				return
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
	return f.endReplay(s) // the reader is done: its state is final
}

// newScanner returns a scanner over the frames after the header.
func (f *File) newScanner() *scanner {
	start := int64(len(Header))
	return newScanner(io.NewSectionReader(f.f, start, f.size-start), start, f.size)
}

// endReplay decides, once the frames are read, what the scan found: a clean
// end, an unfinished tail (cut off) or damage in the middle (an error), and
// readies the file for appends.
func (f *File) endReplay(s *scanner) (Recovery, error) {
	var rec Recovery
	if s.err != nil {
		return rec, fmt.Errorf("read workspace %s: %w", f.path, s.err)
	}
	rec.Frames = s.frames
	if s.bad != "" {
		if at := nextValidFrame(f.f, s.off+1, f.size); at >= 0 {
			return rec, &DamagedError{Path: f.path, Offset: s.off, Frame: s.frames + 1, Reason: s.bad,
				ValidAfter: countValidFrames(f.f, at, f.size)}
		}
		rec.CutBytes, rec.CutAt, rec.Reason = f.size-s.off, s.off, s.bad
		if err := f.f.Truncate(s.off); err != nil {
			return rec, fmt.Errorf("cut the unfinished tail of %s: %w", f.path, err)
		}
		if err := f.f.Sync(); err != nil {
			return rec, err
		}
		f.size = s.off
	}
	f.seq = s.seq
	f.base = f.size
	f.startSyncer()
	return rec, nil
}

// Append writes one transaction: frame is a buffer made by NewFrame holding
// the transaction's commands. With SyncAlways it is on disk when Append
// returns. On error nothing of it stays in the file.
func (f *File) Append(frame []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return errors.New("the workspace file is closed")
	}
	sealFrame(frame, KindTransaction, f.seq+1)
	n, err := f.f.WriteAt(frame, f.size)
	if err == nil && f.policy == SyncAlways {
		err = f.f.Sync()
	}
	if err != nil {
		if n > 0 {
			// Take back what was written (out of space, say), so the
			// file still ends with a whole transaction.
			if terr := f.f.Truncate(f.size); terr != nil {
				return fmt.Errorf("write workspace %s: %w; and cutting the partial write failed: %v", f.path, err, terr)
			}
		}
		return fmt.Errorf("write workspace %s: %w", f.path, err)
	}
	f.size += int64(n)
	f.appended += int64(n)
	f.seq++
	f.dirty = true
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
	err := f.f.Sync()
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
