// Package awsclitest runs the AWS CLI v2 against an endpoint in tests: the
// checks that a real client's requests are served as DynamoDB serves them.
// Each CLI call starts a Python interpreter (seconds each on a small
// machine), so the tests run only when DYNOSCOPE_AWSCLI is set.
package awsclitest

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Path is where the tests look for the AWS CLI v2 (an older aws may come
// first on PATH).
const Path = "/usr/bin/aws"

// Need skips t unless DYNOSCOPE_AWSCLI is set and the CLI is installed.
func Need(t testing.TB) {
	t.Helper()
	if os.Getenv("DYNOSCOPE_AWSCLI") == "" {
		t.Skip("set DYNOSCOPE_AWSCLI=1 to run the AWS CLI checks")
	}
	if _, err := os.Stat(Path); err != nil {
		t.Skip("the AWS CLI is not installed at " + Path)
	}
}

// CLI runs `aws dynamodb …` against one endpoint, with dummy credentials,
// a region, and a home and config files of the test's own (nothing of the
// user's AWS config is read).
type CLI struct {
	t        testing.TB
	endpoint string
	env      []string
}

// New is the CLI for endpoint (an http:// URL).
func New(t testing.TB, endpoint string) *CLI {
	home := t.TempDir()
	env := append(os.Environ(), "HOME="+home, "AWS_ACCESS_KEY_ID=x", "AWS_SECRET_ACCESS_KEY=y", "AWS_DEFAULT_REGION=us-east-1",
		"AWS_CONFIG_FILE="+home+"/config", "AWS_SHARED_CREDENTIALS_FILE="+home+"/credentials", "AWS_EC2_METADATA_DISABLED=true", "AWS_PAGER=")
	return &CLI{t: t, endpoint: endpoint, env: env}
}

// Run runs `aws dynamodb ARGS --output json` and returns its JSON output
// (nil when it printed nothing or failed), what it printed, and its error.
func (c *CLI) Run(args ...string) (map[string]any, string, error) {
	c.t.Helper()
	cmd := exec.Command(Path, append([]string{"dynamodb", "--endpoint-url", c.endpoint, "--output", "json"}, args...)...)
	cmd.Env = c.env
	out, err := cmd.CombinedOutput()
	var v map[string]any
	if err == nil && len(strings.TrimSpace(string(out))) > 0 {
		if jerr := json.Unmarshal(out, &v); jerr != nil {
			c.t.Fatalf("aws dynamodb %s: %v\n%s", args[0], jerr, out)
		}
	}
	return v, string(out), err
}

// Must is Run that fails the test when the call fails.
func (c *CLI) Must(args ...string) map[string]any {
	c.t.Helper()
	v, out, err := c.Run(args...)
	if err != nil {
		c.t.Fatalf("aws dynamodb %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return v
}
