package server

import (
	"errors"
	"net/http"

	"github.com/dynoscope/dynoscope/model"
)

// Protocol-level exceptions that DynamoDB's front end, not the table
// service, raises. The engine never returns these but may pass them on.
const (
	errUnknownOperation           = model.ErrUnknownOperation
	errMissingAuthenticationToken = "MissingAuthenticationTokenException"
	errUnrecognizedClient         = "UnrecognizedClientException"
	errIncompleteSignature        = "IncompleteSignatureException"
	errInvalidSignature           = "InvalidSignatureException"
	errAccessDenied               = "AccessDeniedException"
)

// Namespaces of the __type field.
const (
	nsValidate = "com.amazon.coral.validate#"
	nsService  = "com.amazon.coral.service#"
	nsDynamoDB = "com.amazonaws.dynamodb.v20120810#"
)

// errInternal answers an error that is not a *model.Error, a panic, or an
// output that cannot be encoded.
var errInternal = &model.Error{Code: model.ErrInternalServer, Message: "Internal server error"}

// errorBody is the JSON body of an error reply. Message goes under
// "message", or "Message" for the exceptions that DynamoDB spells so; an
// empty message is left out.
type errorBody struct {
	Type                string                     `json:"__type"`
	Message             string                     `json:"message,omitempty"`
	CapitalMessage      string                     `json:"Message,omitempty"`
	Item                model.Item                 `json:"Item,omitempty"`
	CancellationReasons []model.CancellationReason `json:"CancellationReasons,omitempty"`
	// ThrottlingReasons: ProvisionedThroughputExceededException's member is
	// "ThrottlingReasons", ThrottlingException's "throttlingReasons" (the
	// service model's member names, botocore dynamodb 2012-08-10).
	ThrottlingReasons      []model.ThrottlingReason `json:"ThrottlingReasons,omitempty"`
	ThrottlingReasonsLower []model.ThrottlingReason `json:"throttlingReasons,omitempty"`
}

// writeError writes err as DynamoDB does. Anything but a *model.Error with
// a code is logged and answered as InternalServerError.
func (s *Server) writeError(w http.ResponseWriter, contentType string, err error) {
	e, ok := errors.AsType[*model.Error](err)
	if !ok || e.Code == "" {
		s.log.Error("server: internal error", "err", err)
		e = errInternal
	}
	s.writeJSON(w, contentType, errorStatus(e.Code), newErrorBody(e))
}

// newErrorBody lays out e as DynamoDB's error body.
func newErrorBody(e *model.Error) *errorBody {
	b := &errorBody{
		Type:                errorNamespace(e.Code) + e.Code,
		Item:                e.Item,
		CancellationReasons: e.CancellationReasons,
	}
	if e.Code == model.ErrThrottling {
		b.ThrottlingReasonsLower = e.ThrottlingReasons
	} else {
		b.ThrottlingReasons = e.ThrottlingReasons
	}
	switch e.Code {
	case model.ErrSerialization, errAccessDenied, model.ErrTransactionCanceled:
		// DynamoDB spells these "Message" (TransactionCanceledException:
		// replies quoted in pynamodb#1144 and erlcloud#607).
		b.CapitalMessage = e.Message
	default:
		b.Message = e.Message
	}
	return b
}

// errorNamespace returns the __type namespace of an exception, '#'
// included.
func errorNamespace(code string) string {
	switch code {
	case model.ErrValidation:
		return nsValidate
	case model.ErrSerialization, errUnknownOperation, errMissingAuthenticationToken,
		errUnrecognizedClient, errIncompleteSignature, errInvalidSignature, errAccessDenied:
		return nsService
	}
	return nsDynamoDB
}

// errorStatus returns the HTTP status of an exception.
func errorStatus(code string) int {
	if code == model.ErrInternalServer {
		return http.StatusInternalServerError
	}
	return http.StatusBadRequest
}
