package server_test

import (
	"context"
	"errors"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/model"
)

const amzJSON = "application/x-amz-json-1.0"

// reply is a recorded response.
type reply struct {
	status      int
	contentType string
	body        string
	header      http.Header
}

// request is a request to send through ServeHTTP.
type request struct {
	method      string // default POST
	target      string // full X-Amz-Target; "" sends none
	contentType string // default amzJSON; "-" sends none
	body        string
}

// requestIDRE is the form of DynamoDB's request ids: 52 characters of the
// base32hex alphabet, as in "855G8REKA0Q2HB9VQI0PECOH8VVV4KQNSO5AEMVJF66Q9ASUAAJG"
// (architect/architect#44) and "VB2Q7GALG1S0RNLD0LPL6E6KHFVV4KQNSO5AEMVJF66Q9ASUAAJG"
// (a CloudFormation failure quoting DynamoDB); see docs/FIDELITY.md.
var requestIDRE = regexp.MustCompile(`^[0-9A-V]{52}$`)

// serve sends req to h and checks the headers every reply carries:
// x-amzn-RequestId, x-amz-crc32 of the exact body, and Content-Length.
func serve(t *testing.T, h http.Handler, req request) reply {
	t.Helper()
	if req.method == "" {
		req.method = http.MethodPost
	}
	r := httptest.NewRequest(req.method, "/", strings.NewReader(req.body))
	if req.target != "" {
		r.Header.Set("X-Amz-Target", req.target)
	}
	switch req.contentType {
	case "":
		r.Header.Set("Content-Type", amzJSON)
	case "-":
	default:
		r.Header.Set("Content-Type", req.contentType)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	body := rec.Body.String()
	hdr := rec.Header()
	if want := strconv.FormatUint(uint64(crc32.ChecksumIEEE([]byte(body))), 10); !reflect.DeepEqual(hdr["x-amz-crc32"], []string{want}) {
		t.Errorf("x-amz-crc32 = %q, want [%s] (crc32 of %q)", hdr["x-amz-crc32"], want, body)
	}
	if ids := hdr["x-amzn-RequestId"]; len(ids) != 1 || !requestIDRE.MatchString(ids[0]) {
		t.Errorf("x-amzn-RequestId = %q, want one id of DynamoDB's form", ids)
	}
	if got, want := hdr.Get("Content-Length"), strconv.Itoa(len(body)); got != want {
		t.Errorf("Content-Length = %q, want %q", got, want)
	}
	return reply{status: rec.Code, contentType: hdr.Get("Content-Type"), body: body, header: hdr}
}

func target(action string) string { return server.DynamoDBTarget + "." + action }

// TestDispatchEveryAction sends each method of engine.API to the server
// and checks that the fake engine got the call with the decoded input and
// that its output came back.
func TestDispatchEveryAction(t *testing.T) {
	api := reflect.TypeFor[engine.API]()
	if api.NumMethod() == 0 {
		t.Fatal("engine.API has no methods")
	}
	for m := range api.Methods() {
		t.Run(m.Name, func(t *testing.T) {
			fake := &fakeAPI{respond: func(method string, in any) (any, error) {
				// An output with every field zero.
				return reflect.New(m.Type.Out(0).Elem()).Interface(), nil
			}}
			got := serve(t, server.New(fake, server.Options{}), request{
				target: target(m.Name),
				body:   `{"TableName":"tbl","Ignored":{"x":[1]}}`,
			})
			if got.status != http.StatusOK || got.contentType != amzJSON {
				t.Fatalf("status %d %s, body %s", got.status, got.contentType, got.body)
			}
			method, in := fake.last()
			if method != m.Name {
				t.Fatalf("engine got %q, want %q", method, m.Name)
			}
			if inType := reflect.TypeOf(in); inType != m.Type.In(1) {
				t.Fatalf("input type %v, want %v", inType, m.Type.In(1))
			}
			if f := reflect.ValueOf(in).Elem().FieldByName("TableName"); f.IsValid() && f.String() != "tbl" {
				t.Errorf("TableName = %q, want tbl", f.String())
			}
			if _, empty := m.Type.Out(0).MethodByName("NoBody"); empty {
				if got.body != "" {
					t.Errorf("body %q, want none (DynamoDB answers %s with an empty body)", got.body, m.Name)
				}
				return
			}
			if !strings.HasPrefix(got.body, "{") || strings.HasSuffix(got.body, "\n") {
				t.Errorf("body %q is not one JSON object without a newline", got.body)
			}
		})
	}
}

// TestReplies checks exact bodies for decoded inputs and encoded outputs.
func TestReplies(t *testing.T) {
	limit := int32(2)
	tests := []struct {
		name    string
		action  string
		body    string
		wantIn  any
		out     any
		wantOut string
	}{{
		name:    "ListTables",
		action:  "ListTables",
		body:    `{"ExclusiveStartTableName":"a","Limit":2}`,
		wantIn:  &model.ListTablesInput{ExclusiveStartTableName: "a", Limit: &limit},
		out:     &model.ListTablesOutput{TableNames: []string{"b", "c"}, LastEvaluatedTableName: "c"},
		wantOut: `{"TableNames":["b","c"],"LastEvaluatedTableName":"c"}`,
	}, {
		name:    "nil output",
		action:  "DescribeTimeToLive",
		body:    `{"TableName":"t"}`,
		wantIn:  &model.DescribeTimeToLiveInput{TableName: "t"},
		out:     nil,
		wantOut: `{}`,
	}, {
		name:   "null members are absent",
		action: "ListTables",
		body:   `{"ExclusiveStartTableName":null,"Limit":null}`,
		wantIn: &model.ListTablesInput{},
		out: &model.ListTablesOutput{
			TableNames: []string{"<&>"},
		},
		wantOut: `{"TableNames":["<&>"]}`,
	}, {
		name:   "GetItem",
		action: "GetItem",
		body:   `{"TableName":"t","Key":{"pk":{"S":"a"}}}`,
		wantIn: &model.GetItemInput{TableName: "t", Key: model.Item{"pk": model.S("a")}},
		out: &model.GetItemOutput{
			Item:             model.Item{"pk": model.S("a"), "n": model.N("1.5"), "l": model.L(model.Bool(true), model.Null())},
			ConsumedCapacity: &model.ConsumedCapacity{TableName: "t", CapacityUnits: 0.5},
		},
		wantOut: `{"Item":{"l":{"L":[{"BOOL":true},{"NULL":true}]},"n":{"N":"1.5"},"pk":{"S":"a"}},"ConsumedCapacity":{"TableName":"t","CapacityUnits":0.5}}`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := &fakeAPI{respond: func(string, any) (any, error) { return tt.out, nil }}
			got := serve(t, server.New(fake, server.Options{}), request{target: target(tt.action), body: tt.body})
			if got.status != http.StatusOK || got.body != tt.wantOut {
				t.Errorf("reply %d %s, want 200 %s", got.status, got.body, tt.wantOut)
			}
			if _, in := fake.last(); !reflect.DeepEqual(in, tt.wantIn) {
				t.Errorf("engine input %#v, want %#v", in, tt.wantIn)
			}
		})
	}
}

