package engine

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/engine/vector"
	"github.com/dynoscope/dynoscope/model"
)

// SearchVectors returns the TopK items of a vector index most similar to a
// search vector, best first, with their scores (August 2026). The checks
// run in DynamoDB's order (docs/FIDELITY.md): the request's members, TopK's
// range, the expressions, the table and index, the search vector, then the
// SearchConditionExpression against the index's search schema.
func (e *Engine) SearchVectors(ctx context.Context, in *model.SearchVectorsInput) (*model.SearchVectorsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	c.tableName(in.TableName, in.EmptyTableName())
	switch {
	case in.IndexName == nil:
		c.add(nil, "indexName", "Member must not be null")
	case len(*in.IndexName) < 3:
		c.msgs = append(c.msgs, "Value at 'IndexName' failed to satisfy constraint: Member must have length greater than or equal to 3")
	case len(*in.IndexName) > 255:
		c.msgs = append(c.msgs, "Value at 'IndexName' failed to satisfy constraint: Member must have length less than or equal to 255")
	}
	switch {
	case in.SearchVector == nil:
		c.add(nil, "searchVector", "Member must not be null")
	case len(in.SearchVector) == 0:
		c.msgs = append(c.msgs, "Value at 'SearchVector' failed to satisfy constraint: Member must have length greater than or equal to 1")
	}
	switch {
	case in.TopK == nil:
		c.add(nil, "topK", "Member must not be null")
	case *in.TopK < 1:
		c.add(*in.TopK, "topK", "Member must have value greater than or equal to 1")
	}
	checkReturnCapacity(&c, in.ReturnConsumedCapacity)
	if err := c.err(); err != nil {
		return nil, err
	}
	if *in.TopK > maxSearchTopK {
		return nil, model.Validation("Provided TopK value '%d' is out of valid range. The value must be between 1 and %d inclusive", *in.TopK, maxSearchTopK)
	}
	terms, proj, err := parseSearchExpressions(in)
	if err != nil {
		return nil, err
	}
	indexName := *in.IndexName

	e.mu.RLock()
	defer e.mu.RUnlock()
	t, merr := e.lookup(in.TableName)
	if merr != nil {
		return nil, merr
	}
	ix := t.indexByName(indexName)
	vd := t.vectorIndexDesc(indexName)
	if ix == nil || ix.vec == nil || vd == nil {
		return nil, model.Validation("The table does not have the specified index: %s", indexName)
	}
	if vd.IndexStatus != model.StatusActive {
		return nil, model.Validation("Cannot search backfilling vector index: %s", indexName)
	}
	q, merr := searchVector(in.SearchVector, ix.vec.dims)
	if merr != nil {
		return nil, merr
	}
	part, conds, none, merr := searchScope(ix, terms)
	if merr != nil {
		return nil, merr
	}
	x := t.vectorStore(ix)
	k := int(*in.TopK)
	var hits []vector.Result
	if !none {
		hits, _, err = x.Search(q, k, part, conds, false)
		if err != nil {
			return nil, model.NewError(model.ErrInternalServer, "Internal server error: %v", err)
		}
	}
	out := &model.SearchVectorsOutput{SearchResults: []model.SearchResultItem{}}
	returned := 0
	err = e.db.View(func(tx *buntdb.Tx) error {
		for _, h := range hits {
			raw, err := tx.Get(h.Key)
			if err == buntdb.ErrNotFound {
				continue // removed since the search: no longer in the index
			}
			if err != nil {
				return err
			}
			entry, _, err := decodeStored(raw)
			if err != nil {
				return err
			}
			item := searchResultItem(ix, x, h.Key, entry, proj)
			returned += model.ItemSize(item)
			out.SearchResults = append(out.SearchResults, model.SearchResultItem{Item: item, Score: h.Score})
		}
		return nil
	})
	if err != nil {
		return nil, asError(err)
	}
	bytes, explain := searchRequestBytes(ix, x.PartitionLen(part), k, len(out.SearchResults), returned, none)
	out.Explain = explain
	if in.ReturnConsumedCapacity == model.ReturnCapacityTotal || in.ReturnConsumedCapacity == model.ReturnCapacityIndexes {
		out.ConsumedCapacity = &model.VectorCapacity{VectorSearchRequestBytes: &bytes}
	}
	// The charge is in bytes, not read units: the record's Units stay 0
	// and its lines itemise the bytes.
	u := &capacity.Usage{Table: t.name}
	for _, l := range explain {
		u.Explain("%s", l)
	}
	traceOf(ctx).add(e.logRequest("SearchVectors", t.name, indexName, u, true, len(out.SearchResults), nil))
	return out, nil
}

