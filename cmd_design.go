package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/dynoscope/dynoscope/designs"
	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/patterns"
)

// keyValues is a repeatable K=V flag (--param, --value).
type keyValues map[string]string

func (kv keyValues) String() string {
	keys := make([]string, 0, len(kv))
	for k := range kv {
		keys = append(keys, k+"="+kv[k])
	}
	sort.Strings(keys)
	return strings.Join(keys, ",")
}

func (kv keyValues) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("want NAME=VALUE, got %q", s)
	}
	kv[k] = v
	return nil
}

// printNotesOf prints what loading design files ignored or assumed.
func printNotesOf(w io.Writer, reps []fixtures.Report) {
	for _, r := range reps {
		for _, n := range r.Notes {
			fmt.Fprintf(w, "dynoscope: %s: %s\n", r.Source, n)
		}
	}
}

// missingTablesHint says which tables the patterns name that the
// workspace lacks, and how to bring them: every such pattern would fail
// with ResourceNotFoundException and nothing more to go on.
func missingTablesHint(ctx context.Context, eng *engine.Engine, ps []designs.Pattern, db string) string {
	var missing []string
	for _, p := range ps {
		t := p.Table()
		if t == "" || slices.Contains(missing, t) {
			continue
		}
		if _, err := eng.DescribeTable(ctx, &model.DescribeTableInput{TableName: t}); err != nil {
			missing = append(missing, t)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	where := "the in-memory workspace"
	how := "name the model in the pattern file (a Model: line, relative to the file) or before it on the command line ('dynoscope check-patterns model.json patterns.yaml'), or check a workspace that has them with --db FILE"
	if db != "" {
		where = "the workspace " + db
		how = "load the model or data first ('dynoscope load model.json --db " + db + "'), or check without --db with the model named"
	}
	return fmt.Sprintf("%s has no table %s, which the patterns use: %s", where, strings.Join(missing, ", "), how)
}

// siblingPatterns returns the pattern file beside a model, or "": named
// after the model without its extension (music.json → music.patterns.yaml,
// .yml or .json), or after the whole file name (music.json.patterns.yaml);
// the first form is looked for first.
func siblingPatterns(model string) string {
	stem := strings.TrimSuffix(model, filepath.Ext(model))
	for _, base := range []string{stem, model} {
		for _, ext := range []string{".patterns.yaml", ".patterns.yml", ".patterns.json"} {
			if fi, err := os.Stat(base + ext); err == nil && !fi.IsDir() {
				return base + ext
			}
		}
	}
	return ""
}

// runExportModel is `dynoscope export-model --db FILE [--items N]`: the
// workspace as a NoSQL Workbench model on stdout; what the format cannot
// hold is listed on stderr.
func runExportModel(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export-model", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ws workspaceFlags
	ws.register(fs)
	items := fs.Int("items", 100, "items of each table to include (0: the schema only)")
	name := fs.String("name", "", "the model's name (default: the name of the model the tables were loaded from, else the workspace file's name)")
	tables := fs.String("tables", "", "only these tables, comma-separated (default: all)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: dynoscope export-model --db FILE [--items N] [--name NAME] [--tables A,B] > model.json

Writes the workspace as a NoSQL Workbench data model (version 3.0): tables,
key schemas, global secondary indexes, billing and throughput, facets and up
to N items of each table. Import it in Workbench with "Import data model".
What a Workbench model cannot hold (local secondary indexes, TTL, streams,
tags, saved access patterns) is listed on stderr.`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("export-model takes no arguments, got %q", fs.Arg(0))
	}
	if ws.db == "" {
		fs.Usage()
		return errors.New("export-model needs --db FILE (an in-memory workspace has nothing to export)")
	}
	if *items < 0 {
		return fmt.Errorf("--items %d: want 0 or more", *items)
	}
	eng, err := ws.openWith(stderr, func(o *engine.Options) error {
		o.DisableThrottling, o.DisableTTLSweeper = true, true
		return nil
	})
	if err != nil {
		return err
	}
	defer eng.Close()
	opts := designs.ExportOptions{Name: *name, Items: *items, Now: eng.Clock().Now(),
		DefaultName: strings.TrimSuffix(filepath.Base(ws.db), filepath.Ext(ws.db))}
	if *tables != "" {
		opts.Tables = strings.Split(*tables, ",")
	}
	out, notes, err := designs.Export(context.Background(), eng, opts)
	if err != nil {
		return err
	}
	for _, n := range notes {
		fmt.Fprintln(stderr, "dynoscope: not exported:", n)
	}
	_, err = stdout.Write(out)
	return err
}

// runCheckPatterns is `dynoscope check-patterns FILE... [--db FILE]`.
func runCheckPatterns(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("check-patterns", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ws workspaceFlags
	ws.register(fs)
	params, values := keyValues{}, keyValues{}
	fs.Var(params, "param", "template parameter `NAME=VALUE` (repeatable)")
	fs.Var(values, "value", "placeholder `NAME=VALUE` for every pattern, over the patterns' own Values (repeatable)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: dynoscope check-patterns FILE... [--db FILE] [--param K=V] [--value K=V]

Runs access patterns against a workspace and prints, per pattern, the table
or index that serves it and its key condition (or that it scans, and why),
items read and returned, RCU/WCU per call with the engine's itemised
explanation, the hottest partition key it touches, and items or item
collections near DynamoDB's limits. Exits 1 when a pattern scans (unless its
Budget says AllowScan), exceeds its Budget (MaxRCU, MaxWCU) or fails.

Without --db, the FILEs (models, templates, data files and pattern files; a
pattern file's Model is loaded too) are loaded into an empty in-memory
workspace and the pattern files' patterns are checked there: a design check
for CI. With --db, the FILEs are pattern files checked against that
workspace, or, with no FILE, the patterns saved in it. Writes never change
the workspace: they run on a copy of the items they touch.`)
		fs.PrintDefaults()
	}
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 && ws.db == "" {
		fs.Usage()
		return errors.New("check-patterns needs a FILE, or --db FILE")
	}
	// Read the pattern files first: their errors name file and line.
	var ps []designs.Pattern
	var loads []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if designs.Detect(data, f) != designs.FormatPatterns {
			if ws.db != "" {
				return fmt.Errorf("%s is not a pattern file: with --db the workspace is checked as it is (load models with 'dynoscope load')", f)
			}
			loads = append(loads, f)
			continue
		}
		pf, err := designs.ReadPatternFile(data, f)
		if err != nil {
			return err
		}
		ps = append(ps, pf.Patterns...)
		if pf.Model != "" && ws.db == "" {
			m := pf.Model
			if !filepath.IsAbs(m) {
				m = filepath.Join(filepath.Dir(f), m)
			}
			if !slices.Contains(loads, m) && !slices.Contains(files, m) {
				loads = append(loads, m)
			}
		}
	}
	eng, err := ws.openWith(stderr, func(o *engine.Options) error {
		o.DisableThrottling, o.DisableTTLSweeper = true, true
		return nil
	})
	if err != nil {
		return err
	}
	defer eng.Close()
	ctx := context.Background()
	if len(loads) > 0 {
		reps, err := fixtures.Loader{API: eng, Params: params}.Files(ctx, loads)
		if err != nil {
			return err
		}
		printNotesOf(stderr, reps)
	}
	if len(files) == 0 {
		if ps, err = patterns.Saved(ctx, eng); err != nil {
			return err
		}
		if len(ps) == 0 {
			return fmt.Errorf("the workspace %s holds no saved patterns (load a pattern file, or name one)", ws.db)
		}
	}
	if len(ps) == 0 {
		return errors.New("no patterns to check: name a pattern file (a YAML or JSON file with Patterns)")
	}
	if hint := missingTablesHint(ctx, eng, ps, ws.db); hint != "" {
		fmt.Fprintln(stderr, "dynoscope:", hint)
	}
	rs := (&patterns.Checker{WS: eng, Values: values}).Check(ctx, ps)
	if err := patterns.WriteTable(stdout, rs); err != nil {
		return err
	}
	failed := 0
	for _, r := range rs {
		if !r.OK() {
			failed++
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d patterns failed", failed, len(rs))
	}
	return nil
}
