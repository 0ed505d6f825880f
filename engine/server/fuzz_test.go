package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
)

// FuzzServeHTTP sends any body with any X-Amz-Target (one of the real
// actions, or a fuzzed string) and any of the content types to the whole
// handler over a real engine, and checks the reply: never a panic, never an
// internal error, and always either 200 with a JSON object (an empty body
// from TagResource and UntagResource, as DynamoDB's), or 400 with a
// JSON error body naming its exception, or the protocol's own answers (404
// "<UnknownOperationException/>" to a body that is not JSON-typed, 413 to
// one over 16 MB). Seed corpus: testdata/fuzz/FuzzServeHTTP/.
func FuzzServeHTTP(f *testing.F) {
	for _, s := range serveHTTPSeeds {
		f.Add(s.target, s.ctype, []byte(s.body))
	}
	h, internal := fuzzHandler(f)
	f.Fuzz(func(t *testing.T, target string, ctype uint8, body []byte) {
		contentTypes := []string{server.ContentTypeAmzJSON, server.ContentTypeJSON, "text/plain", ""}
		ct := contentTypes[int(ctype)%len(contentTypes)]
		req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
		req.Header.Set("Content-Type", ct)
		req.Header.Set("X-Amz-Target", target)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if msg := internal(); msg != "" {
			t.Fatalf("internal error or panic: %s (target %q, body %q)", msg, target, body)
		}
		out := rec.Body.Bytes()
		switch rec.Code {
		case http.StatusOK:
			if len(out) == 0 && (target == "DynamoDB_20120810.TagResource" || target == "DynamoDB_20120810.UntagResource") {
				break // DynamoDB answers these with an empty body
			}
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(out, &obj); err != nil {
				t.Fatalf("200 with a body that is not a JSON object: %q", out)
			}
		case http.StatusBadRequest:
			var e struct {
				Type string `json:"__type"`
			}
			if err := json.Unmarshal(out, &e); err != nil || !strings.Contains(e.Type, "#") {
				t.Fatalf("400 with a body that is not a JSON error: %q", out)
			}
		case http.StatusNotFound:
			if string(out) != "<UnknownOperationException/>\n" || ct == server.ContentTypeAmzJSON || ct == server.ContentTypeJSON {
				t.Fatalf("404 %q for content type %q", out, ct)
			}
		case http.StatusRequestEntityTooLarge:
			if len(body) <= server.DefaultMaxBodyBytes {
				t.Fatalf("413 for a body of %d bytes", len(body))
			}
		default:
			t.Fatalf("status %d, body %q (target %q, body %q)", rec.Code, out, target, body)
		}
	})
}

