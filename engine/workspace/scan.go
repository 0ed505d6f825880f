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
	ver    int    // the file's format version
}

func newScanner(r io.Reader, off, size int64, version int) *scanner {
	return &scanner{r: bufio.NewReaderSize(r, 1<<16), off: off, size: size, ver: version}
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
	h, ok := parseFrameHeader(s.hdr[:], s.ver)
	switch {
	case !ok:
		s.bad = "bytes that are not a frame"
		return nil, 0, false
	case h.n > s.size-s.off-FrameHeaderSize:
		s.bad = "a frame longer than the rest of the file"
		return nil, 0, false
	case h.seq < s.seq || (h.kind != KindSnapshot && h.seq == s.seq && s.frames > 0):
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
	payload := s.buf
	if s.ver >= 2 {
		if payload, ok = unescape(payload); !ok {
			s.bad = "a frame whose payload is not escaped"
			return nil, 0, false
		}
	}
	s.off += FrameHeaderSize + h.n
	s.seq = h.seq
	s.frames++
	return payload, h.kind, true
}

// payloadReader turns a scanner into one stream of BuntDB commands.
type payloadReader struct {
	s     *scanner
	stage staging
	ready [][]byte
	cur   []byte
}

func (p *payloadReader) Read(b []byte) (int, error) {
	for len(p.cur) == 0 {
		if len(p.ready) > 0 {
			p.cur, p.ready = p.ready[0], p.ready[1:]
			continue
		}
		at := p.s.off
		payload, kind, ok := p.s.next()
		if !ok {
			if p.s.err != nil {
				return 0, p.s.err
			}
			return 0, io.EOF
		}
		p.ready = p.stage.add(at, kind, payload)
	}
	n := copy(b, p.cur)
	p.cur = p.cur[n:]
	return n, nil
}

// staging holds the staged parts of a transaction until its transaction
// frame comes (see KindStaged). The scanner must hand out payloads the
// caller keeps (own).
type staging struct {
	parts [][]byte
	at    int64 // where the first part starts (-1: none held)
	n     int
}

// add takes the frame at offset at and returns the payloads to apply now,
// in order: none for a staged part; the parts held and then the frame's
// own for any other.
func (st *staging) add(at int64, kind byte, payload []byte) [][]byte {
	if kind == KindStaged {
		if len(st.parts) == 0 {
			st.at = at
		}
		st.parts = append(st.parts, payload)
		return nil
	}
	out := append(st.parts, payload)
	st.parts = nil
	return out
}

// pending returns where the parts held start (-1: none are held).
func (st *staging) pending() int64 {
	if len(st.parts) == 0 {
		return -1
	}
	return st.at
}

// drop forgets the parts held (damage came before their transaction).
func (st *staging) drop() { st.parts = nil }

// validFrameAt reports whether a complete, valid frame starts at off, and
// where it ends and its sequence number.
func validFrameAt(r io.ReaderAt, off, size int64, version int) (end int64, seq uint64, ok bool) {
	var hdr [FrameHeaderSize]byte
	if size-off < FrameHeaderSize {
		return 0, 0, false
	}
	if _, err := r.ReadAt(hdr[:], off); err != nil {
		return 0, 0, false
	}
	h, ok := parseFrameHeader(hdr[:], version)
	if !ok || h.n > size-off-FrameHeaderSize {
		return 0, 0, false
	}
	payload := make([]byte, h.n)
	if _, err := r.ReadAt(payload, off+FrameHeaderSize); err != nil {
		return 0, 0, false
	}
	if !h.check(hdr[:], payload) {
		return 0, 0, false
	}
	if version >= 2 {
		if _, ok := unescape(payload); !ok {
			return 0, 0, false
		}
	}
	return off + FrameHeaderSize + h.n, h.seq, true
}

// tornTail reports, for a file of the first format, whether the bytes from
// off to the end of the file are one frame the file ends inside: an
// unfinished header, or a header whose declared length reaches the end of
// the file (or past it). Whatever those bytes hold is then that frame's
// payload — an item's bytes, never a frame of its own — however it looks.
// (In the current format payloads are escaped: a frame found past off is
// a frame, and the declared length, which damage may have changed, is not
// needed to tell.)
func tornTail(r io.ReaderAt, off, size int64, version int) bool {
	if version >= 2 {
		return false
	}
	if size-off < FrameHeaderSize {
		return true
	}
	var hdr [FrameHeaderSize]byte
	if _, err := r.ReadAt(hdr[:], off); err != nil {
		return false
	}
	h, ok := parseFrameHeader(hdr[:], version)
	return ok && off+FrameHeaderSize+h.n >= size
}

// resync finds where valid frames start again after damage at off, the
// last valid frame before it having sequence number seq; -1 when none do.
// Only frames the chain proves are taken:
//
//   - the damaged frame's own length, when its header can be read, points
//     to the next frame's start: a valid frame there, not numbered before
//     seq, is where the file goes on;
//   - otherwise the next valid frame found by its magic, not numbered
//     before seq (a compaction's snapshot parts share one number). In the current format, payloads are escaped, so a magic found
//     is a frame's start, not an item's bytes. In the first format it may
//     be an item's bytes: there a frame found so is taken only when it is
//     numbered at least seq+2 (the damaged frame itself was seq+1, so a
//     frame inside it cannot be its successor) and the frames from it
//     chain, each transaction numbered after the one before, to the exact
//     end of the file (frames forged inside an item end inside it).
func resync(r io.ReaderAt, off, size int64, seq uint64, version int) int64 {
	var hdr [FrameHeaderSize]byte
	if size-off >= FrameHeaderSize {
		if _, err := r.ReadAt(hdr[:], off); err == nil {
			h := readFrameHeader(hdr[:])
			if next := off + FrameHeaderSize + h.n; next < size {
				if _, s, ok := validFrameAt(r, next, size, version); ok && s >= seq {
					return next
				}
			}
		}
	}
	for from := off + 1; ; {
		at, s := nextValidFrame(r, from, size, version)
		if at < 0 {
			return -1
		}
		if version >= 2 && s >= seq {
			// (equal: the next part of a compaction's snapshot, whose
			// parts share one number)
			return at
		}
		if version < 2 && s >= seq+2 && chained(r, at, size, version) {
			return at
		}
		from = at + 1
	}
}

// chained reports whether the valid frames from off on follow each other
// in sequence (a snapshot's parts share a number), each ending where the
// next starts, up to the exact end of the file.
func chained(r io.ReaderAt, off, size int64, version int) bool {
	var last uint64
	for n := 0; off < size; n++ {
		end, seq, ok := validFrameAt(r, off, size, version)
		if !ok || n > 0 && seq < last {
			return false
		}
		last, off = seq, end
	}
	return true
}

// nextValidFrame finds the first offset at or after from where a valid
// frame starts, and its sequence number; -1 when none does.
func nextValidFrame(r io.ReaderAt, from, size int64, version int) (int64, uint64) {
	m := []byte(magic)
	if version < 2 {
		m = []byte(magicV1)
	}
	const chunk = 1 << 20
	buf := make([]byte, chunk+len(m)-1)
	for pos := from; pos < size; pos += chunk {
		n, err := r.ReadAt(buf, pos)
		if err != nil && !errors.Is(err, io.EOF) {
			return -1, 0
		}
		window := buf[:n]
		for i := 0; ; {
			j := bytes.Index(window[i:], m)
			if j < 0 {
				break
			}
			at := pos + int64(i+j)
			if _, seq, ok := validFrameAt(r, at, size, version); ok {
				return at, seq
			}
			i += j + 1
		}
	}
	return -1, 0
}

// countValidFrames counts the valid frames from off on, skipping damage.
func countValidFrames(r io.ReaderAt, off, size int64, version int) int {
	n := 0
	for off >= 0 && off < size {
		end, _, ok := validFrameAt(r, off, size, version)
		if !ok {
			off, _ = nextValidFrame(r, off+1, size, version)
			continue
		}
		n++
		off = end
	}
	return n
}

// countCut counts the frames in the bytes from off to the end of the file
// by following their headers' lengths (checksums unchecked: those frames
// are being cut); exact is false when the count stops at bytes that are
// not a frame header, so that more transactions may have been there.
func countCut(r io.ReaderAt, off, size int64, version int) (n int, exact bool) {
	var hdr [FrameHeaderSize]byte
	for off < size {
		if size-off < FrameHeaderSize {
			return n + 1, true // an unfinished header: one more begun
		}
		// Bytes that are not a header after a frame's end: the file grows
		// only by frames, so at least one more was begun there.
		if _, err := r.ReadAt(hdr[:], off); err != nil {
			return n + 1, false
		}
		h, ok := parseFrameHeader(hdr[:], version)
		if !ok {
			return n + 1, false
		}
		n++
		off += FrameHeaderSize + h.n
	}
	return n, true
}

// FrameEnds returns where each valid frame of a workspace file ends, in
// order, up to the first that is not valid (or the end of the file): the
// places a crash test cuts between. r holds the whole file, size bytes.
func FrameEnds(r io.ReaderAt, size int64) []int64 {
	var head [len(Header)]byte
	if _, err := r.ReadAt(head[:], 0); err != nil {
		return nil
	}
	version := 2
	if string(head[:]) == HeaderV1 {
		version = 1
	}
	var ends []int64
	for off := int64(len(Header)); off < size; {
		end, _, ok := validFrameAt(r, off, size, version)
		if !ok {
			break
		}
		ends = append(ends, end)
		off = end
	}
	return ends
}
