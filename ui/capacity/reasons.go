package capacity

import (
	"strings"

	"github.com/dynoscope/dynoscope/engine/capacity"
)

// Why a second's requests were throttled (the LimitType of DynamoDB's
// ThrottlingReasons, August 2025): each throttle mark on the charts, the
// sparklines and the heat strip is the letter of its reason, ✗ when a
// column holds several; the titles name them in full.

// limitLetter is the mark of one reason.
func limitLetter(l capacity.Limit) rune {
	switch l {
	case capacity.LimitKeyRange:
		return 'K'
	case capacity.LimitProvisioned:
		return 'P'
	case capacity.LimitAccount:
		return 'A'
	case capacity.LimitMaxOnDemand:
		return 'M'
	}
	return '✗'
}

// throttleMark is the mark of a slot throttled for the reasons in by: the
// reason's letter, ✗ for several (or none known).
func throttleMark(by capacity.Limits) rune {
	if ls := by.List(); len(ls) == 1 {
		return limitLetter(ls[0])
	}
	return '✗'
}

// limitsText names the reasons, each with its letter:
// "K KeyRangeThroughputExceeded, P ProvisionedThroughputExceeded".
func limitsText(by capacity.Limits) string {
	var parts []string
	for _, l := range by.List() {
		parts = append(parts, string(limitLetter(l))+" "+l.String())
	}
	return strings.Join(parts, ", ")
}

// limitLetters is the reasons' letters: "K", "K P".
func limitLetters(by capacity.Limits) string {
	var parts []string
	for _, l := range by.List() {
		parts = append(parts, string(limitLetter(l)))
	}
	return strings.Join(parts, " ")
}

// limitNames names the reasons: "KeyRangeThroughputExceeded".
func limitNames(by capacity.Limits) string {
	var parts []string
	for _, l := range by.List() {
		parts = append(parts, l.String())
	}
	return strings.Join(parts, ", ")
}

// throttledBy is the reasons a sample's reads (or writes) were throttled
// for.
func throttledBy(s capacity.Sample, write bool) capacity.Limits {
	if write {
		return s.WriteThrottledBy
	}
	return s.ReadThrottledBy
}
