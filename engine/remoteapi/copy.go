package remoteapi

import (
	"github.com/dynoscope/dynoscope/model"
)

// CopyOptions say what CopySlice copies.
type CopyOptions struct {
	// Table is the source table.
	Table string
	// Target names the copy in the sandbox (default: Table). A table of
	// that name already there is an error (ResourceInUseException): the
	// copy never replaces anything.
	Target string
	// Limit is how many items to copy (0: DefaultCopyLimit).
	Limit int
	// Query, when set, picks the items: its pages are read until Limit
	// items came back (its TableName is set to Table). Otherwise Scan, when
	// set (a filter, an index, a segment), or a plain Scan of the table:
	// the first Limit items in Scan order.
	Query *model.QueryInput
	Scan  *model.ScanInput
	// Progress, when set, is called after each page is written.
	Progress func(CopyProgress)
}

// CopyProgress is how far a copy has come.
type CopyProgress struct {
	Items int     // items written to the copy
	Limit int     // items asked for
	Pages int     // pages read from the source
	Units float64 // read units the source reported consumed
}

// CopyReport says what CopySlice did.
type CopyReport struct {
	Source, Target string
	CopyProgress
	// More is set when the source had more items than Limit (the read
	// stopped with a LastEvaluatedKey).
	More bool
	// Create is the CreateTable input the copy was made with; TTL and
	// Stream are the settings applied after the items were written (nil
	// when off on the source).
	Create *model.CreateTableInput
	TTL    *model.TimeToLiveSpecification
	Stream *model.StreamSpecification
}
