package ui

import (
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// The explorer drives any engine.API. The embedded engine has extra powers
// that DynamoDB's API has no call for; each is a small interface checked
// with a type assertion, so a remote backend without them still works and
// the explorer simply shows less.

// itemExplainer tells which indexes an item is in and why not.
type itemExplainer interface {
	ExplainItem(table string, item model.Item) ([]engine.IndexMembership, error)
}

// leftOutLister lists the items an index leaves out, with the reasons.
type leftOutLister interface {
	IndexLeftOut(table, index string, limit int) ([]engine.LeftOutItem, error)
}

// requestLogger exposes the engine's log of recent requests with the
// itemised explanation of what each consumed.
type requestLogger interface {
	RecentRequests() []engine.RequestRecord
	LastRequest() (engine.RequestRecord, bool)
}

// eventSource streams what the engine does (requests, stream records, TTL
// deletions) so the explorer can refresh without polling.
type eventSource interface {
	Subscribe(buffer int) (<-chan engine.Event, func())
}

// clocked exposes the engine's clock.
type clocked interface {
	Clock() engine.Clock
}

// buildProgress tells how far an online GSI build has come.
type buildProgress interface {
	IndexBuildProgress(table, index string) (engine.BackfillProgress, bool)
}

// Options configure the explorer.
type Options struct {
	// Workspace names what is open ("demo workspace (memory)", a file).
	Workspace string
	// File is the workspace file ("" for an in-memory workspace): what is
	// written there stays, so the explorer asks before writes the user did
	// not ask for and before clock jumps that expire items.
	File string
	// Serving is the address an HTTP endpoint serves the same engine on, if any.
	Serving string
	// Live subscribes to engine events and re-arms a one-second tick for the
	// clock and for indexes being built. Tests that drive Update by hand
	// leave it off; the program turns it on.
	Live bool
	// PageSize is how many items one Scan page of the items pane reads
	// (default 50: a screenful or two).
	PageSize int
	// Copy puts text on the clipboard (default: OSC 52 on the terminal).
	Copy func(string) error
	// SelectDelay is how long the sidebar cursor must rest on a table
	// before its items and item collections are read (0: at once).
	SelectDelay time.Duration
	// Now overrides the clock read for the title bar (tests); by default the
	// engine's clock, or the wall clock for a backend without one.
	Now func() time.Time
}

// defaultPageSize is the items pane's Scan Limit.
const defaultPageSize = 50

// leftOutLimit bounds how many left-out items the items pane lists and how
// far the sidebar looks for key-schema violations.
const leftOutLimit = 1000
