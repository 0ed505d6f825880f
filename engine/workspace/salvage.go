package workspace

import (
	"errors"
	"fmt"
	"io"
)

// Dropped is a stretch of a damaged file that Salvage could not read.
type Dropped struct {
	Offset int64  // where it starts
	Bytes  int64  // how long it is
	Reason string // what was found there
}

func (d Dropped) String() string {
	return fmt.Sprintf("%s at byte %s (%s)", byteCount(d.Bytes), group(d.Offset), d.Reason)
}

// Salvage reads every valid frame of a workspace, skipping what is
// damaged, and hands each payload — BuntDB commands, in a buffer of its own
// that apply may keep — to apply, in file order. It changes nothing in the
// file; it says what it skipped. After damage it goes on only where the
// chain proves a frame starts (see resync): a frame's bytes that merely
// look like frames are never read as frames. The staged parts of a large
// transaction are applied just before its frame, or dropped when it is
// not there. An error from apply ends it.
// A legacy file has no frames: use Replay.
func (f *File) Salvage(apply func(payload []byte) error) ([]Dropped, error) {
	if f.format == FormatLegacy {
		return nil, errors.New("workspace: Salvage on a legacy file")
	}
	var dropped []Dropped
	off := int64(len(Header))
	var seq uint64
	var stage staging
	for off < f.size {
		s := newScanner(io.NewSectionReader(f.f, off, f.size-off), off, f.size, f.version)
		s.seq, s.own = seq, true
		for {
			at := s.off
			payload, kind, ok := s.next()
			if !ok {
				break
			}
			for _, p := range stage.add(at, kind, payload) {
				if err := apply(p); err != nil {
					return dropped, err
				}
			}
		}
		if s.err != nil {
			return dropped, s.err
		}
		if at := stage.pending(); at >= 0 {
			// Staged parts whose transaction frame is damaged or missing.
			dropped = append(dropped, Dropped{Offset: at, Bytes: s.off - at, Reason: "the staged parts of a transaction that did not commit"})
			stage.drop()
		}
		seq = s.seq
		if s.bad == "" {
			break
		}
		if tornTail(f.f, s.off, f.size, f.version) {
			dropped = append(dropped, Dropped{Offset: s.off, Bytes: f.size - s.off, Reason: s.bad + ": the unfinished last transaction"})
			break
		}
		next := resync(f.f, s.off, f.size, seq, f.version)
		if next < 0 {
			next = f.size
		}
		dropped = append(dropped, Dropped{Offset: s.off, Bytes: next - s.off, Reason: s.bad})
		off = next
	}
	return dropped, nil
}
