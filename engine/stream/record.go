package stream

import (
	"strconv"
	"strings"
)

// RecordTime reads ApproximateCreationDateTime (epoch seconds) from a
// stored record without decoding the rest. The field comes before any
// image in the stored JSON (model.StreamRecord's first member).
func RecordTime(v string) (float64, bool) {
	const field = `"ApproximateCreationDateTime":`
	i := strings.Index(v, field)
	if i < 0 {
		return 0, false
	}
	rest := v[i+len(field):]
	j := strings.IndexAny(rest, ",}")
	if j < 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(rest[:j], 64)
	return f, err == nil
}

// TrimDue reports whether a stored record is past the retention cutoff
// (epoch seconds). A record whose time cannot be read is trimmed too.
func TrimDue(v string, cutoff float64) bool {
	t, ok := RecordTime(v)
	return !ok || t < cutoff
}