// serveHTTPSeeds are FuzzServeHTTP's seeds: a request of every kind on
// the table "fuzz", and the shapes refused before any action runs.
var serveHTTPSeeds = []struct {
	target string
	ctype  uint8
	body   string
}{
	{"DynamoDB_20120810.PutItem", 0, `{"TableName":"fuzz","Item":{"pk":{"S":"a"},"n":{"N":"1"},"m":{"M":{"l":{"L":[{"BOOL":true}]}}}}}`},
	{"DynamoDB_20120810.UpdateItem", 0, `{"TableName":"fuzz","Key":{"pk":{"S":"a"}},"UpdateExpression":"SET n = n + :one, #l = list_append(if_not_exists(#l, :e), :e)","ExpressionAttributeNames":{"#l":"l"},"ExpressionAttributeValues":{":one":{"N":"1"},":e":{"L":[]}},"ReturnValues":"ALL_NEW"}`},
	{"DynamoDB_20120810.Query", 0, `{"TableName":"fuzz","KeyConditionExpression":"pk = :p","FilterExpression":"attribute_exists(n) AND NOT n < :z","ExpressionAttributeValues":{":p":{"S":"a"},":z":{"N":"0"}},"ReturnConsumedCapacity":"INDEXES"}`},
	{"DynamoDB_20120810.Scan", 1, `{"TableName":"fuzz","Limit":1,"Segment":0,"TotalSegments":2}`},
	{"DynamoDB_20120810.BatchWriteItem", 0, `{"RequestItems":{"fuzz":[{"PutRequest":{"Item":{"pk":{"S":"b"}}}},{"DeleteRequest":{"Key":{"pk":{"S":"a"}}}}]}}`},
	{"DynamoDB_20120810.BatchGetItem", 0, `{"RequestItems":{"fuzz":{"Keys":[{"pk":{"S":"a"}},{"pk":{"S":"b"}}]}}}`},
	{"DynamoDB_20120810.CreateTable", 0, `{"TableName":"fuzz2","KeySchema":[{"AttributeName":"h","KeyType":"HASH"},{"AttributeName":"r","KeyType":"RANGE"}],"AttributeDefinitions":[{"AttributeName":"h","AttributeType":"S"},{"AttributeName":"r","AttributeType":"N"}],"BillingMode":"PAY_PER_REQUEST","StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}}`},
	{"DynamoDB_20120810.UpdateTable", 0, `{"TableName":"fuzz","AttributeDefinitions":[{"AttributeName":"g","AttributeType":"S"}],"GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"gi","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]}`},
	{"DynamoDB_20120810.UpdateTimeToLive", 0, `{"TableName":"fuzz","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}}`},
	{"DynamoDB_20120810.DescribeTable", 0, `{"TableName":"fuzz"}`},
	{"DynamoDB_20120810.ListTables", 0, `{}`},
	{"DynamoDBStreams_20120810.ListStreams", 0, `{"TableName":"fuzz"}`},
	{"DynamoDBStreams_20120810.GetRecords", 0, `{"ShardIterator":"arn:aws:dynamodb:us-east-1:000000000000:table/fuzz/stream/2026-01-01T00:00:00.000|1|AAAAAAAAAAEAAAGcAAAAAAAAAAAA"}`},
	{"DynamoDB_20120810.PutItem", 0, `{"TableName":"fuzz","Item":{"pk":{"S":"\ud800"}}}`},
	{"DynamoDB_20120810.PutItem", 0, "{\"TableName\":\"fuzz\",\"Item\":{\"pk\":{\"S\":\"\xff\"}}}"},
	{"DynamoDB_20120810.PutItem", 2, `{"TableName":"fuzz"}`},
	{"DynamoDB_20120810.TransactWriteItems", 0, `{"TransactItems":[{"Put":{"TableName":"fuzz","Item":{"pk":{"S":"t1"}}}},{"Update":{"TableName":"fuzz","Key":{"pk":{"S":"t2"}},"UpdateExpression":"SET n = :one","ExpressionAttributeValues":{":one":{"N":"1"}}}},{"ConditionCheck":{"TableName":"fuzz","Key":{"pk":{"S":"a"}},"ConditionExpression":"attribute_exists(pk)"}}]}`},
	{"DynamoDB_20120810.TransactGetItems", 0, `{"TransactItems":[{"Get":{"TableName":"fuzz","Key":{"pk":{"S":"t1"}}}}]}`},
	{"DynamoDB_20120810.ExecuteStatement", 0, `{"Statement":"SELECT * FROM \"fuzz\" WHERE pk = ?","Parameters":[{"S":"a"}]}`},
	{"DynamoDB_20120810.ExecuteTransaction", 0, `{"TransactStatements":[{"Statement":"INSERT INTO \"fuzz\" VALUE {'pk': ?}","Parameters":[{"S":"p1"}]}]}`},
	{"DynamoDB_20120810.TagResource", 0, `{"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/fuzz","Tags":[{"Key":"k","Value":"v"}]}`},
	{"DynamoDB_20120810.UpdateTable", 0, `{"TableName":"fuzz","AttributeDefinitions":[{"AttributeName":"c","AttributeType":"S"}],"VectorIndexUpdates":[{"Create":{"IndexName":"vix","VectorAttribute":{"AttributeName":"emb"},"Dimensions":2,"DistanceFunction":"COSINE","Projection":{"ProjectionType":"ALL"},"SearchSchema":[{"AttributeName":"c","SearchSchemaElementType":"HASH"}]}}]}`},
	{"DynamoDB_20120810.PutItem", 0, `{"TableName":"fuzz","Item":{"pk":{"S":"v"},"c":{"S":"x"},"emb":{"L":[{"N":"1"},{"N":"0.5"}]}}}`},
	{"DynamoDB_20120810.SearchVectors", 0, `{"TableName":"fuzz","IndexName":"vix","SearchVector":[{"N":"1"},{"N":"0"}],"TopK":3,"SearchConditionExpression":"c = :c","ExpressionAttributeValues":{":c":{"S":"x"}},"ProjectionExpression":"pk, emb","ReturnConsumedCapacity":"TOTAL"}`},
	{"DynamoDB_20120810.UpdateContinuousBackups", 0, `{"TableName":"fuzz","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true,"RecoveryPeriodInDays":3}}`},
	{"DynamoDB_20120810.DescribeContinuousBackups", 0, `{"TableName":"arn:aws:dynamodb:us-east-1:000000000000:table/fuzz"}`},
	{"DynamoDB_20120810.RestoreTableToPointInTime", 0, `{"SourceTableName":"fuzz","TargetTableName":"fuzz3","UseLatestRestorableTime":true,"BillingModeOverride":"PROVISIONED","ProvisionedThroughputOverride":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}}`},
	{"DynamoDB_20120810.CreateBackup", 0, `{"TableName":"fuzz","BackupName":"b1"}`},
	{"DynamoDB_20120810.ListBackups", 0, `{"TableName":"fuzz","Limit":1,"BackupType":"ALL","TimeRangeLowerBound":0}`},
	{"DynamoDB_20120810.DescribeBackup", 0, `{"BackupArn":"arn:aws:dynamodb:us-east-1:000000000000:table/fuzz/backup/01767225600000-00000000"}`},
	{"DynamoDB_20120810.RestoreTableFromBackup", 0, `{"TargetTableName":"fuzz4","BackupArn":"arn:aws:dynamodb:us-east-1:000000000000:table/fuzz/backup/01767225600000-00000000","GlobalSecondaryIndexOverride":[]}`},
	{"DynamoDB_20120810.DeleteBackup", 0, `{"BackupArn":"arn:aws:dynamodb:us-east-1:000000000000:table/fuzz/backup/01767225600000-00000000"}`},
	{"DynamoDB_20120810.Frobnicate", 0, `{}`},
	{"", 0, `not json`},
	{"DynamoDB_20120810.GetItem", 0, ``},
	{"DynamoDB_20120810.PutItem", 0, `{"TableName":"fuzz","Item":{"pk":{"S":"a"}},"ConditionExpression":"` + strings.Repeat("NOT ", 400) + `attribute_exists(pk)"}`},
}

