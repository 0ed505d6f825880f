package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remote"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/internal/history"
	"github.com/dynoscope/dynoscope/internal/recent"
	"github.com/dynoscope/dynoscope/ui"
)

// runExplore opens a workspace (memory by default, or --db FILE), loads the
// demo data sets into tables that do not exist yet, and runs the explorer
// until q or ctrl+c; with --serve ADDR the DynamoDB and Streams HTTP
// endpoint serves the same engine meanwhile, so requests from the AWS CLI
// or an SDK show in every pane as they happen. With --region (and
// --profile) or --endpoint-url it explores a real DynamoDB instead
// (exploreRemote).
func runExplore(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("explore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ws workspaceFlags
	ws.register(fs)
	ws.registerRetention(fs)
	var rf remoteFlags
	rf.register(fs, true)
	serve := fs.String("serve", "", "also serve the DynamoDB and Streams APIs over HTTP on `ADDR` (e.g. 127.0.0.1:8000), on the same engine")
	fix := fs.String("fixtures", "all", "demo data sets to load into new tables: all, none, or NAME,NAME,... ("+joinNames()+"); none by default with --model")
	modelFile := fs.String("model", "", "open a NoSQL Workbench model or CloudFormation/SAM template `FILE` (and the pattern file beside it, if there is one: music.json → music.patterns.yaml, or music.json.patterns.yaml)")
	params := keyValues{}
	fs.Var(params, "param", "template parameter `NAME=VALUE` for --model (repeatable)")
	var s3 s3DirFlag
	s3.register(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *modelFile != "" && rf.set() {
		return errors.New("--model opens a design in the embedded engine: it does not go with --region, --profile or --endpoint-url")
	}
	if rf.set() {
		if *serve != "" {
			return errors.New("--serve serves the embedded engine: it does not go with --region, --profile or --endpoint-url")
		}
		return exploreRemote(rf, ws, stdout, stderr)
	}
	if rf.write {
		return errors.New("--write is for a remote DynamoDB (--region or --endpoint-url): the embedded engine is always writable")
	}
	fixSet := false
	fs.Visit(func(f *flag.Flag) { fixSet = fixSet || f.Name == "fixtures" })
	if *modelFile != "" && !fixSet {
		*fix = "none"
	}
	names, err := fixtures.Select(*fix)
	if err != nil {
		return err
	}
	// Small backfill batches with a pause between them, so a GSI added in
	// the explorer is seen building (its progress bar moves).
	if err := s3.resolve(ws.db); err != nil {
		return err
	}
	defer s3.cleanup()
	// What opening and loading say is printed when the explorer has quit:
	// printed now, it would be under the explorer's screen, never seen.
	var said bytes.Buffer
	defer func() { io.Copy(stderr, &said) }()
	notes := io.Writer(&said)
	s3.describe(notes)
	eng, err := engine.Open(engine.Options{Path: ws.db, Sync: ws.sync, StreamRetention: ws.retention, Clock: engine.NewVirtualClock(time.Now(), 1),
		BackfillBatchSize: 25, BackfillPause: 40 * time.Millisecond, S3Dir: s3.dir})
	if err != nil {
		return err
	}
	defer eng.Close()
	printNotes(notes, eng)
	// Loads are not throttled (a new table is filled as an import fills
	// it); throttling applies from the first request the explorer makes.
	_, err = fixtures.LoadAll(context.Background(), eng, names)
	if err != nil {
		// A data set that fails is rolled back alone; show the rest.
		fmt.Fprintln(notes, "dynoscope: loading demo data:", err)
	}
	if *modelFile != "" {
		files := []string{*modelFile}
		if pf := siblingPatterns(*modelFile); pf != "" {
			files = append(files, pf)
		}
		reps, err := fixtures.Loader{API: eng, Params: params}.Files(context.Background(), files)
		if err != nil {
			return err
		}
		printNotesOf(notes, reps)
		for _, r := range reps {
			fmt.Fprintln(notes, "dynoscope:", describeReport(r))
		}
	}
	label := "demo workspace (memory)"
	if *modelFile != "" {
		label = filepath.Base(*modelFile) + " (memory)"
	}
	if ws.db != "" {
		label = "workspace " + ws.db
		if eng.ReadOnly() {
			label += " (read-only: browsing, writes refused)"
		}
	}
	serving := ""
	if *serve != "" {
		ln, err := net.Listen("tcp", *serve)
		if err != nil {
			return fmt.Errorf("--serve: %w", err)
		}
		warnBeyondLoopback(stderr, ln.Addr())
		ctx, stop := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); _ = server.Serve(ctx, ln, newServer(eng)) }()
		defer func() { stop(); <-done }() // before the engine closes
		serving = ln.Addr().String()
	}
	key := "memory"
	if *modelFile != "" {
		key = "model " + filepath.Base(*modelFile)
	}
	m := ui.New(eng, ui.Options{Workspace: label, File: ws.db, Live: true, Serving: serving, SelectDelay: 60 * time.Millisecond,
		History: historyFile(ws.db, key)})
	return runUI(m, stdout)
}

