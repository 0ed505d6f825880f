package main

import (
	"bytes"
	"net"
	"testing"
)

func TestWarnBeyondLoopback(t *testing.T) {
	tests := []struct {
		addr string
		want string
	}{
		{"127.0.0.1:8000", ""},
		{"[::1]:8000", ""},
		{"0.0.0.0:8000", "dynoscope: warning: listening on 0.0.0.0:8000, beyond loopback: anyone who can reach this address can read and change the workspace (credentials are not checked)\n"},
		{"[::]:8000", "dynoscope: warning: listening on [::]:8000, beyond loopback: anyone who can reach this address can read and change the workspace (credentials are not checked)\n"},
	}
	for _, tt := range tests {
		a, err := net.ResolveTCPAddr("tcp", tt.addr)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		warnBeyondLoopback(&out, a)
		if out.String() != tt.want {
			t.Errorf("%s: %q, want %q", tt.addr, out.String(), tt.want)
		}
	}
}