// TestErrors checks the exact status and body of each kind of error.
func TestErrors(t *testing.T) {
	tests := []struct {
		name       string
		err        error
		panics     bool
		wantStatus int
		wantBody   string
	}{{
		name:       "ValidationException",
		err:        model.InvalidParameter("Missing the key pk in the item"),
		wantStatus: 400,
		wantBody:   `{"__type":"com.amazon.coral.validate#ValidationException","message":"One or more parameter values were invalid: Missing the key pk in the item"}`,
	}, {
		name:       "ResourceNotFoundException",
		err:        model.ResourceNotFound(),
		wantStatus: 400,
		wantBody:   `{"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","message":"Requested resource not found"}`,
	}, {
		name:       "ResourceNotFoundException for a table",
		err:        model.TableNotFound("t"),
		wantStatus: 400,
		wantBody:   `{"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","message":"Requested resource not found: Table: t not found"}`,
	}, {
		name:       "ConditionalCheckFailedException",
		err:        model.ConditionalCheckFailed(nil),
		wantStatus: 400,
		wantBody:   `{"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","message":"The conditional request failed"}`,
	}, {
		name:       "ConditionalCheckFailedException with Item",
		err:        model.ConditionalCheckFailed(model.Item{"pk": model.S("a"), "n": model.N("7")}),
		wantStatus: 400,
		wantBody:   `{"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","message":"The conditional request failed","Item":{"n":{"N":"7"},"pk":{"S":"a"}}}`,
	}, {
		name: "TransactionCanceledException",
		err: &model.Error{
			Code:    model.ErrTransactionCanceled,
			Message: "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]",
			CancellationReasons: []model.CancellationReason{
				{Code: "None"},
				{Code: "ConditionalCheckFailed", Message: "The conditional request failed", Item: model.Item{"pk": model.S("b")}},
			},
		},
		wantStatus: 400,
		// "Message" and Code, Item, Message: DynamoDB's replies quoted in
		// pynamodb#1144, erlcloud#607 and boto3#2657.
		wantBody: `{"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",` +
			`"Message":"Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]",` +
			`"CancellationReasons":[{"Code":"None"},{"Code":"ConditionalCheckFailed","Item":{"pk":{"S":"b"}},"Message":"The conditional request failed"}]}`,
	}, {
		name:       "ResourceInUseException",
		err:        model.NewError(model.ErrResourceInUse, "Table already exists: %s", "t"),
		wantStatus: 400,
		wantBody:   `{"__type":"com.amazonaws.dynamodb.v20120810#ResourceInUseException","message":"Table already exists: t"}`,
	}, {
		name:       "SerializationException from the engine",
		err:        model.NewError(model.ErrSerialization, "NUMBER_VALUE cannot be converted to String"),
		wantStatus: 400,
		wantBody:   `{"__type":"com.amazon.coral.service#SerializationException","Message":"NUMBER_VALUE cannot be converted to String"}`,
	}, {
		name:       "AccessDeniedException",
		err:        model.NewError("AccessDeniedException", "no"),
		wantStatus: 400,
		wantBody:   `{"__type":"com.amazon.coral.service#AccessDeniedException","Message":"no"}`,
	}, {
		name:       "UnrecognizedClientException",
		err:        model.NewError("UnrecognizedClientException", "The security token included in the request is invalid."),
		wantStatus: 400,
		wantBody:   `{"__type":"com.amazon.coral.service#UnrecognizedClientException","message":"The security token included in the request is invalid."}`,
	}, {
		name:       "wrapped model error",
		err:        errorsJoin(model.ResourceNotFound()),
		wantStatus: 400,
		wantBody:   `{"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","message":"Requested resource not found"}`,
	}, {
		name:       "InternalServerError",
		err:        model.NewError(model.ErrInternalServer, "Internal server error"),
		wantStatus: 500,
		wantBody:   `{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"Internal server error"}`,
	}, {
		name:       "plain error",
		err:        errors.New("disk on fire"),
		wantStatus: 500,
		wantBody:   `{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"Internal server error"}`,
	}, {
		name:       "error without a code",
		err:        &model.Error{Message: "?"},
		wantStatus: 500,
		wantBody:   `{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"Internal server error"}`,
	}, {
		name:       "panic",
		panics:     true,
		wantStatus: 500,
		wantBody:   `{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"Internal server error"}`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := &fakeAPI{respond: func(string, any) (any, error) {
				if tt.panics {
					panic("boom")
				}
				return nil, tt.err
			}}
			for _, ct := range []string{amzJSON, "application/json"} {
				got := serve(t, server.New(fake, server.Options{}), request{
					target:      target("PutItem"),
					contentType: ct,
					body:        `{"TableName":"t","Item":{"pk":{"S":"a"}}}`,
				})
				if got.status != tt.wantStatus || got.contentType != ct || got.body != tt.wantBody {
					t.Errorf("%s: reply %d %s %s\nwant       %d %s %s", ct, got.status, got.contentType, got.body, tt.wantStatus, ct, tt.wantBody)
				}
			}
		})
	}
}

