package remote

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/cloudwatch"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	"github.com/aws/smithy-go/logging"
	"github.com/aws/smithy-go/middleware"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
)

// Options say which DynamoDB to open and how.
type Options struct {
	// Region is the AWS region ("eu-west-1"). Empty: the region of the
	// profile or the environment (AWS_REGION); with EndpointURL and no
	// region anywhere, us-east-1 (requests must be signed for some region).
	Region string
	// Profile is the shared config profile (~/.aws/config and
	// ~/.aws/credentials) whose credentials and settings are used: static
	// keys, SSO, credential_process, assume-role. Empty: AWS_PROFILE or
	// "default". The SDK's standard chain applies: environment variables
	// first, then the profile, then container and instance roles.
	Profile string
	// EndpointURL points the DynamoDB and DynamoDB Streams clients at any
	// compatible endpoint (http://127.0.0.1:8000). Empty: AWS. When the
	// credential chain finds nothing, requests to an EndpointURL are signed
	// with placeholder credentials, which local emulators accept.
	EndpointURL string
	// CloudWatchEndpointURL points the CloudWatch client elsewhere than the
	// region's endpoint. With EndpointURL set and this empty, the backend
	// reads no CloudWatch metrics (TableMetrics answers MetricsUnavailable).
	CloudWatchEndpointURL string
	// Write lets the backend send the actions that change tables; without
	// it each is refused with ErrReadOnly before anything is sent.
	Write bool
	// MaxAttempts is how many times one call is tried; 0 leaves the SDK's
	// standard retryer (3 attempts, throttling and transient errors
	// retried with backoff).
	MaxAttempts int
	// RetryConnectionsOnly retries only the calls whose answer never came
	// back (a refused dial, a connection lost while reading the answer),
	// up to MaxAttempts (default 3) with the SDK's backoff; throttling and
	// every other exception come back at once, as the service answered
	// them, so a throttle shows when it happens. (Go's HTTP transport
	// occasionally closes a connection while the SDK reads an answer,
	// aws/aws-sdk-go-v2#2737, and the SDK's standard retryer retries it:
	// without any retry the call fails with "use of closed network
	// connection".)
	RetryConnectionsOnly bool
	// Credentials, when set, replaces the credential chain (programs that
	// embed the backend, tests).
	Credentials aws.CredentialsProvider
	// HTTPClient replaces the SDK's HTTP client of the DynamoDB, Streams
	// and CloudWatch clients, as it is (AWS_CA_BUNDLE is not applied to it).
	HTTPClient *http.Client
	// Now is the clock of the consumption meter (default time.Now).
	Now func() time.Time
}

// Backend is engine.API on a DynamoDB endpoint. It is safe for concurrent
// use.
type Backend struct {
	ddb     *dynamodb.Client
	streams *dynamodbstreams.Client
	cw      *cloudwatch.Client // nil: no CloudWatch for this endpoint
	loc     Location
	// placeholder is set once requests went out with placeholder
	// credentials.
	placeholder *atomic.Bool
	meter       *Meter
	now         func() time.Time
}

var _ engine.API = (*Backend)(nil)

// Open loads the AWS configuration (region, profile, credential chain) and
// returns a backend. It sends nothing: credential problems show on the
// first call, as a *model.Error with Code ErrCredentials naming the
// profile and region tried. A profile that does not exist, or no region
// for AWS, is an error here.
func Open(ctx context.Context, opts Options) (*Backend, error) {
	loc := Location{Region: opts.Region, Profile: opts.Profile, Endpoint: opts.EndpointURL, Write: opts.Write}
	// The SDK's own log lines (retries, IMDS fallbacks) would land on the
	// explorer's screen: what matters comes back as errors instead.
	load := []func(*config.LoadOptions) error{config.WithLogger(logging.Nop{})}
	if opts.Region != "" {
		load = append(load, config.WithRegion(opts.Region))
	}
	if opts.Profile != "" {
		load = append(load, config.WithSharedConfigProfile(opts.Profile))
	}
	if opts.Credentials != nil {
		load = append(load, config.WithCredentialsProvider(opts.Credentials))
	}
	switch {
	case opts.RetryConnectionsOnly:
		load = append(load, config.WithRetryer(func() aws.Retryer {
			return retry.NewStandard(func(o *retry.StandardOptions) {
				if opts.MaxAttempts > 0 {
					o.MaxAttempts = opts.MaxAttempts
				}
				o.Retryables = []retry.IsErrorRetryable{retry.NoRetryCanceledError{}, retry.RetryableConnectionError{}}
			})
		}))
	case opts.MaxAttempts > 0:
		load = append(load, config.WithRetryMaxAttempts(opts.MaxAttempts))
	}
	cfg, err := config.LoadDefaultConfig(ctx, load...)
	if err != nil {
		return nil, &model.Error{Code: ErrCredentials, Message: err.Error() + " (" + tried(loc) + ")"}
	}
	if cfg.Region == "" {
		if opts.EndpointURL == "" {
			return nil, &model.Error{Code: ErrCredentials, Message: "no region: pass --region, or set AWS_REGION or a region in the profile (" + tried(loc) + ")"}
		}
		cfg.Region = defaultEndpointRegion
	}
	loc.Region = cfg.Region
	if opts.HTTPClient != nil {
		// Set after loading, as it is: the loader would refuse a plain
		// *http.Client when AWS_CA_BUNDLE asks it to add a CA.
		cfg.HTTPClient = opts.HTTPClient
	}
	if loc.Profile == "" {
		loc.Profile = profileFromEnvironment()
	}
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	b := &Backend{loc: loc, now: now, meter: NewMeter(now), placeholder: new(atomic.Bool)}
	cfg.Credentials = &markedCredentials{inner: cfg.Credentials, endpoint: opts.EndpointURL != "", placeholder: b.placeholder}
	// The service answers for every input: the SDK's own check of required
	// members (which would answer in its words, not DynamoDB's) is removed.
	noClientValidation := func(st *middleware.Stack) error {
		_, err := st.Initialize.Remove("OperationInputValidation")
		if err != nil && !strings.Contains(err.Error(), "not found") {
			return err
		}
		return nil
	}
	b.ddb = dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		if opts.EndpointURL != "" {
			o.BaseEndpoint = aws.String(opts.EndpointURL)
		}
		o.APIOptions = append(o.APIOptions, noClientValidation)
	})
	b.streams = dynamodbstreams.NewFromConfig(cfg, func(o *dynamodbstreams.Options) {
		if opts.EndpointURL != "" {
			o.BaseEndpoint = aws.String(opts.EndpointURL)
		}
		o.APIOptions = append(o.APIOptions, noClientValidation)
	})
	if opts.EndpointURL == "" || opts.CloudWatchEndpointURL != "" {
		b.cw = cloudwatch.NewFromConfig(cfg, func(o *cloudwatch.Options) {
			if opts.CloudWatchEndpointURL != "" {
				o.BaseEndpoint = aws.String(opts.CloudWatchEndpointURL)
			}
		})
	}
	return b, nil
}

