// Package history keeps the change history that point-in-time recovery
// reads: for every item change of a table with PITR on, one record written
// in the same BuntDB transaction as the change, holding the item's bytes as
// they were BEFORE the change. The table as it was at an instant T is then
// the table now, with every item changed after T put back to the bytes the
// first such change replaced; the changes between T1 and T2 are the
// records in that window, each with the bytes it replaced (its old image)
// and the bytes the next change of the same item replaced, or the item now
// (its new image).
//
// Layout (under the engine's keyspace, ordered byte-wise):
//
//	H/<table>/<at:016x><seq:016x>   uvarint(len(suffix)) suffix flag old
//
// at is the change's engine time in Unix nanoseconds (never decreasing:
// the engine clamps a clock that steps back), seq the engine's write
// sequence, suffix the item's storage key after D/<table>/, flag 1 when an
// item existed before the change (its stored bytes follow) and 0 when the
// change created it. Records older than the table's recovery period are
// pruned by the engine; turning PITR off or deleting the table removes them
// all. The package reads and writes through small interfaces over a BuntDB
// transaction and knows nothing of item encodings: it hands back stored
// bytes, which the engine decodes.
package history

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/tidwall/buntdb"
)

// Prefix is the key prefix of every history record.
const Prefix = "H/"

// TablePrefix returns H/<table>/, the key range of one table's history.
func TablePrefix(table string) string { return Prefix + table + "/" }

// Key returns the storage key of the record of a change at at (Unix
// nanoseconds) with sequence number seq.
func Key(table string, at int64, seq uint64) string {
	b := make([]byte, 0, len(Prefix)+len(table)+1+32)
	b = append(b, Prefix...)
	b = append(b, table...)
	b = append(b, '/')
	b = appendHex16(b, uint64(at))
	b = appendHex16(b, seq)
	return string(b)
}

func appendHex16(b []byte, v uint64) []byte {
	const digits = "0123456789abcdef"
	for shift := 60; shift >= 0; shift -= 4 {
		b = append(b, digits[(v>>uint(shift))&0xf])
	}
	return b
}

// timeKey returns the first key at or after instant at.
func timeKey(table string, at int64) string {
	return string(appendHex16([]byte(TablePrefix(table)), uint64(at)))
}

// Encode appends a record's value to dst: the item's key suffix and, when
// existed, the stored bytes the change replaced.
func Encode(dst []byte, suffix, old string, existed bool) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(suffix)))
	dst = append(dst, suffix...)
	if !existed {
		return append(dst, 0)
	}
	dst = append(dst, 1)
	return append(dst, old...)
}

// ErrCorrupt is returned for a record that cannot be read.
var ErrCorrupt = errors.New("history record cannot be read")

// Record is one change as stored.
type Record struct {
	At      int64  // Unix nanoseconds
	Seq     uint64 // the engine's write sequence
	Suffix  string // the item's storage key after D/<table>/
	Old     string // the stored bytes the change replaced
	Existed bool   // whether an item existed before the change
}

// Decode reads a record from its key and value.
func Decode(key, value string) (Record, error) {
	var r Record
	i := strings.LastIndexByte(key, '/')
	if i < 0 || len(key)-i-1 != 32 {
		return r, ErrCorrupt
	}
	at, err1 := strconv.ParseUint(key[i+1:i+17], 16, 64)
	seq, err2 := strconv.ParseUint(key[i+17:], 16, 64)
	if err1 != nil || err2 != nil {
		return r, ErrCorrupt
	}
	r.At, r.Seq = int64(at), seq
	n, w := binary.Uvarint([]byte(value[:min(len(value), binary.MaxVarintLen64)]))
	if w <= 0 || n >= uint64(len(value)-w) {
		return r, ErrCorrupt
	}
	r.Suffix = value[w : w+int(n)]
	switch value[w+int(n)] {
	case 0:
		if len(value) != w+int(n)+1 {
			return r, ErrCorrupt
		}
	case 1:
		r.Existed, r.Old = true, value[w+int(n)+1:]
	default:
		return r, ErrCorrupt
	}
	return r, nil
}

// Reader is what reading history needs of a transaction.
type Reader interface {
	AscendGreaterOrEqual(index, pivot string, iterator func(key, value string) bool) error
	Get(key string, ignoreExpired ...bool) (string, error)
}

// Writer is what pruning needs: a Reader that deletes (the engine's write
// transaction, which records every delete in the workspace log).
type Writer interface {
	Reader
	Delete(key string) (string, error)
}

// walk calls fn for each record of the table at or after instant from.
func walk(tx Reader, table string, from int64, fn func(Record) error) error {
	prefix := TablePrefix(table)
	var ferr error
	err := tx.AscendGreaterOrEqual("", timeKey(table, from), func(k, v string) bool {
		if !strings.HasPrefix(k, prefix) {
			return false
		}
		r, err := Decode(k, v)
		if err == nil {
			err = fn(r)
		}
		ferr = err
		return err == nil
	})
	if ferr != nil {
		return ferr
	}
	return err
}

// Earliest returns the instant of the table's oldest record, and false when
// it has none.
func Earliest(tx Reader, table string) (int64, bool, error) {
	var at int64
	found := false
	err := walk(tx, table, 0, func(r Record) error {
		at, found = r.At, true
		return errStop
	})
	if err == errStop {
		err = nil
	}
	return at, found, err
}

var errStop = errors.New("stop")

