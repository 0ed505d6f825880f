// Command dynoscope is an interactive explorer over an in-process engine
// that behaves like Amazon DynamoDB, and a DynamoDB-compatible HTTP endpoint.
//
// Usage:
//
//	dynoscope [--db FILE] [--fixtures all|none|NAME,...] [--model FILE] [--serve ADDR]   (the explorer)
//	dynoscope (--region R [--profile P] | --endpoint-url URL) [--write] [--db FILE]   (the explorer on a real DynamoDB)
//	dynoscope serve [--addr 127.0.0.1:8000] [--db FILE] [--sync always|everysecond|never]
//	                [--stream-retention 24h,100000,64MB] [--ttl-delay D] [--ttl-interval D] [--no-throttle] [--s3-dir DIR]
//	dynoscope load FILE... [--db FILE] [--param K=V]
//	dynoscope load FILE... --table T [--format jsonl|ddb-json|csv] [--infer-numbers] [--db FILE]
//	dynoscope export-model --db FILE [--items N] > model.json
//	dynoscope check-patterns FILE... [--db FILE]
//	dynoscope repair --db FILE
//	dynoscope export --table T [--index I] [--key-condition-expression E ...] [--format jsonl|ddb-json|csv] [--out FILE] [--db FILE | --fixtures ... | remote flags]
//	dynoscope copy (--region R [--profile P] | --endpoint-url URL) --table T --db FILE [--limit N] [query flags]
//	dynoscope --version
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
)

// version is the release of this build; set with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "dynoscope:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return runExplore(nil, stdout, stderr)
	}
	if len(args) > 0 {
		switch args[0] {
		case "explore":
			return runExplore(args[1:], stdout, stderr)
		case "serve":
			return runServe(args[1:], stdout, stderr)
		case "fixtures":
			return runFixtures(args[1:], stdout, stderr)
		case "load":
			return runLoad(args[1:], stdout, stderr)
		case "repair":
			return runRepair(args[1:], stdout, stderr)
		case "export-model":
			return runExportModel(args[1:], stdout, stderr)
		case "check-patterns":
			return runCheckPatterns(args[1:], stdout, stderr)
		case "copy":
			return runCopy(args[1:], stdout, stderr)
		case "export":
			return runExport(args[1:], stdout, stderr)
		case "--version", "-version", "version":
			fmt.Fprintln(stdout, "dynoscope", version)
			return nil
		case "help", "-h", "--help":
			usage(stdout)
			return nil
		}
	}
	if strings.HasPrefix(args[0], "-") {
		return runExplore(args, stdout, stderr)
	}
	usage(stderr)
	return fmt.Errorf("unknown command %q", args[0])
}

func usage(w io.Writer) {
	fmt.Fprint(w, `dynoscope: explore an in-process DynamoDB, or serve it over HTTP.

Usage:
  dynoscope [--db FILE] [--fixtures all|none|NAME,...] [--model FILE] [--serve ADDR]
                     explore (default: demo data in memory); --model opens
                     a Workbench model or CloudFormation template (and the
                     pattern file beside it); --serve also serves it over
                     HTTP, live in the explorer
  dynoscope (--region R [--profile P] | --endpoint-url URL) [--write] [--db FILE]
                     explore a real DynamoDB (AWS, or any compatible endpoint),
                     read-only unless --write; C copies a slice of a table into
                     the sandbox (--db FILE, or memory)
  dynoscope serve [--addr 127.0.0.1:8000] [--db FILE] [--sync always|everysecond|never]
                  [--stream-retention 24h,100000,64MB] [--ttl-delay 15s] [--ttl-interval 1s]
                  [--no-throttle] [--s3-dir DIR]
                     the DynamoDB (and DynamoDB Streams) endpoint, headless;
                     the TTL sweeper deletes an item --ttl-delay after it
                     expires, looking every --ttl-interval; --no-throttle
                     never refuses a request for throughput (bulk loads)
  dynoscope fixtures list the demo data sets
  dynoscope load FILE... [--db FILE] [--param K=V]
                     load CreateTable / batch-write JSON, data sets, Workbench
                     models, CloudFormation templates or pattern files, all or nothing
  dynoscope load FILE... --table T [--format jsonl|ddb-json|csv] [--infer-numbers] [--db FILE]
                     items (JSON Lines, DynamoDB JSON Lines, CSV) into the
                     existing table T, all or nothing
  dynoscope export-model --db FILE [--items N] > model.json
                     the workspace as a NoSQL Workbench model
  dynoscope check-patterns FILE... [--db FILE]
                     run access patterns and check them: served by, scans,
                     capacity per call, hot keys; exits 1 when one fails
  dynoscope repair --db FILE
                     rebuild a damaged workspace from what can be read (keeps a backup)
  dynoscope export --table T [--index I] [--key-condition-expression EXPR ...]
                  [--format jsonl|ddb-json|csv] [--out FILE]
                  [--db FILE | --fixtures NAME,... | --region R | --endpoint-url URL]
                     a table, an index or a query's items as plain JSON Lines,
                     DynamoDB JSON Lines or CSV; a remote DynamoDB is only read,
                     its cost said first; see 'dynoscope export --help'
  dynoscope copy (--region R [--profile P] | --endpoint-url URL) --table T --db FILE
                     [--limit N] [--key-condition-expression EXPR ...]
                     copy a real table's schema and its first N items (default
                     1000; a Scan, or a Query) into a workspace file; see
                     'dynoscope copy --help'
  dynoscope --version

Point the AWS CLI at a running 'serve':
  aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000
`)
}

