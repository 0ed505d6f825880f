// Package remote is engine.API on a real DynamoDB endpoint: Amazon
// DynamoDB itself (any region, the AWS SDK for Go v2's standard credential
// chain) or any compatible endpoint (DynamoDB Local, LocalStack, dynalite,
// ScyllaDB Alternator, another `dynoscope serve`).
//
// Open returns a *Backend. Every engine.API action converts the model's
// input to the SDK's (every field the model has, the ten attribute types),
// calls the service and converts the answer back; a service error becomes a
// *model.Error carrying the exception name and message exactly as the
// service worded them. A backend is read-only unless opened with Write:
// every action that could change a table (table and TTL changes, tags, item
// writes, batch and transactional writes, PartiQL INSERT, UPDATE and DELETE)
// is refused before anything is sent, with ErrReadOnly ("read-only: start
// with --write to change this table").
//
// Beyond engine.API a Backend has the read-side powers the explorer uses on
// a remote table, each behind a small interface declared in this package so
// the explorer can type-assert for it:
//
//   - StreamReader: the DynamoDB Streams API (ListStreams, DescribeStream,
//     GetShardIterator, GetRecords), and NewTail to follow every open shard
//     of a table's stream from LATEST;
//   - MetricsReader: CloudWatch's per-minute ConsumedRead/WriteCapacityUnits,
//     ThrottledRequests and Read/WriteThrottleEvents of a table and its GSIs
//     over the last three hours, or a *MetricsUnavailable saying why not;
//   - ConsumptionMeter: what the explorer itself consumed, per second, from
//     the ConsumedCapacity the backend got back;
//   - ScanEstimator and TableSurveyor: what reading a whole table would
//     cost, from DescribeTable's approximate counts, and a cancellable
//     whole-table read with progress that works out the items each index
//     leaves out, the indexes' sparse ratios and the TTL states;
//   - Located: where the backend points (region, profile, endpoint,
//     account) and whether it may write.
//
// CopySlice copies a table's schema and a bounded sample of its items from
// any engine.API into a local *engine.Engine (the sandbox). Profiles lists
// the profiles of the user's AWS configuration (the explorer's endpoint
// switcher offers them).
package remote
