package capacity

import "github.com/dynoscope/dynoscope/model"

// Limit is why a request was throttled: the LimitType of DynamoDB's
// ThrottlingReason (August 2025; API Reference ThrottlingReason, Developer
// Guide "DynamoDB throttling resolution guide").
type Limit uint8

// The limits a request can hit.
const (
	// LimitProvisioned: a provisioned table's or GSI's read or write
	// capacity (with its burst) is used up.
	LimitProvisioned Limit = iota + 1
	// LimitKeyRange: one partition's 3,000 RCU or 1,000 WCU a second.
	LimitKeyRange
	// LimitAccount: an on-demand table's or GSI's per-table quota (40,000
	// request units a second by default).
	LimitAccount
	// LimitMaxOnDemand: an on-demand table's or GSI's configured
	// OnDemandThroughput maximum.
	LimitMaxOnDemand
)

// String returns the LimitType as DynamoDB spells it in a reason.
func (l Limit) String() string {
	switch l {
	case LimitProvisioned:
		return model.LimitProvisionedThroughput
	case LimitKeyRange:
		return model.LimitKeyRangeThroughput
	case LimitAccount:
		return model.LimitAccount
	case LimitMaxOnDemand:
		return model.LimitMaxOnDemandThroughput
	}
	return ""
}

func (l Limit) set() Limits { return 1 << (l - 1) }

// Limits is a set of Limit: the reasons the requests throttled in one
// second of a Sample were throttled for.
type Limits uint8

// Has reports whether l is in the set.
func (s Limits) Has(l Limit) bool { return s&l.set() != 0 }

// List returns the limits of the set, in the order of the constants.
func (s Limits) List() []Limit {
	var out []Limit
	for l := LimitProvisioned; l <= LimitMaxOnDemand; l++ {
		if s.Has(l) {
			out = append(out, l)
		}
	}
	return out
}

// Reason returns the ThrottlingReason of a throttle: the reason code
// ResourceType+OperationType+LimitType ("TableWriteKeyRangeThroughputExceeded",
// "IndexReadMaxOnDemandThroughputExceeded") and the ARN of the table, or of
// its index when index is not "".
func Reason(tableArn, index string, read bool, limit Limit) model.ThrottlingReason {
	resType, resource := model.ThrottledResourceTable, tableArn
	if index != "" {
		resType, resource = model.ThrottledResourceIndex, tableArn+"/index/"+index
	}
	op := model.ThrottledOperationWrite
	if read {
		op = model.ThrottledOperationRead
	}
	return model.ThrottlingReason{Reason: resType + op + limit.String(), Resource: resource}
}