// StateAt calls fn, in storage key order, with the key suffix and stored
// bytes of every item the table held at instant at (Unix nanoseconds): the
// items under dataPrefix (D/<table>/) now, each changed after at replaced by
// the bytes its first later change replaced, and those created after at
// left out. tx must be one read (or write) transaction, so that the items
// and the history agree. fn returning an error stops the walk with it.
func StateAt(tx Reader, table, dataPrefix string, at int64, fn func(suffix, stored string) error) error {
	then := map[string]Record{}
	err := walk(tx, table, at+1, func(r Record) error {
		if _, seen := then[r.Suffix]; !seen {
			then[r.Suffix] = r
		}
		return nil
	})
	if err != nil {
		return err
	}
	changed := make([]string, 0, len(then))
	for s := range then {
		changed = append(changed, s)
	}
	sort.Strings(changed)
	next := 0 // changed[next] is the next changed key not yet given
	emitChanged := func(s string) error {
		if r := then[s]; r.Existed {
			return fn(s, r.Old)
		}
		return nil
	}
	var ferr error
	err = tx.AscendGreaterOrEqual("", dataPrefix, func(k, v string) bool {
		if !strings.HasPrefix(k, dataPrefix) {
			return false
		}
		s := k[len(dataPrefix):]
		for next < len(changed) && changed[next] < s {
			if ferr = emitChanged(changed[next]); ferr != nil {
				return false
			}
			next++
		}
		if next < len(changed) && changed[next] == s {
			ferr = emitChanged(s)
			next++
		} else {
			ferr = fn(s, v)
		}
		return ferr == nil
	})
	if ferr != nil {
		return ferr
	}
	if err != nil {
		return err
	}
	for ; next < len(changed); next++ {
		if err := emitChanged(changed[next]); err != nil {
			return err
		}
	}
	return nil
}

// Change is one item change between two instants, with the stored bytes of
// the item before and after it.
type Change struct {
	At         int64  // Unix nanoseconds
	Seq        uint64 // the engine's write sequence
	Suffix     string // the item's storage key after D/<table>/
	Old, New   string // stored bytes before and after
	OldExisted bool   // false: the change created the item
	NewExists  bool   // false: the change deleted it
}

// Changes calls fn, in the order they happened, with every change of the
// table after from and at or before to (Unix nanoseconds), each with the
// item's bytes before and after it. The after-image is what the next change
// of the same item replaced, or the item now (under dataPrefix).
func Changes(tx Reader, table, dataPrefix string, from, to int64, fn func(Change) error) error {
	if to < from {
		return fmt.Errorf("history: window ends (%d) before it starts (%d)", to, from)
	}
	var recs []Record
	err := walk(tx, table, from+1, func(r Record) error {
		recs = append(recs, r)
		return nil
	})
	if err != nil {
		return err
	}
	type image struct {
		bytes  string
		exists bool
	}
	after := map[string]image{}
	changes := make([]Change, 0, len(recs))
	for i := len(recs) - 1; i >= 0; i-- {
		r := recs[i]
		img, ok := after[r.Suffix]
		if !ok {
			v, err := tx.Get(dataPrefix + r.Suffix)
			switch {
			case err == nil:
				img = image{v, true}
			case errors.Is(err, buntdb.ErrNotFound):
			default:
				return err
			}
		}
		after[r.Suffix] = image{r.Old, r.Existed}
		if r.At <= to {
			changes = append(changes, Change{At: r.At, Seq: r.Seq, Suffix: r.Suffix, Old: r.Old, OldExisted: r.Existed, New: img.bytes, NewExists: img.exists})
		}
	}
	for i := len(changes) - 1; i >= 0; i-- {
		if err := fn(changes[i]); err != nil {
			return err
		}
	}
	return nil
}

// Prune deletes at most max of the table's records older than before (Unix
// nanoseconds), oldest first, and returns how many it deleted and whether
// older ones remain. max <= 0 deletes them all.
func Prune(tx Writer, table string, before int64, max int) (int, bool, error) {
	prefix := TablePrefix(table)
	end := timeKey(table, before)
	var keys []string
	more := false
	tx.AscendGreaterOrEqual("", prefix, func(k, _ string) bool {
		if !strings.HasPrefix(k, prefix) || k >= end {
			return false
		}
		if max > 0 && len(keys) == max {
			more = true
			return false
		}
		keys = append(keys, k)
		return true
	})
	for _, k := range keys {
		if _, err := tx.Delete(k); err != nil {
			return 0, false, err
		}
	}
	return len(keys), more, nil
}

// Drop deletes every record of the table and returns how many.
func Drop(tx Writer, table string) (int, error) {
	n, _, err := Prune(tx, table, int64(^uint64(0)>>1), 0)
	return n, err
}

// Descender is what Latest needs of a transaction.
type Descender interface {
	DescendLessOrEqual(index, pivot string, iterator func(key, value string) bool) error
}

// Latest returns the instant and sequence number of the table's newest
// record, and false when it has none.
func Latest(tx Descender, table string) (int64, uint64, bool, error) {
	prefix := TablePrefix(table)
	var r Record
	found := false
	var derr error
	err := tx.DescendLessOrEqual("", prefix+"\xff", func(k, v string) bool {
		if strings.HasPrefix(k, prefix) {
			r, derr = Decode(k, v)
			found = derr == nil
		}
		return false
	})
	if derr != nil {
		return 0, 0, false, derr
	}
	return r.At, r.Seq, found, err
}
