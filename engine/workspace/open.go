package workspace

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Options say how to open a workspace.
type Options struct {
	Sync SyncPolicy
	// ReadOnly opens the file for reading only. A file the process may not
	// write (its permissions, a read-only file system) is opened so even
	// without it, unless Writable is set.
	ReadOnly bool
	// Writable refuses a file that cannot be written instead of opening it
	// read-only (repair needs to write).
	Writable bool
	// RepairHeader takes a file whose header is damaged but whose frames
	// follow it for a workspace (repair rewrites the header).
	RepairHeader bool
}

// Open opens or creates the workspace at path and locks it for this
// process; see OpenWith.
func Open(path string, policy SyncPolicy) (*File, error) {
	return OpenWith(path, Options{Sync: policy})
}

// OpenWith opens or creates the workspace at path and locks it for this
// process. A file that does not exist, is empty, or holds only the start
// of the header (a crash while it was created) becomes a new workspace; a
// file that is neither a workspace nor a legacy BuntDB workspace is refused
// with a *NotWorkspaceError, untouched; a workspace whose header is damaged
// is refused with a *DamagedError (unless opts.RepairHeader); a file
// another process holds is refused with a *LockedError. A file this process
// may not write is opened read-only (a shared lock; nothing is ever
// written). Opening for writing removes the files a compaction killed
// before it finished left beside the workspace. Replay (or Salvage) must
// be called next; Notes says what opening did.
func OpenWith(path string, opts Options) (*File, error) {
	// A file created here is left in place on failure: it is empty, and an
	// empty file opens as a new workspace (removing it could remove the
	// file another process just created and locked).
	fail := func(f *os.File, err error) (*File, error) {
		if f != nil {
			f.Close()
		}
		return nil, err
	}
	readOnly := opts.ReadOnly
	var f *os.File
	for {
		var err error
		if !readOnly {
			f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
			if err != nil && !opts.Writable && cannotWrite(err) {
				if _, serr := os.Stat(path); serr == nil {
					readOnly = true
				}
			}
		}
		if readOnly {
			f, err = os.Open(path)
		}
		if err != nil {
			return fail(nil, fmt.Errorf("open workspace %s: %w", path, err))
		}
		take := lock
		if readOnly {
			take = lockShared
		}
		if err := take(f); err != nil {
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
		return fail(f, &NotWorkspaceError{Path: path, Looks: describeMode(fi.Mode())})
	}
	wf := &File{path: path, policy: opts.Sync, f: f, size: fi.Size(), version: 2, readOnly: readOnly, staged: -1}
	if readOnly && !opts.ReadOnly {
		wf.notes = append(wf.notes, "opened read-only: this process may not write the file; browsing only, every write is refused")
	}
	head := make([]byte, 512)
	n, err := f.ReadAt(head, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return fail(f, err)
	}
	head = head[:n]
	if n > 0 && int64(n) < int64(len(Header)) && (strings.HasPrefix(Header, string(head)) || strings.HasPrefix(HeaderV1, string(head))) {
		wf.notes = append(wf.notes, fmt.Sprintf("the file held only the first %s of a workspace header (a crash while it was being created): it is an empty workspace", byteCount(int64(n))))
		if !readOnly {
			if err := f.Truncate(0); err != nil {
				return fail(f, fmt.Errorf("write workspace %s: %w", path, err))
			}
		}
		wf.size, head = 0, nil
	}
	if wf.size == 0 {
		wf.format = FormatNew
		if readOnly {
			return wf, nil
		}
		if _, err := f.WriteAt([]byte(Header), 0); err != nil {
			return fail(f, fmt.Errorf("write workspace %s: %w", path, err))
		}
		if err := f.Sync(); err != nil {
			return fail(f, err)
		}
		syncDir(path)
		wf.size = int64(len(Header))
		return wf, nil
	}
	switch {
	case bytes.HasPrefix(head, []byte(Header)):
		wf.format = FormatWorkspace
	case bytes.HasPrefix(head, []byte(HeaderV1)):
		wf.format, wf.version = FormatWorkspace, 1
	case looksLegacy(head):
		wf.format = FormatLegacy
	default:
		version, valid := damagedHeader(f, head, wf.size)
		if version == 0 {
			return fail(f, &NotWorkspaceError{Path: path, Looks: describe(head, fi.Size())})
		}
		if !opts.RepairHeader {
			return fail(f, &DamagedError{Path: path, Reason: "a damaged header (not \"" + strings.TrimSpace(Header) + "\")", ValidAfter: valid})
		}
		wf.format, wf.version = FormatWorkspace, version
		wf.notes = append(wf.notes, fmt.Sprintf("the header was damaged; it was rebuilt (%d valid frames follow it)", valid))
	}
	if !readOnly {
		wf.notes = append(wf.notes, removeStaleRewrites(path)...)
	}
	return wf, nil
}

// cannotWrite reports whether an open for writing failed because the file
// may not be written (it may still be read).
func cannotWrite(err error) bool {
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)
}

