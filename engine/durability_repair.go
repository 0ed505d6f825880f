package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/workspace"
)

// RepairReport says what Repair found and did.
type RepairReport struct {
	Path   string
	Backup string // where the original file was kept
	// Dropped lists the damaged stretches of the file that could not be
	// read: the transactions in them are lost.
	Dropped []workspace.Dropped
	// Notes say what else was found and done: a header rebuilt, a frame
	// holding foreign commands skipped, a table description that could not
	// be read replaced by an earlier one (or the table left out, with its
	// items, when there is none), a stale compaction file removed.
	Notes []string
	// Rebuilt is what the rebuild of the index entries and TTL queues from
	// the items changed.
	Rebuilt *VerifyReport
}

// Repair rebuilds a damaged workspace file: it reads every transaction that
// can still be read, recomputes every index entry, TTL-queue entry and
// statistic from the items, keeps the original file next to it and writes
// the repaired workspace in its place. It needs the file to itself (no other
// process may have it open) and to be able to write it.
func Repair(path string) (*RepairReport, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if fi.Size() == 0 {
		return nil, fmt.Errorf("%s is empty: there is nothing to repair", path)
	}
	file, err := workspace.OpenWith(path, workspace.Options{Sync: workspace.SyncAlways, Writable: true, RepairHeader: true})
	if err != nil {
		return nil, err
	}
	db, err := buntdb.Open(":memory:")
	if err != nil {
		file.Close()
		return nil, err
	}
	rep := &RepairReport{Path: path, Notes: file.Notes()}
	if file.Format() == workspace.FormatLegacy {
		_, err = file.Replay(func(r io.Reader) error {
			err := db.Load(r)
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return nil // a legacy file's unfinished tail
			}
			return err
		})
	} else {
		var notes []string
		rep.Dropped, notes, err = salvageInto(db, file)
		rep.Notes = append(rep.Notes, notes...)
	}
	if err != nil {
		db.Close()
		file.Close()
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	e := newEngine(db, nil, nil, Options{Path: path, DisableTTLSweeper: true})
	defer e.Close()
	if file.Format() == workspace.FormatLegacy {
		if err := checkLegacyKeys(db, path); err != nil {
			file.Close()
			return nil, err
		}
	}
	if err := e.readTables(true); err != nil {
		file.Close()
		return nil, err
	}
	rep.Notes = append(rep.Notes, e.notes...)
	if rep.Rebuilt, err = e.rebuildDerived(); err != nil {
		file.Close()
		return nil, err
	}
	e.store.file = file
	rep.Backup = backupName(path, "damaged")
	if err := e.rewrite(rep.Backup, nil); err != nil {
		return nil, err
	}
	return rep, nil
}

// salvageInto applies every frame of a damaged workspace that can be read
// to db, in one transaction. A frame holding a command other than SET or
// DEL is skipped whole (a transaction is applied whole or not at all) and
// reported. A table description that cannot be decoded does not replace
// the description before it: the table keeps its last valid description
// and its items (with none before it, it is stored, and readTables leaves
// the table out).
func salvageInto(db *buntdb.DB, file *workspace.File) ([]workspace.Dropped, []string, error) {
	l, err := newReplayLoader(db)
	if err != nil {
		return nil, nil, err
	}
	var notes []string
	frame := 0
	var cmds []command
	dropped, err := file.Salvage(func(payload []byte) error {
		frame++
		cmds, err = appendCommands(cmds[:0], payload)
		if err != nil {
			notes = append(notes, fmt.Sprintf("frame %d (of those read) holds a command that is not SET or DEL: skipped, a transaction is applied whole or not at all", frame))
			return nil
		}
		for _, c := range cmds {
			if c.del {
				if _, err := l.tx.Delete(c.key); err != nil && err != buntdb.ErrNotFound {
					return err
				}
				continue
			}
			if name, ok := strings.CutPrefix(c.key, prefixTable); ok && !readableTableRecord(name, c.value) {
				if _, err := l.tx.Get(c.key); err == nil {
					notes = append(notes, fmt.Sprintf("table %q: a description that cannot be read (frame %d) was ignored; its earlier description is used, with its items", name, frame))
					continue
				}
			}
			if _, _, err := l.tx.Set(c.key, c.value, nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		l.abort()
		return dropped, notes, err
	}
	return dropped, notes, l.commit()
}

// readableTableRecord reports whether value is a table description that
// decodes, naming the table it is stored under.
func readableTableRecord(name, value string) bool {
	var m tableMeta
	return json.Unmarshal([]byte(value), &m) == nil && m.Desc.TableName == name
}

// convertLegacy turns a workspace in dynoscope 0.1's BuntDB format into the
// current one: derived data rebuilt from the items (a 0.1 file may hold half
// a transaction), the new file written in its place, the old one kept.
func (e *Engine) convertLegacy() error {
	file := e.store.file
	e.store.file = nil // the rebuild must not append to the legacy file
	before, err := e.rebuildDerived()
	e.store.file = file
	if err != nil {
		return err
	}
	backup := backupName(file.Path(), "buntdb")
	if err := e.rewrite(backup, nil); err != nil {
		return err
	}
	note := fmt.Sprintf("%s: converted from dynoscope 0.1's BuntDB format (the original is kept at %s)", file.Path(), backup)
	if !before.OK() {
		note += "; rebuilt from the items: " + before.Summary()
	}
	e.notes = append(e.notes, note)
	return nil
}

// backupName returns a free name next to path for a kept copy.
func backupName(path, why string) string {
	base := fmt.Sprintf("%s.%s-%s", path, why, time.Now().Format("20060102-150405"))
	name := base
	for i := 2; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
}