// parseSearchExpressions checks the placeholders and parses the
// SearchConditionExpression and ProjectionExpression (before the table is
// looked up, as for Query).
func parseSearchExpressions(in *model.SearchVectorsInput) ([]expr.SearchEquality, *expr.Projection, error) {
	var present []string
	if in.ProjectionExpression != "" {
		present = append(present, expr.ParamProjection)
	}
	if in.SearchConditionExpression != nil {
		present = append(present, expr.ParamSearchCondition)
	}
	if err := expr.CheckPlaceholderParams(in.ExpressionAttributeNames != nil, in.ExpressionAttributeValues != nil,
		[]string{expr.ParamProjection, expr.ParamSearchCondition}, present); err != nil {
		return nil, nil, err
	}
	if err := normalizeExpressionValues(in.ExpressionAttributeValues); err != nil {
		return nil, nil, err
	}
	ctx, err := expr.NewContext(in.ExpressionAttributeNames, in.ExpressionAttributeValues)
	if err != nil {
		return nil, nil, err
	}
	var terms []expr.SearchEquality
	if in.SearchConditionExpression != nil {
		if terms, err = ctx.ParseSearchCondition(*in.SearchConditionExpression); err != nil {
			return nil, nil, err
		}
	}
	var proj *expr.Projection
	if in.ProjectionExpression != "" {
		if proj, err = ctx.ParseProjection(in.ProjectionExpression); err != nil {
			return nil, nil, err
		}
	}
	if err := ctx.CheckUnused(); err != nil {
		return nil, nil, err
	}
	return terms, proj, nil
}

// normalizeExpressionValues validates and normalises ExpressionAttributeValues
// in place, reporting the smallest offending key (as exprParams.prepare).
func normalizeExpressionValues(values map[string]model.AttributeValue) error {
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := values[k]
		if err := model.NormalizeValue(&v); err != nil {
			if err.Message == model.MsgAttributeNameTooLarge {
				return err
			}
			return model.Validation("ExpressionAttributeValues contains invalid value: %s for key %s", err.Message, k)
		}
		values[k] = v
	}
	return nil
}

// searchVector reads SearchVector: every element a Number within the
// float32 range (checked first), then exactly the index's dimensions.
func searchVector(sv []model.AttributeValue, dims int) ([]float32, *model.Error) {
	q := make([]float32, len(sv))
	for i, v := range sv {
		if v.Type != model.TypeN {
			return nil, model.Validation("Search vector contains invalid values. All values in the search vector must be a 32-bit floating-point number attribute")
		}
		f, err := strconv.ParseFloat(v.N, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) || math.Abs(f) > math.MaxFloat32 {
			return nil, model.Validation("Search vector contains invalid values. All values in the search vector must be a 32-bit floating-point number attribute")
		}
		q[i] = float32(f)
	}
	if len(q) != dims {
		return nil, model.Validation("Input search vector dimension %d does not match vector index dimension %d", len(q), dims)
	}
	return q, nil
}

