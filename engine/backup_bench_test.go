package engine

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/history"
	"github.com/dynoscope/dynoscope/model"
)

// benchRow is an item of about 300 bytes.
func benchRow(i int, v string) model.Item {
	return model.Item{"pk": sv(fmt.Sprintf("user#%08d", i)), "sk": sv("profile"), "v": sv(v),
		"body": sv(strings.Repeat("x", 240))}
}

// BenchmarkPITRWrite measures a PutItem (a ~300-byte item replacing
// another) with point-in-time recovery off and on: the CPU per write and,
// with PITR on, the history bytes each write adds (key and value, as the
// workspace log stores them), from which a day of history at a write rate
// follows.
func BenchmarkPITRWrite(b *testing.B) {
	for _, on := range []bool{false, true} {
		name := "off"
		if on {
			name = "on"
		}
		b.Run(name, func(b *testing.B) {
			e, clock := newTestEngine(b)
			createSimple(b, e, "Tbl", "sk", "S")
			if on {
				enablePITR(b, e, "Tbl", nil)
			}
			const keys = 10000
			for i := 0; i < keys; i++ {
				put(b, e, "Tbl", benchRow(i, "0"))
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime()
			for i := 0; i < b.N; i++ {
				clock.Advance(time.Microsecond)
				if _, err := e.PutItem(ctx, &model.PutItemInput{TableName: "Tbl", Item: benchRow(i%keys, strconv.Itoa(i))}); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
			if on {
				n, bytes := 0, 0
				prefix := history.TablePrefix("Tbl")
				e.db.View(func(tx *buntdb.Tx) error {
					return tx.AscendGreaterOrEqual("", prefix, func(k, v string) bool {
						if !strings.HasPrefix(k, prefix) {
							return false
						}
						n++
						bytes += len(k) + len(v)
						return true
					})
				})
				b.ReportMetric(float64(bytes)/float64(n), "history-B/write")
			}
		})
	}
}

// benchRestoreItems is the size of the table BenchmarkRestore restores
// (DYNOSCOPE_RESTORE_ITEMS, default 1,000,000).
func benchRestoreItems(b *testing.B) int {
	if s := os.Getenv("DYNOSCOPE_RESTORE_ITEMS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			b.Fatal(err)
		}
		return n
	}
	return 1_000_000
}

// BenchmarkRestore restores a table of ~300-byte items (1,000,000 by
// default) from an on-demand backup and to a point in time before 1% of
// its items changed, in memory. Run with -benchtime 1x.
func BenchmarkRestore(b *testing.B) {
	n := benchRestoreItems(b)
	e, clock := newTestEngine(b)
	load := e.BeginLoad()
	in := &model.CreateTableInput{TableName: "Big", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "sk", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}, {AttributeName: "sk", KeyType: "RANGE"}}}
	if _, err := load.CreateTable(ctx, in); err != nil {
		b.Fatal(err)
	}
	for start := 0; start < n; start += 10000 {
		reqs := make([]model.WriteRequest, 0, 10000)
		for i := start; i < min(start+10000, n); i++ {
			reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: benchRow(i, "0")}})
		}
		if err := load.Write(ctx, "Big", reqs); err != nil {
			b.Fatal(err)
		}
	}
	mustOK(b, load.Commit(ctx))
	enablePITR(b, e, "Big", nil)
	clock.Advance(time.Second)
	at := clock.Now()
	clock.Advance(time.Second)
	for i := 0; i < n/100; i++ {
		put(b, e, "Big", benchRow(i*100, "changed"))
	}
	backup, err := e.CreateBackup(ctx, &model.CreateBackupInput{TableName: "Big", BackupName: "full"})
	mustOK(b, err)
	b.Run("from-backup", func(b *testing.B) {
		var cpu time.Duration
		for i := 0; i < b.N; i++ {
			target := fmt.Sprintf("FromBackup%d", i)
			start := cpuTime()
			_, err := e.RestoreTableFromBackup(ctx, &model.RestoreTableFromBackupInput{TargetTableName: target, BackupArn: backup.BackupDetails.BackupArn})
			mustOK(b, err)
			cpu += cpuTime() - start
			b.StopTimer()
			checkRestored(b, e, target, n)
			b.StartTimer()
		}
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	})
	b.Run("to-point-in-time", func(b *testing.B) {
		var cpu time.Duration
		for i := 0; i < b.N; i++ {
			target := fmt.Sprintf("ToTime%d", i)
			start := cpuTime()
			_, err := e.RestoreTableToPointInTime(ctx, &model.RestoreTableToPointInTimeInput{SourceTableName: "Big", TargetTableName: target, RestoreDateTime: f64p(epoch(at))})
			mustOK(b, err)
			cpu += cpuTime() - start
			b.StopTimer()
			checkRestored(b, e, target, n)
			b.StartTimer()
		}
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	})
}

func f64p(v float64) *float64 { return &v }

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// checkRestored checks a restored table's item count and drops it.
func checkRestored(b *testing.B, e *Engine, table string, n int) {
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: table})
	mustOK(b, err)
	if d.Table.ItemCount != int64(n) {
		b.Fatalf("%s holds %d items, want %d", table, d.Table.ItemCount, n)
	}
	_, err = e.DeleteTable(ctx, &model.DeleteTableInput{TableName: table})
	mustOK(b, err)
}
