package remote

import (
	"context"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

var _ ScanEstimator = (*Backend)(nil)

// EstimateScan prices a Scan of a whole table (index "") or index from
// DescribeTable.
func (b *Backend) EstimateScan(ctx context.Context, table, index string) (ScanEstimate, error) {
	return EstimateScan(ctx, b, table, index)
}

// EstimateScan prices a Scan of a whole table or index on any engine.API.
func EstimateScan(ctx context.Context, api engine.API, table, index string) (ScanEstimate, error) {
	out, err := api.DescribeTable(ctx, &model.DescribeTableInput{TableName: table})
	if err != nil {
		return ScanEstimate{}, err
	}
	return EstimateScanOf(out.Table, index)
}
