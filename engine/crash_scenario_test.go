package engine

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/dynoscope/dynoscope/engine/workspace"
	"github.com/dynoscope/dynoscope/model"
)

// The harness's hook for the state other features add to a workspace
// (backups and point-in-time recovery, vector indexes, export and import,
// bulk operations): a feature registers a crashScenario from an init func
// in its own test file, and TestCrashScenarios puts it through the harness.
// See the package comment of crash_test.go.

// crashScenario is a feature's state put through the crash harness.
type crashScenario struct {
	// setup builds what the steps start from (tables, items), in its own
	// transactions; the harness does not cut inside it.
	setup func(t testing.TB, e *Engine)
	// step makes the n-th change (n from 0), in as many transactions as it
	// needs. It must be deterministic in n and safe to run on a workspace
	// reopened after a kill.
	step func(e *Engine, n int) error
	// steps is how many steps the torn-tail run makes (default 3).
	steps int
	// check, when set, checks a reopened (or repaired) workspace beyond
	// Verify: the feature's own invariants (a backup lists, a restore
	// reads, a vector index answers).
	check func(t testing.TB, e *Engine)
}

// crashScenarios are the registered scenarios, by name.
var crashScenarios = map[string]crashScenario{}

// registerCrashScenario adds a scenario; call it from an init func.
func registerCrashScenario(name string, s crashScenario) {
	if _, dup := crashScenarios[name]; dup {
		panic("crash scenario registered twice: " + name)
	}
	crashScenarios[name] = s
}

func init() {
	// Staged parts of 64 KB in the engine's tests (4 MB in use): loads
	// into existing tables in every test stage several, and the cuts
	// below reopen small files.
	stagedPart = 64 << 10
	// A load into a table that existed: one transaction written as
	// staged parts and the frame that commits them.
	registerCrashScenario("load into an existing table", crashScenario{
		setup: func(t testing.TB, e *Engine) { createSimple(t, e, "old", "", "") },
		step: func(e *Engine, n int) error {
			b := e.BeginLoad()
			if err := b.Write(ctx, "old", putReqs(n*250, 250, model.Item{"blob": model.S(strings.Repeat("b", 1000))})); err != nil {
				return err
			}
			return b.Commit(ctx)
		},
		steps: 2,
		check: func(t testing.TB, e *Engine) {
			if n := itemCount(t, e, "old"); n%250 != 0 {
				t.Fatalf("table old holds %d items: part of a load", n)
			}
		},
	})
}

