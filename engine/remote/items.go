package remote

import (
	"context"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/model"
)

// The single-item actions. Each records the ConsumedCapacity it got back
// in the backend's meter.

// emptied is a request that knows which expressions it carried as "".
type emptied interface{ EmptyExpressions() []string }

// expr sends an expression: set, or explicitly empty when the request
// carried it as "" (DynamoDB answers "The expression can not be empty"),
// else absent.
func expr(s, name string, in emptied) *string {
	if s != "" {
		return &s
	}
	if slices.Contains(in.EmptyExpressions(), name) {
		return &s
	}
	return nil
}

func toExpected(m map[string]model.ExpectedAttributeValue) (map[string]types.ExpectedAttributeValue, error) {
	if m == nil {
		return nil, nil
	}
	out := make(map[string]types.ExpectedAttributeValue, len(m))
	for k, e := range m {
		var sv types.ExpectedAttributeValue
		if e.Value != nil {
			v, err := toValue(*e.Value)
			if err != nil {
				return nil, err
			}
			sv.Value = v
		}
		list, err := toValueList(e.AttributeValueList)
		if err != nil {
			return nil, err
		}
		sv.Exists = e.Exists
		sv.ComparisonOperator = types.ComparisonOperator(e.ComparisonOperator)
		sv.AttributeValueList = list
		out[k] = sv
	}
	return out, nil
}

func toConditions(m map[string]model.Condition) (map[string]types.Condition, error) {
	if m == nil {
		return nil, nil
	}
	out := make(map[string]types.Condition, len(m))
	for k, c := range m {
		list, err := toValueList(c.AttributeValueList)
		if err != nil {
			return nil, err
		}
		out[k] = types.Condition{ComparisonOperator: types.ComparisonOperator(c.ComparisonOperator), AttributeValueList: list}
	}
	return out, nil
}

func toAttributeUpdates(m map[string]model.AttributeValueUpdate) (map[string]types.AttributeValueUpdate, error) {
	if m == nil {
		return nil, nil
	}
	out := make(map[string]types.AttributeValueUpdate, len(m))
	for k, u := range m {
		var su types.AttributeValueUpdate
		if u.Value != nil {
			v, err := toValue(*u.Value)
			if err != nil {
				return nil, err
			}
			su.Value = v
		}
		su.Action = types.AttributeAction(u.Action)
		out[k] = su
	}
	return out, nil
}

// toConditionInputs converts what a conditional write's condition reads:
// its expression values and its legacy Expected clauses.
func toConditionInputs(vals map[string]model.AttributeValue, exp map[string]model.ExpectedAttributeValue) (map[string]types.AttributeValue, map[string]types.ExpectedAttributeValue, error) {
	v, err := toValues(vals)
	if err != nil {
		return nil, nil, err
	}
	e, err := toExpected(exp)
	if err != nil {
		return nil, nil, err
	}
	return v, e, nil
}

// fromWriteResult converts what a write returns beside its capacity: the
// item's attributes (ReturnValues) and its item collection's metrics.
func fromWriteResult(attrs map[string]types.AttributeValue, m *types.ItemCollectionMetrics) (model.Item, *model.ItemCollectionMetrics, error) {
	item, err := fromItem(attrs)
	if err != nil {
		return nil, nil, err
	}
	metrics, err := fromCollectionMetrics(m)
	if err != nil {
		return nil, nil, err
	}
	return item, metrics, nil
}

// PutItem writes an item (refused when read-only).
func (b *Backend) PutItem(ctx context.Context, in *model.PutItemInput) (*model.PutItemOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	item, err := toItemAlways(in.Item)
	if err != nil {
		return nil, err
	}
	vals, expected, err := toConditionInputs(in.ExpressionAttributeValues, in.Expected)
	if err != nil {
		return nil, err
	}
	out, err := b.ddb.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:                           tableName(in.TableName, in),
		Item:                                item,
		ConditionExpression:                 expr(in.ConditionExpression, "ConditionExpression", in),
		ExpressionAttributeNames:            in.ExpressionAttributeNames,
		ExpressionAttributeValues:           vals,
		Expected:                            expected,
		ConditionalOperator:                 types.ConditionalOperator(in.ConditionalOperator),
		ReturnValues:                        types.ReturnValue(in.ReturnValues),
		ReturnConsumedCapacity:              types.ReturnConsumedCapacity(in.ReturnConsumedCapacity),
		ReturnItemCollectionMetrics:         types.ReturnItemCollectionMetrics(in.ReturnItemCollectionMetrics),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailure(in.ReturnValuesOnConditionCheckFailure),
	})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.PutItemOutput{ConsumedCapacity: fromCapacity(out.ConsumedCapacity)}
	b.meter.record(opWrite, res.ConsumedCapacity)
	if res.Attributes, res.ItemCollectionMetrics, err = fromWriteResult(out.Attributes, out.ItemCollectionMetrics); err != nil {
		return nil, err
	}
	return res, nil
}

