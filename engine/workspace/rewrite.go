package workspace

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

// Rewrite writes a workspace anew beside the old file and then puts it in
// its place: compaction, the conversion of a legacy file or of one in the
// first format, a repair. The new file is always in the current format.
type Rewrite struct {
	f       *File
	tmp     *os.File
	tmpPath string
	w       *bufio.Writer
	tail    int64  // offset of the old file's first frame the snapshot may miss
	seq     uint64 // sequence number of the snapshot frames
	size    int64
}

// BeginRewrite starts a rewrite. The caller guarantees that no Append runs
// meanwhile and that the database it will snapshot holds every transaction
// appended so far; Appends may run again once BeginRewrite returns: the
// frames they add are copied over at Commit.
func (f *File) BeginRewrite() (*Rewrite, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.readOnly {
		return nil, ErrReadOnly
	}
	tmpPath := fmt.Sprintf("%s.rewrite-%d", f.path, os.Getpid())
	tmp, err := os.OpenFile(tmpPath, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("rewrite workspace %s: %w", f.path, err)
	}
	if err := lock(tmp); err != nil {
		tmp.Close()
		os.Remove(tmpPath)
		return nil, fmt.Errorf("rewrite workspace %s: lock %s: %w", f.path, tmpPath, err)
	}
	r := &Rewrite{f: f, tmp: tmp, tmpPath: tmpPath, w: bufio.NewWriterSize(tmp, 1<<20), tail: f.size, seq: f.seq}
	if f.format == FormatLegacy {
		r.tail = f.size // a legacy file has no frames to copy
	}
	if _, err := r.w.WriteString(Header); err != nil {
		r.Abort()
		return nil, err
	}
	r.size = int64(len(Header))
	return r, nil
}

// Put writes one snapshot frame: frame is a buffer made by NewFrame.
func (r *Rewrite) Put(frame []byte) error {
	frame = sealFrame(frame, KindSnapshot, r.seq, 2)
	n, err := r.w.Write(frame)
	r.size += int64(n)
	return err
}

// Commit finishes the rewrite: it copies the frames appended since
// BeginRewrite, flushes the new file and renames it over the old one,
// keeping the old one at backup first when backup is not "". The caller
// guarantees that no Append runs during Commit.
func (r *Rewrite) Commit(backup string) error {
	f := r.f
	f.mu.Lock()
	defer f.mu.Unlock()
	fail := func(err error) error {
		r.abortLocked()
		return fmt.Errorf("rewrite workspace %s: %w", f.path, err)
	}
	if f.closed {
		return fail(fmt.Errorf("the workspace file is closed"))
	}
	if f.size > r.tail && f.version >= 2 {
		n, err := io.Copy(r.w, io.NewSectionReader(f.f, r.tail, f.size-r.tail))
		if err != nil {
			return fail(err)
		}
		r.size += n
	} else if f.size > r.tail {
		// Frames of the first format, appended meanwhile: written anew in
		// the current one.
		s := newScanner(io.NewSectionReader(f.f, r.tail, f.size-r.tail), r.tail, f.size, f.version)
		for {
			payload, kind, ok := s.next()
			if !ok {
				break
			}
			frame := sealFrame(append(NewFrame(nil), payload...), kind, s.seq, 2)
			n, err := r.w.Write(frame)
			r.size += int64(n)
			if err != nil {
				return fail(err)
			}
		}
		if s.err != nil || s.bad != "" {
			return fail(fmt.Errorf("copy the frames appended meanwhile: %v%s", s.err, s.bad))
		}
	}
	if err := r.w.Flush(); err != nil {
		return fail(err)
	}
	if err := r.tmp.Sync(); err != nil {
		return fail(err)
	}
	if backup != "" {
		if err := keepCopy(f.path, backup); err != nil {
			return fail(fmt.Errorf("keep a backup at %s: %w", backup, err))
		}
	}
	if err := os.Rename(r.tmpPath, f.path); err != nil {
		return fail(err)
	}
	syncDir(f.path)
	f.f.Close()
	f.f = r.tmp
	f.size = r.size
	f.base = r.size
	f.format = FormatWorkspace
	f.version = 2
	return nil
}

// Abort drops the rewrite; the old file stays as it is.
func (r *Rewrite) Abort() {
	r.f.mu.Lock()
	defer r.f.mu.Unlock()
	r.abortLocked()
}

func (r *Rewrite) abortLocked() {
	r.tmp.Close()
	os.Remove(r.tmpPath)
}

// keepCopy makes backup hold what path holds: a hard link where the file
// system allows it, else a copy.
func keepCopy(path, backup string) error {
	if err := os.Link(path, backup); err == nil {
		syncDir(backup)
		return nil
	}
	src, err := os.Open(path)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(backup, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		os.Remove(backup)
		return err
	}
	if err := dst.Sync(); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}
