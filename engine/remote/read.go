package remote

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/model"
)

// Query, Scan and the batch actions: one page or one batch per call, as
// the service answers it (a page stops at 1 MB or Limit; LastEvaluatedKey
// says where the next one starts; the batches return what they did not
// process).

// Query reads one page of a partition, of the table or of an index.
func (b *Backend) Query(ctx context.Context, in *model.QueryInput) (*model.QueryOutput, error) {
	vals, err := toValues(in.ExpressionAttributeValues)
	if err != nil {
		return nil, err
	}
	start, err := toItem(in.ExclusiveStartKey)
	if err != nil {
		return nil, err
	}
	keyConds, err := toConditions(in.KeyConditions)
	if err != nil {
		return nil, err
	}
	filter, err := toConditions(in.QueryFilter)
	if err != nil {
		return nil, err
	}
	out, err := b.ddb.Query(ctx, &dynamodb.QueryInput{
		TableName:                 tableName(in.TableName, in),
		IndexName:                 optStr(in.IndexName),
		Select:                    types.Select(in.Select),
		AttributesToGet:           in.AttributesToGet,
		Limit:                     in.Limit,
		ConsistentRead:            in.ConsistentRead,
		KeyConditions:             keyConds,
		QueryFilter:               filter,
		ConditionalOperator:       types.ConditionalOperator(in.ConditionalOperator),
		ScanIndexForward:          in.ScanIndexForward,
		ExclusiveStartKey:         start,
		ReturnConsumedCapacity:    types.ReturnConsumedCapacity(in.ReturnConsumedCapacity),
		ProjectionExpression:      expr(in.ProjectionExpression, "ProjectionExpression", in),
		FilterExpression:          expr(in.FilterExpression, "FilterExpression", in),
		KeyConditionExpression:    expr(in.KeyConditionExpression, "KeyConditionExpression", in),
		ExpressionAttributeNames:  in.ExpressionAttributeNames,
		ExpressionAttributeValues: vals,
	})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.QueryOutput{Count: out.Count, ScannedCount: out.ScannedCount, ConsumedCapacity: fromCapacity(out.ConsumedCapacity)}
	b.meter.record(opRead, res.ConsumedCapacity)
	if res.Items, err = fromItems(out.Items); err != nil {
		return nil, err
	}
	if res.LastEvaluatedKey, err = fromItem(out.LastEvaluatedKey); err != nil {
		return nil, err
	}
	return res, nil
}

// Scan reads one page of a table or index (or of one segment).
func (b *Backend) Scan(ctx context.Context, in *model.ScanInput) (*model.ScanOutput, error) {
	vals, err := toValues(in.ExpressionAttributeValues)
	if err != nil {
		return nil, err
	}
	start, err := toItem(in.ExclusiveStartKey)
	if err != nil {
		return nil, err
	}
	filter, err := toConditions(in.ScanFilter)
	if err != nil {
		return nil, err
	}
	out, err := b.ddb.Scan(ctx, &dynamodb.ScanInput{
		TableName:                 tableName(in.TableName, in),
		IndexName:                 optStr(in.IndexName),
		AttributesToGet:           in.AttributesToGet,
		Limit:                     in.Limit,
		Select:                    types.Select(in.Select),
		ScanFilter:                filter,
		ConditionalOperator:       types.ConditionalOperator(in.ConditionalOperator),
		ExclusiveStartKey:         start,
		ReturnConsumedCapacity:    types.ReturnConsumedCapacity(in.ReturnConsumedCapacity),
		TotalSegments:             in.TotalSegments,
		Segment:                   in.Segment,
		ProjectionExpression:      expr(in.ProjectionExpression, "ProjectionExpression", in),
		FilterExpression:          expr(in.FilterExpression, "FilterExpression", in),
		ExpressionAttributeNames:  in.ExpressionAttributeNames,
		ExpressionAttributeValues: vals,
		ConsistentRead:            in.ConsistentRead,
	})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.ScanOutput{Count: out.Count, ScannedCount: out.ScannedCount, ConsumedCapacity: fromCapacity(out.ConsumedCapacity)}
	b.meter.record(opRead, res.ConsumedCapacity)
	if res.Items, err = fromItems(out.Items); err != nil {
		return nil, err
	}
	if res.LastEvaluatedKey, err = fromItem(out.LastEvaluatedKey); err != nil {
		return nil, err
	}
	return res, nil
}

func toKeysAndAttributes(ka model.KeysAndAttributes) (types.KeysAndAttributes, error) {
	var keys []map[string]types.AttributeValue
	if ka.Keys != nil {
		keys = make([]map[string]types.AttributeValue, len(ka.Keys))
		for i, k := range ka.Keys {
			sk, err := toItemAlways(k)
			if err != nil {
				return types.KeysAndAttributes{}, err
			}
			keys[i] = sk
		}
	}
	return types.KeysAndAttributes{Keys: keys, AttributesToGet: ka.AttributesToGet, ConsistentRead: ka.ConsistentRead,
		ProjectionExpression: optStr(ka.ProjectionExpression), ExpressionAttributeNames: ka.ExpressionAttributeNames}, nil
}

