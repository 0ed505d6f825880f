package engine

import (
	"errors"
	"fmt"
	"io"
	"os"
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
	// Notes name tables left out because their description could not be
	// read (their items go with them).
	Notes []string
	// Rebuilt is what the rebuild of the index entries and TTL queues from
	// the items changed.
	Rebuilt *VerifyReport
}

// Repair rebuilds a damaged workspace file: it reads every transaction that
// can still be read, recomputes every index entry, TTL-queue entry and
// statistic from the items, keeps the original file next to it and writes
// the repaired workspace in its place. It needs the file to itself (no other
// process may have it open).
func Repair(path string) (*RepairReport, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if fi.Size() == 0 {
		return nil, fmt.Errorf("%s is empty: there is nothing to repair", path)
	}
	file, err := workspace.Open(path, workspace.SyncAlways)
	if err != nil {
		return nil, err
	}
	db, err := buntdb.Open(":memory:")
	if err != nil {
		file.Close()
		return nil, err
	}
	rep := &RepairReport{Path: path}
	rep.Dropped, err = file.Salvage(func(r io.Reader) error {
		err := db.Load(r)
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil // a legacy file's unfinished tail
		}
		return err
	})
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
	rep.Notes = e.notes
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
