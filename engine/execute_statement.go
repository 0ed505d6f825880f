package engine

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/engine/partiql"
	"github.com/dynoscope/dynoscope/model"
)

// PartiQL request limits (API Reference: PartiQLStatement 1–8192,
// PartiQLNextToken 1–32768).
const (
	maxStatementLength = 8192
	maxNextTokenLength = 32768
)

// NextToken texts (ValidationExceptionMessages of DynamoDB's PartiQL code).
const (
	msgInvalidNextToken  = "Invalid NextToken"
	msgNextTokenMismatch = "NextToken does not match request"
)

// ExecuteStatement runs one PartiQL statement: a SELECT as the Query or
// Scan it becomes (a Query exactly when its WHERE pins the partition key
// with = or IN), an INSERT as a PutItem that fails on an existing key, an
// UPDATE or DELETE as the UpdateItem or DeleteItem of the one item its
// WHERE names. Reads page with NextToken.
func (e *Engine) ExecuteStatement(ctx context.Context, in *model.ExecuteStatementInput) (*model.ExecuteStatementOutput, error) {
	out, _, err := e.ExecuteStatementPlanned(ctx, in)
	return out, err
}

// ExecuteStatementPlanned is ExecuteStatement that also returns the plan the
// statement ran with: for a SELECT, the Query (and its key reads) or the
// Scan it became. The capacity it consumed is in the output's
// ConsumedCapacity when asked for, and itemised in the request log.
func (e *Engine) ExecuteStatementPlanned(ctx context.Context, in *model.ExecuteStatementInput) (*model.ExecuteStatementOutput, *StatementPlan, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, nil, err
	}
	var c constraints
	checkReadLimit(&c, in.Limit)
	if n := len(in.NextToken); n > maxNextTokenLength {
		c.add(in.NextToken, "nextToken", "Member must have length less than or equal to 32768")
	}
	if in.Parameters != nil && len(in.Parameters) == 0 {
		c.add("[]", "parameters", "Member must have length greater than or equal to 1")
	}
	checkReturnCapacity(&c, in.ReturnConsumedCapacity)
	returnValuesOnFailure(&c, in.ReturnValuesOnConditionCheckFailure)
	checkStatementText(&c, "statement", in.Statement)
	if err := c.err(); err != nil {
		return nil, nil, err
	}
	if err := normalizeParams(in.Parameters); err != nil {
		return nil, nil, err
	}
	consistent := in.ConsistentRead != nil && *in.ConsistentRead
	e.mu.RLock()
	ps, err := e.planStatement(in.Statement, in.Parameters, useStatement, consistent)
	if err == nil && ps.missingTable {
		err = model.ResourceNotFound()
	}
	if err == nil && ps.keyProblem != nil {
		err = ps.keyProblem
	}
	if err != nil {
		e.mu.RUnlock()
		return nil, nil, err
	}
	if ps.sel != nil {
		defer e.mu.RUnlock()
		out, err := e.runSelect(ctx, ps.sel, in, consistent)
		return out, ps.plan, err
	}
	e.mu.RUnlock()
	out, err := e.runWriteStatement(ctx, ps, in.ReturnConsumedCapacity, in.ReturnValuesOnConditionCheckFailure)
	return out, ps.plan, err
}

// checkStatementText checks a Statement member: 1 to 8192 characters.
func checkStatementText(c *constraints, path, s string) {
	switch {
	case s == "":
		c.add(nil, path, "Member must not be null")
	case len(s) > maxStatementLength:
		c.add(s, path, "Member must have length less than or equal to 8192")
	}
}

// checkStatementList checks the list of statements of a batch or a
// transaction (member: "statements" or "transactStatements"): present, 1
// to max of them.
func checkStatementList(c *constraints, member string, isNil bool, n, max int) {
	switch {
	case isNil:
		c.add(nil, member, "Member must not be null")
	case n == 0:
		c.add("[]", member, "Member must have length greater than or equal to 1")
	case n > max:
		c.add(fmt.Sprintf("[%d statements]", n), member, fmt.Sprintf("Member must have length less than or equal to %d", max))
	}
}

// checkListedStatement checks statement i (from 0) of such a list: its
// parameters, its ReturnValuesOnConditionCheckFailure and its text.
func checkListedStatement(c *constraints, member string, i int, statement string, params []model.AttributeValue, onFailure string) {
	p := fmt.Sprintf("%s.%d.member.", member, i+1)
	if params != nil && len(params) == 0 {
		c.add("[]", p+"parameters", "Member must have length greater than or equal to 1")
	}
	returnValuesOnFailure(c, onFailure)
	checkStatementText(c, p+"statement", statement)
}

