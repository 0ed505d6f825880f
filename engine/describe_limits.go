package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// The default provisioned-capacity quotas DynamoDB documents (Service,
// account, and table quotas: 40,000 read and write units per table, 80,000
// per account), which DescribeLimits reports.
const (
	accountMaxCapacityUnits = 80000
	tableMaxCapacityUnits   = 40000
)

// DescribeLimits reports the provisioned-capacity quotas of the account and
// of any one table.
func (e *Engine) DescribeLimits(ctx context.Context, _ *model.DescribeLimitsInput) (*model.DescribeLimitsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	return &model.DescribeLimitsOutput{
		AccountMaxReadCapacityUnits: accountMaxCapacityUnits, AccountMaxWriteCapacityUnits: accountMaxCapacityUnits,
		TableMaxReadCapacityUnits: tableMaxCapacityUnits, TableMaxWriteCapacityUnits: tableMaxCapacityUnits,
	}, nil
}
