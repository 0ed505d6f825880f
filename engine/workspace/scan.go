package workspace

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// scanner reads the frames of a workspace file in order and stops at the
// first one that is not complete and valid.
type scanner struct {
	r      *bufio.Reader
	off    int64 // offset of the next frame
	size   int64 // size of the file
	hdr    [FrameHeaderSize]byte
	buf    []byte
	seq    uint64 // sequence number of the last valid frame
	frames int    // valid frames read
	bad    string // why scanning stopped before the end ("" at a clean end)
	err    error  // an I/O error
	own    bool   // each payload in a new buffer, for the caller to keep
}

func newScanner(r io.Reader, off, size int64) *scanner {
	return &scanner{r: bufio.NewReaderSize(r, 1<<16), off: off, size: size}
}

// next returns the payload of the next valid frame (valid until the next
// call), or false at the end of the file or at the first invalid frame.
func (s *scanner) next() ([]byte, byte, bool) {
	if s.bad != "" || s.err != nil || s.off == s.size {
		return nil, 0, false
	}
	if s.size-s.off < FrameHeaderSize {
		s.bad = "an unfinished frame header"
		return nil, 0, false
	}
	if _, err := io.ReadFull(s.r, s.hdr[:]); err != nil {
		s.err = err
		return nil, 0, false
	}
	h, ok := parseFrameHeader(s.hdr[:])
	switch {
	case !ok:
		s.bad = "bytes that are not a frame"
		return nil, 0, false
	case h.n > s.size-s.off-FrameHeaderSize:
		s.bad = "a frame longer than the rest of the file"
		return nil, 0, false
	case h.seq < s.seq || (h.kind == KindTransaction && h.seq == s.seq && s.frames > 0):
		s.bad = "a frame out of sequence"
		return nil, 0, false
	}
	if s.own || int64(cap(s.buf)) < h.n {
		s.buf = make([]byte, h.n)
	}
	s.buf = s.buf[:h.n]
	if _, err := io.ReadFull(s.r, s.buf); err != nil {
		s.err = err
		return nil, 0, false
	}
	if !h.check(s.hdr[:], s.buf) {
		s.bad = "a frame whose checksum does not match"
		return nil, 0, false
	}
	s.off += FrameHeaderSize + h.n
	s.seq = h.seq
	s.frames++
	return s.buf, h.kind, true
}

// payloadReader turns a scanner into one stream of BuntDB commands.
type payloadReader struct {
	s   *scanner
	cur []byte
}

func (p *payloadReader) Read(b []byte) (int, error) {
	for len(p.cur) == 0 {
		payload, _, ok := p.s.next()
		if !ok {
			if p.s.err != nil {
				return 0, p.s.err
			}
			return 0, io.EOF
		}
		p.cur = payload
	}
	n := copy(b, p.cur)
	p.cur = p.cur[n:]
	return n, nil
}

// validFrameAt reports whether a complete, valid frame starts at off, and
// where it ends.
func validFrameAt(r io.ReaderAt, off, size int64) (end int64, ok bool) {
	var hdr [FrameHeaderSize]byte
	if size-off < FrameHeaderSize {
		return 0, false
	}
	if _, err := r.ReadAt(hdr[:], off); err != nil {
		return 0, false
	}
	h, ok := parseFrameHeader(hdr[:])
	if !ok || h.n > size-off-FrameHeaderSize {
		return 0, false
	}
	payload := make([]byte, h.n)
	if _, err := r.ReadAt(payload, off+FrameHeaderSize); err != nil {
		return 0, false
	}
	if !h.check(hdr[:], payload) {
		return 0, false
	}
	return off + FrameHeaderSize + h.n, true
}

// nextValidFrame finds the first offset after from where a valid frame
// starts, or -1.
func nextValidFrame(r io.ReaderAt, from, size int64) int64 {
	const chunk = 1 << 20
	buf := make([]byte, chunk+len(frameMagic)-1)
	for pos := from; pos < size; pos += chunk {
		n, err := r.ReadAt(buf, pos)
		if err != nil && !errors.Is(err, io.EOF) {
			return -1
		}
		window := buf[:n]
		for i := 0; ; {
			j := bytes.Index(window[i:], []byte(frameMagic))
			if j < 0 {
				break
			}
			at := pos + int64(i+j)
			if _, ok := validFrameAt(r, at, size); ok {
				return at
			}
			i += j + 1
		}
	}
	return -1
}

// countValidFrames counts the valid frames from off on, skipping damage.
func countValidFrames(r io.ReaderAt, off, size int64) int {
	n := 0
	for off >= 0 && off < size {
		end, ok := validFrameAt(r, off, size)
		if !ok {
			off = nextValidFrame(r, off+1, size)
			continue
		}
		n++
		off = end
	}
	return n
}