func errorsJoin(err error) error { return errors.Join(errors.New("context"), err) }

// TestProtocol checks what the server answers before any action runs.
func TestProtocol(t *testing.T) {
	const (
		unknownOp     = `{"__type":"com.amazon.coral.service#UnknownOperationException"}`
		serialization = `{"__type":"com.amazon.coral.service#SerializationException"}`
		health        = "healthy: dynamodb.us-east-1.amazonaws.com "
		notFound      = "<UnknownOperationException/>\n"
	)
	tests := []struct {
		name            string
		req             request
		wantStatus      int
		wantContentType string
		wantBody        string
	}{
		{"GET health", request{method: "GET", contentType: "-"}, 200, "text/plain; charset=utf-8", health},
		{"GET health with a target", request{method: "GET", target: target("ListTables")}, 200, "text/plain; charset=utf-8", health},
		{"PUT", request{method: "PUT", target: target("ListTables"), body: "{}"}, 404, "text/plain; charset=utf-8", notFound},
		{"DELETE", request{method: "DELETE"}, 404, "text/plain; charset=utf-8", notFound},
		{"text/plain body", request{target: target("ListTables"), contentType: "text/plain", body: "{}"}, 404, "text/plain; charset=utf-8", notFound},
		{"no content type with a body", request{target: target("ListTables"), contentType: "-", body: "{}"}, 404, "text/plain; charset=utf-8", notFound},
		{"no content type, no body", request{target: target("ListTables"), contentType: "-"}, 400, "application/json", serialization},
		{"application/json echoed", request{target: target("ListTables"), contentType: "application/json", body: "{}"}, 200, "application/json", `{"TableNames":null}`},
		{"charset parameter", request{target: target("ListTables"), contentType: "application/x-amz-json-1.0; charset=UTF-8", body: "{}"}, 200, amzJSON, `{"TableNames":null}`},
		{"no target", request{body: "{}"}, 400, amzJSON, unknownOp},
		{"unknown action", request{target: target("ListTable"), body: "{}"}, 400, amzJSON, unknownOp},
		{"action without prefix", request{target: "ListTables", body: "{}"}, 400, amzJSON, unknownOp},
		{"old API version", request{target: "DynamoDB_20111205.ListTables", body: "{}"}, 400, amzJSON, unknownOp},
		{"streams not registered", request{target: server.StreamsTarget + ".ListStreams", body: "{}"}, 400, amzJSON, unknownOp},
		{"unknown action, no body", request{target: target("Nope")}, 400, amzJSON, unknownOp},
		{"unknown action, malformed JSON", request{target: target("Nope"), body: "{"}, 400, amzJSON, serialization},
		{"malformed JSON", request{target: target("ListTables"), body: `{"Limit":`}, 400, amzJSON, serialization},
		{"trailing garbage", request{target: target("ListTables"), body: `{} x`}, 400, amzJSON, serialization},
		{"empty body", request{target: target("ListTables")}, 400, amzJSON, serialization},
		{"JSON null body", request{target: target("ListTables"), body: "null"}, 200, amzJSON, `{"TableNames":null}`},
	}
	h := server.New(&fakeAPI{}, server.Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := serve(t, h, tt.req)
			if got.status != tt.wantStatus || got.contentType != tt.wantContentType || got.body != tt.wantBody {
				t.Errorf("reply %d %q %q\nwant  %d %q %q", got.status, got.contentType, got.body, tt.wantStatus, tt.wantContentType, tt.wantBody)
			}
		})
	}
}

