// Package capacity holds DynamoDB's read and write capacity arithmetic with an
// itemised explanation of every charge: 4 KB read units (half for eventually
// consistent reads), 1 KB write units, per-table and per-index usage, and the
// ConsumedCapacity shapes of ReturnConsumedCapacity TOTAL and INDEXES.
package capacity
