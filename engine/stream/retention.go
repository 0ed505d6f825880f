package stream

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// DynamoDB keeps a stream's records for 24 hours, however many there are.
// A local tool left running beside a busy application cannot: with a
// NEW_AND_OLD_IMAGES stream a day of writes is gigabytes. So besides the
// 24-hour rule each stream keeps at most a number of records and of bytes
// (the records' stored JSON), and past either bound the oldest records go
// first, as DynamoDB's trim horizon moves: a reader positioned before the
// horizon gets TrimmedDataAccessException, TRIM_HORIZON starts at the
// oldest record kept. Trimming for a bound takes the stream 1 % below it,
// so that a stream at its bound does not pay one trim per write.

// Defaults of Retention.
const (
	DefaultAge     = 24 * time.Hour
	DefaultRecords = 100_000
	DefaultBytes   = 64 << 20
)

// minBytes is the smallest byte bound: one record, with two
// 400 KB images, must fit.
const minBytes = 1 << 20

// Retention bounds what each stream keeps: records younger than Age
// (at most DynamoDB's 24 hours), at most Records of them and at most Bytes
// of stored records. Zero fields take the defaults.
type Retention struct {
	Age     time.Duration
	Records int64
	Bytes   int64
}

// WithDefaults fills the zero fields.
func (r Retention) WithDefaults() Retention {
	if r.Age <= 0 {
		r.Age = DefaultAge
	}
	if r.Records <= 0 {
		r.Records = DefaultRecords
	}
	if r.Bytes <= 0 {
		r.Bytes = DefaultBytes
	}
	return r
}

// Validate reports a bound out of range: an age over 24 hours (DynamoDB
// never keeps a record longer) or a byte bound under 1 MB.
func (r Retention) Validate() error {
	if r.Age > DefaultAge {
		return fmt.Errorf("stream retention age %s is longer than DynamoDB's 24h", r.Age)
	}
	if r.Bytes > 0 && r.Bytes < minBytes {
		return fmt.Errorf("stream retention of %s is below 1MB (one record can hold two 400 KB images)", FormatSize(r.Bytes))
	}
	return nil
}

// String renders r as ParseRetention reads it, e.g. "24h,100000,64MB".
func (r Retention) String() string {
	r = r.WithDefaults()
	age := r.Age.String() // "24h0m0s", "1h30m0s"
	if strings.HasSuffix(age, "h0m0s") {
		age = strings.TrimSuffix(age, "0m0s")
	} else if strings.HasSuffix(age, "m0s") {
		age = strings.TrimSuffix(age, "0s")
	}
	return age + "," + strconv.FormatInt(r.Records, 10) + "," + FormatSize(r.Bytes)
}

// Over reports whether a stream holding records and bytes exceeds a bound.
func (r Retention) Over(records, bytes int64) bool {
	return records > r.Records || bytes > r.Bytes
}

// AboveLowWater reports whether a stream being trimmed for a bound has yet
// to reach 1 % below it.
func (r Retention) AboveLowWater(records, bytes int64) bool {
	return records > r.Records-r.Records/100 || bytes > r.Bytes-r.Bytes/100
}

// ParseRetention reads the --stream-retention syntax: up to three
// comma-separated parts in any order, each recognised by its form: an age
// ("24h", "90m", at most 24h), a record count ("100000") and a size with a
// unit ("64MB"; B, KB, MB, GB, by 1024). Parts left out keep their
// defaults: "50000" changes only the record bound.
func ParseRetention(s string) (Retention, error) {
	var r Retention
	var seenAge, seenRecords, seenBytes bool
	for part := range strings.SplitSeq(s, ",") {
		p := strings.TrimSpace(part)
		switch {
		case p == "":
			return Retention{}, fmt.Errorf("stream retention %q: empty part (want e.g. 24h,100000,64MB)", s)
		case isDigits(p):
			n, err := strconv.ParseInt(p, 10, 64)
			if err != nil || n < 1 || seenRecords {
				return Retention{}, fmt.Errorf("stream retention %q: bad record count %q", s, p)
			}
			r.Records, seenRecords = n, true
		case isByteSize(p):
			n, err := parseBytes(p)
			if err != nil || seenBytes {
				return Retention{}, fmt.Errorf("stream retention %q: bad size %q", s, p)
			}
			r.Bytes, seenBytes = n, true
		default:
			d, err := time.ParseDuration(p)
			if err != nil || d <= 0 || seenAge {
				return Retention{}, fmt.Errorf("stream retention %q: %q is neither an age (24h), a record count (100000) nor a size (64MB)", s, p)
			}
			r.Age, seenAge = d, true
		}
	}
	if err := r.Validate(); err != nil {
		return Retention{}, err
	}
	return r, nil
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// byteUnits are the size units, longest first.
var byteUnits = []struct {
	suffix string
	scale  int64
}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"B", 1}}

func isByteSize(s string) bool {
	return strings.HasSuffix(strings.ToUpper(s), "B")
}

func parseBytes(s string) (int64, error) {
	u := strings.ToUpper(s)
	for _, unit := range byteUnits {
		if num, ok := strings.CutSuffix(u, unit.suffix); ok {
			if !isDigits(num) {
				return 0, fmt.Errorf("bad size %q", s)
			}
			n, err := strconv.ParseInt(num, 10, 64)
			if err != nil || n < 1 || n > (1<<62)/unit.scale {
				return 0, fmt.Errorf("bad size %q", s)
			}
			return n * unit.scale, nil
		}
	}
	return 0, fmt.Errorf("bad size %q", s)
}

// FormatSize renders n in the largest unit that divides it.
func FormatSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + "GB"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + "MB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + "KB"
	}
	return strconv.FormatInt(n, 10) + "B"
}
