package capacity

import "github.com/dynoscope/dynoscope/model"

// DynamoDB's throttling messages (spec §8 Throttling).
const (
	// MsgTableThroughput is ProvisionedThroughputExceededException's message
	// for a table (and for one of its partitions).
	MsgTableThroughput = "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API."
	// MsgIndexThroughput is its message for a global secondary index; DynamoDB
	// words it without the final period.
	MsgIndexThroughput = "The level of configured provisioned throughput for one or more global secondary indexes of the table was exceeded. Consider increasing your provisioning level for the under-provisioned global secondary indexes with the UpdateTable API"
	// MsgOnDemandThrottling is ThrottlingException's message for an
	// on-demand table or index.
	MsgOnDemandThrottling = "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html"
)

// OnDemandTableLimit is the default per-table quota of an on-demand table
// and of each of its GSIs: 40,000 read request units and 40,000 write request
// units per second (spec §8 On-demand).
const OnDemandTableLimit = 40000

// The throttling errors below carry no ThrottlingReasons: the Meter adds
// the reason of each throttle (throttleError).

// TableThroughputExceeded returns ProvisionedThroughputExceededException for
// a table or a partition.
func TableThroughputExceeded() *model.Error {
	return &model.Error{Code: model.ErrProvisionedThroughput, Message: MsgTableThroughput}
}

// IndexThroughputExceeded returns ProvisionedThroughputExceededException for
// a global secondary index.
func IndexThroughputExceeded() *model.Error {
	return &model.Error{Code: model.ErrProvisionedThroughput, Message: MsgIndexThroughput}
}

// OnDemandThrottled returns the on-demand ThrottlingException.
func OnDemandThrottled() *model.Error {
	return &model.Error{Code: model.ErrThrottling, Message: MsgOnDemandThrottling}
}

// IsThrottle reports whether err is one of the throttling errors above, the
// ones BatchGetItem and BatchWriteItem turn into UnprocessedKeys and
// UnprocessedItems.
func IsThrottle(err *model.Error) bool {
	return err != nil && (err.Code == model.ErrProvisionedThroughput || err.Code == model.ErrThrottling)
}
