package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// DefaultAddr is where a local endpoint listens unless told otherwise:
// loopback only, on DynamoDB Local's port.
const DefaultAddr = "127.0.0.1:8000"

// ShutdownTimeout bounds how long Serve waits for requests in flight once
// its context is done.
const ShutdownTimeout = 5 * time.Second

// NewHTTPServer returns an http.Server for h with timeouts fit for a local
// endpoint: slow or idle clients cannot hold connections forever, while a
// 16 MB batch over a slow link still has time to arrive.
func NewHTTPServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    1 << 20,
	}
}

// ListenAndServe listens on addr (DefaultAddr if empty) and serves h until
// ctx is done, then shuts down gracefully. It returns nil after a shutdown
// caused by ctx. bound, when not nil, is called with the listener's address
// once the port is bound and before the first request is served.
func ListenAndServe(ctx context.Context, addr string, h http.Handler, bound func(net.Addr)) error {
	if addr == "" {
		addr = DefaultAddr
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	if bound != nil {
		bound(ln.Addr())
	}
	return Serve(ctx, ln, h)
}

// Serve serves h on ln until ctx is done, then shuts down gracefully,
// waiting at most ShutdownTimeout for requests in flight. It closes ln and
// returns nil after a shutdown caused by ctx. Use it with a listener on
// port 0 to learn the port before serving. On a loopback listener, only
// requests whose Host names this machine by loopback reach h (see
// LoopbackOnly).
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	if IsLoopback(ln.Addr()) {
		h = LoopbackOnly(h)
	}
	srv := NewHTTPServer(ln.Addr().String(), h)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), ShutdownTimeout)
	defer cancel()
	err := srv.Shutdown(shutdownCtx)
	if err != nil {
		_ = srv.Close() // requests still running past the timeout are cut off
	}
	if serveErr := <-errc; !errors.Is(serveErr, http.ErrServerClosed) && err == nil {
		err = serveErr
	}
	return err
}
