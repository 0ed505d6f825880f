package engine

// The crash harness: a workspace must survive a kill -9 at any moment, a
// file cut at any byte, flipped and zeroed bytes, a full disk, and a
// client's bytes made to look like the log's own — with no acknowledged
// write lost, no index out of step with its table (a vector index and its
// in-memory search structure included), and no frame ever read out of an
// item. Its files:
//
//	crash_test.go           kill -9 under a writer of items up to 390 KB; torn tails at every byte;
//	                        cuts inside earlier transactions; flipped bytes refused, then repaired
//	crash_forged_test.go    items (B and S values) holding valid frames of both formats: torn at
//	                        every byte of the first forged frame, zeroed, flipped — never applied by
//	                        open or repair; files of the first format converted at open
//	crash_recovery_test.go  header flip repaired, truncated header, a frame of foreign commands
//	                        skipped, a table description taken from an earlier one, a stale
//	                        FILE.rewrite-PID removed, honest cut counts under each --sync policy
//	crash_diskfull_test.go  a write failing part-way (RLIMIT_FSIZE; a 1 MB tmpfs as root): nothing
//	                        of the frame stays, the error names no path
//	crash_load_test.go      a load into an existing table (staged parts and the frame that commits
//	                        them) cut anywhere, and its committing frame failing
//	crash_scenario_test.go  the hook for other features' state (below)
//
//	go test ./engine -run 'TestCrash' -count=1                       (default: 10 kill cycles, sampled cuts)
//	DYNOSCOPE_CRASH_CYCLES=50 go test ./engine -run 'TestCrash' -count=1 -v -timeout 60m   (the long run: every cut)
//
// -short runs two kill cycles and samples the cut offsets more thinly.
//
// # Putting a feature's state through the harness
//
// A feature that adds state to the workspace (backups and point-in-time
// recovery, vector indexes, export and import, bulk operations) registers
// a crashScenario from an init func in its own test file:
//
//	func init() {
//		registerCrashScenario("point-in-time recovery", crashScenario{
//			setup: func(t testing.TB, e *Engine) { ... tables, items, PITR on ... },
//			step:  func(e *Engine, n int) error { ... the n-th change: writes, a backup, a restore ... },
//			steps: 3,
//			check: func(t testing.TB, e *Engine) { ... the feature's own invariants after reopen ... },
//		})
//	}
//
// TestCrashScenarios then, for each scenario: cuts the file inside every
// frame its steps wrote (each byte of the frame's header, its last byte,
// sampled offsets; more in the long run) and checks that each cut opens to
// exactly the state before that frame, with Verify clean and check passing;
// repairs a share of the cuts and checks the same; and kills a child
// process running the steps with SIGKILL at random moments, checking every
// reopen with Verify and check. A step must be deterministic in n, and
// should write what a real use writes (large values, several transactions)
// so that the cuts land in it. Lower-level hooks: workspace.FrameEnds (the
// frame boundaries of a file), (*workspace.File).FailWrites (a write that
// fails part-way, as a full disk does), reopenDigest, mustVerify, Repair.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/dynoscope/dynoscope/engine/workspace"
	"github.com/dynoscope/dynoscope/model"
)

// maxCrashItem is the largest item the harness writes: just under
// DynamoDB's 400 KB item limit.
const maxCrashItem = 390 << 10

// createCrashTable makes the harness's table: a composite key, an LSI and a
// GSI projecting everything, a NEW_AND_OLD_IMAGES stream and TTL — so one
// put of a large item writes the item, two large index entries, a TTL entry
// and a stream record with two images, all in one transaction.
func createCrashTable(t testing.TB, e *Engine) {
	t.Helper()
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "crash", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{hk("pk"), rk("sk")},
		AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("sk", "S"), ad("l", "S"), ad("g", "S")},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "byL", KeySchema: []model.KeySchemaElement{hk("pk"), rk("l")},
			Projection: model.Projection{ProjectionType: "ALL"}}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byG", KeySchema: []model.KeySchemaElement{hk("g")},
			Projection: model.Projection{ProjectionType: "ALL"}}},
		StreamSpecification: &model.StreamSpecification{StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES"},
		VectorIndexes: []model.VectorIndex{{IndexName: "byEmb", VectorAttribute: &model.VectorAttributeDefinition{AttributeName: "emb"},
			Dimensions: i64(4), DistanceFunction: model.DistanceCosine, Projection: &model.Projection{ProjectionType: "KEYS_ONLY"},
			SearchSchema: []model.SearchSchemaElement{{AttributeName: "g", SearchSchemaElementType: model.SearchSchemaHash}}}}})
	mustOK(t, err)
	_, err = e.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: "crash",
		TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: true, AttributeName: "exp"}})
	mustOK(t, err)
}

