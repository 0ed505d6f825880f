package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// DescribeTimeToLive tells a table's TTL status and attribute.
func (e *Engine) DescribeTimeToLive(ctx context.Context, in *model.DescribeTimeToLiveInput) (*model.DescribeTimeToLiveOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	if err := validateControlTableName(in.TableName, in.EmptyTableName()); err != nil {
		return nil, err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[in.TableName]
	if t == nil {
		return nil, model.TableNotFound(in.TableName)
	}
	d := &model.TimeToLiveDescription{TimeToLiveStatus: ttlDisabled}
	if t.meta.TTL.Status != "" {
		d.TimeToLiveStatus = t.meta.TTL.Status
		if t.meta.TTL.Status != ttlDisabled {
			d.AttributeName = t.meta.TTL.AttributeName
		}
	}
	return &model.DescribeTimeToLiveOutput{TimeToLiveDescription: d}, nil
}
