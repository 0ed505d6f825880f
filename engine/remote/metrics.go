package remote

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/cloudwatch"
	cwtypes "github.com/aws/aws-sdk-go-v2/service/cloudwatch/types"
	"github.com/aws/smithy-go"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
)

// CloudWatch's view of a table: the metrics DynamoDB publishes every
// minute, read with one GetMetricData call (and its NextToken pages).
// Dimensions as the DynamoDB developer guide lists them ("DynamoDB Metrics
// and dimensions"): ConsumedReadCapacityUnits, ConsumedWriteCapacityUnits,
// ReadThrottleEvents and WriteThrottleEvents by TableName, and by TableName
// and GlobalSecondaryIndexName for a GSI; ThrottledRequests by TableName
// and Operation only, so the table's series is the sum over the data-plane
// operations. DynamoDB sends a metric only for minutes where it is not
// zero: a minute without a point is a zero.

// Metric names.
const (
	MetricConsumedRead   = remoteapi.MetricConsumedRead
	MetricConsumedWrite  = remoteapi.MetricConsumedWrite
	MetricThrottled      = remoteapi.MetricThrottled
	MetricReadThrottles  = remoteapi.MetricReadThrottles
	MetricWriteThrottles = remoteapi.MetricWriteThrottles
)

// MetricsWindow and MetricsPeriod are the span and resolution read.
const (
	MetricsWindow = 3 * time.Hour
	MetricsPeriod = time.Minute
)

// throttledOperations are the values of the Operation dimension that
// ThrottledRequests is published under (the developer guide's list of
// DynamoDB operations; GetRecords, the Streams one, is left out).
var throttledOperations = []string{"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan",
	"BatchGetItem", "BatchWriteItem", "TransactGetItems", "TransactWriteItems",
	"ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction"}

var _ MetricsReader = (*Backend)(nil)

// metricQuery is what one MetricDataQuery asks.
type metricQuery struct {
	index, metric, operation string
}

// TableMetrics reads the last three hours of the table's and its GSIs'
// metrics at one-minute resolution. Each call is one GetMetricData
// request (more only past CloudWatch's page size); CloudWatch bills
// GetMetricData by metric requested. Errors are *MetricsUnavailable.
func (b *Backend) TableMetrics(ctx context.Context, table string, gsis []string) (*TableMetrics, error) {
	if b.cw == nil {
		return nil, &MetricsUnavailable{Message: "no CloudWatch for endpoint " + b.loc.Endpoint}
	}
	end := b.now().UTC().Truncate(MetricsPeriod)
	start := end.Add(-MetricsWindow)
	var queries []metricQuery
	for _, m := range []string{MetricConsumedRead, MetricConsumedWrite, MetricReadThrottles, MetricWriteThrottles} {
		queries = append(queries, metricQuery{metric: m})
	}
	for _, op := range throttledOperations {
		queries = append(queries, metricQuery{metric: MetricThrottled, operation: op})
	}
	for _, g := range gsis {
		for _, m := range []string{MetricConsumedRead, MetricConsumedWrite, MetricReadThrottles, MetricWriteThrottles} {
			queries = append(queries, metricQuery{index: g, metric: m})
		}
	}
	in := &cloudwatch.GetMetricDataInput{StartTime: aws.Time(start), EndTime: aws.Time(end), ScanBy: cwtypes.ScanByTimestampAscending}
	for i, q := range queries {
		dims := []cwtypes.Dimension{{Name: aws.String("TableName"), Value: aws.String(table)}}
		if q.index != "" {
			dims = append(dims, cwtypes.Dimension{Name: aws.String("GlobalSecondaryIndexName"), Value: aws.String(q.index)})
		}
		if q.operation != "" {
			dims = append(dims, cwtypes.Dimension{Name: aws.String("Operation"), Value: aws.String(q.operation)})
		}
		in.MetricDataQueries = append(in.MetricDataQueries, cwtypes.MetricDataQuery{
			Id: aws.String(fmt.Sprintf("m%d", i)),
			MetricStat: &cwtypes.MetricStat{
				Metric: &cwtypes.Metric{Namespace: aws.String("AWS/DynamoDB"), MetricName: aws.String(q.metric), Dimensions: dims},
				Period: aws.Int32(int32(MetricsPeriod / time.Second)),
				Stat:   aws.String("Sum"),
			},
			ReturnData: aws.Bool(true),
		})
	}
	results := map[string]*cwtypes.MetricDataResult{}
	for {
		out, err := b.cw.GetMetricData(ctx, in)
		if err != nil {
			return nil, metricsError(b, err)
		}
		for i := range out.MetricDataResults {
			r := out.MetricDataResults[i]
			id := aws.ToString(r.Id)
			if prev := results[id]; prev != nil {
				prev.Timestamps = append(prev.Timestamps, r.Timestamps...)
				prev.Values = append(prev.Values, r.Values...)
				prev.Messages = append(prev.Messages, r.Messages...)
				if r.StatusCode != cwtypes.StatusCodeComplete {
					prev.StatusCode = r.StatusCode
				}
				continue
			}
			results[id] = &r
		}
		if aws.ToString(out.NextToken) == "" {
			break
		}
		in.NextToken = out.NextToken
	}
	tm := &TableMetrics{Table: table, Start: start, End: end, Period: MetricsPeriod}
	throttled := MetricSeries{Metric: MetricThrottled}
	sums := map[time.Time]float64{}
	for i, q := range queries {
		r := results[fmt.Sprintf("m%d", i)]
		s := MetricSeries{Index: q.index, Metric: q.metric}
		if r != nil {
			s.Partial = r.StatusCode != cwtypes.StatusCodeComplete
			for _, m := range r.Messages {
				s.Messages = append(s.Messages, aws.ToString(m.Code)+": "+aws.ToString(m.Value))
			}
			for j := range r.Timestamps {
				if j < len(r.Values) {
					s.Points = append(s.Points, MetricPoint{Time: r.Timestamps[j].UTC(), Value: r.Values[j]})
				}
			}
			sort.Slice(s.Points, func(a, b int) bool { return s.Points[a].Time.Before(s.Points[b].Time) })
		} else {
			s.Partial = true
			s.Messages = append(s.Messages, "no result for this metric")
		}
		if q.operation != "" {
			throttled.Partial = throttled.Partial || s.Partial
			throttled.Messages = append(throttled.Messages, s.Messages...)
			for _, p := range s.Points {
				sums[p.Time] += p.Value
			}
			continue
		}
		tm.Series = append(tm.Series, s)
	}
	for t, v := range sums {
		throttled.Points = append(throttled.Points, MetricPoint{Time: t, Value: v})
	}
	sort.Slice(throttled.Points, func(a, b int) bool { return throttled.Points[a].Time.Before(throttled.Points[b].Time) })
	// The table's series first, ThrottledRequests after its consumption.
	tableSeries := 4
	tm.Series = append(tm.Series[:tableSeries], append([]MetricSeries{throttled}, tm.Series[tableSeries:]...)...)
	return tm, nil
}

// metricsError turns a CloudWatch failure into MetricsUnavailable with the
// service's (or the SDK's) words.
func metricsError(b *Backend, err error) error {
	var ce *credentialError
	if errors.As(err, &ce) {
		return &MetricsUnavailable{Code: ErrCredentials, Message: ce.Error() + " (" + tried(b.loc) + ")"}
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		return &MetricsUnavailable{Code: api.ErrorCode(), Message: api.ErrorMessage()}
	}
	return &MetricsUnavailable{Code: ErrRequest, Message: err.Error()}
}