// crashOp is one write of the harness, reproducible from its seed.
type crashOp struct {
	key   model.Item
	del   bool
	item  model.Item
	label string // the item's "v": what a reader checks
}

// newCrashOp draws the n-th write of a run: mostly puts of items from 1 KB
// to maxCrashItem on 24 keys, sometimes a delete; index and TTL attributes
// come and go so entries are added, moved and removed.
func newCrashOp(r *rand.Rand, run string, n int) crashOp {
	pk := fmt.Sprintf("p%d", r.Intn(3))
	sk := fmt.Sprintf("s%d", r.Intn(8))
	op := crashOp{key: model.Item{"pk": model.S(pk), "sk": model.S(sk)}}
	if r.Intn(6) == 0 {
		op.del = true
		return op
	}
	op.label = fmt.Sprintf("%s-%d", run, n)
	size := 1 << 10
	if r.Intn(3) > 0 {
		size = 1<<10 + r.Intn(maxCrashItem-1<<10)
	}
	blob := make([]byte, size)
	for i := range blob {
		blob[i] = 'a' + byte(r.Intn(26))
	}
	op.item = model.Item{"pk": model.S(pk), "sk": model.S(sk), "v": model.S(op.label), "blob": model.S(string(blob))}
	if r.Intn(3) > 0 {
		op.item["l"] = model.S(fmt.Sprint(r.Intn(5)))
	}
	if r.Intn(3) > 0 {
		op.item["g"] = model.S(fmt.Sprint(r.Intn(5)))
	}
	if r.Intn(2) == 0 {
		op.item["exp"] = model.N(fmt.Sprint(testStart.Unix() + int64(r.Intn(1000))))
	}
	if r.Intn(3) > 0 {
		op.item["emb"] = model.L(model.N(fmt.Sprint(r.Intn(9)-4)), model.N("0.5"), model.N(fmt.Sprint(r.Intn(5))), model.N("-1.25"))
	}
	return op
}

func (op crashOp) apply(e *Engine) error {
	if op.del {
		_, err := e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "crash", Key: op.key})
		return err
	}
	_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "crash", Item: op.item})
	return err
}

func (op crashOp) keyString() string { return op.key["pk"].S + "/" + op.key["sk"].S }

// crashLong reports whether the long run was asked for
// (DYNOSCOPE_CRASH_CYCLES set): every cut instead of samples.
func crashLong() bool { return os.Getenv("DYNOSCOPE_CRASH_CYCLES") != "" }

func crashCycles(t *testing.T) int {
	if s := os.Getenv("DYNOSCOPE_CRASH_CYCLES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("DYNOSCOPE_CRASH_CYCLES=%q", s)
		}
		return n
	}
	if testing.Short() {
		return 2
	}
	return 10
}

