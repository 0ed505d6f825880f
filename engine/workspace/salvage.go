package workspace

import (
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

// Salvage reads every valid frame of a workspace, skipping what is damaged,
// and hands their payloads to load in file order, one stream of BuntDB
// commands. It changes nothing in the file; it says what it skipped.
func (f *File) Salvage(load func(io.Reader) error) ([]Dropped, error) {
	if f.format != FormatWorkspace {
		_, err := f.Replay(load)
		return nil, err
	}
	var dropped []Dropped
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := load(pr)
		pr.CloseWithError(io.ErrClosedPipe) // a load that stops early must not block the writer
		done <- err
	}()
	off := int64(len(Header))
	var seq uint64
	for off < f.size {
		s := newScanner(io.NewSectionReader(f.f, off, f.size-off), off, f.size)
		s.seq = seq
		for {
			payload, _, ok := s.next()
			if !ok {
				break
			}
			if _, err := pw.Write(payload); err != nil {
				return dropped, <-done
			}
		}
		if s.err != nil {
			pw.CloseWithError(s.err)
			<-done
			return dropped, s.err
		}
		seq = s.seq
		if s.bad == "" {
			break
		}
		next := nextValidFrame(f.f, s.off+1, f.size)
		if next < 0 {
			next = f.size
		}
		dropped = append(dropped, Dropped{Offset: s.off, Bytes: next - s.off, Reason: s.bad})
		off = next
		seq = 0 // after damage, sequence numbers start over
	}
	pw.Close()
	return dropped, <-done
}