// defaultEndpointRegion signs requests to an endpoint URL when no region
// is configured.
const defaultEndpointRegion = "us-east-1"

// tried names the profile and region a credential error came from.
func tried(l Location) string {
	p := l.Profile
	if p == "" {
		p = "default"
	}
	r := l.Region
	if r == "" {
		r = "none"
	}
	s := "profile " + p + ", region " + r
	if l.Endpoint != "" {
		s += ", endpoint " + l.Endpoint
	}
	return s
}

var _ Located = (*Backend)(nil)

// Location tells where the backend points and whether it may write.
func (b *Backend) Location() Location {
	l := b.loc
	l.PlaceholderCredentials = b.placeholder.Load()
	return l
}

// Codes of the errors the backend makes itself; every other Code is the
// service's exception name.
const (
	// ErrReadOnly refuses a write on a backend opened without Write.
	ErrReadOnly = remoteapi.ErrReadOnly
	// ErrCredentials is a credential or configuration problem found on
	// this side: the SDK's words, then the profile and region tried.
	ErrCredentials = "CredentialsError"
	// ErrRequest is a request that got no answer from the service
	// (connection refused, timeout, cancelled): the SDK's words.
	ErrRequest = "RequestError"
)

// ReadOnlyMessage completes "read-only: " in a refusal.
const ReadOnlyMessage = remoteapi.ReadOnlyMessage

// IsReadOnly reports whether err is the backend's read-only refusal.
func IsReadOnly(err error) bool { return remoteapi.IsReadOnly(err) }

// refuseWrite returns the read-only refusal unless the backend may write.
func (b *Backend) refuseWrite() error {
	if b.loc.Write {
		return nil
	}
	return &model.Error{Code: ErrReadOnly, Message: ReadOnlyMessage}
}

// markedCredentials marks the errors of the credential chain, so they can
// be told from the service's and reported with the profile and region.
// With an endpoint URL, a chain that finds nothing falls back to
// placeholder credentials.
type markedCredentials struct {
	inner       aws.CredentialsProvider
	endpoint    bool
	placeholder *atomic.Bool
}

// placeholder signs requests to endpoints that check no credentials.
var placeholder = credentials.NewStaticCredentialsProvider("dynoscope", "dynoscope", "")

func (m *markedCredentials) Retrieve(ctx context.Context) (aws.Credentials, error) {
	if m.inner == nil {
		if m.endpoint {
			m.placeholder.Store(true)
			return placeholder.Retrieve(ctx)
		}
		return aws.Credentials{}, &credentialError{errNoCredentialsProvider}
	}
	c, err := m.inner.Retrieve(ctx)
	if err != nil {
		if m.endpoint {
			m.placeholder.Store(true)
			return placeholder.Retrieve(ctx)
		}
		return c, &credentialError{err}
	}
	return c, nil
}

// credentialError is an error of the credential chain.
type credentialError struct{ err error }

func (e *credentialError) Error() string { return e.err.Error() }
func (e *credentialError) Unwrap() error { return e.err }

// errorf is a backend-side error for a request the service did not answer.
func errorf(format string, args ...any) *model.Error {
	return &model.Error{Code: ErrRequest, Message: fmt.Sprintf(format, args...)}
}
