package history

import (
	"bytes"
	"reflect"
	"testing"
)

// FuzzDecode reads any bytes as a history file: no panic; what is read
// holds at most Keep runs, each a valid record, and survives being written
// and read again unchanged.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"format":"dynoscope-query-history","version":1}
{"at":"2026-11-28T00:41:07Z","op":"Query","table":"Thread","request":{"TableName":"Thread","KeyConditionExpression":"ForumName = :v"}}
{"at":"2026-11-28T00:42:10Z","op":"ExecuteStatement","saved":"open","request":{"Statement":"SELECT * FROM \"Thread\""}}
{"at":"2026-11-28T00:43:00Z","unsaved":"open"}
`))
	f.Add([]byte("{\"format\":\"dynoscope-query-history\",\"version\":1}\n{\"at\":\"x\"}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		if len(h.Runs) > Keep {
			t.Fatalf("%d runs kept", len(h.Runs))
		}
		for _, e := range append(append([]Entry{}, h.Runs...), h.Saved...) {
			if !e.valid() || e.Unsaved != "" {
				t.Fatalf("kept a record that is not one: %+v", e)
			}
		}
		var buf bytes.Buffer
		if err := Encode(&buf, h); err != nil {
			t.Fatalf("writing what was read: %v", err)
		}
		again, err := Decode(&buf)
		if err != nil {
			t.Fatalf("reading what was written: %v\n%s", err, buf.String())
		}
		if again.Skipped != 0 || len(again.Runs) != len(h.Runs) || len(again.Saved) != len(h.Saved) {
			t.Fatalf("read back %d runs, %d saved, %d skipped; wrote %d and %d", len(again.Runs), len(again.Saved), again.Skipped, len(h.Runs), len(h.Saved))
		}
		for i := range h.Runs {
			if !reflect.DeepEqual(again.Runs[i].Request, h.Runs[i].Request) || !again.Runs[i].At.Equal(h.Runs[i].At) ||
				again.Runs[i].Op != h.Runs[i].Op || again.Runs[i].Table != h.Runs[i].Table || again.Runs[i].Index != h.Runs[i].Index {
				t.Fatalf("run %d changed: %+v → %+v", i, h.Runs[i], again.Runs[i])
			}
		}
	})
}