// TestCrashKillNine kills a writer of large items with SIGKILL at random
// moments — right after it announces a write (mid-transaction) or after an
// acknowledgement — reopens the file each time, and checks that every
// acknowledged write is there (each key holds its last acknowledged value,
// or the value of the one write in flight) and that no index drifted.
func TestCrashKillNine(t *testing.T) {
	if os.Getenv("DYNOSCOPE_CRASH_CHILD") != "" {
		t.Skip("child process")
	}
	cycles := crashCycles(t)
	path := filepath.Join(t.TempDir(), "crash.db")
	r := rand.New(rand.NewSource(int64(os.Getpid())))
	acked := map[string]string{} // key -> last acknowledged label ("" deleted)
	var lost, drifted int
	for cycle := 0; cycle < cycles; cycle++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChildWriter$")
		cmd.Env = append(os.Environ(), "DYNOSCOPE_CRASH_CHILD="+path, fmt.Sprintf("DYNOSCOPE_CRASH_RUN=c%d", cycle))
		out, err := cmd.StdoutPipe()
		mustOK(t, err)
		cmd.Stderr = os.Stderr
		mustOK(t, cmd.Start())
		killAfter := 1 + r.Intn(12)
		killOnTry := r.Intn(2) == 0
		// Read until the kill point, kill, then read what the child
		// printed before it died: the last write announced and not
		// acknowledged is the one in flight.
		inFlight := map[string]string{}
		var other []string
		killed := false
		sc := bufio.NewScanner(out)
		events := 0
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			switch {
			case len(f) >= 2 && f[0] == "try":
				label := ""
				if len(f) == 3 {
					label = f[2]
				}
				inFlight = map[string]string{f[1]: label}
				if killOnTry {
					events++
				}
			case len(f) == 1 && f[0] == "ack":
				for k, v := range inFlight {
					acked[k] = v
				}
				inFlight = map[string]string{}
				if !killOnTry {
					events++
				}
			default:
				other = append(other, sc.Text())
				continue
			}
			if events >= killAfter && !killed {
				mustOK(t, cmd.Process.Signal(syscall.SIGKILL))
				killed = true
			}
		}
		cmd.Wait()
		if !killed {
			t.Fatalf("cycle %d: the writer stopped by itself:\n%s", cycle, strings.Join(other, "\n"))
		}

		e, err := Open(Options{Path: path, Sync: SyncAlways, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
		if err != nil {
			t.Fatalf("cycle %d: reopen after kill -9: %v", cycle, err)
		}
		for k, want := range acked {
			pk, sk, _ := strings.Cut(k, "/")
			got, err := e.GetItem(ctx, &model.GetItemInput{TableName: "crash", Key: model.Item{"pk": model.S(pk), "sk": model.S(sk)}})
			mustOK(t, err)
			have := ""
			if got.Item != nil {
				have = got.Item["v"].S
			}
			if flight, ok := inFlight[k]; have != want && !(ok && have == flight) {
				t.Errorf("cycle %d: key %s holds %q, acknowledged %q", cycle, k, have, want)
				lost++
			}
			if flight, ok := inFlight[k]; ok && have == flight {
				acked[k] = flight // the write in flight landed: it is the value now
			}
		}
		if rep, err := e.Verify(); err != nil || !rep.OK() {
			t.Errorf("cycle %d: drift after kill -9: %v %s %v", cycle, err, rep.Summary(), rep.Drift)
			drifted++
		}
		notes := e.OpenNotes()
		mustOK(t, e.Close())
		t.Logf("cycle %d: killed after %d %s; %d keys checked; %v", cycle, killAfter, map[bool]string{true: "announced writes", false: "acknowledgements"}[killOnTry], len(acked), notes)
	}
	t.Logf("%d kill -9 cycles: %d acknowledged writes lost, %d reopens with drift", cycles, lost, drifted)
}

// TestCrashChildWriter is the child of TestCrashKillNine: it opens the
// workspace (recovering it), then writes forever, announcing each write
// ("try KEY LABEL") and acknowledging it ("ack") once PutItem returned.
func TestCrashChildWriter(t *testing.T) {
	path := os.Getenv("DYNOSCOPE_CRASH_CHILD")
	if path == "" {
		t.Skip("only runs as the child of TestCrashKillNine")
	}
	run := os.Getenv("DYNOSCOPE_CRASH_RUN")
	e, err := Open(Options{Path: path, Sync: SyncAlways, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
	mustOK(t, err)
	if _, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "crash"}); err != nil {
		createCrashTable(t, e)
	}
	w := bufio.NewWriter(os.Stdout)
	r := rand.New(rand.NewSource(int64(os.Getpid())))
	for n := 0; ; n++ {
		op := newCrashOp(r, run, n)
		fmt.Fprintf(w, "try %s %s\n", op.keyString(), op.label)
		w.Flush()
		mustOK(t, op.apply(e))
		fmt.Fprintln(w, "ack")
		w.Flush()
	}
}

