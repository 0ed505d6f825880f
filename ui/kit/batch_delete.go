package kit

import (
	"context"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// BatchDeleted is what one BatchWriteItem of DeleteRequests did.
type BatchDeleted struct {
	// Unprocessed are the keys DynamoDB left for another call: its
	// UnprocessedItems, or every key when it throttled the whole call.
	Unprocessed []model.Item
	Units       float64 // the write units consumed
	Throttled   bool    // the whole call was throttled
}

// BatchDelete deletes the items with keys (at most 25) from table in one
// BatchWriteItem; err is a refusal other than a throttle.
func BatchDelete(ctx context.Context, api engine.API, table string, keys []model.Item) (BatchDeleted, error) {
	reqs := make([]model.WriteRequest, len(keys))
	for i, k := range keys {
		reqs[i] = model.WriteRequest{DeleteRequest: &model.DeleteRequest{Key: k}}
	}
	out, err := api.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{table: reqs},
		ReturnConsumedCapacity: model.ReturnCapacityTotal})
	if err != nil {
		if capacity.IsThrottle(AsModelError(err)) {
			return BatchDeleted{Unprocessed: keys, Throttled: true}, nil
		}
		return BatchDeleted{}, err
	}
	var d BatchDeleted
	for _, cc := range out.ConsumedCapacity {
		d.Units += float64(cc.CapacityUnits)
	}
	for _, r := range out.UnprocessedItems[table] {
		if r.DeleteRequest != nil {
			d.Unprocessed = append(d.Unprocessed, r.DeleteRequest.Key)
		}
	}
	return d, nil
}
