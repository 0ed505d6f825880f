package server

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestReadBodyGrowsWithWhatArrives(t *testing.T) {
	tests := []struct {
		name     string
		body     string
		declared int64
		maxCap   int
	}{
		{"16 MB declared, 1 byte sent", "{", 16 << 20, 2 * bodyPrealloc},
		{"honest small body", `{"TableName":"Thread"}`, 22, 4096},
		{"unknown length", `{}`, -1, 4096},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := readBody(&buf, strings.NewReader(tt.body), tt.declared); err != nil && err != io.EOF {
				t.Fatal(err)
			}
			if buf.String() != tt.body {
				t.Fatalf("read %q, want %q", buf.String(), tt.body)
			}
			if buf.Cap() > tt.maxCap {
				t.Fatalf("buffer capacity %d, want at most %d", buf.Cap(), tt.maxCap)
			}
		})
	}
}

// TestReadBodyHonestLengthOneAllocation checks that a body that is as long
// as it says fills the first buffer without regrowing it.
func TestReadBodyHonestLengthOneAllocation(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations are counted without -race")
	}
	body := strings.Repeat("x", 10_000)
	r := strings.NewReader(body)
	var buf bytes.Buffer
	allocs := testing.AllocsPerRun(20, func() {
		r.Reset(body)
		buf = bytes.Buffer{}
		_ = readBody(&buf, r, int64(len(body)))
	})
	if allocs > 1 {
		t.Fatalf("%v allocations to read an honest 10 KB body, want 1", allocs)
	}
}