// GetItem reads an item.
func (b *Backend) GetItem(ctx context.Context, in *model.GetItemInput) (*model.GetItemOutput, error) {
	key, err := toItemAlways(in.Key)
	if err != nil {
		return nil, err
	}
	out, err := b.ddb.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:                tableName(in.TableName, in),
		Key:                      key,
		ConsistentRead:           in.ConsistentRead,
		ProjectionExpression:     expr(in.ProjectionExpression, "ProjectionExpression", in),
		ExpressionAttributeNames: in.ExpressionAttributeNames,
		AttributesToGet:          in.AttributesToGet,
		ReturnConsumedCapacity:   types.ReturnConsumedCapacity(in.ReturnConsumedCapacity),
	})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.GetItemOutput{ConsumedCapacity: fromCapacity(out.ConsumedCapacity)}
	b.meter.record(opRead, res.ConsumedCapacity)
	if res.Item, err = fromItem(out.Item); err != nil {
		return nil, err
	}
	return res, nil
}

// DeleteItem deletes an item (refused when read-only).
func (b *Backend) DeleteItem(ctx context.Context, in *model.DeleteItemInput) (*model.DeleteItemOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	key, err := toItemAlways(in.Key)
	if err != nil {
		return nil, err
	}
	vals, expected, err := toConditionInputs(in.ExpressionAttributeValues, in.Expected)
	if err != nil {
		return nil, err
	}
	out, err := b.ddb.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName:                           tableName(in.TableName, in),
		Key:                                 key,
		ConditionExpression:                 expr(in.ConditionExpression, "ConditionExpression", in),
		ExpressionAttributeNames:            in.ExpressionAttributeNames,
		ExpressionAttributeValues:           vals,
		Expected:                            expected,
		ConditionalOperator:                 types.ConditionalOperator(in.ConditionalOperator),
		ReturnValues:                        types.ReturnValue(in.ReturnValues),
		ReturnConsumedCapacity:              types.ReturnConsumedCapacity(in.ReturnConsumedCapacity),
		ReturnItemCollectionMetrics:         types.ReturnItemCollectionMetrics(in.ReturnItemCollectionMetrics),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailure(in.ReturnValuesOnConditionCheckFailure),
	})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.DeleteItemOutput{ConsumedCapacity: fromCapacity(out.ConsumedCapacity)}
	b.meter.record(opWrite, res.ConsumedCapacity)
	if res.Attributes, res.ItemCollectionMetrics, err = fromWriteResult(out.Attributes, out.ItemCollectionMetrics); err != nil {
		return nil, err
	}
	return res, nil
}

// UpdateItem updates or creates an item (refused when read-only).
func (b *Backend) UpdateItem(ctx context.Context, in *model.UpdateItemInput) (*model.UpdateItemOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	key, err := toItemAlways(in.Key)
	if err != nil {
		return nil, err
	}
	vals, expected, err := toConditionInputs(in.ExpressionAttributeValues, in.Expected)
	if err != nil {
		return nil, err
	}
	updates, err := toAttributeUpdates(in.AttributeUpdates)
	if err != nil {
		return nil, err
	}
	out, err := b.ddb.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                           tableName(in.TableName, in),
		Key:                                 key,
		UpdateExpression:                    expr(in.UpdateExpression, "UpdateExpression", in),
		ConditionExpression:                 expr(in.ConditionExpression, "ConditionExpression", in),
		ExpressionAttributeNames:            in.ExpressionAttributeNames,
		ExpressionAttributeValues:           vals,
		AttributeUpdates:                    updates,
		Expected:                            expected,
		ConditionalOperator:                 types.ConditionalOperator(in.ConditionalOperator),
		ReturnValues:                        types.ReturnValue(in.ReturnValues),
		ReturnConsumedCapacity:              types.ReturnConsumedCapacity(in.ReturnConsumedCapacity),
		ReturnItemCollectionMetrics:         types.ReturnItemCollectionMetrics(in.ReturnItemCollectionMetrics),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailure(in.ReturnValuesOnConditionCheckFailure),
	})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.UpdateItemOutput{ConsumedCapacity: fromCapacity(out.ConsumedCapacity)}
	b.meter.record(opWrite, res.ConsumedCapacity)
	if res.Attributes, res.ItemCollectionMetrics, err = fromWriteResult(out.Attributes, out.ItemCollectionMetrics); err != nil {
		return nil, err
	}
	return res, nil
}
