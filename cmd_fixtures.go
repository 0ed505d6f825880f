package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dynoscope/dynoscope/engine/export"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/internal/itemfmt"
)

// runFixtures is `dynoscope fixtures`: it lists the demo data sets with
// their tables, item counts and descriptions.
func runFixtures(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fixtures", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: dynoscope fixtures\n\nLists the demo data sets (load a selection with --fixtures NAME,...).")
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return fmt.Errorf("fixtures takes no arguments, got %q", fs.Arg(0))
	}
	for i, d := range fixtures.All() {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "%s: %s\n", d.Name, d.Title)
		var tables []string
		for _, t := range d.TableNames() {
			tables = append(tables, fmt.Sprintf("%s (%d items)", t, d.ItemCount(t)))
		}
		fmt.Fprintf(stdout, "  tables: %s\n", strings.Join(tables, ", "))
		if len(d.Examples) > 0 {
			fmt.Fprintf(stdout, "  examples: %d\n", len(d.Examples))
		}
		for _, line := range wrap(d.Description, 76) {
			fmt.Fprintf(stdout, "  %s\n", line)
		}
	}
	return nil
}

// runLoad is `dynoscope load FILE... [--db FILE]`: it loads the files (a
// CreateTable input, batch-write request items, or a data set file or
// folder) into the workspace as one load, all or nothing.
func runLoad(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ws workspaceFlags
	ws.register(fs)
	params := keyValues{}
	fs.Var(params, "param", "CloudFormation template parameter `NAME=VALUE` (repeatable; also AWS::StackName and other pseudo parameters)")
	table := fs.String("table", "", "read the FILEs as items of `TABLE`, which exists: JSON Lines, DynamoDB JSON Lines or CSV (docs/FORMATS.md)")
	format := fs.String("format", "", "with --table: jsonl, ddb-json or csv (default: .csv is CSV; a JSON Lines file tells by its first line)")
	inferNumbers := fs.Bool("infer-numbers", false, "with --table, CSV: read cells written as numbers (12, -3.5, not 007) as numbers; without it every non-key cell is a string, as DynamoDB's import from S3 reads CSV")
	var s3f s3Flags
	fs.StringVar(&s3f.region, "region", "", "AWS region of the S3 bucket an s3:// export is read from")
	fs.StringVar(&s3f.profile, "profile", "", "AWS shared-config profile for an s3:// export")
	fs.StringVar(&s3f.endpoint, "endpoint-url", "", "S3-compatible endpoint for an s3:// export (path-style addressing)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: dynoscope load FILE... [--db FILE] [--param NAME=VALUE]
       dynoscope load FILE... --table TABLE [--format jsonl|ddb-json|csv] [--infer-numbers] [--db FILE]
       dynoscope load [TABLE.json] s3://BUCKET/PREFIX --region R [--profile P] [--db FILE]

Loads the FILEs into the workspace as one load, all or nothing (even if the
process is killed): a CreateTable input (as 'aws dynamodb create-table
--cli-input-json' takes it), batch-write request items (as 'aws dynamodb
batch-write-item --request-items' takes them, any number per table), a
data set (a dataset.json, or its folder), a NoSQL Workbench model (JSON,
versions 2.0 and 3.0: tables, indexes, items, facets), a CloudFormation or
SAM template (JSON or YAML: AWS::DynamoDB::Table, AWS::DynamoDB::GlobalTable,
AWS::Serverless::SimpleTable, with TTL, streams and indexes; intrinsic
functions resolved from --param and the template's defaults) or an access
pattern file (its patterns are kept with their tables), or a DynamoDB
export: a folder ExportTableToPointInTime wrote, downloaded with 'aws s3 cp
--recursive', or s3://BUCKET/PREFIX read straight from Amazon S3
(read-only: ListObjectsV2 and GetObject; the requests and bytes it will
take are said first). An export's items go into the table its manifest
names, which must exist or come from a CreateTable file before it. Every
file is checked before anything is written. Tables that already exist are left as
they are; items go into new tables as an import fills them, without
consuming capacity. Ctrl-C stops the load and takes it back.

With --table, the FILEs hold items of TABLE, which must exist: plain JSON
Lines, DynamoDB JSON Lines (as 'dynoscope export' and DynamoDB's export to
S3 write them) or CSV with a header. Key attributes (the table's and its
indexes') take the types of the table's attribute definitions; other CSV
cells are strings (as DynamoDB's import from S3 reads CSV) unless
--infer-numbers. Every item is checked before any is written, and the load
is all or nothing as any other.`)
		fs.PrintDefaults()
	}
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		fs.Usage()
		return errors.New("load needs a FILE")
	}
	var itemOpts fixtures.ItemFileOptions
	if *table == "" && (*format != "" || *inferNumbers) {
		return errors.New("--format and --infer-numbers are for item files: name their table with --table")
	}
	if *format != "" {
		f, err := itemfmt.ParseFormat(*format)
		if err != nil {
			return err
		}
		itemOpts.Format = f
	}
	itemOpts.InferNumbers = *inferNumbers
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	exports := map[string]export.Source{}
	var remotes []*s3Export
	for _, f := range files {
		if !strings.HasPrefix(f, "s3://") {
			continue
		}
		if *table != "" {
			return errors.New("an s3:// export loads into the table its manifest names: it does not go with --table")
		}
		src, err := openS3Export(ctx, f, s3f)
		if err != nil {
			return err
		}
		cost, err := src.cost()
		if err != nil {
			return err
		}
		fmt.Fprintln(stderr, "dynoscope:", cost)
		exports[f] = src
		remotes = append(remotes, src)
	}
	eng, err := ws.open(stderr)
	if err != nil {
		return err
	}
	defer eng.Close()
	defer func() {
		for _, r := range remotes {
			fmt.Fprintln(stderr, "dynoscope:", r.spent())
		}
	}()
	bar := newProgressLine(stderr)
	loader := fixtures.Loader{API: eng, Progress: bar.show, Params: params, Exports: exports}
	var reps []fixtures.Report
	if *table != "" {
		reps, err = loader.ItemFiles(ctx, *table, files, itemOpts)
	} else {
		reps, err = loader.Files(ctx, files)
	}
	bar.clear()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("load interrupted; nothing was loaded")
		}
		return err
	}
	printNotesOf(stderr, reps)
	for _, rep := range reps {
		fmt.Fprintln(stdout, describeReport(rep))
	}
	if ws.db == "" {
		fmt.Fprintln(stdout, "(in-memory workspace: the files are valid, but nothing is kept; pass --db FILE to keep them)")
	}
	return nil
}

// progressLine draws a load's progress on one terminal line; on anything
// but a terminal it draws nothing.
type progressLine struct {
	w     io.Writer
	on    bool
	start time.Time
	drawn bool
}

func newProgressLine(w io.Writer) *progressLine {
	f, ok := w.(*os.File)
	on := false
	if ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			on = true
		}
	}
	return &progressLine{w: w, on: on, start: time.Now()}
}

// show draws p: "loading items.json  [#########.........]  48%  480,000 items  3.1 s".
func (b *progressLine) show(p fixtures.Progress) {
	if !b.on || p.Done {
		return
	}
	const width = 24
	line := "loading " + filepath.Base(p.Source)
	if p.Total > 0 {
		done := int(p.Bytes * width / p.Total)
		line += fmt.Sprintf("  [%s%s] %3d%%", strings.Repeat("#", done), strings.Repeat(".", width-done), p.Bytes*100/p.Total)
	}
	line += fmt.Sprintf("  %s items  %.1f s  (ctrl+c stops and takes the load back)", commas(p.Items), time.Since(b.start).Seconds())
	fmt.Fprintf(b.w, "\r\x1b[K%s", line)
	b.drawn = true
}

// clear removes the progress line.
func (b *progressLine) clear() {
	if b.drawn {
		fmt.Fprint(b.w, "\r\x1b[K")
	}
}

// commas writes n with a comma between groups of three digits.
func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// describeReport says in one line what a load did.
func describeReport(r fixtures.Report) string {
	var parts []string
	if len(r.Created) > 0 {
		parts = append(parts, "created "+strings.Join(r.Created, ", "))
	}
	if r.Items > 0 || (len(r.Created) == 0 && r.Patterns == 0) {
		parts = append(parts, plural(r.Items, "item")+" written")
	}
	if r.Steps > 0 {
		parts = append(parts, plural(r.Steps, "step")+" run")
	}
	if r.Facets > 0 {
		parts = append(parts, plural(r.Facets, "facet")+" kept")
	}
	if r.Patterns > 0 {
		parts = append(parts, plural(r.Patterns, "access pattern")+" saved")
	}
	if len(r.Skipped) > 0 {
		parts = append(parts, "left existing "+strings.Join(r.Skipped, ", ")+" as they were")
	}
	return "loaded " + r.Source + ": " + strings.Join(parts, "; ")
}

// plural counts what: "1 item", "3 items".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// parseInterspersed parses flags that may come before, between or after
// the positional arguments, and returns the positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// wrap breaks text into lines of at most width bytes, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) > width:
			lines = append(lines, line)
			line = w
		default:
			line += " " + w
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