// selectToken is where a paged SELECT resumes: the read it was in and the
// key after which to go on.
type selectToken struct {
	Request string     `json:"q"`
	Read    int        `json:"r"`
	Key     model.Item `json:"k,omitempty"`
}

// requestDigest identifies a statement with its parameters, so that a
// NextToken is only honoured for the request that issued it.
func requestDigest(statement string, params []model.AttributeValue) string {
	h := sha256.New()
	h.Write([]byte(statement))
	b, _ := json.Marshal(params)
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil)[:12])
}

func (t *selectToken) encode() string {
	b, _ := json.Marshal(t)
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeSelectToken(s, digest string) (*selectToken, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	var t selectToken
	if err != nil || json.Unmarshal(b, &t) != nil || t.Read < 0 {
		return nil, validationText(msgInvalidNextToken)
	}
	if t.Request != digest {
		return nil, validationText(msgNextTokenMismatch)
	}
	return &t, nil
}

// runSelect runs one page of a SELECT: its key reads in order (a Query) or
// the whole target (a Scan), filtered by the WHERE, up to Limit items
// evaluated or 1 MB per read. The caller holds e.mu (read).
func (e *Engine) runSelect(ctx context.Context, cs *compiledSelect, in *model.ExecuteStatementInput, consistent bool) (*model.ExecuteStatementOutput, error) {
	digest := requestDigest(in.Statement, in.Parameters)
	start := &selectToken{Request: digest}
	if in.NextToken != "" {
		t, err := decodeSelectToken(in.NextToken, digest)
		if err != nil {
			return nil, err
		}
		start = t
	}
	rt := cs.rt
	limit := 0
	if in.Limit != nil {
		limit = int(*in.Limit)
	}
	out := &model.ExecuteStatementOutput{Items: []model.Item{}}
	usage := &capacity.Usage{Table: rt.t.name}
	index := ""
	if rt.ix != nil {
		index = rt.ix.name
	}
	nreads := 1
	if cs.reads != nil {
		nreads = len(cs.reads)
	}
	var next *selectToken
	for i := start.Read; i < nreads; i++ {
		pr := &pageReader{rt: rt, consistent: consistent, filter: cs.filter, projected: rt.ix != nil}
		if limit > 0 {
			pr.limit = limit - countScanned(usage)
		}
		var r keyRange
		var hash uint32
		kind := "Scan"
		reverse := false
		heatKey := "" // a Query's partition, for the key heat
		if cs.reads != nil {
			kind, reverse = "Query", cs.reverse
			kr := cs.reads[i]
			partition := string(appendHashedKey([]byte(rt.prefix()), kr.hash, nil))
			r, hash, heatKey = rangeFor(partition, kr.rng), partitionHash(partition, rt.prefix()), partition
		} else {
			r = segmentRange(rt.prefix(), 0, 1)
			hash = partitionHash(r.lo, rt.prefix())
		}
		if i == start.Read && start.Key != nil {
			sk, merr := rt.startKey(start.Key.Clone())
			if merr != nil {
				return nil, validationText(msgInvalidNextToken)
			}
			r = afterStart(r, sk, reverse)
		}
		ru, err := e.readPage(kind, pr, r, reverse, hash, index, heatKey)
		if err != nil {
			traceOf(ctx).add(e.logRequest("ExecuteStatement", rt.t.name, index, nil, true, 0, err))
			return nil, err
		}
		usage.Merge(ru)
		for _, item := range pr.items {
			if !cs.sel.Star {
				item = columns(item, cs.sel.Projection)
			}
			out.Items = append(out.Items, item)
		}
		if pr.stoppedEarly() {
			lek, err := pr.lastEvaluatedKey()
			if err != nil {
				return nil, asError(err)
			}
			next = &selectToken{Request: digest, Read: i, Key: lek}
			break
		}
		if limit > 0 && countScanned(usage) >= limit && i+1 < nreads {
			next = &selectToken{Request: digest, Read: i + 1}
			break
		}
	}
	if next != nil {
		out.NextToken = next.encode()
		out.LastEvaluatedKey = next.Key
	}
	if cs.reads != nil && len(cs.reads) == 0 {
		usage.Explain("ExecuteStatement on %s: the WHERE matches no partition-key value, nothing read = 0 RCU", rt.t.name)
	}
	out.ConsumedCapacity = usage.Report(in.ReturnConsumedCapacity)
	traceOf(ctx).add(e.logRequest("ExecuteStatement", rt.t.name, index, usage, true, len(out.Items), nil))
	return out, nil
}

// countScanned is how many items the reads of a page evaluated so far.
func countScanned(u *capacity.Usage) int { return u.Items }

// readPage admits, reads and charges one read (a Query key range or a
// Scan) without logging it: a statement logs once for all its reads.
// heatKey is a Query's partition ("" for a Scan).
func (e *Engine) readPage(kind string, pr *pageReader, r keyRange, reverse bool, hash uint32, index, heatKey string) (*capacity.Usage, error) {
	t := pr.rt.t
	if err := e.admit(t, true, hash, index, heatKey); err != nil {
		return nil, err
	}
	err := e.db.View(func(tx *buntdb.Tx) error {
		if err := walk(tx, r, reverse, func(_, v string) bool { return pr.visit(tx, v) }); err != nil {
			return err
		}
		return pr.err
	})
	if err != nil {
		return nil, asError(err)
	}
	u := pr.usage(kind)
	u.Items = pr.scanned
	e.charge(t, hash, u, index, heatKey)
	return u, nil
}

// runWriteStatement runs an INSERT, UPDATE or DELETE as the single-item
// write it stands for.
func (e *Engine) runWriteStatement(ctx context.Context, ps *plannedStatement, returnCapacity, onFailure string) (*model.ExecuteStatementOutput, error) {
	out := &model.ExecuteStatementOutput{Items: []model.Item{}}
	var attrs model.Item
	var cc *model.ConsumedCapacity
	switch s := ps.stmt.(type) {
	case *partiql.Insert:
		res, err := e.PutItem(ctx, &model.PutItemInput{TableName: ps.t.name, Item: ps.item, ConditionExpression: ps.condition,
			ExpressionAttributeNames: ps.names, ReturnConsumedCapacity: returnCapacity})
		if err != nil {
			if isConditionalFailure(err) {
				return nil, model.NewError(model.ErrDuplicateItem, msgDuplicateItem)
			}
			return nil, partiqlError(err, ps.names)
		}
		cc = res.ConsumedCapacity
	case *partiql.Update:
		res, err := e.UpdateItem(ctx, &model.UpdateItemInput{TableName: ps.t.name, Key: ps.key, UpdateExpression: ps.update,
			ConditionExpression: ps.condition, ExpressionAttributeNames: ps.names, ExpressionAttributeValues: ps.values,
			ReturnValues: returnValuesOf(s.Returning), ReturnConsumedCapacity: returnCapacity, ReturnValuesOnConditionCheckFailure: onFailure})
		if err != nil {
			return nil, partiqlError(err, ps.names)
		}
		attrs, cc = res.Attributes, res.ConsumedCapacity
	case *partiql.Delete:
		res, err := e.DeleteItem(ctx, &model.DeleteItemInput{TableName: ps.t.name, Key: ps.key, ConditionExpression: ps.condition,
			ExpressionAttributeNames: ps.names, ExpressionAttributeValues: ps.values, ReturnValues: returnValuesOf(s.Returning),
			ReturnConsumedCapacity: returnCapacity, ReturnValuesOnConditionCheckFailure: onFailure})
		if err != nil {
			return nil, partiqlError(err, ps.names)
		}
		attrs, cc = res.Attributes, res.ConsumedCapacity
	default:
		return nil, errNotWriteStatement
	}
	if ps.returning != partiql.ReturnNone && attrs != nil {
		out.Items = append(out.Items, attrs)
	}
	out.ConsumedCapacity = cc
	return out, nil
}

// returnValuesOf maps a RETURNING clause to ReturnValues.
func returnValuesOf(r partiql.Returning) string {
	switch r {
	case partiql.ReturnAllOld:
		return model.ReturnValuesAllOld
	case partiql.ReturnModifiedOld:
		return model.ReturnValuesUpdatedOld
	case partiql.ReturnAllNew:
		return model.ReturnValuesAllNew
	case partiql.ReturnModifiedNew:
		return model.ReturnValuesUpdatedNew
	}
	return ""
}
