package schema

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// vectorLines are the table's vector indexes (August 2026), under the
// other indexes: for each, its vector attribute with the dimensions and
// distance function, its search schema (the HASH attribute that partitions
// it, the INLINE_FILTER attributes), its projection, how many table items
// it holds and leaves out (an item without a vector of the right size is
// left out, as a sparse GSI leaves out items without its key) with its
// size and status, and the backfill while it runs. sub is the indent of an
// index's details.
func (p *Model) vectorLines(sub string) []string {
	st, d, w := p.st, p.info.Desc, p.w
	if len(d.VectorIndexes) == 0 {
		return nil
	}
	remote := kit.IsRemote(p.api)
	out := []string{"", st.Header.Render("Vector indexes") + st.Dim.Render("  read with SearchVectors (3 Query, mode Vector)")}
	for _, v := range d.VectorIndexes {
		tg := kit.Target{Desc: d, Index: v.IndexName}
		mark := "  "
		if v.IndexName == p.sel.Index {
			mark = "▸ "
		}
		head := mark + st.Bold.Render(kit.Fit(v.IndexName, 18)) + " VEC  "
		out = append(out, p.indented(head, detailPieces(fmt.Sprintf("%s · %d dims · %s", v.VectorAttribute.AttributeName, v.Dimensions, v.DistanceFunction)), w)...)
		out = append(out, p.indented(sub, detailPieces("search schema "+SearchSchemaText(v.SearchSchema)), w)...)
		in, total := v.ItemCount, d.ItemCount
		counts := fmt.Sprintf("%s of %s", kit.FmtInt(in), kit.Plural(total, "item", ""))
		if left := total - in; left > 0 && tg.Status() == model.StatusActive {
			why := fmt.Sprintf("no %s of %d numbers", v.VectorAttribute.AttributeName, v.Dimensions)
			if h := model.SearchHash(v.SearchSchema); h != "" {
				why += " or no " + h
			}
			counts += fmt.Sprintf(" · %s left out (%s)", kit.FmtInt(left), why)
		}
		size := kit.HumanBytes(v.IndexSizeBytes)
		if remote {
			counts, size = "~"+counts, "~"+size
		}
		detail := fmt.Sprintf("projects %s · %s · %s · %s", kit.ProjectionText(v.Projection), counts, size, tg.Status())
		out = append(out, p.indented(sub, detailPieces(detail), w)...)
		if pr, ok := p.info.Progress[v.IndexName]; ok && !pr.Done {
			out = append(out, p.indented(sub, words(fmt.Sprintf("backfill: %s of %s read, %s indexed, %s left out", kit.FmtInt(pr.Scanned), kit.Plural(pr.Total, "item", ""), kit.FmtInt(pr.Indexed), kit.FmtInt(pr.Skipped+pr.Sparse))), w)...)
		}
	}
	return out
}

// SearchSchemaText is a vector index's search schema: "Genre HASH, Mood
// INLINE_FILTER", or "none (one partition: every search sees every
// vector)".
func SearchSchemaText(ss []model.SearchSchemaElement) string {
	if len(ss) == 0 {
		return "none"
	}
	var parts []string
	for _, e := range ss {
		parts = append(parts, e.AttributeName+" "+e.SearchSchemaElementType)
	}
	return strings.Join(parts, ", ")
}
