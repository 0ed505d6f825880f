package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/ui"
)

// runExplore opens a workspace (memory by default, or --db FILE), loads the
// demo data sets into tables that do not exist yet, and runs the explorer
// until q or ctrl+c; with --serve ADDR the DynamoDB and Streams HTTP
// endpoint serves the same engine meanwhile, so requests from the AWS CLI
// or an SDK show in every pane as they happen.
func runExplore(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("explore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ws workspaceFlags
	ws.register(fs)
	ws.registerRetention(fs)
	serve := fs.String("serve", "", "also serve the DynamoDB and Streams APIs over HTTP on `ADDR` (e.g. 127.0.0.1:8000), on the same engine")
	fix := fs.String("fixtures", "all", "demo data sets to load into new tables: all, none, or NAME,NAME,... ("+joinNames()+"); none by default with --model")
	modelFile := fs.String("model", "", "open a NoSQL Workbench model or CloudFormation/SAM template `FILE` (and FILE.patterns.yaml beside it, if there is one)")
	params := keyValues{}
	fs.Var(params, "param", "template parameter `NAME=VALUE` for --model (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
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
	eng, err := engine.Open(engine.Options{Path: ws.db, Sync: ws.sync, StreamRetention: ws.retention, Clock: engine.NewVirtualClock(time.Now(), 1),
		BackfillBatchSize: 25, BackfillPause: 40 * time.Millisecond})
	if err != nil {
		return err
	}
	defer eng.Close()
	printNotes(stderr, eng)
	// Loads are not throttled (a new table is filled as an import fills
	// it); throttling applies from the first request the explorer makes.
	_, err = fixtures.LoadAll(context.Background(), eng, names)
	if err != nil {
		// A data set that fails is rolled back alone; show the rest.
		fmt.Fprintln(stderr, "dynoscope: loading demo data:", err)
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
		printNotesOf(stderr, reps)
		for _, r := range reps {
			fmt.Fprintln(stderr, "dynoscope:", describeReport(r))
		}
	}
	label := "demo workspace (memory)"
	if *modelFile != "" {
		label = filepath.Base(*modelFile) + " (memory)"
	}
	if ws.db != "" {
		label = "workspace " + ws.db
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
	m := ui.New(eng, ui.Options{Workspace: label, File: ws.db, Live: true, Serving: serving, SelectDelay: 60 * time.Millisecond})
	defer m.Close()
	// The alternate screen and the mouse are the View's; NO_COLOR is
	// honoured by Bubble Tea's colour profile detection.
	p := tea.NewProgram(m, tea.WithOutput(stdout))
	_, err = p.Run()
	if errors.Is(err, tea.ErrProgramKilled) {
		return nil
	}
	return err
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
