package engine

import (
	"encoding/base64"
	"encoding/binary"
	"hash/fnv"
	"strings"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// iteratorLifetime is how long (engine time) a shard iterator can be used.
const iteratorLifetime = 15 * time.Minute

// iteratorSep separates the stream ARN from the position in an iterator.
const iteratorSep = "|1|"

// shardIterator is the decoded form of a shard iterator: the stream, the
// lowest sequence number the next GetRecords returns, and when (engine
// time) the iterator was handed out.
type shardIterator struct {
	arn    string
	from   uint64
	issued time.Time
}

// encode renders the iterator as an opaque string:
// <stream ARN>|1|<base64url of from, issue time in ms and a checksum>.
func (it shardIterator) encode() string {
	var b [20]byte
	binary.BigEndian.PutUint64(b[0:], it.from)
	binary.BigEndian.PutUint64(b[8:], uint64(it.issued.UnixMilli()))
	binary.BigEndian.PutUint32(b[16:], iteratorSum(it.arn, b[:16]))
	return it.arn + iteratorSep + base64.RawURLEncoding.EncodeToString(b[:])
}

func iteratorSum(arn string, payload []byte) uint32 {
	h := fnv.New32a()
	h.Write([]byte(arn))
	h.Write(payload)
	return h.Sum32()
}

// decodeIterator parses a shard iterator made by encode.
func decodeIterator(s string) (shardIterator, *model.Error) {
	i := strings.LastIndex(s, iteratorSep)
	if i <= 0 {
		return shardIterator{}, errInvalidIterator
	}
	arn := s[:i]
	b, err := base64.RawURLEncoding.DecodeString(s[i+len(iteratorSep):])
	if err != nil || len(b) != 20 || binary.BigEndian.Uint32(b[16:]) != iteratorSum(arn, b[:16]) {
		return shardIterator{}, errInvalidIterator
	}
	return shardIterator{
		arn:    arn,
		from:   binary.BigEndian.Uint64(b[0:]),
		issued: time.UnixMilli(int64(binary.BigEndian.Uint64(b[8:]))),
	}, nil
}

// expiredIterator is ExpiredIteratorException, worded as the Kinesis-based
// Streams service words it (unconfirmed for DynamoDB Streams).
func expiredIterator(issued, now time.Time) *model.Error {
	const layout = "Mon Jan 02 15:04:05 MST 2006"
	return model.NewError(model.ErrExpiredIterator,
		"Iterator expired. The iterator was created at time %s while right now it is %s which is further in the future than the tolerated delay of %d milliseconds.",
		issued.UTC().Format(layout), now.UTC().Format(layout), iteratorLifetime.Milliseconds())
}

// trimmedData is TrimmedDataAccessException.
func trimmedData() *model.Error {
	return model.NewError(model.ErrTrimmedDataAccess, "The data you are trying to access has been trimmed")
}
