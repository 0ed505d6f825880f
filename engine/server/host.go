package server

import (
	"encoding/json"
	"net"
	"net/http"
	"strings"
)

// A browser page can reach a server on 127.0.0.1 through a name it
// controls: it resolves evil.example to a public address, serves its
// script, then rebinds the name to 127.0.0.1, and the script's requests
// to http://evil.example:8000 land on the local endpoint (DNS rebinding).
// Those requests carry the page's host name in Host. A client that means
// to talk to the local endpoint names it by a loopback address or
// "localhost" (the AWS SDKs and CLI send Host 127.0.0.1:PORT or
// localhost:PORT), so a loopback listener answers only such hosts.

// hostRefusedMessage explains a refused Host to whoever sent it.
const hostRefusedMessage = "dynoscope refuses this request: its Host header names neither localhost nor a loopback address, " +
	"and this endpoint listens on loopback only (protection against DNS rebinding). " +
	"Address it as http://127.0.0.1:PORT, http://localhost:PORT or http://[::1]:PORT."

// IsLoopback reports whether a listener's address is a loopback address
// (127.0.0.0/8 or ::1), that is whether only this machine can reach it.
func IsLoopback(addr net.Addr) bool {
	if tcp, ok := addr.(*net.TCPAddr); ok {
		return tcp.IP.IsLoopback()
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// LoopbackHost reports whether a request's Host header names this machine
// by loopback: "localhost", or a loopback IP literal (127.0.0.1, [::1], any
// address of 127.0.0.0/8), with or without a port. An empty Host (an
// HTTP/1.0 request without one, which no browser sends) is accepted too.
func LoopbackHost(host string) bool {
	if host == "" {
		return true
	}
	name := host
	if h, port, err := net.SplitHostPort(host); err == nil {
		if !validPort(port) {
			return false
		}
		name = h
	} else if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		name = host[1 : len(host)-1]
	} else if strings.Contains(host, ":") {
		return false // a bare IPv6 literal must be bracketed in Host
	}
	if strings.EqualFold(name, "localhost") {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && ip.IsLoopback() && !strings.Contains(name, "%")
}

// validPort reports whether p is a port number (digits only, 0–65535, may
// be empty as in "localhost:").
func validPort(p string) bool {
	if len(p) > 5 {
		return false
	}
	n := 0
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c < '0' || c > '9' {
			return false
		}
		n = n*10 + int(c-'0')
	}
	return n <= 65535
}

// LoopbackOnly wraps h so that a request whose Host header does not name
// this machine by loopback (see LoopbackHost) is answered 403 with a JSON
// AccessDeniedException saying why, and never reaches h. Serve wraps its
// handler with it when it listens on a loopback address.
func LoopbackOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !LoopbackHost(r.Host) {
			writeHostRefused(w)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// writeHostRefused answers a request with a refused Host.
func writeHostRefused(w http.ResponseWriter) {
	writeRaw(w, ContentTypeAmzJSON, http.StatusForbidden, hostRefusedBody)
}

// hostRefusedBody is the reply to a refused Host.
var hostRefusedBody = func() []byte {
	b, err := json.Marshal(&errorBody{Type: nsService + errAccessDenied, CapitalMessage: hostRefusedMessage})
	if err != nil {
		panic(err)
	}
	return b
}()
