package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/dynoscope/dynoscope/engine"
)

// runRepair is `dynoscope repair --db FILE`: it rebuilds a damaged
// workspace from every transaction that can still be read, recomputes every
// index, TTL queue and statistic from the items, keeps the original next to
// it, and says what it changed.
func runRepair(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("repair", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "the workspace file to repair")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: dynoscope repair --db FILE

Rebuilds a damaged workspace: reads every transaction that can still be
read, recomputes every index entry, TTL-queue entry and statistic from the
items, keeps the original file next to it (FILE.damaged-TIME) and writes the
repaired workspace in its place. The workspace must not be open elsewhere.`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *db == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("repair needs --db FILE and nothing else")
	}
	rep, err := engine.Repair(*db)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "repaired %s (the original is kept at %s)\n", rep.Path, rep.Backup)
	if len(rep.Dropped) == 0 {
		fmt.Fprintln(stdout, "  every transaction could be read")
	}
	for _, d := range rep.Dropped {
		fmt.Fprintf(stdout, "  unreadable, dropped: %s — the writes in it are lost\n", d)
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(stdout, "  %s\n", n)
	}
	if rep.Rebuilt.OK() {
		fmt.Fprintf(stdout, "  indexes and TTL queues matched their items (%s, %s)\n", plural(rep.Rebuilt.Tables, "table"), plural(int(rep.Rebuilt.Items), "item"))
		return nil
	}
	fmt.Fprintf(stdout, "  rebuilt from the items: %s\n", rep.Rebuilt.Summary())
	for _, d := range rep.Rebuilt.Drift {
		fmt.Fprintf(stdout, "    %s\n", d)
	}
	if n := rep.Rebuilt.Total() - len(rep.Rebuilt.Drift); n > 0 {
		fmt.Fprintf(stdout, "    … and %d more\n", n)
	}
	return nil
}
