package lessons

import (
	"context"
	"embed"
	"fmt"
	"path"
	"time"

	"github.com/dynoscope/dynoscope/designs"
	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
	pat "github.com/dynoscope/dynoscope/patterns"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Design from access patterns (lesson 12) walks one NoSQL Workbench model
// the way a design is checked: its access patterns declared beside it,
// one found scanning, a GSI added for it, the pattern rewritten as a
// Query on that index at a tenth of the read units.
//
// Its data is a Workbench model and a pattern file embedded here
// (designs/), loaded as `dynoscope --model` loads them, rather than a
// fixtures data set: every data set in fixtures/data is part of the demo
// workspace `go run .` opens, and this model exists for the lesson; and
// the lesson is about bringing a design in, so it starts from the files a
// designer would have. music-library.json holds 48 songs by 12 artists
// (a details item with liner notes each, three downloads and two monthly
// totals: 288 items, 41.9 KB); the patterns are those of package designs'
// test model, with a budget on the artist page.

//go:embed designs
var designFS embed.FS

// designSets are the lessons' own data sets: their files, loaded as one.
var designSets = map[string][]string{
	"music-library": {"music-library.json", "music-library.patterns.yaml"},
}

// LoadData loads a lesson's data set into eng: a fixtures data set, or
// one of the lessons' own designs.
func LoadData(eng *engine.Engine, dataset string) error {
	files, ok := designSets[dataset]
	if !ok {
		_, err := fixtures.LoadAll(context.Background(), eng, []string{dataset})
		return err
	}
	srcs := make([]fixtures.Source, len(files))
	for i, f := range files {
		data, err := designFS.ReadFile(path.Join("designs", f))
		if err != nil {
			return err
		}
		srcs[i] = fixtures.Source{Name: f, Data: data}
	}
	_, err := fixtures.Loader{API: eng}.Sources(context.Background(), srcs)
	return err
}

// The artist of the lesson's artist page.
const lessonArtist = "Juniper Road"

// byArtistPattern is "Songs by an artist" served by the index the lesson
// adds.
func byArtistPattern() designs.Pattern {
	p, _ := pat.FromRequest("Songs by an artist", &model.QueryInput{TableName: "Songs", IndexName: "ByArtist",
		KeyConditionExpression: "Artist = :a", ExpressionAttributeValues: vals{":a": model.S(lessonArtist)}})
	one := 1.0
	p.Description = "the artist's page"
	p.Budget = designs.Budget{MaxRCU: &one}
	return p
}

func designFromPatterns() lesson {
	const ds = "music-library"
	return lesson{title: "Design from access patterns", dataset: ds, table: "Songs", steps: []step{
		{title: "Patterns first",
			text: "A DynamoDB design starts from the questions the application asks. This Workbench model came with a pattern file: five requests, each with placeholders, the values to try and what one call may cost. enter checks them all on the model's data, as 8 Patterns does (and dynoscope check-patterns, in CI): what serves each one, and what it costs.",
			act:  action{label: "check the model's 5 access patterns", check: true}},
		{title: "The one that scans",
			text: "Songs by an artist fails: no index has Artist as its partition key, so the artist page is a Scan with a filter. DynamoDB reads all 288 items, charges for every one (41.9 KB: 11 reads of 4 KB, halved for eventual consistency) and only then drops all but the artist's 4. Every new song makes every artist page dearer.",
			act: action{label: "Scan Songs: filter Artist = " + lessonArtist, read: func(time.Time) any {
				return &model.ScanInput{TableName: "Songs", FilterExpression: "Artist = :a", ExpressionAttributeValues: vals{":a": model.S(lessonArtist)}}
			}}},
		{title: "An index for the question",
			text: "Give the question a key: a GSI with Artist as partition key, projecting the Title the page lists. Only the songs' details items carry Artist, so the index holds 48 entries, not 288: downloads and monthly totals stay out of it (a sparse index), and writing them costs the index nothing.",
			act: action{label: "UpdateTable Songs: create GSI ByArtist (Artist, INCLUDE Title)", updateTable: &model.UpdateTableInput{TableName: "Songs",
				AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "Artist", AttributeType: "S"}},
				GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: &model.GlobalSecondaryIndex{IndexName: "ByArtist",
					KeySchema:  []model.KeySchemaElement{{AttributeName: "Artist", KeyType: model.KeyTypeHash}},
					Projection: model.Projection{ProjectionType: model.ProjectionInclude, NonKeyAttributes: []string{"Title"}}}}}}}},
		{title: "The pattern, served by a Query",
			text: "An index serves only the requests that name it: the pattern still scans. Rewritten as a Query on ByArtist with Artist = :a, it reads the artist's 4 entries and nothing else. The five patterns again: all pass, and the artist page costs a tenth of what it did, however many songs the table holds.",
			act:  action{label: "save the pattern as a Query on ByArtist", savePattern: byArtistPattern}},
	}}
}

// patternWorkspace is what checking patterns needs of a lesson's copy.
type patternWorkspace interface {
	pat.Workspace
	pat.Store
}

// doCheck checks every pattern saved with the copy's tables.
func doCheck(api engine.API) *lessonResult {
	ws, ok := api.(patternWorkspace)
	if !ok {
		return &lessonResult{title: "check the access patterns", err: &model.Error{Code: "not available", Message: kit.NoDesignStore}}
	}
	rs, err := checkAll(ws)
	if err != nil {
		return &lessonResult{title: "check the access patterns", err: kit.AsModelError(err)}
	}
	return checkResult(rs)
}

