package server_test

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
)

// TestBatchWriteCountEchoesRequests: a table with more than 25 requests, or
// none, fails the constraint on RequestItems' map values, and the message
// echoes the whole map in the Java form DynamoDB prints
// (risingwavelabs/risingwave#17572, 2024): WriteRequest(putRequest=…,
// deleteRequest=…), each attribute value as
// com.amazonaws.dynamodb.v20120810.AttributeValue@<hash>. The hash is the
// Java String hash of the value's JSON (equal values, equal hashes), tables
// and attributes in name order (docs/FIDELITY.md, BatchWriteItem).
func TestBatchWriteCountEchoesRequests(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const (
		prefix = "1 validation error detected: Value '"
		rule   = "' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]"
		put0   = "WriteRequest(putRequest=PutRequest(item={a=com.amazonaws.dynamodb.v20120810.AttributeValue@6cb4c6ed}, workloadProfileName=null), deleteRequest=null)"
		del1   = "WriteRequest(putRequest=null, deleteRequest=DeleteRequest(key={a=com.amazonaws.dynamodb.v20120810.AttributeValue@6cb4caae}, workloadProfileName=null))"
	)
	puts := func(n int) (body, echo string) {
		var reqs, echoes []string
		for i := 0; i < n; i++ {
			reqs = append(reqs, `{"PutRequest":{"Item":{"a":{"S":"0"}}}}`)
			echoes = append(echoes, put0)
		}
		return "[" + strings.Join(reqs, ",") + "]", "[" + strings.Join(echoes, ", ") + "]"
	}
	twentySix, twentySixEcho := puts(26)
	var mixed, mixedEcho []string
	for i := 0; i < 13; i++ {
		mixed = append(mixed, `{"PutRequest":{"Item":{"a":{"S":"0"}}}}`, `{"DeleteRequest":{"Key":{"a":{"S":"1"}}}}`)
		mixedEcho = append(mixedEcho, put0, del1)
	}
	cases := []struct{ name, body, want string }{
		{"26 puts", `{"RequestItems":{"abc":` + twentySix + `}}`, prefix + "{abc=" + twentySixEcho + "}" + rule},
		{"puts and deletes", `{"RequestItems":{"abc":[` + strings.Join(mixed, ",") + `]}}`, prefix + "{abc=[" + strings.Join(mixedEcho, ", ") + "]}" + rule},
		{"no requests", `{"RequestItems":{"abc":[]}}`, prefix + "{abc=[]}" + rule},
		{"requests without a put or a delete", `{"RequestItems":{"abc":[` + strings.Repeat(`{},`, 25) + `{}]}}`,
			prefix + "{abc=[" + strings.Repeat("WriteRequest(putRequest=null, deleteRequest=null), ", 25) + "WriteRequest(putRequest=null, deleteRequest=null)]}" + rule},
		{"the whole map, tables in name order", `{"RequestItems":{"zzz":[{"PutRequest":{"Item":{"b":{"N":"5"},"a":{"S":"x"}}}}],"abc":[]}}`,
			prefix + "{abc=[], zzz=[WriteRequest(putRequest=PutRequest(item={a=com.amazonaws.dynamodb.v20120810.AttributeValue@6cb5d535, b=com.amazonaws.dynamodb.v20120810.AttributeValue@6435b16d}, workloadProfileName=null), deleteRequest=null)]}" + rule},
		{"beside another constraint", `{"RequestItems":{"abc":[]},"ReturnConsumedCapacity":"hi"}`,
			"2 validation errors detected: Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; Value '{abc=[]}" + rule},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv.rawError(t, "BatchWriteItem", tc.body, "ValidationException", tc.want)
		})
	}
}
