package export

import (
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// RawChange is one write of an item, as a table's history holds it.
type RawChange struct {
	At       time.Time
	Keys     model.Item
	Old, New model.Item // nil: absent
}

// Compact turns a window's writes (in the order they happened) into an
// incremental export's records: one per item, with its image before the
// window's first write and after its last, stamped with the last write's
// time. An item created and deleted within the window leaves no record.
func Compact(raw []RawChange) []*Change {
	index := map[string]int{}
	var out []*Change
	var kb []byte
	for _, r := range raw {
		kb = model.AppendItemJSON(kb[:0], r.Keys)
		i, ok := index[string(kb)]
		if !ok {
			i = len(out)
			index[string(kb)] = i
			out = append(out, &Change{Keys: r.Keys, OldImage: r.Old})
		}
		c := out[i]
		c.NewImage = r.New
		c.WriteTimestampMicros = r.At.UnixMicro()
	}
	kept := out[:0]
	for _, c := range out {
		if c.OldImage == nil && c.NewImage == nil {
			continue
		}
		kept = append(kept, c)
	}
	return kept
}
