package main

import (
	"io"
	"net"
	"strings"
	"testing"
)

// --serve takes its address before the explorer starts: one in use is an
// error on the command line, not a broken screen.
func TestExploreServeAddressInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	err = run([]string{"--fixtures", "none", "--serve", ln.Addr().String()}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "--serve: ") || !strings.Contains(err.Error(), "address already in use") {
		t.Fatalf("err = %v", err)
	}
}
