package remote

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/model"
)

// The transaction actions. TransactWriteItems is refused when read-only;
// TransactGetItems reads. A cancelled transaction comes back as
// TransactionCanceledException with its reasons, items included.

func toTransactWrite(w model.TransactWriteItem) (types.TransactWriteItem, error) {
	var out types.TransactWriteItem
	if c := w.ConditionCheck; c != nil {
		key, err := toItemAlways(c.Key)
		if err != nil {
			return out, err
		}
		vals, err := toValues(c.ExpressionAttributeValues)
		if err != nil {
			return out, err
		}
		out.ConditionCheck = &types.ConditionCheck{Key: key, TableName: tableName(c.TableName, c),
			ConditionExpression: expr(c.ConditionExpression, "ConditionExpression", c), ExpressionAttributeNames: c.ExpressionAttributeNames,
			ExpressionAttributeValues: vals, ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailure(c.ReturnValuesOnConditionCheckFailure)}
	}
	if p := w.Put; p != nil {
		item, err := toItemAlways(p.Item)
		if err != nil {
			return out, err
		}
		vals, err := toValues(p.ExpressionAttributeValues)
		if err != nil {
			return out, err
		}
		out.Put = &types.Put{Item: item, TableName: tableName(p.TableName, p),
			ConditionExpression: expr(p.ConditionExpression, "ConditionExpression", p), ExpressionAttributeNames: p.ExpressionAttributeNames,
			ExpressionAttributeValues: vals, ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailure(p.ReturnValuesOnConditionCheckFailure)}
	}
	if u := w.Update; u != nil {
		key, err := toItemAlways(u.Key)
		if err != nil {
			return out, err
		}
		vals, err := toValues(u.ExpressionAttributeValues)
		if err != nil {
			return out, err
		}
		out.Update = &types.Update{Key: key, TableName: tableName(u.TableName, u), UpdateExpression: expr(u.UpdateExpression, "UpdateExpression", u),
			ConditionExpression: expr(u.ConditionExpression, "ConditionExpression", u), ExpressionAttributeNames: u.ExpressionAttributeNames,
			ExpressionAttributeValues: vals, ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailure(u.ReturnValuesOnConditionCheckFailure)}
	}
	if d := w.Delete; d != nil {
		key, err := toItemAlways(d.Key)
		if err != nil {
			return out, err
		}
		vals, err := toValues(d.ExpressionAttributeValues)
		if err != nil {
			return out, err
		}
		out.Delete = &types.Delete{Key: key, TableName: tableName(d.TableName, d),
			ConditionExpression: expr(d.ConditionExpression, "ConditionExpression", d), ExpressionAttributeNames: d.ExpressionAttributeNames,
			ExpressionAttributeValues: vals, ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailure(d.ReturnValuesOnConditionCheckFailure)}
	}
	return out, nil
}

// TransactWriteItems writes up to 100 items all or nothing (refused when
// read-only).
func (b *Backend) TransactWriteItems(ctx context.Context, in *model.TransactWriteItemsInput) (*model.TransactWriteItemsOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	var items []types.TransactWriteItem
	if in.TransactItems != nil {
		items = make([]types.TransactWriteItem, len(in.TransactItems))
		for i, w := range in.TransactItems {
			sw, err := toTransactWrite(w)
			if err != nil {
				return nil, err
			}
			items[i] = sw
		}
	}
	out, err := b.ddb.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items,
		ClientRequestToken:          optStr(in.ClientRequestToken),
		ReturnConsumedCapacity:      types.ReturnConsumedCapacity(in.ReturnConsumedCapacity),
		ReturnItemCollectionMetrics: types.ReturnItemCollectionMetrics(in.ReturnItemCollectionMetrics)})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.TransactWriteItemsOutput{ConsumedCapacity: fromCapacities(out.ConsumedCapacity)}
	b.meter.recordAll(opWrite, res.ConsumedCapacity)
	if res.ItemCollectionMetrics, err = fromCollectionMetricsMap(out.ItemCollectionMetrics); err != nil {
		return nil, err
	}
	return res, nil
}

// TransactGetItems reads up to 100 items as of one moment.
func (b *Backend) TransactGetItems(ctx context.Context, in *model.TransactGetItemsInput) (*model.TransactGetItemsOutput, error) {
	var items []types.TransactGetItem
	if in.TransactItems != nil {
		items = make([]types.TransactGetItem, len(in.TransactItems))
		for i, g := range in.TransactItems {
			if g.Get == nil {
				continue
			}
			key, err := toItemAlways(g.Get.Key)
			if err != nil {
				return nil, err
			}
			items[i].Get = &types.Get{Key: key, TableName: tableName(g.Get.TableName, g.Get),
				ProjectionExpression: expr(g.Get.ProjectionExpression, "ProjectionExpression", g.Get), ExpressionAttributeNames: g.Get.ExpressionAttributeNames}
		}
	}
	out, err := b.ddb.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{TransactItems: items,
		ReturnConsumedCapacity: types.ReturnConsumedCapacity(in.ReturnConsumedCapacity)})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.TransactGetItemsOutput{ConsumedCapacity: fromCapacities(out.ConsumedCapacity)}
	b.meter.recordAll(opRead, res.ConsumedCapacity)
	if res.Responses, err = fromItemResponses(out.Responses); err != nil {
		return nil, err
	}
	return res, nil
}

// fromItemResponses converts the reads of a transaction: an absent item
// stays absent, an item of which nothing was projected stays {}.
func fromItemResponses(rs []types.ItemResponse) ([]model.ItemResponse, error) {
	out := make([]model.ItemResponse, len(rs))
	for i, r := range rs {
		item, err := fromItem(r.Item)
		if err != nil {
			return nil, err
		}
		out[i].Item = item
	}
	return out, nil
}
