package engine

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine/workspace"
	"github.com/dynoscope/dynoscope/model"
)

// writeFrames writes a workspace file holding one transaction frame per
// payload.
func writeFrames(t *testing.T, path string, payloads ...string) {
	t.Helper()
	f, err := workspace.Open(path, workspace.SyncNever)
	mustOK(t, err)
	_, err = f.Replay(nil)
	mustOK(t, err)
	for _, p := range payloads {
		mustOK(t, f.Append(append(workspace.NewFrame(nil), p...)))
	}
	mustOK(t, f.Close())
}

// A frame whose commands are not the engine's SET and DEL refuses to open,
// pointing at repair; nothing of it is applied.
func TestReplayRefusesOtherCommands(t *testing.T) {
	good := string(workspace.AppendSet(nil, "T/x", "{}"))
	for _, bad := range []string{
		"*1\r\n$7\r\nflushdb\r\n",
		"*5\r\n$3\r\nset\r\n$1\r\nk\r\n$1\r\nv\r\n$2\r\nex\r\n$2\r\n10\r\n",
		"*3\r\n$3\r\nset\r\n$1\r\nk\r\n$9\r\nv\r\n",
		"*3\r\n$3\r\nget\r\n$1\r\nk\r\n$1\r\nv\r\n",
		"*2\r\n$3\r\ndel\r\n",
		"garbage",
	} {
		path := filepath.Join(t.TempDir(), "w.db")
		writeFrames(t, path, good, bad)
		_, err := Open(Options{Path: path, DisableTTLSweeper: true})
		if err == nil || !strings.Contains(err.Error(), "holds commands that cannot be read; run 'dynoscope repair --db") {
			t.Fatalf("%q: %v", bad, err)
		}
	}
}

// The counts kept while replaying equal a walk over the data: for a table
// whose items were only added and deleted (the counts are taken as they
// are) and for one whose items were replaced (the table is walked).
func TestReplayCountsAsAWalk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	e, err := Open(Options{Path: path, DisableTTLSweeper: true})
	mustOK(t, err)
	for _, tt := range []struct {
		table string
		puts  int
	}{{"added", 20}, {"replaced", 50}} {
		createSimple(t, e, tt.table, "", "")
		for i := range tt.puts {
			put(t, e, tt.table, model.Item{"pk": model.S(string(rune('a' + i%20))), "n": model.N(fmt.Sprint(i))})
		}
		_, err = e.DeleteItem(ctx, &model.DeleteItemInput{TableName: tt.table, Key: model.Item{"pk": model.S("a")}})
		mustOK(t, err)
	}
	mustOK(t, e.Close())
	e, err = Open(Options{Path: path, DisableTTLSweeper: true})
	mustOK(t, err)
	defer e.Close()
	for _, name := range []string{"added", "replaced"} {
		tb := e.tables[name]
		items, bytes := tb.stats.items.Load(), tb.stats.bytes.Load()
		mustOK(t, e.recountTable(tb))
		if items != tb.stats.items.Load() || bytes != tb.stats.bytes.Load() || items != 19 {
			t.Fatalf("%s: replay counted %d items, %d bytes; a walk %d, %d", name, items, bytes, tb.stats.items.Load(), tb.stats.bytes.Load())
		}
	}
}

// FuzzParseFrame: no payload panics the frame parser; what it accepts is
// SET and DEL commands that, written again, read back the same. Seed
// corpus: testdata/fuzz/FuzzParseFrame.
func FuzzParseFrame(f *testing.F) {
	f.Add(append(workspace.AppendSet(nil, "D/t/k", "\x01\x00"), workspace.AppendDel(nil, "D/t/j")...))
	f.Add([]byte("*3\r\n$3\r\nSET\r\n$0\r\n\r\n$0\r\n\r\n"))
	f.Add([]byte("*2\r\n$3\r\ndel\r\n$99999999999\r\nk\r\n"))
	f.Fuzz(func(t *testing.T, payload []byte) {
		list, err := parseFrame(append([]byte(nil), payload...))
		if err != nil {
			return
		}
		var again []byte
		for _, c := range *list {
			if c.del {
				again = workspace.AppendDel(again, c.key)
			} else {
				again = workspace.AppendSet(again, c.key, c.value)
			}
		}
		list2, err := parseFrame(again)
		if err != nil || !slices.Equal(*list, *list2) {
			t.Fatalf("%q: read back as %v, %v", payload, list2, err)
		}
	})
}