func TestNotFoundChecksum(t *testing.T) {
	// dynalite's constant for the 404 body.
	got := serve(t, server.New(&fakeAPI{}, server.Options{}), request{method: "PATCH"})
	if crc := got.header["x-amz-crc32"]; !reflect.DeepEqual(crc, []string{"3552371480"}) {
		t.Errorf("x-amz-crc32 = %q, want 3552371480", crc)
	}
}

func TestHealthRegion(t *testing.T) {
	got := serve(t, server.New(&fakeAPI{}, server.Options{Region: "eu-west-1"}), request{method: "GET"})
	if want := "healthy: dynamodb.eu-west-1.amazonaws.com "; got.body != want {
		t.Errorf("body %q, want %q", got.body, want)
	}
}

func TestRequestIDsDiffer(t *testing.T) {
	h := server.New(&fakeAPI{}, server.Options{})
	seen := map[string]bool{}
	for range 100 {
		id := serve(t, h, request{target: target("ListTables"), body: "{}"}).header["x-amzn-RequestId"][0]
		if seen[id] {
			t.Fatalf("request id %s repeated", id)
		}
		seen[id] = true
	}
}

// TestBodyLimit checks 413 for bodies over the limit, whether announced by
// Content-Length or found while reading a chunked body.
func TestBodyLimit(t *testing.T) {
	const limit = 16 << 20
	tests := []struct {
		name       string
		size       int
		chunked    bool
		wantStatus int
	}{
		{"at the limit", limit, false, 400}, // read, then refused as malformed JSON
		{"over the limit", limit + 1, false, 413},
		{"chunked at the limit", limit, true, 400},
		{"chunked over the limit", limit + 1, true, 413},
	}
	h := server.New(&fakeAPI{}, server.Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body io.Reader = io.LimitReader(repeatReader('a'), int64(tt.size))
			if tt.chunked {
				body = struct{ io.Reader }{body} // hides the length
			}
			r := httptest.NewRequest("POST", "/", body)
			if tt.chunked {
				r.ContentLength = -1
			}
			r.Header.Set("X-Amz-Target", target("PutItem"))
			r.Header.Set("Content-Type", amzJSON)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status %d, want %d (body %.100q)", rec.Code, tt.wantStatus, rec.Body.String())
			}
			if tt.wantStatus == 413 && rec.Body.Len() != 0 {
				t.Errorf("413 body %q, want empty", rec.Body.String())
			}
		})
	}
	t.Run("custom limit", func(t *testing.T) {
		h := server.New(&fakeAPI{}, server.Options{MaxBodyBytes: 10})
		r := httptest.NewRequest("POST", "/", strings.NewReader(`{"TableName":"t"}`))
		r.Header.Set("X-Amz-Target", target("DescribeTable"))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if rec.Code != 413 {
			t.Errorf("status %d, want 413", rec.Code)
		}
	})
}

