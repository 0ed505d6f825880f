package kit

import (
	"strconv"
	"strings"
	"time"
)

// MaxSpan is the longest span ParseSpan reads: 100 years (a time.Duration
// ends at 292).
const MaxSpan = 100 * 365 * 24 * time.Hour

// spanUnits are the units a typed span takes.
var spanUnits = map[byte]time.Duration{'s': time.Second, 'm': time.Minute, 'h': time.Hour, 'd': 24 * time.Hour, 'w': 7 * 24 * time.Hour}

// SpanError says why a typed span was not read: nothing typed (Empty),
// a piece that is not a number followed by a unit s, m, h, d or w (Part,
// from that piece to the end), or a span longer than the most asked for
// (TooFar).
type SpanError struct {
	Empty  bool
	Part   string
	TooFar bool
}

func (e *SpanError) Error() string {
	switch {
	case e.Empty:
		return "type a duration, e.g. 7d"
	case e.TooFar:
		return "too far"
	}
	return strconv.Quote(e.Part) + ": a number and a unit (s, m, h, d, w)"
}

// ParseSpan reads a span typed by a person: numbers each with a unit s, m,
// h, d or w, one after the other ("90s", "1h30m", "1d12h", "1w 2d"; case
// and spaces do not matter), at most max. The clock's jump and a
// restore's "how long before" read spans with it.
func ParseSpan(s string, max time.Duration) (time.Duration, error) {
	s = strings.ReplaceAll(strings.TrimSpace(strings.ToLower(s)), " ", "")
	if s == "" {
		return 0, &SpanError{Empty: true}
	}
	var total time.Duration
	for rest := s; len(rest) > 0; {
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 || i == len(rest) {
			return 0, &SpanError{Part: rest}
		}
		u, ok := spanUnits[rest[i]]
		if !ok {
			return 0, &SpanError{Part: rest}
		}
		n, err := strconv.ParseInt(rest[:i], 10, 64)
		if err != nil || n > int64(max/u) {
			return 0, &SpanError{TooFar: true} // the digits are fine: there are too many of them
		}
		total += time.Duration(n) * u
		if total > max {
			return 0, &SpanError{TooFar: true}
		}
		rest = rest[i+1:]
	}
	return total, nil
}