// crashLog builds a workspace file of n harness writes and returns its
// bytes, where each transaction ends, and the engine's digest after each.
func crashLog(t *testing.T, path string, ops []crashOp) (data []byte, ends []int64, digests []string) {
	t.Helper()
	e := openFile(t, path, NewManualClock(testStart))
	createCrashTable(t, e)
	ends = append(ends, e.store.file.Size())
	digests = append(digests, digest(t, e))
	for _, op := range ops {
		mustOK(t, op.apply(e))
		ends = append(ends, e.store.file.Size())
		digests = append(digests, digest(t, e))
	}
	mustOK(t, e.Close())
	data, err := os.ReadFile(path)
	mustOK(t, err)
	return data, ends, digests
}

// reopenDigest opens a copy of a workspace and returns its digest (after
// checking it has no drift), or the open error.
func reopenDigest(t *testing.T, path string, data []byte) (string, []string, error) {
	t.Helper()
	mustOK(t, os.WriteFile(path, data, 0o644))
	e, err := Open(Options{Path: path, Sync: SyncNever, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
	if err != nil {
		return "", nil, err
	}
	defer e.Close()
	mustVerify(t, e)
	return digest(t, e), e.OpenNotes(), nil
}

// TestCrashTornTail cuts a workspace inside its last transaction — at every
// byte offset of a small one, and at sampled offsets of one holding a
// 390 KB item with its two index entries and stream images: each cut opens
// to exactly the state before that transaction, with no drift, and says
// what it cut.
func TestCrashTornTail(t *testing.T) {
	dir := memDir(t)
	r := rand.New(rand.NewSource(7))
	var ops []crashOp
	for n := 0; n < 12; n++ {
		ops = append(ops, newCrashOp(r, "t", n))
	}
	small := crashOp{key: model.Item{"pk": model.S("p0"), "sk": model.S("small")}, label: "small",
		item: model.Item{"pk": model.S("p0"), "sk": model.S("small"), "v": model.S("small"), "l": model.S("1"), "g": model.S("2"),
			"exp": model.N(fmt.Sprint(testStart.Unix())), "blob": model.S(strings.Repeat("s", 100))}}
	big := small
	big.item = small.item.Clone()
	big.item["sk"], big.key["sk"] = model.S("big"), model.S("big")
	big.item["blob"] = model.S(strings.Repeat("b", maxCrashItem))
	// Before the small transaction, small writes, so that the thousands of
	// reopens stay quick; before the large one, large writes.
	var smallOps []crashOp
	for _, op := range ops {
		if !op.del {
			op.item = op.item.Clone()
			op.item["blob"] = model.S(op.item["blob"].S[:100])
		}
		smallOps = append(smallOps, op)
	}
	for _, last := range []struct {
		name   string
		before []crashOp
		op     crashOp
		all    bool
	}{{"small", smallOps, small, !testing.Short()}, {"390KB", ops, big, false}} {
		t.Run(last.name, func(t *testing.T) {
			data, ends, digests := crashLog(t, filepath.Join(dir, last.name+".db"), append(last.before, last.op))
			from, to := ends[len(ends)-2], ends[len(ends)-1]
			cuts := []int64{from + 1, from + workspace.FrameHeaderSize - 1, from + workspace.FrameHeaderSize, to - 1}
			if last.all {
				cuts = cuts[:0]
				for c := from + 1; c < to; c++ {
					cuts = append(cuts, c)
				}
			} else {
				for i := 0; i < 60; i++ {
					cuts = append(cuts, from+1+r.Int63n(to-from-1))
				}
			}
			path := filepath.Join(dir, "cut.db")
			for _, c := range cuts {
				got, notes, err := reopenDigest(t, path, data[:c])
				if err != nil {
					t.Fatalf("cut at %d of [%d, %d): %v", c, from, to, err)
				}
				if got != digests[len(digests)-2] {
					t.Fatalf("cut at %d of [%d, %d): the state is not the one before the last transaction", c, from, to)
				}
				if len(notes) != 1 || !strings.Contains(notes[0], "cut "+countBytes(c-from)+" at byte "+commas(from)+": 1 unfinished transaction") {
					t.Fatalf("cut at %d: notes %q", c, notes)
				}
			}
			t.Logf("%d cuts inside a %d-byte transaction: each opened to the state before it, no drift", len(cuts), to-from)
		})
	}
}

// TestCrashCutInEarlierTransactions cuts the file inside each of its last
// transactions (the "last 15"), at sampled offsets: the file then
// ends inside that transaction, and opens to exactly the state before it.
func TestCrashCutInEarlierTransactions(t *testing.T) {
	dir := memDir(t)
	r := rand.New(rand.NewSource(13))
	var ops []crashOp
	for n := 0; n < 16; n++ {
		op := newCrashOp(r, "e", n)
		if !op.del {
			op.item["blob"] = model.S(op.item["blob"].S[:min(len(op.item["blob"].S), 4096)])
		}
		ops = append(ops, op)
	}
	data, ends, digests := crashLog(t, filepath.Join(dir, "src.db"), ops)
	path := filepath.Join(dir, "cut.db")
	cuts := 0
	for i := 1; i < len(ends); i++ {
		from, to := ends[i-1], ends[i]
		for j := 0; j < 8 && to > from+1; j++ {
			c := from + 1 + r.Int63n(to-from-1)
			got, _, err := reopenDigest(t, path, data[:c])
			if err != nil {
				t.Fatalf("cut at %d inside transaction %d: %v", c, i, err)
			}
			if got != digests[i-1] {
				t.Fatalf("cut at %d inside transaction %d: not the state before it", c, i)
			}
			cuts++
		}
	}
	t.Logf("%d cuts inside the last %d transactions: each opened to the state before its transaction", cuts, len(ends)-1)
}

// TestCrashFlippedBytes flips one byte at sampled places of every
// transaction: a flip in the last transaction reads as a torn tail (state
// before it); a flip anywhere else is refused, naming the damage, and
// Repair then gives a workspace with no drift.
func TestCrashFlippedBytes(t *testing.T) {
	dir := memDir(t)
	r := rand.New(rand.NewSource(11))
	var ops []crashOp
	for n := 0; n < 8; n++ {
		ops = append(ops, newCrashOp(r, "f", n))
	}
	data, ends, digests := crashLog(t, filepath.Join(dir, "src.db"), ops)
	path := filepath.Join(dir, "flip.db")
	refused, repaired := 0, 0
	last := len(ends) - 1
	for ends[last] == ends[last-1] {
		last-- // a delete of a missing item writes nothing
	}
	for i := 1; i <= last; i++ {
		from, to := ends[i-1], ends[i]
		for j := 0; j < 6 && to > from; j++ {
			pos := from + r.Int63n(to-from)
			damaged := bytes.Clone(data)
			damaged[pos] ^= byte(1 + r.Intn(255))
			got, _, err := reopenDigest(t, path, damaged)
			if i == last {
				if err != nil || got != digests[i-1] {
					t.Fatalf("flip at %d in the last transaction: %v", pos, err)
				}
				continue
			}
			var de *workspace.DamagedError
			if !errors.As(err, &de) || de.Offset != from {
				t.Fatalf("flip at %d in [%d, %d): %v, want a refusal naming byte %d", pos, from, to, err, from)
			}
			refused++
			rep, err := Repair(path)
			mustOK(t, err)
			if len(rep.Dropped) != 1 {
				t.Fatalf("flip at %d: repair dropped %v", pos, rep.Dropped)
			}
			e := openFile(t, path, NewManualClock(testStart))
			mustVerify(t, e)
			e.Close()
			os.Remove(rep.Backup)
			repaired++
		}
	}
	t.Logf("%d flips refused with the place named, %d repaired to no drift", refused, repaired)
}

// commas writes n with a comma between groups of three digits.
func commas(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// countBytes writes "1 byte" or "N bytes", N with commas.
func countBytes(n int64) string {
	if n == 1 {
		return "1 byte"
	}
	return commas(n) + " bytes"
}

// memDir is a fresh directory in memory where the system has /dev/shm:
// the thousands of reopens above each flush a file, which on a busy disk
// would take the test minutes (what is tested is the logic, not the disk).
func memDir(t *testing.T) string {
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if dir, err := os.MkdirTemp("/dev/shm", "dynoscope-test-"); err == nil {
			t.Cleanup(func() { os.RemoveAll(dir) })
			return dir
		}
	}
	return t.TempDir()
}
