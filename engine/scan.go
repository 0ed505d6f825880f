package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/model"
)

// Maximum TotalSegments of a parallel scan.
const maxTotalSegments = 1_000_000

// Scan reads a whole table or index in partition-hash order, one page at a
// time; Segment/TotalSegments split the hash space into disjoint slices.
func (e *Engine) Scan(ctx context.Context, in *model.ScanInput) (*model.ScanOutput, error) {
	return e.scan(ctx, in, false)
}

// scan is Scan; encoded asks for the items as stored when they are returned
// whole (see EncodedReader).
func (e *Engine) scan(ctx context.Context, in *model.ScanInput, encoded bool) (*model.ScanOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	// The members in the order of DynamoDB's list (dynalite's
	// validations/scan.js and its test "incorrect attributes").
	checkSelectConstraint(&c, in.Select)
	c.indexName(in.IndexName, in.EmptyIndexName())
	if in.TotalSegments != nil {
		if *in.TotalSegments < 1 {
			c.add(*in.TotalSegments, "totalSegments", "Member must have value greater than or equal to 1")
		} else if *in.TotalSegments > maxTotalSegments {
			c.add(*in.TotalSegments, "totalSegments", "Member must have value less than or equal to 1000000")
		}
	}
	checkReturnCapacity(&c, in.ReturnConsumedCapacity)
	c.tableName(in.TableName, in.EmptyTableName())
	c.enum(in.ConditionalOperator, "conditionalOperator", "OR", "AND")
	checkConditionOperators(&c, in.ScanFilter, "scanFilter", func(n string) bool { return in.EmptyOperator("ScanFilter", n) })
	if in.Segment != nil {
		if *in.Segment < 0 {
			c.add(*in.Segment, "segment", "Member must have value greater than or equal to 0")
		} else if *in.Segment > maxTotalSegments-1 {
			c.add(*in.Segment, "segment", "Member must have value less than or equal to 999999")
		}
	}
	checkReadLimit(&c, in.Limit)
	checkAttributesToGetConstraint(&c, in.AttributesToGet)
	if err := c.err(); err != nil {
		return nil, err
	}
	consistent := in.ConsistentRead != nil && *in.ConsistentRead
	params := exprParams{empty: in.EmptyExpressions(), accepted: expr.ScanParams, names: in.ExpressionAttributeNames, values: in.ExpressionAttributeValues,
		filter: in.FilterExpression, scanFilter: in.ScanFilter, conditionalOp: in.ConditionalOperator,
		projection: in.ProjectionExpression, attributesToGet: in.AttributesToGet}
	// What needs no table is checked before the table is looked up, in
	// DynamoDB's order as dynalite's validations/scan.js and scan tests
	// record it (each of those tests sends a Segment without TotalSegments
	// beside the mistake it expects to be named): the parameters together,
	// duplicates in AttributesToGet, the ScanFilter's conditions, the
	// ExclusiveStartKey's values, then Segment and TotalSegments, then the
	// placeholder maps, empty expressions and the expressions themselves.
	if err := params.prepareParams(); err != nil {
		return nil, err
	}
	if in.AttributesToGet != nil {
		if _, err := expr.FromAttributesToGet(in.AttributesToGet); err != nil {
			return nil, err
		}
	}
	if in.ScanFilter != nil {
		if _, err := expr.FromFilter(in.ScanFilter, in.ConditionalOperator); err != nil {
			return nil, err
		}
	}
	if in.ExclusiveStartKey != nil {
		if err := model.NormalizeStartKey(in.ExclusiveStartKey); err != nil {
			return nil, err
		}
	}
	segment, total, err := scanSegment(in.Segment, in.TotalSegments)
	if err != nil {
		return nil, err
	}
	exprs, err := params.parse()
	if err != nil {
		return nil, err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t, merr := e.lookup(in.TableName)
	if merr != nil {
		return nil, merr
	}
	rt, merr := resolveIndex(t, in.IndexName, consistent)
	if merr == errVectorIndexRead {
		merr = errVectorIndexScan
	}
	if merr != nil {
		return nil, merr
	}
	if err := t.checkKeyPaths(exprs); err != nil {
		return nil, err
	}
	opts, merr := resolveSelect("Scan", in.Select, projectionParam(in.ProjectionExpression, in.AttributesToGet), rt, exprs.projection, exprs.filter)
	if merr != nil {
		return nil, merr
	}
	r := segmentRange(rt.prefix(), segment, total)
	if in.ExclusiveStartKey != nil {
		start, merr := rt.startKey(in.ExclusiveStartKey)
		if merr != nil {
			return nil, merr
		}
		if total > 1 && (start < r.lo || (r.hi != "" && start >= r.hi)) {
			// A key of another segment (dynalite's scan tests, recorded
			// from DynamoDB).
			return nil, model.Validation("The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: %d Segment: %d", total, segment)
		}
		r = afterStart(r, start, false)
	}
	pr := &pageReader{rt: rt, consistent: consistent, fetch: opts.fetch, filter: exprs.filter,
		projection: exprs.projection, count: opts.count, projected: opts.projected, trace: traceOf(ctx)}
	pr.encoded = encoded && pr.returnsStored()
	if in.Limit != nil {
		pr.limit = int(*in.Limit)
	}
	res, err := e.runPage("Scan", pr, r, false, partitionHash(r.lo, rt.prefix()), "", in.ReturnConsumedCapacity)
	if err != nil {
		return nil, err
	}
	return &model.ScanOutput{Items: res.items, EncodedItems: res.encItems, Count: res.count, ScannedCount: res.scanned,
		LastEvaluatedKey: res.lastEvaluatedKey, ConsumedCapacity: res.consumed}, nil
}

// scanSegment checks Segment and TotalSegments against each other and
// returns the slice of the hash space to read (0 of 1 without them).
func scanSegment(seg, totalSegs *int32) (segment, total int, err error) {
	switch {
	case seg != nil && totalSegs == nil:
		return 0, 0, model.Validation("The TotalSegments parameter is required but was not present in the request when Segment parameter is present")
	case seg == nil && totalSegs != nil:
		return 0, 0, model.Validation("The Segment parameter is required but was not present in the request when parameter TotalSegments is present")
	case seg == nil:
		return 0, 1, nil
	}
	segment, total = int(*seg), int(*totalSegs)
	if segment >= total {
		return 0, 0, model.Validation("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: %d is not less than TotalSegments: %d", segment, total)
	}
	return segment, total, nil
}