// fuzzHandler is a server over an in-memory engine on a paused clock with
// one table, "fuzz", and a function returning (and clearing) what the server
// logged as an internal error or a recovered panic.
func fuzzHandler(f *testing.F) (http.Handler, func() string) {
	var mu sync.Mutex
	var logged []string
	log := slog.New(&recordingHandler{record: func(msg string) {
		mu.Lock()
		logged = append(logged, msg)
		mu.Unlock()
	}})
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)),
		DisableTTLSweeper: true, DisableThrottling: true, DisableMetrics: true})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { eng.Close() })
	srv := server.New(eng, server.Options{Logger: log})
	server.RegisterStreams(srv, eng)
	body := `{"TableName":"fuzz","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST","StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}}`
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
	req.Header.Set("Content-Type", server.ContentTypeAmzJSON)
	req.Header.Set("X-Amz-Target", "DynamoDB_20120810.CreateTable")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		f.Fatalf("CreateTable: %d %s", rec.Code, rec.Body)
	}
	return srv, func() string {
		mu.Lock()
		defer mu.Unlock()
		msg := strings.Join(logged, "; ")
		logged = nil
		return msg
	}
}

// recordingHandler is a slog.Handler passing each record's message and
// attributes to record.
type recordingHandler struct{ record func(string) }

func (h *recordingHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h *recordingHandler) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	b.WriteString(r.Message)
	r.Attrs(func(a slog.Attr) bool {
		b.WriteString(" " + a.String())
		return true
	})
	h.record(b.String())
	return nil
}
func (h *recordingHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *recordingHandler) WithGroup(string) slog.Handler      { return h }
