package query

import (
	"fmt"
	"math"
	"strings"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// vecView draws the Vector mode: the form, the note, the results with
// their scores and the capacity, then the CLI line, scrolled so the
// cursor row shows.
func (q *Model) vecView() string {
	st, w := q.st, q.w
	if q.desc == nil {
		return st.Dim.Render("No table selected: pick one in the sidebar.")
	}
	v := q.vecIndex()
	tg := kit.Target{Desc: q.desc, Index: q.vec.index}
	hints := "[m] mode  [c] copy as CLI  [r] run"
	if w < 100 {
		hints = "[r] run"
	}
	out := []string{kit.Spread(st.Title.Render("Vector")+"  "+tg.Label()+" ("+tg.Kind()+")", hints, w)}
	if v == nil {
		out = append(out, "")
		out = append(out, kit.WrapStyled(st.Dim, q.desc.TableName+" has no vector index. A vector index (August 2026) keeps a List of Numbers of each item for SearchVectors, the nearest items to a search vector: in the sidebar, i on an on-demand table, then ctrl+t in the form. m goes on to the Query mode.", w)...)
		return strings.Join(out, "\n")
	}
	const lw = 17
	label := func(s string) string { return kit.Fit(s, lw) }
	cursorLine := 0
	for r := vrMode; r < vrRows; r++ {
		if !q.vecRowShown(r) {
			continue
		}
		on := r == q.vec.row
		editing := on && q.editing
		val := func(f *kit.Field, dflt string) string {
			s := f.View(editing, w-lw-4)
			if s == "" && !editing {
				return st.Dim.Render(dflt)
			}
			return s
		}
		var line string
		var under []string
		switch r {
		case vrMode:
			line = label("operation") + "◂ Vector ▸" + st.Dim.Render("  SearchVectors: the TopK items nearest a vector")
		case vrIndex:
			line = label("index") + "◂ " + v.IndexName + " ▸" + st.Dim.Render(fmt.Sprintf("  %s · %d dims · %s · projects %s",
				v.VectorAttribute.AttributeName, v.Dimensions, v.DistanceFunction, kit.ProjectionText(v.Projection)))
		case vrVector:
			line = label("search vector") + val(&q.vec.vector, "—")
			under = append(under, st.Dim.Render(kit.Cut(strings.Repeat(" ", lw+2)+q.vecVectorNote(v), w)))
		case vrPartition:
			h := model.SearchHash(v.SearchSchema)
			line = label("partition "+h) + val(&q.vec.partition, "—")
			if !editing {
				line += st.Dim.Render("  every search names one " + h + " (SearchSchema HASH)")
			}
		case vrTopK:
			line = label("TopK") + val(&q.vec.topK, "10")
			if !editing {
				line += st.Dim.Render("  1–100")
			}
		case vrFilter:
			line = label("filter") + val(&q.vec.filter, "—")
			if !editing && q.vec.filter.String() == "" {
				line += st.Dim.Render("  " + filterHint(v))
			}
		case vrNames:
			line = label("  #names") + val(&q.vec.names, "—")
		case vrValues:
			line = label("  :values") + val(&q.vec.values, "—")
			if !editing && q.vec.values.String() == "" {
				line += st.Dim.Render(`   e.g. :m = "Dark"`)
			}
		case vrProjection:
			line = label("projection") + val(&q.vec.projection, "—")
			if !editing && q.vec.projection.String() == "" {
				line += st.Dim.Render("   the index's projected attributes")
			}
		case vrRun:
			line = label("") + st.Key.Render("[ run ▶ ]")
			if q.running {
				line += st.Dim.Render("  running…")
			}
		}
		mark := "  "
		if on {
			mark = "▸ "
			cursorLine = len(out)
			if r == vrMode {
				cursorLine = 0
			}
		}
		line = kit.Fit(mark+line, w)
		if on && q.focused && !q.editing {
			line = st.Cursor.Render(line)
		}
		out = append(out, line)
		out = append(out, under...)
	}
	if q.vec.note != "" {
		s := st.Dim
		if q.vec.noteBad {
			s = st.Warn
		}
		for _, l := range kit.Wrap(q.vec.note, w-2) {
			out = append(out, s.Render("  "+l))
		}
	}
	if q.vec.res != nil {
		lines, cur := q.vecResultLines()
		if cur >= 0 {
			cursorLine = len(out) + cur
		}
		out = append(out, lines...)
	}
	if in, r := q.vecBuild(); r == nil {
		out = append(out, q.cliLines(in)...)
		out = append(out, kit.WrapStyled(st.Dim, "(an AWS CLI that models SearchVectors (August 2026) takes this; older ones, such as aws-cli 1.45, do not know search-vectors: the JSON is the request body that dynoscope serve and DynamoDB take)", w)...)
	}
	q.top = kit.Window(q.top, cursorLine, len(out), q.h)
	end := min(q.top+q.h, len(out))
	return strings.Join(out[q.top:end], "\n")
}

// vecVectorNote says what the search vector is: how many numbers of the
// index's, and where it came from.
func (q *Model) vecVectorNote(v *model.VectorIndexDescription) string {
	got, err := ParseSearchVector(q.vec.vector.String())
	switch {
	case q.vec.vector.String() == "":
		return fmt.Sprintf("a JSON list of %d numbers, or s on an item in 2 Items (more like this)", v.Dimensions)
	case err != nil:
		return "not a list of numbers yet"
	}
	note := fmt.Sprintf("%d of %d numbers", len(got), v.Dimensions)
	if q.vec.from != "" {
		note += " · from " + q.vec.from
	}
	return note
}

// filterHint names the attributes a SearchConditionExpression may test:
// the index's INLINE_FILTER attributes.
func filterHint(v *model.VectorIndexDescription) string {
	var fs []string
	for _, e := range v.SearchSchema {
		if e.SearchSchemaElementType == model.SearchSchemaInlineFilter {
			fs = append(fs, e.AttributeName)
		}
	}
	if len(fs) == 0 {
		return "the index has no INLINE_FILTER attribute to filter on"
	}
	return "equalities ANDed on its INLINE_FILTER attributes: " + strings.Join(fs, ", ")
}

// scoreWidth is the width of the score, rank and bar before a result row.
const scoreWidth = 3 + 9 + 1 + 10 + 1

// vecResultLines draws the outcome: the error box, or the count, the
// vector search request bytes with the engine's itemised explanation, and
// the results, each with its rank, score and bar; cur is the line of the
// cursor row.
func (q *Model) vecResultLines() ([]string, int) {
	st, res, w := q.st, q.vec.res, q.w
	out := []string{st.Dim.Render(strings.Repeat("─", w))}
	if res.err != nil {
		out = append(out, st.Error.Render("DynamoDB rejected the request:"))
		return append(out, kit.ErrorBox(st, res.err, w)...), -1
	}
	summary := fmt.Sprintf("%s, best first", kit.Plural(int64(len(res.hits)), "result", ""))
	if res.bytes != nil {
		summary += fmt.Sprintf(" · %s vector search request bytes", kit.FmtInt(int64(*res.bytes)))
	}
	out = append(out, kit.SpreadOrStack(st.Bold, summary, scoreNote(res.dist), w)...)
	for _, l := range res.lines {
		out = append(out, kit.WrapIndented(st.Dim, "  ", l, w)...)
	}
	if len(res.hits) == 0 {
		return append(out, "  no results"), -1
	}
	cur := q.vecResultIndex()
	rows := res.g.Render(st, nil, 0, len(res.hits), -1, q.vec.colOff, max(w-scoreWidth, 20), false)
	best, worst := scoreRange(res.hits)
	head := " # " + kit.Fit("    score", 9) + " " + kit.Fit("closeness", 10) + " "
	out = append(out, kit.Fit(st.Header.Render(head)+strings.TrimPrefix(rows[0], "  "), w))
	start := len(out)
	for i, h := range res.hits {
		mark := "  "
		if i == cur {
			mark = "▸ "
		}
		f := closeness(h.Score, best, worst)
		bar := strings.Repeat("█", int(math.Round(f*10))) + strings.Repeat("░", 10-int(math.Round(f*10)))
		pre := fmt.Sprintf("%s%-2d%9s %s ", mark, i+1, scoreText(h.Score), bar)
		line := kit.Fit(pre+strings.TrimPrefix(rows[i+1], "  "), w)
		if i == cur {
			if q.focused {
				line = st.Cursor.Render(line)
			} else {
				line = st.Selected.Render(line)
			}
		}
		out = append(out, line)
	}
	if cur >= 0 {
		return out, start + cur
	}
	return out, -1
}

// scoreText writes a score in 9 cells.
func scoreText(s float64) string {
	if math.Abs(s) >= 1e5 {
		return fmt.Sprintf("%.3g", s)
	}
	return fmt.Sprintf("%.4f", s)
}

// scoreNote says how to read the scores of a distance function.
func scoreNote(dist string) string {
	switch dist {
	case model.DistanceCosine:
		return "COSINE: 0 same direction … 2 opposite"
	case model.DistanceEuclidean:
		return "EUCLIDEAN: distance, 0 the same point"
	case model.DistanceDotProduct:
		return "DOT_PRODUCT: highest first"
	}
	return ""
}

// scoreRange is the best and the worst score of the results (the first
// and the last: they come best first).
func scoreRange(hits []model.SearchResultItem) (float64, float64) {
	return hits[0].Score, hits[len(hits)-1].Score
}

// closeness is how full a result's bar is: the best result's is full,
// the last one's half, the others in between by their scores (a score's
// scale depends on the distance function and the data: COSINE neighbours
// may all be within 0.03 of each other, which an absolute bar would not
// show apart).
func closeness(s, best, worst float64) float64 {
	if best == worst {
		return 1
	}
	return math.Max(0.5, math.Min(1, 1-0.5*math.Abs(s-best)/math.Abs(worst-best)))
}
