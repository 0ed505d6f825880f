package model

import (
	"errors"
	"fmt"
)

// Exception names, as DynamoDB returns them in the __type field after the '#'.
const (
	ErrValidation                  = "ValidationException"
	ErrSerialization               = "SerializationException"
	ErrUnknownOperation            = "UnknownOperationException"
	ErrConditionalCheckFailed      = "ConditionalCheckFailedException"
	ErrResourceNotFound            = "ResourceNotFoundException"
	ErrResourceInUse               = "ResourceInUseException"
	ErrProvisionedThroughput       = "ProvisionedThroughputExceededException"
	ErrThrottling                  = "ThrottlingException"
	ErrItemCollectionSizeLimit     = "ItemCollectionSizeLimitExceededException"
	ErrLimitExceeded               = "LimitExceededException"
	ErrTransactionCanceled         = "TransactionCanceledException"
	ErrTransactionConflict         = "TransactionConflictException"
	ErrIdempotentParameterMismatch = "IdempotentParameterMismatchException"
	ErrInternalServer              = "InternalServerError"
	ErrAccessDenied                = "AccessDeniedException"
	ErrTrimmedDataAccess           = "TrimmedDataAccessException"
	ErrExpiredIterator             = "ExpiredIteratorException"

	ErrPointInTimeRecoveryUnavailable = "PointInTimeRecoveryUnavailableException"
	ErrContinuousBackupsUnavailable   = "ContinuousBackupsUnavailableException"
	ErrInvalidRestoreTime             = "InvalidRestoreTimeException"
	ErrTableNotFound                  = "TableNotFoundException"
	ErrTableAlreadyExists             = "TableAlreadyExistsException"
	ErrTableInUse                     = "TableInUseException"
	ErrBackupNotFound                 = "BackupNotFoundException"
	ErrBackupInUse                    = "BackupInUseException"
)

// InvalidPrefix is the exact prefix DynamoDB puts before many validation
// messages.
const InvalidPrefix = "One or more parameter values were invalid: "

// Error is a DynamoDB error: the exception name and its message, exactly as
// DynamoDB words them. Item is set on ConditionalCheckFailedException when
// ReturnValuesOnConditionCheckFailure is ALL_OLD; CancellationReasons on
// TransactionCanceledException; ThrottlingReasons on the throttling
// exceptions (ProvisionedThroughputExceededException, ThrottlingException).
type Error struct {
	Code                string
	Message             string
	Item                Item
	CancellationReasons []CancellationReason
	ThrottlingReasons   []ThrottlingReason
}

// CancellationReason is one entry of TransactionCanceledException's reasons.
// Fields are in the order DynamoDB writes them: Code, Item, Message.
type CancellationReason struct {
	Code    string
	Item    Item   `json:",omitempty"`
	Message string `json:",omitempty"`
}

func (e *Error) Error() string {
	if e.Message == "" {
		return e.Code
	}
	return e.Code + ": " + e.Message
}

// Validation returns a ValidationException with a formatted message.
func Validation(format string, args ...any) *Error {
	if len(args) == 0 {
		return &Error{Code: ErrValidation, Message: format}
	}
	return &Error{Code: ErrValidation, Message: fmt.Sprintf(format, args...)}
}

// InvalidParameter returns a ValidationException whose message starts with
// "One or more parameter values were invalid: ".
func InvalidParameter(format string, args ...any) *Error {
	if len(args) == 0 {
		return &Error{Code: ErrValidation, Message: InvalidPrefix + format}
	}
	return &Error{Code: ErrValidation, Message: InvalidPrefix + fmt.Sprintf(format, args...)}
}

// NewError returns an error with the given exception name and message.
func NewError(code, format string, args ...any) *Error {
	if len(args) == 0 {
		return &Error{Code: code, Message: format}
	}
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ResourceNotFound is the data-plane "Requested resource not found".
func ResourceNotFound() *Error {
	return &Error{Code: ErrResourceNotFound, Message: "Requested resource not found"}
}

// TableNotFound is the control-plane "Requested resource not found: Table: <t> not found".
func TableNotFound(table string) *Error {
	return &Error{Code: ErrResourceNotFound, Message: "Requested resource not found: Table: " + table + " not found"}
}

// ConditionalCheckFailed is the failed-condition error.
func ConditionalCheckFailed(item Item) *Error {
	return &Error{Code: ErrConditionalCheckFailed, Message: "The conditional request failed", Item: item}
}

// Errors of the stored (binary) encoding of items and values: a stored value
// that does not decode. They are not DynamoDB's; the engine answers them as
// InternalServerError.
var (
	// errBadEncoding: an encoded item is not a whole item of a known format.
	errBadEncoding = errors.New("model: corrupt binary item")

	// errTruncated: a value ends before its encoding does.
	errTruncated = errors.New("model: corrupt binary value: truncated")

	// errNestingTooDeep: a value nests deeper than any item DynamoDB accepts.
	errNestingTooDeep = errors.New("model: corrupt binary value: nesting too deep")

	// errTrailingBytes: an item's encoding goes on after its last member.
	errTrailingBytes = errors.New("model: corrupt binary item: trailing bytes")
)
