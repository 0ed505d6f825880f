package remote

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/dynoscope/dynoscope/model"
)

// asError converts what an SDK call returned into a *model.Error: the
// service's exception name and message verbatim (with the item of a
// ConditionalCheckFailedException and the reasons of a
// TransactionCanceledException), a credential problem in the SDK's words
// with the profile and region tried, or a request that got no answer.
func (b *Backend) asError(err error) error {
	if err == nil {
		return nil
	}
	var me *model.Error
	if errors.As(err, &me) {
		return me
	}
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		item, cerr := fromItem(ccf.Item)
		if cerr != nil {
			return cerr
		}
		return &model.Error{Code: ccf.ErrorCode(), Message: ccf.ErrorMessage(), Item: item}
	}
	var tce *types.TransactionCanceledException
	if errors.As(err, &tce) {
		out := &model.Error{Code: tce.ErrorCode(), Message: tce.ErrorMessage()}
		for _, r := range tce.CancellationReasons {
			item, cerr := fromItem(r.Item)
			if cerr != nil {
				return cerr
			}
			out.CancellationReasons = append(out.CancellationReasons, model.CancellationReason{Code: deref(r.Code), Message: deref(r.Message), Item: item})
		}
		return out
	}
	var ce *credentialError
	if errors.As(err, &ce) {
		return &model.Error{Code: ErrCredentials, Message: ce.Error() + " (" + tried(b.loc) + ")"}
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		return &model.Error{Code: api.ErrorCode(), Message: api.ErrorMessage(), ThrottlingReasons: throttlingReasons(err)}
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &model.Error{Code: ErrRequest, Message: "Request cancelled: " + err.Error()}
	}
	var tries *retry.MaxAttemptsError
	if errors.As(err, &tries) {
		// The SDK says "exceeded maximum number of attempts, 3, …": say
		// what was tried, and that only a lost connection is retried.
		cause := tries.Err
		var op *net.OpError
		if errors.As(cause, &op) {
			cause = op
		}
		prefix := ""
		var oe *smithy.OperationError
		if errors.As(err, &oe) {
			prefix = fmt.Sprintf("operation error %s: %s, ", oe.Service(), oe.Operation())
		}
		return &model.Error{Code: ErrRequest, Message: fmt.Sprintf("%sno answer from %s after %d attempts (a call whose connection fails or is lost is tried up to %d times, with backoff; throttles and every other exception come back from the first): %v",
			prefix, b.loc.Place(), tries.Attempt, tries.Attempt, cause)}
	}
	return &model.Error{Code: ErrRequest, Message: err.Error()}
}

// profileFromEnvironment is the profile the SDK uses when none is named.
func profileFromEnvironment() string {
	if p := os.Getenv("AWS_PROFILE"); p != "" {
		return p
	}
	return os.Getenv("AWS_DEFAULT_PROFILE")
}

// errNoCredentialsProvider: the SDK was asked for credentials before any
// provider was set up (the backend reports it as a credential problem).
var errNoCredentialsProvider = errors.New("no credentials provider")
