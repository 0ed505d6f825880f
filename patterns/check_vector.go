package patterns

import (
	"context"
	"fmt"

	"github.com/dynoscope/dynoscope/model"
)

// searchVectors checks a SearchVectors pattern (a vector index, August
// 2026): the search runs on the workspace; what it returned, the vector
// search request bytes of one call with the engine's itemised
// explanation, and the largest item returned. A vector index is never
// scanned: the search examines part of one partition of it.
func (c *Checker) searchVectors(ctx context.Context, in *model.SearchVectorsInput, r *Result) error {
	cp := *in
	cp.ReturnConsumedCapacity = model.ReturnCapacityTotal
	r.Table = in.TableName
	if in.IndexName != nil {
		r.Index = *in.IndexName
	}
	k := int64(0)
	if in.TopK != nil {
		k = *in.TopK
	}
	r.KeyCondition = fmt.Sprintf("the %d nearest to a vector of %d numbers", k, len(in.SearchVector))
	if in.SearchConditionExpression != nil && *in.SearchConditionExpression != "" {
		r.KeyCondition += " where " + *in.SearchConditionExpression
	}
	out, err := c.WS.SearchVectors(ctx, &cp)
	if err != nil {
		return err
	}
	r.ItemsReturned = len(out.SearchResults)
	if cc := out.ConsumedCapacity; cc != nil && cc.VectorSearchRequestBytes != nil {
		r.SearchBytes = *cc.VectorSearchRequestBytes
	}
	r.Lines = out.Explain
	for _, h := range out.SearchResults {
		r.LargestItem = max(r.LargestItem, int64(model.ItemSize(h.Item)))
	}
	return nil
}
