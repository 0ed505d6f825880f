package engine

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// The workspace file against BuntDB's own append-only file (what
// dynoscope 0.1 wrote), on the same keys and values, side by side:
//
//	go test ./engine -run '^$' -bench 'FilePut|FileOpen' -count 3

// BenchmarkFilePut replaces ~300-byte items in a 10,000-item table of a
// file workspace (flushed once a second): "engine" is PutItem with the
// transaction framed into the workspace log; "buntdb-file" sets the same
// bytes in a BuntDB file, as 0.1 stored them (the old floor).
func BenchmarkFilePut(b *testing.B) {
	b.Run("engine", func(b *testing.B) {
		e, err := Open(Options{Path: filepath.Join(b.TempDir(), "w.db"), DisableTTLSweeper: true, DisableThrottling: true})
		if err != nil {
			b.Fatal(err)
		}
		defer e.Close()
		createBenchTable(b, e, "bench")
		fillBench(b, e, "bench", benchRing, benchRing/benchPartition)
		items := make([]model.Item, benchWarm)
		for i := range items {
			items[i] = benchItem(i, benchRing/benchPartition)
		}
		done := cpuMeter(b)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			it := items[i%benchWarm]
			fresh := benchItem(i%benchRing, benchRing/benchPartition)
			it["pk"], it["sk"] = fresh["pk"], fresh["sk"]
			if _, err := e.PutItem(ctx, &model.PutItemInput{TableName: "bench", Item: it}); err != nil {
				b.Fatal(err)
			}
			i++
		}
		done()
	})
	b.Run("buntdb-file", func(b *testing.B) {
		p := newPointBench(b)
		db, err := buntdb.Open(filepath.Join(b.TempDir(), "legacy.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		db.Update(func(tx *buntdb.Tx) error {
			for i := range p.sKeys {
				tx.Set(p.sKeys[i], p.sVals[i], nil)
			}
			return nil
		})
		done := cpuMeter(b)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			k, v := p.sKeys[i%benchRing], p.sVals[i%benchRing]
			if err := db.Update(func(tx *buntdb.Tx) error { _, _, err := tx.Set(k, v, nil); return err }); err != nil {
				b.Fatal(err)
			}
			i++
		}
		done()
	})
}

// BenchmarkFileOpen opens a workspace of 100,000 ~300-byte items (with
// their log compacted): "engine" is Open (replay, checksums, table
// statistics); "buntdb-file" is buntdb.Open of the same keys in a 0.1 file.
func BenchmarkFileOpen(b *testing.B) {
	const n = 100_000
	dir := b.TempDir()
	path := filepath.Join(dir, "w.db")
	e, err := Open(Options{Path: path, Sync: SyncNever, DisableTTLSweeper: true, DisableThrottling: true})
	if err != nil {
		b.Fatal(err)
	}
	createBenchTable(b, e, "bench")
	fillBench(b, e, "bench", n, n/benchPartition)
	if err := e.Compact(); err != nil {
		b.Fatal(err)
	}
	keys := dumpKeys(b, e)
	e.Close()
	legacy := filepath.Join(dir, "legacy.db")
	db, _ := buntdb.Open(legacy)
	db.Update(func(tx *buntdb.Tx) error {
		for k, v := range keys {
			tx.Set(k, v, nil)
		}
		return nil
	})
	db.Close()
	b.Run("engine", func(b *testing.B) {
		done := cpuMeter(b)
		for b.Loop() {
			e, err := Open(Options{Path: path, DisableTTLSweeper: true})
			if err != nil {
				b.Fatal(err)
			}
			if got := e.tables["bench"].stats.items.Load(); got != n {
				b.Fatal(fmt.Sprintf("%d items", got))
			}
			e.Close()
		}
		done()
	})
	b.Run("buntdb-file", func(b *testing.B) {
		done := cpuMeter(b)
		for b.Loop() {
			db, err := buntdb.Open(legacy)
			if err != nil {
				b.Fatal(err)
			}
			db.Close()
		}
		done()
	})
}
