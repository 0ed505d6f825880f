package remoteapi

import (
	"time"
)

// Totals are what the meter counted since the backend opened.
type Totals struct {
	ReadUnits  float64
	WriteUnits float64
	// Requests counts the answered data-plane requests; Unmetered those
	// among them that came back without ConsumedCapacity.
	Requests  int
	Unmetered int
}

// Second is the consumption of one second (of one table, or of all).
type Second struct {
	Start time.Time
	Read  float64
	Write float64
	// Indexes splits one table's units by index (requests with
	// ReturnConsumedCapacity INDEXES only): index name to read and write
	// units. Nil for the all-tables view.
	Indexes map[string]IndexUnits
}

// IndexUnits are the units one index consumed.
type IndexUnits struct{ Read, Write float64 }