type repeatReader byte

func (b repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}

// TestRegister serves a second target prefix, as DynamoDB Streams will be.
func TestRegister(t *testing.T) {
	type listStreamsInput struct {
		TableName string
		Limit     *int32
	}
	type listStreamsOutput struct {
		Streams []string
	}
	s := server.New(&fakeAPI{}, server.Options{})
	var got listStreamsInput
	server.Register(s, server.StreamsTarget, "ListStreams", func(_ context.Context, in *listStreamsInput) (*listStreamsOutput, error) {
		got = *in
		if in.TableName == "missing" {
			return nil, model.TableNotFound(in.TableName)
		}
		return &listStreamsOutput{Streams: []string{"arn:s"}}, nil
	})
	r := serve(t, s, request{target: server.StreamsTarget + ".ListStreams", body: `{"TableName":"t"}`})
	if r.status != 200 || r.body != `{"Streams":["arn:s"]}` || got.TableName != "t" {
		t.Errorf("reply %d %s, input %+v", r.status, r.body, got)
	}
	r = serve(t, s, request{target: server.StreamsTarget + ".ListStreams", body: `{"Limit":"x"}`})
	if want := `{"__type":"com.amazon.coral.service#SerializationException","Message":"STRING_VALUE cannot be converted to Integer"}`; r.status != 400 || r.body != want {
		t.Errorf("reply %d %s, want 400 %s", r.status, r.body, want)
	}
	r = serve(t, s, request{target: server.StreamsTarget + ".GetRecords", body: `{}`})
	if want := `{"__type":"com.amazon.coral.service#UnknownOperationException"}`; r.status != 400 || r.body != want {
		t.Errorf("reply %d %s, want 400 %s", r.status, r.body, want)
	}
	// The DynamoDB actions are still there.
	if r := serve(t, s, request{target: target("ListTables"), body: `{}`}); r.status != 200 {
		t.Errorf("ListTables after Register: %d %s", r.status, r.body)
	}
}
