package main

import (
	"io"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine/remote/remotetest"
)

// The explorer's remote flags are checked before any screen: --serve and
// --write go only where they mean something, and a profile that does not
// exist is an error on the command line, in the SDK's words with the
// profile and region tried.
func TestExploreRemoteFlags(t *testing.T) {
	remotetest.IsolateAWS(t, "")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--endpoint-url", "http://127.0.0.1:1", "--serve", "127.0.0.1:0"}, "--serve serves the embedded engine: it does not go with --region, --profile or --endpoint-url"},
		{[]string{"--write", "--fixtures", "none"}, "--write is for a remote DynamoDB (--region or --endpoint-url): the embedded engine is always writable"},
		{[]string{"--profile", "nope", "--region", "eu-west-1"}, "CredentialsError: failed to get shared config profile, nope (profile nope, region eu-west-1)"},
		{[]string{"--profile", "nope"}, "CredentialsError: failed to get shared config profile, nope (profile nope, region none)"},
	} {
		err := run(c.args, io.Discard, io.Discard)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v", strings.Join(c.args, " "), err)
		}
	}
}
