package stream

import (
	"encoding/base64"
	"encoding/binary"
	"hash/fnv"
	"strings"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// IteratorLifetime is how long (engine time) a shard iterator can be used.
const IteratorLifetime = 15 * time.Minute

// iteratorSep separates the stream ARN from the position in an iterator.
const iteratorSep = "|1|"

// Iterator is the decoded form of a shard iterator: the stream, the lowest
// sequence number the next GetRecords returns, and when (engine time) the
// iterator was handed out.
type Iterator struct {
	ARN    string
	From   uint64
	Issued time.Time
}

// Encode renders the iterator as an opaque string:
// <stream ARN>|1|<base64url of From, issue time in ms and a checksum>.
func (it Iterator) Encode() string {
	var b [20]byte
	binary.BigEndian.PutUint64(b[0:], it.From)
	binary.BigEndian.PutUint64(b[8:], uint64(it.Issued.UnixMilli()))
	binary.BigEndian.PutUint32(b[16:], iteratorSum(it.ARN, b[:16]))
	return it.ARN + iteratorSep + base64.RawURLEncoding.EncodeToString(b[:])
}

func iteratorSum(arn string, payload []byte) uint32 {
	h := fnv.New32a()
	h.Write([]byte(arn))
	h.Write(payload)
	return h.Sum32()
}

// DecodeIterator parses a shard iterator made by Encode, or answers
// errInvalidIterator.
func DecodeIterator(s string) (Iterator, *model.Error) {
	i := strings.LastIndex(s, iteratorSep)
	if i <= 0 {
		return Iterator{}, errInvalidIterator
	}
	arn := s[:i]
	b, err := base64.RawURLEncoding.DecodeString(s[i+len(iteratorSep):])
	if err != nil || len(b) != 20 || binary.BigEndian.Uint32(b[16:]) != iteratorSum(arn, b[:16]) {
		return Iterator{}, errInvalidIterator
	}
	return Iterator{
		ARN:    arn,
		From:   binary.BigEndian.Uint64(b[0:]),
		Issued: time.UnixMilli(int64(binary.BigEndian.Uint64(b[8:]))),
	}, nil
}

// ExpiredIterator is ExpiredIteratorException, worded as the Kinesis-based
// Streams service words it (unconfirmed for DynamoDB Streams).
func ExpiredIterator(issued, now time.Time) *model.Error {
	const layout = "Mon Jan 02 15:04:05 MST 2006"
	return model.NewError(model.ErrExpiredIterator,
		"Iterator expired. The iterator was created at time %s while right now it is %s which is further in the future than the tolerated delay of %d milliseconds.",
		issued.UTC().Format(layout), now.UTC().Format(layout), IteratorLifetime.Milliseconds())
}

// TrimmedData is TrimmedDataAccessException.
func TrimmedData() *model.Error {
	return model.NewError(model.ErrTrimmedDataAccess, "The data you are trying to access has been trimmed")
}
