package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/model"
)

// fidelityStart is the engine clock's start in the fidelity tests.
var fidelityStart = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// fidelityServer is an engine served over loopback HTTP with an SDK client.
type fidelityServer struct {
	eng   *engine.Engine
	clock *engine.VirtualClock
	c     *dynamodb.Client
	url   string
}

// newFidelityServer serves a fresh in-memory engine on a paused virtual
// clock (requests arrive "at full speed": no engine time passes between
// them) with throttling on, unless opts says otherwise.
func newFidelityServer(tb testing.TB, opts engine.Options) *fidelityServer {
	tb.Helper()
	clock := engine.NewManualClock(fidelityStart)
	if opts.Clock == nil {
		opts.Clock = clock
	}
	opts.DisableTTLSweeper = true
	eng, err := engine.Open(opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := eng.Close(); err != nil {
			tb.Error(err)
		}
	})
	ts := httptest.NewServer(server.New(eng, server.Options{}))
	tb.Cleanup(ts.Close)
	return &fidelityServer{eng: eng, clock: clock, c: sdkClientFor(ts.URL), url: ts.URL}
}

// raw posts a DynamoDB JSON request the SDK would not send and returns the
// status and the decoded body.
func (s *fidelityServer) raw(tb testing.TB, action, body string) (int, map[string]any) {
	tb.Helper()
	req, err := http.NewRequest(http.MethodPost, s.url, strings.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	req.Header.Set("X-Amz-Target", "DynamoDB_20120810."+action)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		tb.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		tb.Fatalf("%s: body %q: %v", action, b, err)
	}
	return resp.StatusCode, out
}

// rawError posts a raw request and checks the exact error it answers.
func (s *fidelityServer) rawError(tb testing.TB, action, body, code, message string) {
	tb.Helper()
	status, out := s.raw(tb, action, body)
	typ, _ := out["__type"].(string)
	msg, _ := out["message"].(string)
	if m, ok := out["Message"].(string); ok {
		msg = m
	}
	if status != http.StatusBadRequest || !strings.HasSuffix(typ, "#"+code) || msg != message {
		tb.Errorf("%s %s:\n got  %d %s: %q\n want 400 %s: %q", action, body, status, typ, msg, code, message)
	}
}

// sdkValue converts an attribute value of the engine's model to the SDK's.
func sdkValue(v model.AttributeValue) types.AttributeValue {
	switch v.Type {
	case model.TypeS:
		return &types.AttributeValueMemberS{Value: v.S}
	case model.TypeN:
		return &types.AttributeValueMemberN{Value: v.N}
	case model.TypeB:
		return &types.AttributeValueMemberB{Value: v.B}
	case model.TypeBOOL:
		return &types.AttributeValueMemberBOOL{Value: v.BOOL}
	case model.TypeNULL:
		return &types.AttributeValueMemberNULL{Value: true}
	case model.TypeSS:
		return &types.AttributeValueMemberSS{Value: v.SS}
	case model.TypeNS:
		return &types.AttributeValueMemberNS{Value: v.NS}
	case model.TypeBS:
		return &types.AttributeValueMemberBS{Value: v.BS}
	case model.TypeL:
		l := make([]types.AttributeValue, len(v.L))
		for i, e := range v.L {
			l[i] = sdkValue(e)
		}
		return &types.AttributeValueMemberL{Value: l}
	case model.TypeM:
		return &types.AttributeValueMemberM{Value: toSDKItem(v.M)}
	}
	panic("unknown attribute type")
}

// toSDKItem converts an item of the engine's model to the SDK's.
func toSDKItem(item model.Item) map[string]types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(item))
	for k, v := range item {
		out[k] = sdkValue(v)
	}
	return out
}

// jsonOf renders SDK output fields for exact comparisons.
func jsonOf(tb testing.TB, v any) string {
	tb.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		tb.Fatal(err)
	}
	return strings.TrimSpace(buf.String())
}

// s and n are SDK attribute values.
func sv(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
func nv(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }

var bg = context.Background()

// aws.String is used everywhere below.
var str = aws.String
