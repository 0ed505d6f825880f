package designs

import "errors"

// The package's sentinel errors, wrapped in an *Error that locates them.

// errDuplicateMember: a JSON object or YAML mapping of a model or pattern
// file names the same member twice.
var errDuplicateMember = errors.New("member appears twice")
