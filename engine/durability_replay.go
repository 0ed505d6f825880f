package engine

import (
	"runtime/debug"
	"strings"
	"sync"
	"unsafe"

	"github.com/tidwall/buntdb"
)

// Opening a workspace file replays its frames into the in-memory BuntDB.
// BuntDB's own Load reads the commands byte by byte and copies every key
// and value (and each line it reads) into new strings; replayLoader reads
// the frames whole instead (engine/workspace checks their checksums ahead
// of it, in another goroutine) and hands BuntDB keys and values that point
// into the frames' buffers: the file's bytes are in memory once. The
// frames are parsed in the reader's goroutine too; here they are applied in
// one write transaction opened with DeleteAll on the empty database, which
// spares BuntDB its per-key rollback records. The item counts and sizes of
// every table and index are kept as they go, so that opening does not walk
// the data a second time to count it (unless entries were replaced).

// replayLoader applies frames to a database.
type replayLoader struct {
	tx     *buntdb.Tx
	counts map[string]*prefixCount // by data or index prefix ("D/t/", "I/t/i/")
}

// prefixCount is the number of entries under a key prefix and their summed
// sizes as the table statistics count them (stored size + overhead).
// inexact is set once a SET replaced an entry: BuntDB does not tell the
// replaced value's size in the replay's transaction, so that table is
// counted by walking it.
type prefixCount struct {
	items, bytes int64
	inexact      bool
}

func newReplayLoader(db *buntdb.DB) (*replayLoader, error) {
	tx, err := db.Begin(true)
	if err != nil {
		return nil, err
	}
	// The database is empty: with DeleteAll first, a rollback is the whole
	// (empty) tree, and Set and Delete keep no record per key.
	if err := tx.DeleteAll(); err != nil {
		tx.Rollback()
		return nil, err
	}
	return &replayLoader{tx: tx, counts: map[string]*prefixCount{}}, nil
}

// commit ends the replay; abort takes it back.
func (l *replayLoader) commit() error { return l.tx.Commit() }
func (l *replayLoader) abort()        { l.tx.Rollback() }

// command is one SET (value set) or DEL of a frame.
type command struct {
	key, value string
	del        bool
}

// commandLists recycles the command slices of applied frames.
var commandLists = sync.Pool{New: func() any { return new([]command) }}

// parseFrame reads a frame's commands (run ahead of apply, in the reader's
// goroutine). The strings point into payload, which is kept.
func parseFrame(payload []byte) (*[]command, error) {
	list := commandLists.Get().(*[]command)
	cmds, err := appendCommands((*list)[:0], payload)
	*list = cmds
	if err != nil {
		commandLists.Put(list)
		return nil, err
	}
	return list, nil
}

func appendCommands(cmds []command, payload []byte) ([]command, error) {
	p := commandReader{b: payload}
	for p.more() {
		n, ok := p.header()
		if !ok {
			return cmds, errBadCommand
		}
		name, ok := p.bulk()
		if !ok || len(name) != 3 {
			return cmds, errBadCommand
		}
		key, ok := p.bulk()
		if !ok {
			return cmds, errBadCommand
		}
		switch {
		case n == 3 && strings.EqualFold(name, "set"):
			value, ok := p.bulk()
			if !ok {
				return cmds, errBadCommand
			}
			cmds = append(cmds, command{key: key, value: value})
		case n == 2 && strings.EqualFold(name, "del"):
			cmds = append(cmds, command{key: key, del: true})
		default:
			return cmds, errBadCommand
		}
	}
	return cmds, nil
}

// apply applies one frame's commands.
func (l *replayLoader) apply(list *[]command) error {
	defer func() {
		clear(*list) // no pointers into the frames from the pool
		commandLists.Put(list)
	}()
	for _, c := range *list {
		if c.del {
			prev, err := l.tx.Delete(c.key)
			if err == buntdb.ErrNotFound {
				continue
			}
			if err != nil {
				return err
			}
			if n := l.count(c.key); n != nil {
				n.items--
				n.bytes -= int64(storedSize(prev)) + indexEntryOverhead
			}
			continue
		}
		before, _ := l.tx.Len()
		if _, _, err := l.tx.Set(c.key, c.value, nil); err != nil {
			return err
		}
		if n := l.count(c.key); n != nil {
			if after, _ := l.tx.Len(); after > before {
				n.items++
				n.bytes += int64(storedSize(c.value)) + indexEntryOverhead
			} else {
				n.inexact = true
			}
		}
	}
	return nil
}

// count returns the counter of the table or index a data or index key
// belongs to (nil for other keys).
func (l *replayLoader) count(key string) *prefixCount {
	slashes := 0
	switch {
	case strings.HasPrefix(key, prefixData):
		slashes = 2
	case strings.HasPrefix(key, prefixIndex):
		slashes = 3
	default:
		return nil
	}
	end := 0
	for end < len(key) && slashes > 0 {
		if key[end] == '/' {
			slashes--
		}
		end++
	}
	if slashes > 0 {
		return nil
	}
	c := l.counts[key[:end]]
	if c == nil {
		c = &prefixCount{}
		l.counts[strings.Clone(key[:end])] = c
	}
	return c
}

// commandReader reads RESP commands (*N\r\n then N bulk strings
// $len\r\n<bytes>\r\n) from a payload, cutting strings from it without
// copying.
type commandReader struct {
	b []byte
	i int
}

func (r *commandReader) more() bool { return r.i < len(r.b) }

// number reads the digits of a line after its type byte, and the \r\n.
func (r *commandReader) number(kind byte) (int, bool) {
	if r.i >= len(r.b) || r.b[r.i] != kind {
		return 0, false
	}
	r.i++
	n, digits := 0, 0
	for r.i < len(r.b) && r.b[r.i] >= '0' && r.b[r.i] <= '9' {
		n = n*10 + int(r.b[r.i]-'0')
		r.i++
		digits++
		if digits > 10 {
			return 0, false
		}
	}
	if digits == 0 || r.i+2 > len(r.b) || r.b[r.i] != '\r' || r.b[r.i+1] != '\n' {
		return 0, false
	}
	r.i += 2
	return n, true
}

func (r *commandReader) header() (int, bool) { return r.number('*') }

// bulk reads one bulk string, as a string sharing the payload's memory.
func (r *commandReader) bulk() (string, bool) {
	n, ok := r.number('$')
	if !ok || n > len(r.b)-r.i-2 || r.b[r.i+n] != '\r' || r.b[r.i+n+1] != '\n' {
		return "", false
	}
	var s string
	if n > 0 {
		s = unsafe.String(&r.b[r.i], n) // the payload is never written again
	}
	r.i += n + 2
	return s, true
}

// The replay allocates the file's size in frame buffers that all stay
// live, so the collector, pacing itself on a heap that only grows, would
// run many cycles that free nothing: while a workspace opens, it runs less
// often (a higher GOGC, as set by the first of concurrent opens and put
// back by the last).
var openGC struct {
	sync.Mutex
	opens int
	saved int
}

// relaxGC raises GOGC for an open; the returned func puts it back.
func relaxGC() func() {
	openGC.Lock()
	if openGC.opens == 0 {
		openGC.saved = debug.SetGCPercent(-1)
		pct := 400
		if openGC.saved < 0 || openGC.saved > pct {
			pct = openGC.saved // off, or already as relaxed
		}
		debug.SetGCPercent(pct)
	}
	openGC.opens++
	openGC.Unlock()
	return func() {
		openGC.Lock()
		openGC.opens--
		if openGC.opens == 0 {
			debug.SetGCPercent(openGC.saved)
		}
		openGC.Unlock()
	}
}