// historyFile is where 3 Query keeps the requests run and saved: beside
// the workspace file, or in the user's configuration directory under key
// (the in-memory workspace, a model, a remote endpoint and region); ""
// (for the session only) when there is no configuration directory.
func historyFile(db, key string) string {
	if db != "" {
		return history.BesideWorkspace(db)
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return history.InConfigDir(dir, key)
}

// runUI runs the explorer until it quits (tests replace it).
var runUI = runProgram

// runProgram runs the explorer until it quits.
func runProgram(m *ui.Model, stdout io.Writer) error {
	defer m.Close()
	// The alternate screen and the mouse are the View's; NO_COLOR is
	// honoured by Bubble Tea's colour profile detection.
	p := tea.NewProgram(m, tea.WithOutput(stdout))
	_, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) {
		return nil
	}
	return err
}

// exploreRemote runs the explorer on a real DynamoDB (read-only unless
// --write); only lost connections are retried, so throttles show at once.
// The sandbox a
// table's slice is copied into (C) is the workspace --db names, or memory,
// opened the first time a copy is made.
func exploreRemote(rf remoteFlags, ws workspaceFlags, stdout, stderr io.Writer) error {
	rf.onlyConnections = true
	b, err := rf.open(context.Background())
	if err != nil {
		return err
	}
	sb := &sandbox{ws: ws}
	defer sb.close(stderr)
	label := "sandbox (memory)"
	atStart := false
	if ws.db != "" {
		label = "sandbox " + ws.db
		_, err := os.Stat(ws.db)
		atStart = err == nil // it holds copies made before: show them
	}
	m := ui.New(b, ui.Options{Workspace: b.Location().String(), Live: true, SelectDelay: 60 * time.Millisecond,
		Sandbox: sb.open, SandboxLabel: label, SandboxFile: ws.db, SandboxAtStart: atStart,
		History: historyFile("", "remote "+b.Location().Place()), Remote: remoteOpener(rf, b.Location())})
	return runProgram(m, stdout)
}

// remoteOpener lets the explorer open another profile, region or endpoint
// in place of the one open (O), with the flags' --write and retries, and
// keeps the endpoints opened in the user's configuration directory
// (recent.json), the one open at start first.
func remoteOpener(rf remoteFlags, at remoteapi.Location) *ui.RemoteOpener {
	file := ""
	if dir, err := os.UserConfigDir(); err == nil {
		file = recent.File(dir)
		_ = recent.Add(file, recent.Of(at), time.Now()) // a list that cannot be kept is no reason to stop
	}
	return &ui.RemoteOpener{Profiles: remote.Profiles, Recent: file,
		Open: func(ctx context.Context, loc remoteapi.Location) (ui.Opened, error) {
			to := rf
			to.region, to.profile, to.endpoint = loc.Region, loc.Profile, loc.Endpoint
			b, err := to.open(ctx)
			if err != nil {
				return ui.Opened{}, err
			}
			return ui.Opened{API: b, Label: b.Location().String(), History: historyFile("", "remote "+b.Location().Place())}, nil
		}}
}

// sandbox is the explorer's local workspace for slices of remote tables,
// opened once, when first needed.
type sandbox struct {
	ws    workspaceFlags
	once  sync.Once
	eng   *engine.Engine
	err   error
	notes bytes.Buffer // what opening it found, printed once the screen is gone
}

// open opens the sandbox the first time and returns it.
func (s *sandbox) open() (*engine.Engine, error) {
	s.once.Do(func() {
		s.eng, s.err = s.ws.openWith(&s.notes, func(o *engine.Options) error {
			o.Clock = engine.NewVirtualClock(time.Now(), 1)
			o.BackfillBatchSize, o.BackfillPause = 25, 40*time.Millisecond
			return nil
		})
	})
	return s.eng, s.err
}

// close closes the sandbox, if it was opened, and prints its notes.
func (s *sandbox) close(notes io.Writer) {
	s.once.Do(func() {}) // an open under way ends first; none starts after
	if s.eng != nil {
		s.eng.Close()
	}
	io.Copy(notes, &s.notes)
}

func joinNames() string {
	s := ""
	for i, n := range fixtures.Names() {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}
