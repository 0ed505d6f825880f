package stream

import (
	"fmt"
	"hash/fnv"
	"strings"
	"time"
)

// LabelLayout is the layout of a stream label (the ARN suffix): the time
// the stream was enabled, to the millisecond.
const LabelLayout = "2006-01-02T15:04:05.000"

// Created is a stream's creation time, read back from its label (zero when
// the label is not one).
func Created(label string) time.Time {
	t, err := time.Parse(LabelLayout, label)
	if err != nil {
		return time.Time{}
	}
	return t
}

// ShardID names a stream's one shard as DynamoDB does:
// shardId-<20-digit creation milliseconds>-<8 hex digits>.
func ShardID(arn, label string) string {
	h := fnv.New32a()
	h.Write([]byte(arn))
	ms := Created(label).UnixMilli()
	if ms < 0 {
		ms = 0
	}
	return fmt.Sprintf("shardId-%020d-%08x", ms, h.Sum32())
}

// SplitARN cuts arn:aws:dynamodb:<region>:<account>:table/<t>/stream/<label>
// into the table name and the label.
func SplitARN(arn string) (table, label string, ok bool) {
	parts := strings.SplitN(arn, ":", 6)
	if len(parts) != 6 || parts[0] != "arn" || parts[2] != "dynamodb" {
		return "", "", false
	}
	rest, ok := strings.CutPrefix(parts[5], "table/")
	if !ok {
		return "", "", false
	}
	table, label, ok = strings.Cut(rest, "/stream/")
	if !ok || table == "" || label == "" || strings.Contains(label, "/") {
		return "", "", false
	}
	return table, label, true
}
