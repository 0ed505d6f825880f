// Command openbench measures reopening a workspace file: the time
// engine.Open takes and the resident memory of the process once it is open,
// against the size of the file (the data). Each run opens the file in a
// fresh child process, so that one run's memory and caches do not carry
// into the next; the medians are printed. See docs/BENCHMARKS.md.
//
//	openbench -db /tmp/w.db -build -items 1000000   # write the workspace once (a bulk load, as `dynoscope load`)
//	openbench -db /tmp/w.db -runs 5                 # reopen it five times
//
// The workspace holds one table (pk S, sk N) of ~300-byte items
// (docs/bench/internal/benchitems).
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dynoscope/dynoscope/docs/bench/internal/benchitems"
	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

func main() {
	db := flag.String("db", "", "workspace file")
	build := flag.Bool("build", false, "write the workspace (it must not exist)")
	items := flag.Int("items", 1_000_000, "items to write with -build")
	runs := flag.Int("runs", 5, "reopenings")
	child := flag.Bool("child", false, "open once and report (the measured process)")
	flag.Parse()
	if *db == "" {
		fail(fmt.Errorf("-db is required"))
	}
	switch {
	case *child:
		fail(openOnce(*db))
	case *build:
		fail(buildWorkspace(*db, *items))
	default:
		fail(measure(*db, *runs))
	}
}

func fail(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "openbench:", err)
		os.Exit(1)
	}
}

// buildWorkspace writes items into a new table with a bulk load.
func buildWorkspace(path string, items int) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s exists", path)
	}
	start := time.Now()
	e, err := engine.Open(engine.Options{Path: path, Sync: engine.SyncNever, DisableTTLSweeper: true})
	if err != nil {
		return err
	}
	ctx := context.Background()
	load := e.BeginLoad()
	_, err = load.CreateTable(ctx, &model.CreateTableInput{TableName: "items", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "sk", AttributeType: "N"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}, {AttributeName: "sk", KeyType: "RANGE"}}})
	if err != nil {
		return err
	}
	const batch = 2000
	for i := 0; i < items; i += batch {
		reqs := make([]model.WriteRequest, 0, batch)
		for j := i; j < min(i+batch, items); j++ {
			reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: benchitems.Item(j, items)}})
		}
		if err := load.Write(ctx, "items", reqs); err != nil {
			return err
		}
	}
	if err := load.Commit(ctx); err != nil {
		return err
	}
	if err := e.Close(); err != nil {
		return err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	fmt.Printf("wrote %d items into %s (%.1f MB) in %v\n", items, path, float64(fi.Size())/1e6, time.Since(start).Round(time.Millisecond))
	return nil
}

// openOnce opens the workspace and prints: wall ms, CPU ms, RSS MB, peak
// RSS MB, items.
func openOnce(path string) error {
	var ru0 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	start := time.Now()
	e, err := engine.Open(engine.Options{Path: path, DisableTTLSweeper: true})
	if err != nil {
		return err
	}
	wall := time.Since(start)
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	cpu := time.Duration(ru.Utime.Nano()+ru.Stime.Nano()) - time.Duration(ru0.Utime.Nano()+ru0.Stime.Nano())
	rss, peak := rssMB()
	d, err := e.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: "items"})
	if err != nil {
		return err
	}
	fmt.Printf("%.1f %.1f %.1f %.1f %d\n", ms(wall), ms(cpu), rss, peak, d.Table.ItemCount)
	runtime.KeepAlive(e)
	return e.Close()
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// rssMB reads VmRSS and VmHWM from /proc/self/status.
func rssMB() (rss, peak float64) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 {
			continue
		}
		kb, _ := strconv.ParseFloat(fields[1], 64)
		switch fields[0] {
		case "VmRSS:":
			rss = kb / 1024
		case "VmHWM:":
			peak = kb / 1024
		}
	}
	return rss, peak
}

// measure reopens the file runs times, each in a child process.
func measure(path string, runs int) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	data := float64(fi.Size()) / (1 << 20)
	var walls, cpus, rsss, peaks []float64
	for i := 0; i < runs; i++ {
		out, err := exec.Command(os.Args[0], "-child", "-db", path).CombinedOutput()
		if err != nil {
			return fmt.Errorf("%v: %s", err, out)
		}
		var wall, cpu, rss, peak float64
		var n int64
		if _, err := fmt.Sscan(string(out), &wall, &cpu, &rss, &peak, &n); err != nil {
			return fmt.Errorf("child said %q", out)
		}
		fmt.Printf("# run %d: open %.0f ms (CPU %.0f ms), RSS %.0f MB (peak %.0f MB), %d items\n", i+1, wall, cpu, rss, peak, n)
		walls, cpus, rsss, peaks = append(walls, wall), append(cpus, cpu), append(rsss, rss), append(peaks, peak)
	}
	med := func(xs []float64) float64 { slices.Sort(xs); return xs[len(xs)/2] }
	r := med(rsss)
	fmt.Printf("file %.0f MB: open %.0f ms (CPU %.0f ms), RSS %.0f MB = %.2fx the file (peak %.0f MB); medians of %d\n",
		data, med(walls), med(cpus), r, r/data, med(peaks), runs)
	return nil
}
