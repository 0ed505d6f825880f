package server_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine/server"
)

// serializationCase is one case of testdata/serialization.txt.
type serializationCase struct {
	line    int
	action  string
	body    string
	message string // "" for none
}

// readSerializationCases parses testdata/serialization.txt: "#" comments,
// blank lines, then pairs of "<Action> <body>" and "=> <Message>" lines.
func readSerializationCases(t *testing.T) []serializationCase {
	t.Helper()
	f, err := os.Open("testdata/serialization.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []serializationCase
	var pending *serializationCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "=>"):
			if pending == nil {
				t.Fatalf("line %d: result without a request", n)
			}
			pending.message = strings.TrimSpace(strings.TrimPrefix(line, "=>"))
			cases = append(cases, *pending)
			pending = nil
		default:
			if pending != nil {
				t.Fatalf("line %d: request without a result", pending.line)
			}
			action, body, _ := strings.Cut(line, " ")
			pending = &serializationCase{line: n, action: action, body: body}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if pending != nil {
		t.Fatalf("line %d: request without a result", pending.line)
	}
	return cases
}

func TestSerializationErrors(t *testing.T) {
	cases := readSerializationCases(t)
	if len(cases) < 10 {
		t.Fatalf("only %d cases read", len(cases))
	}
	fake := &fakeAPI{}
	h := server.New(fake, server.Options{})
	for _, c := range cases {
		t.Run(c.action+" "+c.body, func(t *testing.T) {
			wantBody := `{"__type":"com.amazon.coral.service#SerializationException"}`
			if c.message != "" {
				// The texts hold no character that JSON escapes.
				wantBody = `{"__type":"com.amazon.coral.service#SerializationException","Message":"` + c.message + `"}`
			}
			fake.method = ""
			got := serve(t, h, request{target: target(c.action), body: c.body})
			if got.status != 400 || got.body != wantBody {
				t.Errorf("testdata/serialization.txt:%d: reply %d %s\nwant %s", c.line, got.status, got.body, wantBody)
			}
			if m, _ := fake.last(); m != "" {
				t.Errorf("the engine was called (%s)", m)
			}
		})
	}
}
