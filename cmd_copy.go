package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/dynoscope/dynoscope/engine/remote"
	"github.com/dynoscope/dynoscope/model"
)

// runCopy is `dynoscope copy`: a remote table's schema and a bounded sample
// of its items (the first N of a Scan, or of a Query given with the AWS
// CLI's flags) copied into a local workspace file.
func runCopy(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("copy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var rf remoteFlags
	rf.register(fs, false)
	var ws workspaceFlags
	ws.register(fs)
	table := fs.String("table", "", "the remote `TABLE` to copy")
	as := fs.String("as", "", "`NAME` of the copy in the workspace (default: the table's name)")
	limit := fs.Int("limit", remote.DefaultCopyLimit, "copy at most `N` items")
	keyCond := fs.String("key-condition-expression", "", "copy the items of this Query instead of the first of a Scan")
	filter := fs.String("filter-expression", "", "a filter on the Query or Scan")
	index := fs.String("index-name", "", "Query or Scan this index (its projection is what gets copied)")
	names := fs.String("expression-attribute-names", "", "JSON (or file://PATH): {\"#n\":\"name\",...}")
	values := fs.String("expression-attribute-values", "", "DynamoDB JSON (or file://PATH): {\":v\":{\"S\":\"x\"},...}")
	forward := fs.Bool("scan-index-forward", true, "Query in ascending sort key order (false: descending)")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: dynoscope copy (--region REGION [--profile NAME] | --endpoint-url URL) --table TABLE --db FILE
                      [--limit N] [--as NAME] [--index-name INDEX]
                      [--key-condition-expression EXPR] [--filter-expression EXPR]
                      [--expression-attribute-names JSON] [--expression-attribute-values JSON]
                      [--scan-index-forward=false]

Copies TABLE's schema (keys, LSIs, GSIs, billing and throughput, TTL, stream
settings) and its first N items (default 1000) into the workspace FILE, where
it can be changed freely. The remote table is only read: a Scan, or the Query
given with --key-condition-expression (expression flags as the AWS CLI's),
eventually consistent, until N items came back.
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case *table == "":
		fs.Usage()
		return errors.New("copy needs --table TABLE")
	case ws.db == "":
		return errors.New("copy needs --db FILE: the workspace file the copy goes into")
	case *limit <= 0:
		return fmt.Errorf("--limit must be at least 1, got %d", *limit)
	}
	opts := remote.CopyOptions{Table: *table, Target: *as, Limit: *limit}
	var exprNames map[string]string
	if err := jsonFlag("--expression-attribute-names", *names, &exprNames); err != nil {
		return err
	}
	var exprValues map[string]model.AttributeValue
	if err := jsonFlag("--expression-attribute-values", *values, &exprValues); err != nil {
		return err
	}
	if *keyCond != "" {
		opts.Query = &model.QueryInput{IndexName: *index, KeyConditionExpression: *keyCond, FilterExpression: *filter,
			ExpressionAttributeNames: exprNames, ExpressionAttributeValues: exprValues, ScanIndexForward: forward}
	} else {
		if !*forward {
			return errors.New("--scan-index-forward needs --key-condition-expression (a Query)")
		}
		opts.Scan = &model.ScanInput{IndexName: *index, FilterExpression: *filter,
			ExpressionAttributeNames: exprNames, ExpressionAttributeValues: exprValues}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	src, err := rf.open(ctx)
	if err != nil {
		return err
	}
	dst, err := ws.open(stderr)
	if err != nil {
		return err
	}
	defer dst.Close()
	rep, err := remote.CopySlice(ctx, src, dst, opts)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, describeCopy(rep, src.Location(), ws.db))
	return nil
}

// jsonFlag decodes a JSON flag value, read from a file with file://PATH as
// the AWS CLI does; "" leaves v alone.
func jsonFlag(name, value string, v any) error {
	if value == "" {
		return nil
	}
	data := []byte(value)
	if path, ok := strings.CutPrefix(value, "file://"); ok {
		b, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		data = b
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// describeCopy says in one line what a copy did.
func describeCopy(r *remote.CopyReport, from remote.Location, db string) string {
	s := fmt.Sprintf("copied %s of %s (%s) into %s as %s: %s read, %s read units consumed",
		plural(r.Items, "item"), r.Source, from.Place(), db, r.Target, plural(r.Pages, "page"), trimFloat(r.Units))
	if r.More {
		s += fmt.Sprintf("; the table has more (raise --limit above %d to copy more)", r.Limit)
	}
	return s
}

// trimFloat writes 367.5 as "367.5" and 4 as "4".
func trimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
