package remote

import (
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/smithy-go/encoding/cbor"
)

// fakeCloudWatch answers GetMetricData over the protocol the SDK speaks to
// CloudWatch (Smithy RPC v2 CBOR: POST
// /service/GraniteServiceVersion20100801/operation/GetMetricData), in the
// shape the CloudWatch API Reference documents: MetricDataResults of Id,
// Label, Timestamps, Values, StatusCode and Messages, and a NextToken while
// more results remain. It answers half the queries per page.
type fakeCloudWatch struct {
	mu      sync.Mutex
	queries []cwQuery // as decoded from the first page's request
	start   time.Time
	end     time.Time
	pages   int
	// points maps "metric|index|operation" to minute offsets from end and
	// values.
	points map[string]map[int]float64
	// partial names a query key answered with StatusCode PartialData.
	partial string
	// deny answers every request with this CloudWatch error code.
	deny string
}

type cwQuery struct {
	ID, Metric, Namespace, Stat string
	Period                      uint64
	Dims                        map[string]string
}

func (q cwQuery) key() string {
	return q.Metric + "|" + q.Dims["GlobalSecondaryIndexName"] + "|" + q.Dims["Operation"]
}

func cborStr(v cbor.Value) string {
	if s, ok := v.(cbor.String); ok {
		return string(s)
	}
	return ""
}

func cborTime(v cbor.Value) time.Time {
	tag, ok := v.(*cbor.Tag) // the decoder gives tags by pointer
	if !ok || tag.ID != 1 {
		return time.Time{}
	}
	switch n := tag.Value.(type) {
	case cbor.Uint:
		return time.Unix(int64(n), 0).UTC()
	case cbor.Float64:
		sec, frac := math.Modf(float64(n))
		return time.Unix(int64(sec), int64(frac*1e9)).UTC()
	}
	return time.Time{}
}

func (f *fakeCloudWatch) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	reply := func(status int, v cbor.Map) {
		w.Header().Set("Content-Type", "application/cbor")
		w.Header().Set("Smithy-Protocol", "rpc-v2-cbor")
		if status != http.StatusOK {
			w.Header().Set("X-Amzn-Query-Error", f.deny+";Sender")
		}
		w.WriteHeader(status)
		w.Write(cbor.Encode(v))
	}
	if r.URL.Path != "/service/GraniteServiceVersion20100801/operation/GetMetricData" || r.Header.Get("Smithy-Protocol") != "rpc-v2-cbor" {
		reply(http.StatusBadRequest, cbor.Map{"__type": cbor.String("UnknownOperationException"), "message": cbor.String(r.URL.Path)})
		return
	}
	if f.deny != "" {
		reply(http.StatusForbidden, cbor.Map{"__type": cbor.String(f.deny),
			"message": cbor.String("User: arn:aws:iam::123456789012:user/ro is not authorized to perform: cloudwatch:GetMetricData because no identity-based policy allows the cloudwatch:GetMetricData action")})
		return
	}
	body, _ := io.ReadAll(r.Body)
	v, err := cbor.Decode(body)
	in, ok := v.(cbor.Map)
	if err != nil || !ok {
		reply(http.StatusBadRequest, cbor.Map{"__type": cbor.String("SerializationException"), "message": cbor.String(fmt.Sprint(err))})
		return
	}
	var queries []cwQuery
	list, _ := in["MetricDataQueries"].(cbor.List)
	for _, e := range list {
		q := e.(cbor.Map)
		ms := q["MetricStat"].(cbor.Map)
		m := ms["Metric"].(cbor.Map)
		cq := cwQuery{ID: cborStr(q["Id"]), Metric: cborStr(m["MetricName"]), Namespace: cborStr(m["Namespace"]), Stat: cborStr(ms["Stat"]), Dims: map[string]string{}}
		if p, ok := ms["Period"].(cbor.Uint); ok {
			cq.Period = uint64(p)
		}
		dims, _ := m["Dimensions"].(cbor.List)
		for _, d := range dims {
			dm := d.(cbor.Map)
			cq.Dims[cborStr(dm["Name"])] = cborStr(dm["Value"])
		}
		queries = append(queries, cq)
	}
	token := cborStr(in["NextToken"])
	if token == "" {
		f.queries = queries
		f.start, f.end = cborTime(in["StartTime"]), cborTime(in["EndTime"])
	}
	f.pages++
	half := (len(queries) + 1) / 2
	from, to := 0, half
	out := cbor.Map{}
	if token == "" {
		out["NextToken"] = cbor.String("page-2")
	} else {
		from, to = half, len(queries)
	}
	var results cbor.List
	for _, q := range queries[from:to] {
		var ts, vals cbor.List
		pts := f.points[q.key()]
		var offs []int
		for off := range pts {
			offs = append(offs, off)
		}
		sort.Ints(offs)
		for _, off := range offs {
			ts = append(ts, cbor.Tag{ID: 1, Value: cbor.Uint(uint64(f.end.Add(time.Duration(off) * time.Minute).Unix()))})
			vals = append(vals, cbor.Float64(pts[off]))
		}
		res := cbor.Map{"Id": cbor.String(q.ID), "Label": cbor.String(q.Metric), "Timestamps": ts, "Values": vals,
			"StatusCode": cbor.String("Complete"), "Messages": cbor.List{}}
		if q.key() == f.partial {
			res["StatusCode"] = cbor.String("PartialData")
			res["Messages"] = cbor.List{cbor.Map{"Code": cbor.String("MaxDatapointsExceeded"), "Value": cbor.String("more data")}}
		}
		results = append(results, res)
	}
	out["MetricDataResults"] = results
	out["Messages"] = cbor.List{}
	reply(http.StatusOK, out)
}

