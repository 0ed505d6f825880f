package remoteapi

import (
	"context"
	"time"
)

// MetricsReader is the part of a backend that reads CloudWatch.
type MetricsReader interface {
	TableMetrics(ctx context.Context, table string, gsis []string) (*TableMetrics, error)
}

// TableMetrics are a table's and its GSIs' CloudWatch series.
type TableMetrics struct {
	Table      string
	Start, End time.Time
	Period     time.Duration
	// Series: the table's five (index ""), then each GSI's four, in the
	// order asked.
	Series []MetricSeries
}

// MetricSeries is one metric of the table or of one GSI.
type MetricSeries struct {
	Index  string // "" for the table
	Metric string
	// Points are in time order, one per minute that has data; the Sum of
	// the minute.
	Points []MetricPoint
	// Partial is set when CloudWatch said the data is incomplete
	// (StatusCode PartialData, or another code than Complete: Messages
	// then says what).
	Partial  bool
	Messages []string
}

// MetricPoint is one minute's value.
type MetricPoint struct {
	Time  time.Time
	Value float64
}

// Get returns the series of one metric of the table (index "") or a GSI,
// or nil.
func (m *TableMetrics) Get(index, metric string) *MetricSeries {
	for i := range m.Series {
		if m.Series[i].Index == index && m.Series[i].Metric == metric {
			return &m.Series[i]
		}
	}
	return nil
}

// MetricsUnavailable is TableMetrics' error when CloudWatch cannot be
// read: no CloudWatch for this endpoint, credentials that do not allow
// cloudwatch:GetMetricData, or CloudWatch's own error (Code and Message
// verbatim).
type MetricsUnavailable struct {
	Code    string
	Message string
}

func (e *MetricsUnavailable) Error() string {
	if e.Code == "" {
		return "CloudWatch metrics unavailable: " + e.Message
	}
	return "CloudWatch metrics unavailable: " + e.Code + ": " + e.Message
}

// The CloudWatch metrics of DynamoDB a MetricsReader reads.
const (
	MetricConsumedRead   = "ConsumedReadCapacityUnits"
	MetricConsumedWrite  = "ConsumedWriteCapacityUnits"
	MetricThrottled      = "ThrottledRequests"
	MetricReadThrottles  = "ReadThrottleEvents"
	MetricWriteThrottles = "WriteThrottleEvents"
)
