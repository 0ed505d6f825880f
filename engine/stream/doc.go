// Package stream holds what the engine's DynamoDB Streams need that is not
// engine state: the forms a stream is named and read by, and its bounds.
//
//   - arn.go: stream labels (the time the stream was enabled), a stream ARN
//     cut into table and label, the one shard's ID.
//   - iterator.go: shard iterators, encoded as DynamoDB hands them out (the
//     stream ARN and an opaque, checksummed position) and decoded back;
//     ExpiredIteratorException and TrimmedDataAccessException.
//   - record.go: a stored record's creation time, read without decoding it,
//     and whether it is past the retention cutoff.
//   - retention.go: the bounds every stream keeps (age, records, bytes), the
//     --stream-retention syntax.
//   - errors.go: the package's sentinel errors.
//
// The stream's life inside the engine (records written in each write's
// transaction, counted, trimmed, read back by the Streams API) is in the
// engine's stream*.go files; they import this package, never the reverse.
package stream