// searchScope turns the condition's equalities into the partition to search
// and the inline filter conditions. none reports a condition no entry can
// meet (two different HASH values, a nested path).
func searchScope(ix *index, terms []expr.SearchEquality) (part string, conds []vector.Attr, none bool, err *model.Error) {
	s := ix.vec
	inSchema := func(name string) bool {
		if name == s.hash.name {
			return true
		}
		for _, f := range s.filters {
			if f.name == name {
				return true
			}
		}
		return false
	}
	for _, t := range terms {
		if !inSchema(t.Attr) {
			return "", nil, false, model.Validation("SearchConditionExpression must not contain any attributes that is not in SearchSchema. Invalid attribute: %s", t.Attr)
		}
	}
	hashSet := false
	for _, t := range terms {
		if t.Attr != s.hash.name || s.hash.name == "" {
			continue
		}
		if t.Value.Type != s.hash.typ {
			return "", nil, false, model.Validation("Type of '%s' attribute in SearchConditionExpression (%s) does not match type in search schema (%s)", s.hash.name, t.Value.Type, s.hash.typ)
		}
		if t.Value.Type == model.TypeS && t.Value.S == "" {
			return "", nil, false, model.Validation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: %s", s.hash.name)
		}
		if t.Nested {
			none = true
			continue
		}
		p := string(appendKeyValue(nil, t.Value))
		if hashSet && p != part {
			none = true
		}
		part, hashSet = p, true
	}
	if s.hash.name != "" && !hashSet && !none {
		return "", nil, false, model.Validation("SearchConditionExpression must be provided when SearchSchema has a HASH key")
	}
	for _, t := range terms {
		if t.Attr == s.hash.name {
			continue
		}
		if t.Nested {
			none = true
			continue
		}
		conds = append(conds, vector.Attr{Name: t.Attr, Value: filterValue(t.Value)})
	}
	return part, conds, none, nil
}

// searchResultItem is what a hit returns: the entry's attributes without
// the vector, or the ProjectionExpression's (only attributes the index
// holds); a vector asked for comes back as the index holds it, in float32.
func searchResultItem(ix *index, x *vector.Index, key string, entry model.Item, proj *expr.Projection) model.Item {
	if proj == nil {
		out := make(model.Item, len(entry))
		for n, v := range entry {
			if n != ix.vec.attr {
				out[n] = v
			}
		}
		return out
	}
	if _, ok := entry[ix.vec.attr]; ok {
		if v, ok := x.Get(key); ok {
			l := make([]model.AttributeValue, len(v))
			for i, f := range v {
				l[i] = model.AttributeValue{Type: model.TypeN, N: strconv.FormatFloat(float64(f), 'g', -1, 32)}
			}
			cp := make(model.Item, len(entry))
			for n, av := range entry {
				cp[n] = av
			}
			cp[ix.vec.attr] = model.AttributeValue{Type: model.TypeL, L: l}
			entry = cp
		}
	}
	item := proj.Apply(entry)
	if item == nil {
		item = model.Item{}
	}
	return item
}

// searchRequestBytes is our model of VectorSearchRequestBytes (DynamoDB
// states what it scales with, not a formula; docs/FIDELITY.md): the vector
// data examined — the vectors an approximate search of the partition visits,
// about 4·max(TopK,10)·⌈log₂(n+1)⌉ of its n vectors (all of them when that
// is more), at 4 bytes a dimension — plus the items returned, with a 1 KB
// minimum per request. It does not depend on whether dynoscope searched
// exactly or through its graph.
func searchRequestBytes(ix *index, n, k, hits, returned int, none bool) (float64, []string) {
	visits := 0
	if !none && n > 0 {
		visits = 4 * max(k, 10) * int(math.Ceil(math.Log2(float64(n+1))))
		visits = min(visits, n)
	}
	vecBytes := 4 * ix.vec.dims
	total := visits*vecBytes + returned
	lines := []string{
		fmt.Sprintf("SearchVectors on %s: examined ~%d of %d vectors (4·max(TopK,10)·⌈log2(n+1)⌉, at most n) × %d B (%d dims × 4 B) = %d B",
			ix.name, visits, n, vecBytes, ix.vec.dims, visits*vecBytes),
		fmt.Sprintf("returned %d items: %d B", hits, returned),
	}
	if total < vectorMinRequestSize {
		lines = append(lines, fmt.Sprintf("%d B is under the 1 KB minimum per request: %d B", total, vectorMinRequestSize))
		total = vectorMinRequestSize
	} else {
		lines = append(lines, fmt.Sprintf("total %d B", total))
	}
	return float64(total), lines
}