// scenarioNames returns the registered names in order.
func scenarioNames() []string {
	var names []string
	for name := range crashScenarios {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// openScenario opens a scenario's workspace as the harness does, with an
// S3 stand-in in the folder beside the file (exports and imports).
func openScenario(t testing.TB, path string) (*Engine, error) {
	return Open(Options{Path: path, Sync: SyncAlways, Clock: NewManualClock(testStart), DisableTTLSweeper: true,
		S3Dir: filepath.Join(filepath.Dir(path), "s3")})
}

// checkScenarioState checks a reopened workspace: no drift, and the
// scenario's own invariants.
func checkScenarioState(t testing.TB, s crashScenario, e *Engine) {
	t.Helper()
	mustVerify(t, e)
	if s.check != nil {
		s.check(t, e)
	}
}

// TestCrashScenarios puts every registered scenario through the harness:
//
//   - torn tails: the file cut inside each frame its steps wrote — at each
//     of its first 16 bytes (its header), its last byte and 8 sampled
//     offsets (512 bytes and 200 samples in the long run) — opens to
//     exactly the state at the last whole frame before the cut, with no
//     drift; a repair of every eighth cut (every cut in the long run)
//     opens to the same;
//   - kill -9: a child process runs the steps on and on and is killed at
//     random moments (after 1 to 3 steps announced, plus 0 to 50 ms); each
//     reopen has no drift and passes the scenario's check.
func TestCrashScenarios(t *testing.T) {
	if os.Getenv("DYNOSCOPE_CRASH_SCENARIO") != "" {
		t.Skip("child process")
	}
	for _, name := range scenarioNames() {
		s := crashScenarios[name]
		t.Run(name, func(t *testing.T) {
			t.Run("torn tails", func(t *testing.T) { scenarioTornTails(t, s) })
			t.Run("kill -9", func(t *testing.T) { scenarioKills(t, name, s) })
		})
	}
}

func scenarioTornTails(t *testing.T, s crashScenario) {
	dir := memDir(t)
	src := filepath.Join(dir, "src.db")
	e, err := openScenario(t, src)
	mustOK(t, err)
	s.setup(t, e)
	from := e.store.file.Size()
	steps := s.steps
	if steps == 0 {
		steps = 3
	}
	for n := 0; n < steps; n++ {
		mustOK(t, s.step(e, n))
	}
	mustOK(t, e.Close())
	data, err := os.ReadFile(src)
	mustOK(t, err)
	var ends []int64
	for _, end := range workspace.FrameEnds(bytes.NewReader(data), int64(len(data))) {
		if end > from {
			ends = append(ends, end)
		}
	}
	if len(ends) == 0 {
		t.Fatal("the steps wrote nothing")
	}
	// The state at each frame boundary, as the file cut there opens.
	path := filepath.Join(dir, "cut.db")
	states := map[int64]string{}
	for _, b := range append([]int64{from}, ends...) {
		got, _, err := reopenDigest(t, path, data[:b])
		mustOK(t, err)
		states[b] = got
	}
	r := rand.New(rand.NewSource(17))
	cuts, repaired := 0, 0
	prev := from
	for _, end := range ends {
		head, samples := int64(16), 8
		if crashLong() {
			head, samples = 512, 200
		}
		var at []int64
		for c := prev + 1; c < end && c < prev+head; c++ {
			at = append(at, c)
		}
		for i := 0; i < samples && end-prev > head; i++ {
			at = append(at, prev+head+r.Int63n(end-prev-head))
		}
		at = append(at, end-1)
		for _, c := range at {
			got, _, err := reopenDigest(t, path, data[:c])
			if err != nil || got != states[prev] {
				t.Fatalf("cut at %d inside the frame [%d, %d): %v (not the state before the frame)", c, prev, end, err)
			}
			cuts++
			if crashLong() || r.Intn(8) == 0 {
				mustOK(t, os.WriteFile(path, data[:c], 0o644))
				rep, err := Repair(path)
				mustOK(t, err)
				os.Remove(rep.Backup)
				e, err := openScenario(t, path)
				mustOK(t, err)
				checkScenarioState(t, s, e)
				got := digest(t, e)
				e.Close()
				if got != states[prev] {
					t.Fatalf("repair of a cut at %d inside [%d, %d): not the state before the frame", c, prev, end)
				}
				repaired++
			}
		}
		prev = end
	}
	e, err = openScenario(t, src)
	mustOK(t, err)
	checkScenarioState(t, s, e)
	e.Close()
	t.Logf("%d frames, %d cuts inside them, %d repaired: each to the state before its frame", len(ends), cuts, repaired)
}

func scenarioKills(t *testing.T, name string, s crashScenario) {
	path := filepath.Join(t.TempDir(), "kill.db")
	r := rand.New(rand.NewSource(int64(os.Getpid())))
	cycles := crashCycles(t) / 2
	if cycles < 1 {
		cycles = 1
	}
	for cycle := 0; cycle < cycles; cycle++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashScenarioChild$")
		cmd.Env = append(os.Environ(), "DYNOSCOPE_CRASH_SCENARIO="+name, "DYNOSCOPE_CRASH_PATH="+path,
			"DYNOSCOPE_CRASH_FROM="+strconv.Itoa(cycle*100))
		out, err := cmd.StdoutPipe()
		mustOK(t, err)
		cmd.Stderr = os.Stderr
		mustOK(t, cmd.Start())
		killAfter := 1 + r.Intn(3)
		sc := bufio.NewScanner(out)
		started, killed := 0, false
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "step ") {
				started++
			}
			if started >= killAfter && !killed {
				waitMillis(r.Intn(50))
				mustOK(t, cmd.Process.Signal(syscall.SIGKILL))
				killed = true
			}
		}
		cmd.Wait()
		if !killed {
			t.Fatalf("cycle %d: the child stopped by itself", cycle)
		}
		e, err := openScenario(t, path)
		if err != nil {
			t.Fatalf("cycle %d: reopen after kill -9: %v", cycle, err)
		}
		checkScenarioState(t, s, e)
		notes := e.OpenNotes()
		mustOK(t, e.Close())
		t.Logf("cycle %d: killed during step %d; %q", cycle, killAfter, notes)
	}
}

// waitMillis waits a few real milliseconds: the harness kills a real
// process at a real moment (this is not engine time).
func waitMillis(ms int) {
	if ms > 0 {
		exec.Command("sleep", fmt.Sprintf("0.%03d", ms)).Run()
	}
}

// TestCrashScenarioChild is the child of TestCrashScenarios: it opens the
// workspace (recovering it), sets the scenario up if the workspace is new,
// and runs its steps on and on, announcing each ("step N").
func TestCrashScenarioChild(t *testing.T) {
	name := os.Getenv("DYNOSCOPE_CRASH_SCENARIO")
	if name == "" {
		t.Skip("only runs as the child of TestCrashScenarios")
	}
	s := crashScenarios[name]
	path := os.Getenv("DYNOSCOPE_CRASH_PATH")
	from, _ := strconv.Atoi(os.Getenv("DYNOSCOPE_CRASH_FROM"))
	fresh := fileSize(t, path) == 0
	e, err := openScenario(t, path)
	mustOK(t, err)
	if fresh {
		s.setup(t, e)
	}
	w := bufio.NewWriter(os.Stdout)
	for n := from; ; n++ {
		fmt.Fprintf(w, "step %d\n", n)
		w.Flush()
		mustOK(t, s.step(e, n))
	}
}
