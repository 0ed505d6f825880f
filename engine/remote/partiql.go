package remote

import (
	"context"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/model"
)

// PartiQL: ExecuteStatement, BatchExecuteStatement and ExecuteTransaction.
// On a read-only backend, statements that write (INSERT, UPDATE, DELETE)
// are refused before anything is sent; SELECT and EXISTS go through, and
// so does anything else, for the service to answer (DynamoDB's PartiQL
// writes only with those three verbs).

// writesStatement reports whether a PartiQL statement writes: its first
// word, after whitespace and comments, is INSERT, UPDATE or DELETE (or
// UPSERT or REPLACE, PartiQL verbs DynamoDB refuses, refused here too).
func writesStatement(stmt string) bool {
	s := stmt
	for {
		s = strings.TrimLeft(s, " \t\r\n\f\v")
		switch {
		case strings.HasPrefix(s, "--"):
			i := strings.IndexAny(s, "\r\n")
			if i < 0 {
				return false
			}
			s = s[i:]
		case strings.HasPrefix(s, "/*"):
			i := strings.Index(s[2:], "*/")
			if i < 0 {
				return false
			}
			s = s[2+i+2:]
		default:
			end := strings.IndexFunc(s, func(r rune) bool {
				return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
			})
			if end < 0 {
				end = len(s)
			}
			switch strings.ToUpper(s[:end]) {
			case "INSERT", "UPDATE", "DELETE", "UPSERT", "REPLACE":
				return true
			}
			return false
		}
	}
}

// refuseWriteStatements refuses on a read-only backend when any statement
// writes.
func (b *Backend) refuseWriteStatements(stmts ...string) error {
	for _, s := range stmts {
		if writesStatement(s) {
			return b.refuseWrite()
		}
	}
	return nil
}

// ExecuteStatement runs one PartiQL statement (a write is refused when
// read-only).
func (b *Backend) ExecuteStatement(ctx context.Context, in *model.ExecuteStatementInput) (*model.ExecuteStatementOutput, error) {
	if err := b.refuseWriteStatements(in.Statement); err != nil {
		return nil, err
	}
	params, err := toValueList(in.Parameters)
	if err != nil {
		return nil, err
	}
	out, err := b.ddb.ExecuteStatement(ctx, &dynamodb.ExecuteStatementInput{Statement: str(in.Statement), Parameters: params,
		ConsistentRead: in.ConsistentRead, NextToken: optStr(in.NextToken), Limit: in.Limit,
		ReturnConsumedCapacity:              types.ReturnConsumedCapacity(in.ReturnConsumedCapacity),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailure(in.ReturnValuesOnConditionCheckFailure)})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.ExecuteStatementOutput{NextToken: deref(out.NextToken), ConsumedCapacity: fromCapacity(out.ConsumedCapacity)}
	kind := opRead
	if writesStatement(in.Statement) {
		kind = opWrite
	}
	b.meter.record(kind, res.ConsumedCapacity)
	if res.Items, err = fromItems(out.Items); err != nil {
		return nil, err
	}
	if res.Items == nil {
		res.Items = []model.Item{}
	}
	if res.LastEvaluatedKey, err = fromItem(out.LastEvaluatedKey); err != nil {
		return nil, err
	}
	return res, nil
}

// BatchExecuteStatement runs up to 25 statements, all reads or all writes
// (writes refused when read-only).
func (b *Backend) BatchExecuteStatement(ctx context.Context, in *model.BatchExecuteStatementInput) (*model.BatchExecuteStatementOutput, error) {
	var stmts []types.BatchStatementRequest
	writes := false
	if in.Statements != nil {
		stmts = make([]types.BatchStatementRequest, len(in.Statements))
		for i, s := range in.Statements {
			if err := b.refuseWriteStatements(s.Statement); err != nil {
				return nil, err
			}
			writes = writes || writesStatement(s.Statement)
			params, err := toValueList(s.Parameters)
			if err != nil {
				return nil, err
			}
			stmts[i] = types.BatchStatementRequest{Statement: str(s.Statement), Parameters: params, ConsistentRead: s.ConsistentRead,
				ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailure(s.ReturnValuesOnConditionCheckFailure)}
		}
	}
	out, err := b.ddb.BatchExecuteStatement(ctx, &dynamodb.BatchExecuteStatementInput{Statements: stmts,
		ReturnConsumedCapacity: types.ReturnConsumedCapacity(in.ReturnConsumedCapacity)})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.BatchExecuteStatementOutput{Responses: make([]model.BatchStatementResponse, len(out.Responses)),
		ConsumedCapacity: fromCapacities(out.ConsumedCapacity)}
	kind := opRead
	if writes {
		kind = opWrite
	}
	b.meter.recordAll(kind, res.ConsumedCapacity)
	for i, r := range out.Responses {
		mr := model.BatchStatementResponse{TableName: deref(r.TableName)}
		if mr.Item, err = fromItem(r.Item); err != nil {
			return nil, err
		}
		if e := r.Error; e != nil {
			me := &model.BatchStatementError{Code: string(e.Code), Message: deref(e.Message)}
			if me.Item, err = fromItem(e.Item); err != nil {
				return nil, err
			}
			mr.Error = me
		}
		res.Responses[i] = mr
	}
	return res, nil
}

// ExecuteTransaction runs up to 100 statements all or nothing (writes
// refused when read-only).
func (b *Backend) ExecuteTransaction(ctx context.Context, in *model.ExecuteTransactionInput) (*model.ExecuteTransactionOutput, error) {
	var stmts []types.ParameterizedStatement
	writes := false
	if in.TransactStatements != nil {
		stmts = make([]types.ParameterizedStatement, len(in.TransactStatements))
		for i, s := range in.TransactStatements {
			if err := b.refuseWriteStatements(s.Statement); err != nil {
				return nil, err
			}
			writes = writes || writesStatement(s.Statement)
			params, err := toValueList(s.Parameters)
			if err != nil {
				return nil, err
			}
			stmts[i] = types.ParameterizedStatement{Statement: str(s.Statement), Parameters: params,
				ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailure(s.ReturnValuesOnConditionCheckFailure)}
		}
	}
	out, err := b.ddb.ExecuteTransaction(ctx, &dynamodb.ExecuteTransactionInput{TransactStatements: stmts,
		ClientRequestToken: optStr(in.ClientRequestToken), ReturnConsumedCapacity: types.ReturnConsumedCapacity(in.ReturnConsumedCapacity)})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.ExecuteTransactionOutput{ConsumedCapacity: fromCapacities(out.ConsumedCapacity)}
	kind := opRead
	if writes {
		kind = opWrite
	}
	b.meter.recordAll(kind, res.ConsumedCapacity)
	if res.Responses, err = fromItemResponses(out.Responses); err != nil {
		return nil, err
	}
	if res.Responses == nil {
		res.Responses = []model.ItemResponse{}
	}
	return res, nil
}
