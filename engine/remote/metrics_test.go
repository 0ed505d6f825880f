package remote

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/dynoscope/dynoscope/engine/remote/remotetest"
)

// TableMetrics asks CloudWatch for the table's and each GSI's metrics at
// one-minute Sum over the last three hours, ThrottledRequests per
// operation summed, and follows NextToken.
func TestTableMetrics(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 34, 56, 0, time.UTC)
	end := time.Date(2025, 3, 1, 12, 34, 0, 0, time.UTC)
	cw := &remotetest.CloudWatch{Points: map[string]map[int]float64{
		"ConsumedReadCapacityUnits||":        {-3: 120, -2: 60},
		"ConsumedWriteCapacityUnits|byDate|": {-1: 30},
		"ThrottledRequests||GetItem":         {-2: 2},
		"ThrottledRequests||Query":           {-2: 1, -1: 4},
		"ThrottledRequests||PutItem":         {-5: 5},
		"ReadThrottleEvents|byDate|":         {-1: 7},
	}, Partial: "WriteThrottleEvents||"}
	cwURL := remotetest.ServeCloudWatch(t, cw)
	b, err := Open(context.Background(), Options{Region: "eu-west-1", CloudWatchEndpointURL: cwURL, MaxAttempts: 1,
		Credentials: credentials.NewStaticCredentialsProvider("AKID", "secret", ""), Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	m, err := b.TableMetrics(context.Background(), "Orders", []string{"byDate"})
	if err != nil {
		t.Fatal(err)
	}
	if cw.Pages != 2 || !cw.End.Equal(end) || !cw.Start.Equal(end.Add(-3*time.Hour)) || !m.End.Equal(end) || m.Period != time.Minute {
		t.Fatalf("%d pages, window %v – %v, metrics %v – %v", cw.Pages, cw.Start, cw.End, m.Start, m.End)
	}
	// What was asked: 4 table metrics, ThrottledRequests for the 13
	// data-plane operations, 4 metrics of the GSI; all Sum over 60 s.
	var asked []string
	for _, q := range cw.Queries {
		if q.Namespace != "AWS/DynamoDB" || q.Stat != "Sum" || q.Period != 60 || q.Dims["TableName"] != "Orders" || len(q.Dims) > 2 {
			t.Fatalf("query %+v", q)
		}
		asked = append(asked, q.Key())
	}
	want := []string{"ConsumedReadCapacityUnits||", "ConsumedWriteCapacityUnits||", "ReadThrottleEvents||", "WriteThrottleEvents||"}
	for _, op := range throttledOperations {
		want = append(want, "ThrottledRequests||"+op)
	}
	for _, metric := range []string{"ConsumedReadCapacityUnits", "ConsumedWriteCapacityUnits", "ReadThrottleEvents", "WriteThrottleEvents"} {
		want = append(want, metric+"|byDate|")
	}
	if !reflect.DeepEqual(asked, want) {
		t.Fatalf("asked %q", asked)
	}
	at := func(off int) time.Time { return end.Add(time.Duration(off) * time.Minute) }
	checks := []struct {
		index, metric string
		want          []MetricPoint
		partial       bool
	}{
		{"", MetricConsumedRead, []MetricPoint{{Time: at(-3), Value: 120}, {Time: at(-2), Value: 60}}, false},
		{"", MetricConsumedWrite, nil, false},
		{"", MetricThrottled, []MetricPoint{{Time: at(-5), Value: 5}, {Time: at(-2), Value: 3}, {Time: at(-1), Value: 4}}, false},
		{"", MetricWriteThrottles, nil, true},
		{"byDate", MetricConsumedWrite, []MetricPoint{{Time: at(-1), Value: 30}}, false},
		{"byDate", MetricReadThrottles, []MetricPoint{{Time: at(-1), Value: 7}}, false},
	}
	for _, c := range checks {
		s := m.Get(c.index, c.metric)
		if s == nil || !reflect.DeepEqual(s.Points, c.want) || s.Partial != c.partial {
			t.Errorf("%s %s: %+v", c.index, c.metric, s)
		}
	}
	if s := m.Get("", MetricWriteThrottles); len(s.Messages) != 1 || s.Messages[0] != "MaxDatapointsExceeded: more data" {
		t.Errorf("messages %q", s.Messages)
	}
	var order []string
	for _, s := range m.Series {
		order = append(order, s.Index+"/"+s.Metric)
	}
	if strings.Join(order, " ") != "/ConsumedReadCapacityUnits /ConsumedWriteCapacityUnits /ReadThrottleEvents /WriteThrottleEvents /ThrottledRequests "+
		"byDate/ConsumedReadCapacityUnits byDate/ConsumedWriteCapacityUnits byDate/ReadThrottleEvents byDate/WriteThrottleEvents" {
		t.Errorf("series order %s", order)
	}
}

// Credentials that may not read CloudWatch, and endpoints without it, give
// a MetricsUnavailable that says so.
func TestTableMetricsUnavailable(t *testing.T) {
	cw := &remotetest.CloudWatch{Deny: "AccessDenied"}
	cwURL := remotetest.ServeCloudWatch(t, cw)
	creds := credentials.NewStaticCredentialsProvider("AKID", "secret", "")
	b, err := Open(context.Background(), Options{Region: "eu-west-1", CloudWatchEndpointURL: cwURL, MaxAttempts: 1, Credentials: creds})
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.TableMetrics(context.Background(), "Orders", nil)
	mu, ok := err.(*MetricsUnavailable)
	if !ok || mu.Code != "AccessDenied" || !strings.HasPrefix(mu.Message, "User: arn:aws:iam::123456789012:user/ro is not authorized to perform: cloudwatch:GetMetricData") ||
		!strings.HasPrefix(mu.Error(), "CloudWatch metrics unavailable: AccessDenied: User: ") {
		t.Fatalf("denied: %#v", err)
	}
	b, err = Open(context.Background(), Options{EndpointURL: "http://127.0.0.1:8000", MaxAttempts: 1, Credentials: creds})
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.TableMetrics(context.Background(), "Orders", nil)
	if err == nil || err.Error() != "CloudWatch metrics unavailable: no CloudWatch for endpoint http://127.0.0.1:8000" {
		t.Fatalf("endpoint: %v", err)
	}
}