// TableMetrics asks CloudWatch for the table's and each GSI's metrics at
// one-minute Sum over the last three hours, ThrottledRequests per
// operation summed, and follows NextToken.
func TestTableMetrics(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 34, 56, 0, time.UTC)
	end := time.Date(2025, 3, 1, 12, 34, 0, 0, time.UTC)
	cw := &fakeCloudWatch{points: map[string]map[int]float64{
		"ConsumedReadCapacityUnits||":        {-3: 120, -2: 60},
		"ConsumedWriteCapacityUnits|byDate|": {-1: 30},
		"ThrottledRequests||GetItem":         {-2: 2},
		"ThrottledRequests||Query":           {-2: 1, -1: 4},
		"ThrottledRequests||PutItem":         {-5: 5},
		"ReadThrottleEvents|byDate|":         {-1: 7},
	}, partial: "WriteThrottleEvents||"}
	ts := httptest.NewServer(cw)
	defer ts.Close()
	b, err := Open(context.Background(), Options{Region: "eu-west-1", CloudWatchEndpointURL: ts.URL, MaxAttempts: 1,
		Credentials: credentials.NewStaticCredentialsProvider("AKID", "secret", ""), Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	m, err := b.TableMetrics(context.Background(), "Orders", []string{"byDate"})
	if err != nil {
		t.Fatal(err)
	}
	if cw.pages != 2 || !cw.end.Equal(end) || !cw.start.Equal(end.Add(-3*time.Hour)) || !m.End.Equal(end) || m.Period != time.Minute {
		t.Fatalf("%d pages, window %v – %v, metrics %v – %v", cw.pages, cw.start, cw.end, m.Start, m.End)
	}
	// What was asked: 4 table metrics, ThrottledRequests for the 13
	// data-plane operations, 4 metrics of the GSI; all Sum over 60 s.
	var asked []string
	for _, q := range cw.queries {
		if q.Namespace != "AWS/DynamoDB" || q.Stat != "Sum" || q.Period != 60 || q.Dims["TableName"] != "Orders" || len(q.Dims) > 2 {
			t.Fatalf("query %+v", q)
		}
		asked = append(asked, q.key())
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
		{"", MetricConsumedRead, []MetricPoint{{at(-3), 120}, {at(-2), 60}}, false},
		{"", MetricConsumedWrite, nil, false},
		{"", MetricThrottled, []MetricPoint{{at(-5), 5}, {at(-2), 3}, {at(-1), 4}}, false},
		{"", MetricWriteThrottles, nil, true},
		{"byDate", MetricConsumedWrite, []MetricPoint{{at(-1), 30}}, false},
		{"byDate", MetricReadThrottles, []MetricPoint{{at(-1), 7}}, false},
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
	cw := &fakeCloudWatch{deny: "AccessDenied"}
	ts := httptest.NewServer(cw)
	defer ts.Close()
	creds := credentials.NewStaticCredentialsProvider("AKID", "secret", "")
	b, err := Open(context.Background(), Options{Region: "eu-west-1", CloudWatchEndpointURL: ts.URL, MaxAttempts: 1, Credentials: creds})
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