// damagedHeader reports whether a file that does not start with a header
// is a workspace whose header is damaged: its first frame, right after
// where the header ends, is valid, or the header differs from one in at
// most three bytes (and is not another format version's). It returns the
// format version to read it as (0: not a workspace) and how many valid
// frames follow.
func damagedHeader(r io.ReaderAt, head []byte, size int64) (version, valid int) {
	if len(head) < len(Header) {
		return 0, 0
	}
	h := head[:len(Header)]
	if isHeaderLine(h) {
		return 0, 0 // a well-formed header of another version
	}
	for _, v := range []int{2, 1} {
		if _, _, ok := validFrameAt(r, int64(len(Header)), size, v); ok {
			return v, countValidFrames(r, int64(len(Header)), size, v)
		}
	}
	best, bestDiff := 0, 4
	for _, c := range []struct {
		v    int
		want string
	}{{2, Header}, {1, HeaderV1}} {
		diff := 0
		for i := range h {
			if h[i] != c.want[i] {
				diff++
			}
		}
		if diff < bestDiff {
			best, bestDiff = c.v, diff
		}
	}
	if best != 0 {
		return best, countValidFrames(r, int64(len(Header)), size, best)
	}
	return 0, 0
}

// isHeaderLine reports whether b is "dynoscope workspace N\n" for some
// number N.
func isHeaderLine(b []byte) bool {
	const prefix = "dynoscope workspace "
	if !bytes.HasPrefix(b, []byte(prefix)) || b[len(b)-1] != '\n' {
		return false
	}
	_, err := strconv.Atoi(string(b[len(prefix) : len(b)-1]))
	return err == nil
}

// describeMode says what a file that is not a regular one is.
func describeMode(m fs.FileMode) string {
	what := "a special file"
	switch {
	case m&fs.ModeCharDevice != 0:
		what = "a character device"
	case m&fs.ModeDevice != 0:
		what = "a block device"
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	}
	return what + ", not a regular file"
}

// removeStaleRewrites removes the files a compaction leaves beside the
// workspace while it runs (path.rewrite-PID) when the compaction is gone —
// killed before it finished: its process held a lock on the file, which
// the kill released. It says what it removed.
func removeStaleRewrites(path string) []string {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var notes []string
	for _, ent := range entries {
		pid, ok := strings.CutPrefix(ent.Name(), base+".rewrite-")
		if !ok || pid == "" || strings.Trim(pid, "0123456789") != "" || !ent.Type().IsRegular() {
			continue
		}
		name := filepath.Join(dir, ent.Name())
		tmp, err := os.OpenFile(name, os.O_RDWR, 0)
		if err != nil {
			continue
		}
		if lock(tmp) != nil {
			tmp.Close() // its compaction is running
			continue
		}
		fi, err := tmp.Stat()
		if err == nil && os.Remove(name) == nil {
			notes = append(notes, fmt.Sprintf("removed %s (%s), left by a compaction that did not finish (process %s is gone)", ent.Name(), byteCount(fi.Size()), pid))
		}
		tmp.Close()
	}
	return notes
}
