package capacity

import (
	"fmt"
	"sort"

	"github.com/dynoscope/dynoscope/model"
)

// Unit sizes.
const (
	ReadUnitBytes  = 4096
	WriteUnitBytes = 1024
)

// ReadUnits returns the read units for bytes read in one rounding step: at
// least one 4 KB unit, halved when the read is eventually consistent.
func ReadUnits(bytes int, consistent bool) float64 {
	u := float64(ceilDiv(bytes, ReadUnitBytes))
	if u < 1 {
		u = 1
	}
	if !consistent {
		u /= 2
	}
	return u
}

// ReadBlocks returns ceil(bytes/4 KB), at least 1.
func ReadBlocks(bytes int) int {
	n := ceilDiv(bytes, ReadUnitBytes)
	if n < 1 {
		n = 1
	}
	return n
}

// WriteUnits returns ceil(bytes/1 KB), at least 1.
func WriteUnits(bytes int) float64 {
	u := ceilDiv(bytes, WriteUnitBytes)
	if u < 1 {
		u = 1
	}
	return float64(u)
}

func ceilDiv(a, b int) int {
	if a <= 0 {
		return 0
	}
	return (a + b - 1) / b
}

// IndexUsage is what one request consumed on one secondary index.
type IndexUsage struct {
	Name   string
	Global bool
	Read   float64
	Write  float64
}

// Usage is what one request consumed on one table and its indexes, with the
// itemised lines that explain each charge.
type Usage struct {
	Table   string
	Read    float64
	Write   float64
	Indexes []IndexUsage
	// Vector is the vector write request bytes of each vector index the
	// request changed (not capacity units: billed apart).
	Vector []VectorUsage
	// notes are the itemised explanation, formatted only when read (Lines):
	// requests run far more often than anyone reads why they cost what
	// they cost.
	notes  []note
	inline [2]note // the notes' first backing array: most requests have one or two
	// Items is how many items the request read or wrote, for the metrics
	// feed's item counts (optional: zero records none).
	Items int
}

// AddIndex adds units consumed on an index.
func (u *Usage) AddIndex(name string, global bool, read, write float64) {
	for i := range u.Indexes {
		if u.Indexes[i].Name == name {
			u.Indexes[i].Read += read
			u.Indexes[i].Write += write
			return
		}
	}
	u.Indexes = append(u.Indexes, IndexUsage{Name: name, Global: global, Read: read, Write: write})
}

// note is one explanation line, kept unformatted.
type note struct {
	format string
	args   []any
}

// Explain appends one line of the itemised explanation. The arguments are
// formatted when Lines is called, so they must not change afterwards (pass
// values; a fmt.Stringer is rendered then).
func (u *Usage) Explain(format string, args ...any) {
	if u.notes == nil {
		u.notes = u.inline[:0]
	}
	u.notes = append(u.notes, note{format, args})
}

// Lines returns the itemised explanation, one line per charge.
func (u *Usage) Lines() []string {
	if u == nil || len(u.notes) == 0 {
		return nil
	}
	out := make([]string, len(u.notes))
	for i, n := range u.notes {
		out[i] = fmt.Sprintf(n.format, n.args...)
	}
	return out
}

// Total returns all units consumed: table plus indexes, reads plus writes.
func (u *Usage) Total() float64 {
	t := u.Read + u.Write
	for _, ix := range u.Indexes {
		t += ix.Read + ix.Write
	}
	return t
}

// Report returns the ConsumedCapacity DynamoDB returns for mode (TOTAL or
// INDEXES), or nil for NONE and "".
func (u *Usage) Report(mode string) *model.ConsumedCapacity {
	switch mode {
	case model.ReturnCapacityTotal:
		return &model.ConsumedCapacity{TableName: u.Table, CapacityUnits: model.Units(u.Total())}
	case model.ReturnCapacityIndexes:
		cc := &model.ConsumedCapacity{TableName: u.Table, CapacityUnits: model.Units(u.Total()),
			Table: &model.Capacity{CapacityUnits: model.Units(u.Read + u.Write)}}
		for _, ix := range u.Indexes {
			c := model.Capacity{CapacityUnits: model.Units(ix.Read + ix.Write)}
			if ix.Global {
				if cc.GlobalSecondaryIndexes == nil {
					cc.GlobalSecondaryIndexes = map[string]model.Capacity{}
				}
				cc.GlobalSecondaryIndexes[ix.Name] = c
			} else {
				if cc.LocalSecondaryIndexes == nil {
					cc.LocalSecondaryIndexes = map[string]model.Capacity{}
				}
				cc.LocalSecondaryIndexes[ix.Name] = c
			}
		}
		cc.VectorIndexes = u.vectorReport()
		return cc
	}
	return nil
}

// VectorUsage is the vector write request bytes charged to one vector index.
type VectorUsage struct {
	Name       string
	WriteBytes float64
}

// VectorMinRequestBytes is the 1 KB minimum of a request's vector bytes.
const VectorMinRequestBytes = 1024

// AddVectorWrite charges a vector index the bytes a write replicated into it.
func (u *Usage) AddVectorWrite(name string, bytes float64) {
	u.Explain("vector index %s: %.0f B replicated", name, bytes)
	for i := range u.Vector {
		if u.Vector[i].Name == name {
			u.Vector[i].WriteBytes += bytes
			return
		}
	}
	u.Vector = append(u.Vector, VectorUsage{Name: name, WriteBytes: bytes})
}

// vectorReport is the VectorIndexes member of an INDEXES report: each
// index's bytes, the request's total raised to the 1 KB minimum on the
// first index by name (the minimum is per request, not per index).
func (u *Usage) vectorReport() map[string]model.VectorCapacity {
	if len(u.Vector) == 0 {
		return nil
	}
	out := map[string]model.VectorCapacity{}
	first, total := "", 0.0
	for _, v := range u.Vector {
		total += v.WriteBytes
		if first == "" || v.Name < first {
			first = v.Name
		}
	}
	for _, v := range u.Vector {
		b := v.WriteBytes
		if v.Name == first && total < VectorMinRequestBytes {
			b += VectorMinRequestBytes - total
		}
		out[v.Name] = model.VectorCapacity{VectorWriteRequestBytes: &b}
	}
	return out
}

// Merge adds other's units and lines to u (same table).
func (u *Usage) Merge(other *Usage) {
	u.Read += other.Read
	u.Write += other.Write
	u.Items += other.Items
	for _, ix := range other.Indexes {
		u.AddIndex(ix.Name, ix.Global, ix.Read, ix.Write)
	}
	for _, v := range other.Vector {
		for i := range u.Vector {
			if u.Vector[i].Name == v.Name {
				u.Vector[i].WriteBytes += v.WriteBytes
				goto next
			}
		}
		u.Vector = append(u.Vector, v)
	next:
	}
	u.notes = append(u.notes, other.notes...)
}

// ReportAll returns one ConsumedCapacity per table, ordered by table name, as
// the batch and transaction actions return them.
func ReportAll(usages map[string]*Usage, mode string) []model.ConsumedCapacity {
	if mode != model.ReturnCapacityTotal && mode != model.ReturnCapacityIndexes {
		return nil
	}
	names := make([]string, 0, len(usages))
	for n := range usages {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]model.ConsumedCapacity, 0, len(names))
	for _, n := range names {
		out = append(out, *usages[n].Report(mode))
	}
	return out
}

// FormatUnits renders units as DynamoDB shows them: "1", "2.5".
func FormatUnits(u float64) string {
	return fmt.Sprintf("%g", u)
}
