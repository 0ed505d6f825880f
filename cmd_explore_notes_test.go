package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/ui"
)

// What loading a model says (ignored properties, assumed names, the load's
// report) is printed once the explorer has quit, not before it takes the
// screen, where nobody could read it.
func TestExploreLoadNotesPrintedAfterTheScreen(t *testing.T) {
	var stderr bytes.Buffer
	atStart := -1
	old := runUI
	defer func() { runUI = old }()
	runUI = func(m *ui.Model, stdout io.Writer) error {
		atStart = stderr.Len()
		m.Close()
		return nil
	}
	if err := run([]string{"--model", testTemplate, "--param", "AWS::StackName=shop"}, io.Discard, &stderr); err != nil {
		t.Fatal(err)
	}
	if atStart != 0 {
		t.Fatalf("%d bytes printed under the explorer's screen: %q", atStart, stderr.String()[:atStart])
	}
	for _, want := range []string{
		"dynoscope: " + testTemplate + ": line 81: OrdersTable: ignored SSESpecification (changes nothing in a local engine)\n",
		"dynoscope: loaded " + testTemplate + ": created ",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("after the explorer, stderr has no %q:\n%s", want, stderr.String())
		}
	}
}
