package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// Target prefixes of the X-Amz-Target header, before the '.' and the action.
const (
	// DynamoDBTarget is the prefix of DynamoDB's actions.
	DynamoDBTarget = "DynamoDB_20120810"
	// StreamsTarget is the prefix of DynamoDB Streams' actions (ListStreams,
	// DescribeStream, GetShardIterator, GetRecords); handlers for it are
	// added with Register.
	StreamsTarget = "DynamoDBStreams_20120810"
)

// Content types the server accepts. Replies use the request's type.
const (
	ContentTypeAmzJSON = "application/x-amz-json-1.0"
	ContentTypeJSON    = "application/json"
)

// DefaultMaxBodyBytes is the largest request body accepted, as DynamoDB's
// 16 MB; a larger one gets 413.
const DefaultMaxBodyBytes = 16 << 20

// DefaultRegion is the region named in the health text when Options.Region
// is empty.
const DefaultRegion = "us-east-1"

// Options tunes a Server. The zero value is ready to use.
type Options struct {
	// MaxBodyBytes bounds request bodies; 0 means DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// Region is named in the health text; "" means DefaultRegion.
	Region string
	// Logger receives internal errors and recovered panics; nil discards
	// them.
	Logger *slog.Logger
}

// Server is an http.Handler speaking DynamoDB's JSON protocol to an
// engine.API.
type Server struct {
	// targets maps a target prefix to its action table. It is written only
	// by New and Register, before the server serves.
	targets  map[string]map[string]handler
	maxBody  int64
	health   []byte
	log      *slog.Logger
	bodyPool sync.Pool // *bytes.Buffer for request bodies
}

// New returns a Server dispatching every DynamoDB action to api.
func New(api engine.API, opts Options) *Server {
	if opts.MaxBodyBytes <= 0 {
		opts.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if opts.Region == "" {
		opts.Region = DefaultRegion
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Server{
		targets: map[string]map[string]handler{DynamoDBTarget: dynamoDBActions(api)},
		maxBody: opts.MaxBodyBytes,
		health:  []byte("healthy: dynamodb." + opts.Region + ".amazonaws.com "),
		log:     log,
	}
}

// ServeHTTP answers one request. The checks run in DynamoDB's order (as
// dynalite recorded it): body size, method and content type, JSON syntax,
// target, then the action's own decoding and the engine.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
	case http.MethodGet:
		s.writeHealth(w)
		return
	default:
		writeNotFound(w)
		return
	}
	if r.ContentLength > s.maxBody {
		w.WriteHeader(http.StatusRequestEntityTooLarge)
		return
	}
	body := s.getBody()
	defer s.putBody(body)
	if err := readBody(body, http.MaxBytesReader(w, r.Body, s.maxBody), r.ContentLength); err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			w.WriteHeader(http.StatusRequestEntityTooLarge)
		}
		// Otherwise the client went away mid-body: nobody to answer.
		return
	}
	data := body.Bytes()

	contentType, ok := replyContentType(r.Header.Get("Content-Type"), len(data) > 0)
	if !ok {
		writeNotFound(w)
		return
	}
	if !model.ValidJSONText(data) {
		// Not UTF-8, or half a surrogate pair: DynamoDB's JSON reader
		// fails on it, whatever the target (see model.ValidJSONText).
		s.writeError(w, contentType, serializationError(""))
		return
	}
	prefix, action, _ := strings.Cut(r.Header.Get("X-Amz-Target"), ".")
	h := s.targets[prefix][action]
	if h == nil {
		if len(data) > 0 && !json.Valid(data) {
			s.writeError(w, contentType, serializationError(""))
			return
		}
		s.writeError(w, contentType, &model.Error{Code: errUnknownOperation})
		return
	}
	if len(data) == 0 {
		s.writeError(w, contentType, serializationError(""))
		return
	}
	out, err := s.call(r, h, data)
	if err != nil {
		s.writeError(w, contentType, err)
		return
	}
	if _, ok := out.(interface{ NoBody() }); ok {
		writeRaw(w, contentType, http.StatusOK, nil) // TagResource, UntagResource
		return
	}
	s.writeJSON(w, contentType, http.StatusOK, out)
}

// call runs a handler, turning a panic into an InternalServerError so that
// one bad request cannot take the connection down with it.
func (s *Server) call(r *http.Request, h handler, data []byte) (out any, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("server: panic in handler", "target", r.Header.Get("X-Amz-Target"), "panic", p)
			out, err = nil, errInternal
		}
	}()
	return h(r.Context(), data)
}

// replyContentType picks the reply's Content-Type from the request's: the
// JSON 1.0 type or application/json (echoed), ignoring parameters such as
// charset. Any other type is refused, but only when there is a body, as
// dynalite does.
func replyContentType(requested string, hasBody bool) (string, bool) {
	mediaType, _, _ := strings.Cut(requested, ";")
	switch strings.ToLower(strings.TrimSpace(mediaType)) {
	case ContentTypeAmzJSON:
		return ContentTypeAmzJSON, true
	case ContentTypeJSON:
		return ContentTypeJSON, true
	}
	return ContentTypeJSON, !hasBody
}

// maxPooledBody is the largest buffer kept for reuse; the rare huge request
// does not pin its memory.
const maxPooledBody = 1 << 20

func (s *Server) getBody() *bytes.Buffer {
	if b, ok := s.bodyPool.Get().(*bytes.Buffer); ok {
		return b
	}
	return new(bytes.Buffer)
}

func (s *Server) putBody(b *bytes.Buffer) {
	if b.Cap() > maxPooledBody {
		return
	}
	b.Reset()
	s.bodyPool.Put(b)
}
