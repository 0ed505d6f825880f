// Package remotetest holds test helpers for what talks to a real DynamoDB
// through engine/remote: a DynamoDB endpoint served from an engine on a
// loopback listener (as `dynoscope serve` serves it, Streams API
// included), and a CloudWatch that answers GetMetricData in the shape the
// API Reference documents. They are shared by engine/remote's tests and
// the explorer's.
package remotetest

import (
	"fmt"
	"io"
	"math"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/aws/smithy-go/encoding/cbor"
)

// CloudWatch answers GetMetricData over the protocol the SDK speaks to
// CloudWatch (Smithy RPC v2 CBOR: POST
// /service/GraniteServiceVersion20100801/operation/GetMetricData), in the
// shape the CloudWatch API Reference documents: MetricDataResults of Id,
// Label, Timestamps, Values, StatusCode and Messages, and a NextToken while
// more results remain. It answers half the queries per page.
type CloudWatch struct {
	mu sync.Mutex
	// Queries are the queries as decoded from the first page's request;
	// Start and End its window; Pages counts the requests answered.
	Queries []Query
	Start   time.Time
	End     time.Time
	Pages   int
	// Points maps "metric|index|operation" to minute offsets from End and
	// values.
	Points map[string]map[int]float64
	// Partial names a query key answered with StatusCode PartialData.
	Partial string
	// Deny answers every request with this CloudWatch error code.
	Deny string
}

// Query is one MetricDataQuery as the fake decoded it.
type Query struct {
	ID, Metric, Namespace, Stat string
	Period                      uint64
	Dims                        map[string]string
}

// Key is "metric|index|operation", the form of Points' keys.
func (q Query) Key() string {
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

// ServeHTTP answers one GetMetricData request.
func (f *CloudWatch) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	reply := func(status int, v cbor.Map) {
		w.Header().Set("Content-Type", "application/cbor")
		w.Header().Set("Smithy-Protocol", "rpc-v2-cbor")
		if status != http.StatusOK {
			w.Header().Set("X-Amzn-Query-Error", f.Deny+";Sender")
		}
		w.WriteHeader(status)
		w.Write(cbor.Encode(v))
	}
	if r.URL.Path != "/service/GraniteServiceVersion20100801/operation/GetMetricData" || r.Header.Get("Smithy-Protocol") != "rpc-v2-cbor" {
		reply(http.StatusBadRequest, cbor.Map{"__type": cbor.String("UnknownOperationException"), "message": cbor.String(r.URL.Path)})
		return
	}
	if f.Deny != "" {
		reply(http.StatusForbidden, cbor.Map{"__type": cbor.String(f.Deny),
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
	var queries []Query
	list, _ := in["MetricDataQueries"].(cbor.List)
	for _, e := range list {
		q := e.(cbor.Map)
		ms := q["MetricStat"].(cbor.Map)
		m := ms["Metric"].(cbor.Map)
		cq := Query{ID: cborStr(q["Id"]), Metric: cborStr(m["MetricName"]), Namespace: cborStr(m["Namespace"]), Stat: cborStr(ms["Stat"]), Dims: map[string]string{}}
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
		f.Queries = queries
		f.Start, f.End = cborTime(in["StartTime"]), cborTime(in["EndTime"])
	}
	f.Pages++
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
		pts := f.Points[q.Key()]
		var offs []int
		for off := range pts {
			offs = append(offs, off)
		}
		sort.Ints(offs)
		for _, off := range offs {
			ts = append(ts, cbor.Tag{ID: 1, Value: cbor.Uint(uint64(f.End.Add(time.Duration(off) * time.Minute).Unix()))})
			vals = append(vals, cbor.Float64(pts[off]))
		}
		res := cbor.Map{"Id": cbor.String(q.ID), "Label": cbor.String(q.Metric), "Timestamps": ts, "Values": vals,
			"StatusCode": cbor.String("Complete"), "Messages": cbor.List{}}
		if q.Key() == f.Partial {
			res["StatusCode"] = cbor.String("PartialData")
			res["Messages"] = cbor.List{cbor.Map{"Code": cbor.String("MaxDatapointsExceeded"), "Value": cbor.String("more data")}}
		}
		results = append(results, res)
	}
	out["MetricDataResults"] = results
	out["Messages"] = cbor.List{}
	reply(http.StatusOK, out)
}