func fromKeysAndAttributes(ka types.KeysAndAttributes) (model.KeysAndAttributes, error) {
	out := model.KeysAndAttributes{AttributesToGet: ka.AttributesToGet, ConsistentRead: ka.ConsistentRead,
		ProjectionExpression: deref(ka.ProjectionExpression), ExpressionAttributeNames: ka.ExpressionAttributeNames}
	keys, err := fromItems(ka.Keys)
	if err != nil {
		return out, err
	}
	out.Keys = keys
	return out, nil
}

// BatchGetItem reads up to 100 items from one or more tables.
func (b *Backend) BatchGetItem(ctx context.Context, in *model.BatchGetItemInput) (*model.BatchGetItemOutput, error) {
	var req map[string]types.KeysAndAttributes
	if in.RequestItems != nil {
		req = make(map[string]types.KeysAndAttributes, len(in.RequestItems))
		for t, ka := range in.RequestItems {
			sk, err := toKeysAndAttributes(ka)
			if err != nil {
				return nil, err
			}
			req[t] = sk
		}
	}
	out, err := b.ddb.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: req,
		ReturnConsumedCapacity: types.ReturnConsumedCapacity(in.ReturnConsumedCapacity)})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.BatchGetItemOutput{Responses: map[string][]model.Item{}, UnprocessedKeys: map[string]model.KeysAndAttributes{},
		ConsumedCapacity: fromCapacities(out.ConsumedCapacity)}
	b.meter.recordAll(opRead, res.ConsumedCapacity)
	for t, items := range out.Responses {
		mi, err := fromItems(items)
		if err != nil {
			return nil, err
		}
		if mi == nil {
			mi = []model.Item{}
		}
		res.Responses[t] = mi
	}
	for t, ka := range out.UnprocessedKeys {
		mk, err := fromKeysAndAttributes(ka)
		if err != nil {
			return nil, err
		}
		res.UnprocessedKeys[t] = mk
	}
	return res, nil
}

func toWriteRequests(ws []model.WriteRequest) ([]types.WriteRequest, error) {
	if ws == nil {
		return nil, nil
	}
	out := make([]types.WriteRequest, len(ws))
	for i, w := range ws {
		if w.PutRequest != nil {
			item, err := toItemAlways(w.PutRequest.Item)
			if err != nil {
				return nil, err
			}
			out[i].PutRequest = &types.PutRequest{Item: item}
		}
		if w.DeleteRequest != nil {
			key, err := toItemAlways(w.DeleteRequest.Key)
			if err != nil {
				return nil, err
			}
			out[i].DeleteRequest = &types.DeleteRequest{Key: key}
		}
	}
	return out, nil
}

func fromWriteRequests(ws []types.WriteRequest) ([]model.WriteRequest, error) {
	out := make([]model.WriteRequest, len(ws))
	for i, w := range ws {
		if w.PutRequest != nil {
			item, err := fromItemAlways(w.PutRequest.Item)
			if err != nil {
				return nil, err
			}
			out[i].PutRequest = &model.PutRequest{Item: item}
		}
		if w.DeleteRequest != nil {
			key, err := fromItemAlways(w.DeleteRequest.Key)
			if err != nil {
				return nil, err
			}
			out[i].DeleteRequest = &model.DeleteRequest{Key: key}
		}
	}
	return out, nil
}

// BatchWriteItem puts and deletes up to 25 items in one or more tables
// (refused when read-only).
func (b *Backend) BatchWriteItem(ctx context.Context, in *model.BatchWriteItemInput) (*model.BatchWriteItemOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	var req map[string][]types.WriteRequest
	if in.RequestItems != nil {
		req = make(map[string][]types.WriteRequest, len(in.RequestItems))
		for t, ws := range in.RequestItems {
			sw, err := toWriteRequests(ws)
			if err != nil {
				return nil, err
			}
			req[t] = sw
		}
	}
	out, err := b.ddb.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: req,
		ReturnConsumedCapacity:      types.ReturnConsumedCapacity(in.ReturnConsumedCapacity),
		ReturnItemCollectionMetrics: types.ReturnItemCollectionMetrics(in.ReturnItemCollectionMetrics)})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.BatchWriteItemOutput{UnprocessedItems: map[string][]model.WriteRequest{}, ConsumedCapacity: fromCapacities(out.ConsumedCapacity)}
	b.meter.recordAll(opWrite, res.ConsumedCapacity)
	for t, ws := range out.UnprocessedItems {
		mw, err := fromWriteRequests(ws)
		if err != nil {
			return nil, err
		}
		res.UnprocessedItems[t] = mw
	}
	if res.ItemCollectionMetrics, err = fromCollectionMetricsMap(out.ItemCollectionMetrics); err != nil {
		return nil, err
	}
	return res, nil
}
