package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remote"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/internal/itemexport"
	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/model"
)

// stdin is where a command reads a person's answer (tests replace it).
var stdin io.Reader = os.Stdin

// runExport is `dynoscope export`: a table, an index or a query's result
// written as JSON Lines, DynamoDB JSON Lines or CSV, from a workspace file,
// the demo data sets in memory, or a real DynamoDB (only read, the cost
// said first).
func runExport(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ws workspaceFlags
	ws.register(fs)
	var rf remoteFlags
	rf.register(fs, false)
	fix := fs.String("fixtures", "all", "with neither --db nor a remote DynamoDB: the demo data sets to load in memory (all, or NAME,NAME,...)")
	table := fs.String("table", "", "the `TABLE` to export")
	index := fs.String("index", "", "read this `INDEX` instead of the table (its projection is what is written)")
	fs.StringVar(index, "index-name", "", "the same as --index, as the AWS CLI names it")
	keyCond := fs.String("key-condition-expression", "", "export this Query's items instead of a Scan's")
	filter := fs.String("filter-expression", "", "a filter on the Query or Scan")
	namesFlag := fs.String("expression-attribute-names", "", "JSON (or file://PATH): {\"#n\":\"name\",...}")
	values := fs.String("expression-attribute-values", "", "DynamoDB JSON (or file://PATH): {\":v\":{\"S\":\"x\"},...}")
	consistent := fs.Bool("consistent-read", false, "strongly consistent reads (twice the read units; not on a GSI)")
	format := fs.String("format", "", "jsonl (plain JSON Lines), ddb-json (DynamoDB JSON Lines) or csv (default: from --out's name, else jsonl)")
	out := fs.String("out", "", "write to `FILE` (default: standard output)")
	yes := fs.Bool("yes", false, "on a remote DynamoDB, read without asking after the estimate")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: dynoscope export --table TABLE [--index INDEX]
                        [--key-condition-expression EXPR] [--filter-expression EXPR]
                        [--expression-attribute-names JSON] [--expression-attribute-values JSON]
                        [--format jsonl|ddb-json|csv] [--out FILE]
                        [--db FILE | --fixtures NAME,... | --region R [--profile P] | --endpoint-url URL [--yes]]

Writes every item of TABLE (a Scan, page by page), of one of its indexes, or
of the Query given with --key-condition-expression, in one of three formats
(docs/FORMATS.md):
  jsonl     one item a line as plain JSON: numbers as numbers with all their
            digits, sets as arrays, binary as base64
  ddb-json  one {"Item": ...} a line in DynamoDB JSON, as DynamoDB's export
            to S3 writes it (types kept: 'dynoscope load' reads it back as it was)
  csv       a header of every attribute seen, one item a row, nested values
            as JSON
The items come from the workspace --db FILE, or from the demo data sets in
memory (--fixtures), or from a real DynamoDB (--region, --profile,
--endpoint-url), which is only read: the read units a Scan will take are said
first, and asked about unless --yes.
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	fixSet := false
	fs.Visit(func(f *flag.Flag) { fixSet = fixSet || f.Name == "fixtures" })
	switch {
	case fs.NArg() > 0:
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case *table == "":
		fs.Usage()
		return errors.New("export needs --table TABLE")
	case fixSet && (ws.db != "" || rf.set()):
		return errors.New("--fixtures loads demo data into memory: it does not go with --db or a remote DynamoDB")
	case ws.db != "" && rf.set():
		return errors.New("export reads one place: --db FILE, or a remote DynamoDB")
	}
	f, err := exportFormat(*format, *out)
	if err != nil {
		return err
	}
	var names map[string]string
	var vals map[string]model.AttributeValue
	if err := jsonFlag("--expression-attribute-names", *namesFlag, &names); err != nil {
		return err
	}
	if err := jsonFlag("--expression-attribute-values", *values, &vals); err != nil {
		return err
	}
	var cons *bool
	if *consistent {
		cons = consistent
	}
	q := itemexport.ScanOf(*table, *index)
	q.Scan.FilterExpression, q.Scan.ExpressionAttributeNames, q.Scan.ExpressionAttributeValues, q.Scan.ConsistentRead = *filter, names, vals, cons
	if *keyCond != "" {
		q = itemexport.Read{Query: &model.QueryInput{TableName: *table, IndexName: *index, KeyConditionExpression: *keyCond,
			FilterExpression: *filter, ExpressionAttributeNames: names, ExpressionAttributeValues: vals, ConsistentRead: cons}}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var api engine.API
	var where string
	switch {
	case rf.set():
		b, err := rf.open(ctx)
		if err != nil {
			return err
		}
		api, where = b, b.Location().Place()
	case ws.db != "":
		eng, err := ws.open(stderr)
		if err != nil {
			return err
		}
		defer eng.Close()
		api, where = eng, ws.db
	default:
		sel, err := fixtures.Select(*fix)
		if err != nil {
			return err
		}
		eng, err := engine.Open(engine.Options{DisableTTLSweeper: true})
		if err != nil {
			return err
		}
		defer eng.Close()
		if _, err := fixtures.LoadAll(ctx, eng, sel); err != nil {
			return err
		}
		api, where = eng, "the demo data sets in memory"
	}
	d, err := api.DescribeTable(ctx, &model.DescribeTableInput{TableName: *table})
	if err != nil {
		return err
	}
	if _, err := itemexport.Keys(d.Table, *index); err != nil {
		return err
	}
	if rf.set() {
		if err := confirmRemoteRead(ctx, api, q, *yes, stderr); err != nil {
			return err
		}
	}

	dst, commit, err := openOut(*out, stdout)
	if err != nil {
		return err
	}
	rep, err := itemexport.Export(ctx, api, q, d.Table, dst, f, nil)
	if cerr := commit(err == nil); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	to := "standard output"
	if *out != "" {
		to = *out
	}
	units := trimFloat(rep.Units) + " read units"
	if rep.Units == 1 {
		units = "1 read unit"
	}
	fmt.Fprintf(stderr, "exported %s of %s from %s as %s to %s: %s, %s consumed\n",
		plural(rep.Items, "item"), q.What(), where, f, to, plural(rep.Pages, "page"), units)
	return nil
}

// exportFormat is --format, or the format --out's name says, or JSON Lines.
func exportFormat(flagValue, out string) (itemfmt.Format, error) {
	if flagValue != "" {
		return itemfmt.ParseFormat(flagValue)
	}
	if f, ok := itemfmt.FormatOfName(out); ok {
		return f, nil
	}
	return itemfmt.JSONLines, nil
}

// confirmRemoteRead says what reading a remote table will cost and, unless
// yes, asks before reading it.
func confirmRemoteRead(ctx context.Context, api engine.API, q itemexport.Read, yes bool, stderr io.Writer) error {
	est, err := remote.EstimateScan(ctx, api, q.Table(), q.Index())
	if err != nil {
		return err
	}
	if q.Consistent() {
		est.EventualUnits = est.StrongUnits // said as the units the read takes
	}
	if !q.Whole() {
		fmt.Fprintf(stderr, "at most (a Query reads only its key range; a filter does not lower the cost): %s\n", est)
	} else {
		fmt.Fprintln(stderr, est)
	}
	if yes {
		return nil
	}
	fmt.Fprint(stderr, "read it? [y/N] ")
	answer, _ := bufio.NewReader(stdin).ReadString('\n')
	if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
		return errors.New("export not started: nothing was read (pass --yes to read without asking)")
	}
	return nil
}

// openOut opens where an export goes: a file written beside FILE and
// renamed over it when the export is complete (commit(true)), or removed
// (commit(false)); or standard output.
func openOut(path string, stdout io.Writer) (io.Writer, func(ok bool) error, error) {
	if path == "" {
		return stdout, func(bool) error { return nil }, nil
	}
	return itemexport.Create(path)
}