// workspaceFlags are the flags every command that opens a workspace takes,
// and --stream-retention for the commands that serve or explore it.
type workspaceFlags struct {
	db        string
	sync      string
	retention engine.StreamRetention
}

func (w *workspaceFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&w.db, "db", "", "BuntDB file of the workspace (default: in memory)")
	fs.StringVar(&w.sync, "sync", engine.SyncEverySecond, "fsync policy of a file workspace: always, everysecond or never")
}

// registerRetention adds --stream-retention.
func (w *workspaceFlags) registerRetention(fs *flag.FlagSet) {
	fs.Func("stream-retention", "what each stream keeps, `AGE,RECORDS,SIZE` (default "+engine.StreamRetention{}.String()+
		"; AGE at most 24h; any part may be left out)", func(s string) error {
		r, err := engine.ParseStreamRetention(s)
		if err != nil {
			return err
		}
		w.retention = r
		return nil
	})
}

// open opens the workspace and says on notes what opening it found and
// did (an unfinished tail cut, a legacy file converted, a load taken back).
func (w *workspaceFlags) open(notes io.Writer) (*engine.Engine, error) {
	return w.openWith(notes, nil)
}

// openWith is open with more options set by set (nil: none).
func (w *workspaceFlags) openWith(notes io.Writer, set func(*engine.Options) error) (*engine.Engine, error) {
	opts := engine.Options{Path: w.db, Sync: w.sync, StreamRetention: w.retention}
	if set != nil {
		if err := set(&opts); err != nil {
			return nil, err
		}
	}
	eng, err := engine.Open(opts)
	if err != nil {
		return nil, err
	}
	printNotes(notes, eng)
	return eng, nil
}

// printNotes prints what opening a workspace found and did.
func printNotes(w io.Writer, eng *engine.Engine) {
	for _, n := range eng.OpenNotes() {
		fmt.Fprintln(w, "dynoscope:", n)
	}
}

func runServe(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", server.DefaultAddr, "address to listen on")
	var ws workspaceFlags
	ws.register(fs)
	ws.registerRetention(fs)
	var ttl ttlFlags
	ttl.register(fs)
	noThrottle := fs.Bool("no-throttle", false, "never refuse a request for throughput (capacity is still counted and reported): for bulk loads and benchmarks")
	var s3 s3DirFlag
	s3.register(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := s3.resolve(ws.db); err != nil {
		return err
	}
	defer s3.cleanup()
	eng, err := ws.openWith(stderr, func(opts *engine.Options) error {
		opts.DisableThrottling = *noThrottle
		opts.S3Dir = s3.dir
		return ttl.apply(opts)
	})
	if err != nil {
		return err
	}
	defer eng.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	where := "memory"
	if ws.db != "" {
		where = ws.db
	}
	if eng.ReadOnly() {
		where += ", read-only: every write is answered AccessDeniedException"
	}
	err = server.ListenAndServe(ctx, *addr, newServer(eng), func(bound net.Addr) {
		warnBeyondLoopback(stderr, bound)
		fmt.Fprintf(stdout, "dynoscope %s serving DynamoDB on http://%s (workspace: %s)\n", version, bound, where)
		s3.describe(stdout)
	})
	if errors.Is(err, http.ErrServerClosed) || errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// warnBeyondLoopback warns when the endpoint listens on an address other
// machines can reach: it checks no credentials.
func warnBeyondLoopback(w io.Writer, addr net.Addr) {
	if server.IsLoopback(addr) {
		return
	}
	fmt.Fprintf(w, "dynoscope: warning: listening on %s, beyond loopback: anyone who can reach this address can read and change the workspace (credentials are not checked)\n", addr)
}

// newServer serves the engine's DynamoDB and DynamoDB Streams APIs.
func newServer(eng *engine.Engine) *server.Server {
	srv := server.New(eng, server.Options{})
	server.RegisterStreams(srv, eng)
	return srv
}
