package lessons

import (
	"fmt"
	"time"

	"github.com/dynoscope/dynoscope/designs"
	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// A lesson walks through one data-modeling building block on its demo data
// set, a few steps each. A step is a short explanation and one action the
// user runs with enter: a prepared Query or Scan (which o also opens in the
// query builder), a write, a transaction, PartiQL statements compared,
// reads set side by side, a
// clock jump, a traffic run, a look at the stream or at the items an index
// leaves out. The action runs as a tea.Cmd
// against the engine like any client's request, and its result comes back
// with the capacity it consumed and the engine's itemised explanation.

// lesson is one building block.
type lesson struct {
	title   string
	dataset string // fixtures data set the lesson uses
	table   string // the table it works on
	steps   []step
}

// step is one explanation and its action.
type step struct {
	title string
	text  string
	act   action
}

// action is what enter runs. Exactly one of its parts is set, except that
// a clock jump may be followed by a read.
type action struct {
	label string // what enter does, shown on the step ("Query ShoppingCart …")
	// read is a Query or Scan input (*model.QueryInput or *model.ScanInput)
	// built at the engine's time; o opens it in the query builder.
	read func(now time.Time) any
	// write is a PutItem, UpdateItem, DeleteItem or BatchGetItem input.
	write func(now time.Time) any
	// advance jumps the engine clock, then the TTL pass runs when sweep is
	// set (the background deletion, which DynamoDB runs on its own).
	advance time.Duration
	sweep   bool
	// traffic runs a workload for trafficSeconds of engine time, stepping
	// the clock a second at a time.
	traffic        *engine.Workload
	trafficSeconds int
	// stream reads the table's change stream and lists its REMOVE records.
	stream string
	// leftOut lists the items an index leaves out; o opens them in 2 Items.
	leftOut [2]string
	// transact is a TransactWriteItems input built at the engine's time;
	// o opens it in the query builder's Transaction mode.
	transact func(now time.Time) *model.TransactWriteItemsInput
	// compare runs PartiQL statements one after the other and sets side by
	// side what each became (Query or Scan), read and cost; o opens the
	// first in the query builder's PartiQL editor.
	compare []string
	// check checks every access pattern saved with the copy's tables (as
	// 8 Patterns does); o opens 8 Patterns on the copy.
	check bool
	// updateTable changes a table (a GSI created) and waits for the
	// index's backfill.
	updateTable *model.UpdateTableInput
	// savePattern is a pattern saved in place of the one of its name,
	// then every pattern is checked; o opens 8 Patterns.
	savePattern func() designs.Pattern
	// side runs Query or Scan requests one after the other and sets them
	// side by side: what each returned and cost, and the values of the
	// attributes show in the order it returned them; o opens the last in
	// the query builder.
	side []sideRead
	show []string
	// run is an action written out in full (recovery.go: turn on
	// point-in-time recovery, a bulk update, a restore, two tables
	// compared), run against the copy at the engine's time.
	run func(api engine.API, now time.Time) *lessonResult
	// then runs after this action; the result shows the last one's, with
	// the earlier titles as notes.
	then *action
}

// sideRead is one read of a side-by-side action: a name for it ("then",
// "now") and the request, built at the engine's time.
type sideRead struct {
	label string
	read  func(now time.Time) any
}

// example returns a fixture example's request, resolved at now (examples
// with RelativeTime move their times to the clock).
func example(dataset, name string) func(now time.Time) any {
	return func(now time.Time) any {
		ds, ok := fixtures.Get(dataset)
		if !ok {
			return nil
		}
		ex, ok := ds.Example(name, now)
		if !ok {
			return nil
		}
		if ex.Query != nil {
			q := *ex.Query
			return &q
		}
		s := *ex.Scan
		return &s
	}
}

// lessonResult is what an action did: a title line, the engine's
// explanation of the charge, notes, the items read (or plain rows), and
// DynamoDB's error when the request was rejected.
type lessonResult struct {
	title  string
	before []string // what happened first (a clock jump, earlier requests)
	lines  []string
	notes  []string
	items  []model.Item
	tg     kit.Target
	rows   []string
	// wrapped are lines wrapped to the pane, each continued under its
	// indent (statements, the engine's explanations).
	wrapped []string
	err     *model.Error
	changed bool // the copy changed: panes showing it reload
}

// clockJumper is the engine clock when it can jump.
type clockJumper interface{ Advance(d time.Duration) }

// engineNow is the engine's time.
func engineNow(api engine.API) time.Time { return kit.Now(api) }

// jumper is the engine clock when it can jump.
func jumper(api engine.API) clockJumper {
	if c, ok := api.(kit.Clocked); ok {
		if j, ok := c.Clock().(clockJumper); ok {
			return j
		}
	}
	return nil
}

// doAction runs an action against the engine.
func doAction(api engine.API, a action) *lessonResult {
	res := &lessonResult{}
	if a.advance > 0 {
		j := jumper(api)
		if j == nil {
			return &lessonResult{title: "clock jump", err: &model.Error{Code: "not available", Message: "this backend's clock cannot jump (a real DynamoDB endpoint)"}}
		}
		j.Advance(a.advance)
		res.before = append(res.before, "engine clock +"+a.advance.String()+" → "+engineNow(api).UTC().Format("2006-01-02 15:04:05"))
		res.changed = true
		if a.sweep {
			if s, ok := api.(kit.TTLSweeper); ok {
				switch n := s.SweepTTL(); n {
				case 0:
					res.before = append(res.before, "TTL pass: nothing due now (the background deletion got there first, or nothing has expired long enough)")
				default:
					res.before = append(res.before, fmt.Sprintf("TTL pass: %s deleted, free (TTL deletes consume no WCU)", kit.NItems(n)))
				}
			}
		}
	}
	now := engineNow(api)
	var r *lessonResult
	switch {
	case a.read != nil:
		r = doRead(api, a.read(now))
	case a.write != nil:
		r = doWrite(api, a.write(now))
	case a.traffic != nil:
		r = doTraffic(api, *a.traffic, a.trafficSeconds)
	case a.stream != "":
		r = doStream(api, a.stream)
	case a.leftOut[0] != "":
		r = doLeftOut(api, a.leftOut[0], a.leftOut[1])
	case a.transact != nil:
		r = doTransact(api, a.transact(now))
	case len(a.compare) > 0:
		r = doCompare(api, a.compare)
	case a.check:
		r = doCheck(api)
	case a.updateTable != nil:
		r = doUpdateTable(api, a.updateTable)
	case a.savePattern != nil:
		r = doSavePattern(api, a.savePattern())
	case len(a.side) > 0:
		r = doSide(api, a.side, a.show, now)
	case a.run != nil:
		r = a.run(api, now)
	default:
		res.title = "clock jump"
		r = res
		res = &lessonResult{}
	}
	r.before = append(res.before, r.before...)
	r.changed = r.changed || res.changed
	if a.then != nil && r.err == nil {
		next := doAction(api, *a.then)
		next.before = append(append(append(r.before, "✓ "+r.title), r.notes...), next.before...)
		next.changed = next.changed || r.changed
		return next
	}
	return r
}

// epoch is t as a Number of epoch seconds.
func epoch(t time.Time) model.AttributeValue { return model.N(fmt.Sprint(t.Unix())) }

// rfc3339 is t as a String in UTC, to the second.
func rfc3339(t time.Time) model.AttributeValue { return model.S(t.UTC().Format(time.RFC3339)) }