// checkAll checks every saved pattern.
func checkAll(ws patternWorkspace) ([]pat.Result, error) {
	ps, err := pat.Saved(kit.Bg, ws)
	if err != nil {
		return nil, err
	}
	return (&pat.Checker{WS: ws}).Check(kit.Bg, ps), nil
}

// checkResult is a check's verdicts as a lesson's result.
func checkResult(rs []pat.Result) *lessonResult {
	res := &lessonResult{}
	failed := 0
	for _, r := range rs {
		if !r.OK() {
			failed++
		}
		res.wrapped = append(res.wrapped, verdictLines(r)...)
	}
	res.title = fmt.Sprintf("%s checked: %d passed, %d failed", kit.Plural(int64(len(rs)), "access pattern", ""), len(rs)-failed, failed)
	return res
}

// verdictLines say what serves a pattern and what it costs, and why it
// failed (indented).
func verdictLines(r pat.Result) []string {
	mark := "✓ "
	if !r.OK() {
		mark = "✗ "
	}
	line := mark + r.Pattern.Name + ": " + r.Action + " on " + r.Served()
	switch {
	case r.Error != "":
	case r.Scan && r.ItemsRead >= 0:
		line += fmt.Sprintf(", reads all %d items, returns %d", r.ItemsRead, r.ItemsReturned)
	case r.KeyCondition != "":
		line += " by " + r.KeyCondition
	}
	if r.Error == "" {
		u := kit.Units(r.WCU) + " WCU"
		if r.Action == "GetItem" || r.Action == "Query" || r.Action == "Scan" {
			u = kit.Units(r.RCU) + " RCU"
		}
		line += " · " + u
	}
	out := []string{line}
	for _, f := range r.Failures {
		out = append(out, "    "+f)
	}
	return out
}

// doUpdateTable changes a table (a GSI created) and waits for the
// index's backfill, then says what the new index holds.
func doUpdateTable(api engine.API, in *model.UpdateTableInput) *lessonResult {
	res := &lessonResult{title: "UpdateTable " + in.TableName}
	if _, err := api.UpdateTable(kit.Bg, in); err != nil {
		res.err = kit.AsModelError(err)
		res.notes = append(res.notes, "nothing was changed")
		return res
	}
	res.changed = true
	if w, ok := api.(interface{ WaitBackgroundIndexWork() }); ok {
		w.WaitBackgroundIndexWork()
	}
	out, err := api.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: in.TableName})
	if err != nil {
		res.err = kit.AsModelError(err)
		return res
	}
	d := out.Table
	for _, u := range in.GlobalSecondaryIndexUpdates {
		if u.Create == nil {
			continue
		}
		for _, g := range d.GlobalSecondaryIndexes {
			if g.IndexName != u.Create.IndexName {
				continue
			}
			res.title += fmt.Sprintf(" · GSI %s %s", g.IndexName, g.IndexStatus)
			res.notes = append(res.notes, fmt.Sprintf("backfilled: %d of the %d items are in %s (%s)", g.ItemCount, d.ItemCount, g.IndexName,
				kit.ProjectionText(g.Projection)))
			if g.ItemCount < d.ItemCount {
				res.notes = append(res.notes, fmt.Sprintf("the other %d carry no %s: the index leaves them out", d.ItemCount-g.ItemCount, model.HashKey(g.KeySchema)))
			}
		}
	}
	return res
}

// doSavePattern checks the saved pattern of p's name as it is, replaces
// it with p, and checks every pattern again.
func doSavePattern(api engine.API, p designs.Pattern) *lessonResult {
	ws, ok := api.(patternWorkspace)
	if !ok {
		return &lessonResult{title: "save the pattern", err: &model.Error{Code: "not available", Message: kit.NoDesignStore}}
	}
	ps, err := pat.Saved(kit.Bg, ws)
	if err != nil {
		return &lessonResult{title: "save the pattern", err: kit.AsModelError(err)}
	}
	var before *pat.Result
	for _, o := range ps {
		if o.Name == p.Name {
			r := (&pat.Checker{WS: ws}).CheckOne(kit.Bg, o)
			before = &r
		}
	}
	if err := pat.Save(ws, p); err != nil {
		return &lessonResult{title: "save the pattern", err: kit.AsModelError(err)}
	}
	rs, err := checkAll(ws)
	if err != nil {
		return &lessonResult{title: "check the access patterns", err: kit.AsModelError(err)}
	}
	res := checkResult(rs)
	res.changed = true // the copy's patterns: 8 Patterns on it checks again
	res.before = append(res.before, fmt.Sprintf("✓ pattern %q saved as a %s on %s", p.Name, p.Operation, p.Table()))
	for _, r := range rs {
		if r.Pattern.Name == p.Name && before != nil {
			res.wrapped = append([]string{fmt.Sprintf("%s: a %s on %s read %d items for %s RCU; a %s on %s reads %d for %s RCU",
				p.Name, before.Action, before.Served(), before.ItemsRead, kit.Units(before.RCU), r.Action, r.Served(), r.ItemsRead, kit.Units(r.RCU))},
				res.wrapped...)
		}
	}
	return res
}
