package stream

import "github.com/dynoscope/dynoscope/model"

// errInvalidIterator answers a shard iterator this engine did not make.
// (DynamoDB's text for a malformed iterator is unconfirmed.)
var errInvalidIterator = model.Validation("Invalid ShardIterator")
