package engine

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/workspace"
	"github.com/dynoscope/dynoscope/model"
)

// A client's bytes must never become a transaction. An item's B or S value
// can hold complete, valid frames — magic, kind, sequence number, length
// and CRC-32C are public — built to create a table and to bring back a
// deleted item. The tests below tear, zero and flip the frame that carries
// such an item, at every byte, and check that neither opening nor repair
// ever applies what the item carries.

// forgedMagics are the frame magics a forger would use: the first format's
// and the current one's.
var forgedMagics = []string{"DYTX", "\xf7DYT"}

// forgeFrame builds a complete, valid frame as a forger would.
func forgeFrame(magic string, kind byte, seq uint64, payload []byte) []byte {
	b := append([]byte(magic), kind)
	b = binary.LittleEndian.AppendUint64(b, seq)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(payload)))
	tab := crc32.MakeTable(crc32.Castagnoli)
	crc := crc32.Update(0, tab, b[4:])
	crc = crc32.Update(crc, tab, payload)
	b = binary.LittleEndian.AppendUint32(b, crc)
	return append(b, payload...)
}

// asciiFrame forges a frame whose every byte is ASCII (so that it is a
// valid S value): the payload is padded with a SET of a filler key until
// the checksum's bytes are ASCII too.
func asciiFrame(magic string, seq uint64, payload []byte) []byte {
	for pad := 0; ; pad++ {
		p := append(bytes.Clone(payload), respSet("F/pad", strings.Repeat("x", pad))...)
		f := forgeFrame(magic, 1, seq, p)
		ascii := true
		for _, c := range f {
			if c >= 0x80 {
				ascii = false
				break
			}
		}
		if ascii {
			return f
		}
	}
}

func respSet(k, v string) []byte {
	return fmt.Appendf(nil, "*3\r\n$3\r\nset\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n", len(k), k, len(v), v)
}

// forgery is a workspace whose last transaction puts an item carrying
// forged frames, and what those frames would do if applied.
type forgery struct {
	data        []byte // the file
	from, to    int64  // the last transaction's frame
	before      string // the digest before it
	after       string // the digest with it
	forgedTable string // the table the forged frames create
	ghostKey    string // the deleted item they bring back ("" none)
}

// buildForgery writes the workspace: table "plain" with a deleted item
// (the ghost), then the item whose value (B or S) holds 8 forged frames
// with sequence numbers 1 to 8, each creating table "forged" and, in a B
// value, setting the ghost again. With more, one more ordinary put follows.
func buildForgery(t *testing.T, path, typ, magic string, more bool) forgery {
	t.Helper()
	scratch, err := Open(Options{Clock: NewManualClock(testStart)})
	mustOK(t, err)
	_, err = scratch.CreateTable(ctx, &model.CreateTableInput{TableName: "forged", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S")}})
	mustOK(t, err)
	var forgedMeta string
	scratch.db.View(func(tx *buntdb.Tx) error { forgedMeta, _ = tx.Get("T/forged"); return nil })
	scratch.Close()

	os.Remove(path)
	e := openFile(t, path, NewManualClock(testStart))
	defer e.Close()
	_, err = e.CreateTable(ctx, &model.CreateTableInput{TableName: "plain", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S")}})
	mustOK(t, err)
	_, err = e.PutItem(ctx, &model.PutItemInput{TableName: "plain", Item: model.Item{"pk": model.S("ghost"), "v": model.S("back from the dead")}})
	mustOK(t, err)
	var ghostKey, ghostValue string
	e.db.View(func(tx *buntdb.Tx) error {
		return tx.AscendGreaterOrEqual("", "D/plain/", func(k, v string) bool {
			if strings.HasPrefix(k, "D/plain/") {
				ghostKey, ghostValue = k, v
			}
			return false
		})
	})
	if ghostKey == "" {
		t.Fatal("no ghost key")
	}
	_, err = e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "plain", Key: model.Item{"pk": model.S("ghost")}})
	mustOK(t, err)

	payload := respSet("T/forged", forgedMeta)
	var blob []byte
	for seq := uint64(1); seq <= 8; seq++ {
		if typ == "S" {
			blob = append(blob, asciiFrame(magic, seq, payload)...)
		} else {
			blob = append(blob, forgeFrame(magic, 1, seq, append(bytes.Clone(payload), respSet(ghostKey, ghostValue)...))...)
		}
	}
	value := model.AttributeValue{Type: model.TypeB, B: blob}
	if typ == "S" {
		ghostKey = ""
		value = model.S(string(blob))
	}
	fz := forgery{forgedTable: "forged", ghostKey: ghostKey, before: digest(t, e), from: e.store.file.Size()}
	_, err = e.PutItem(ctx, &model.PutItemInput{TableName: "plain", Item: model.Item{"pk": model.S("blob"), "data": value}})
	mustOK(t, err)
	fz.to, fz.after = e.store.file.Size(), digest(t, e)
	if more {
		_, err = e.PutItem(ctx, &model.PutItemInput{TableName: "plain", Item: model.Item{"pk": model.S("later"), "v": model.S("after the forgery")}})
		mustOK(t, err)
	}
	mustOK(t, e.Close())
	fz.data, err = os.ReadFile(path)
	mustOK(t, err)
	return fz
}

// applied reports whether an engine holds anything the forged frames carry.
func (fz forgery) applied(e *Engine) bool {
	found := false
	e.db.View(func(tx *buntdb.Tx) error {
		if _, err := tx.Get("T/" + fz.forgedTable); err == nil {
			found = true
		}
		if fz.ghostKey != "" {
			if _, err := tx.Get(fz.ghostKey); err == nil {
				found = true
			}
		}
		return nil
	})
	return found
}

// checkOpenAndRepair opens damaged bytes (which must give the state before
// the forged item, or a refusal) and repairs them (which must never apply
// the forgery); it returns what the open did.
func (fz forgery) checkOpenAndRepair(t *testing.T, dir, what string, damaged []byte, wantOpen string, repair bool) {
	t.Helper()
	path := filepath.Join(dir, "forged.db")
	mustOK(t, os.WriteFile(path, damaged, 0o644))
	e, err := Open(Options{Path: path, Sync: SyncNever, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
	switch {
	case err == nil:
		if fz.applied(e) {
			t.Fatalf("%s: opening applied a forged frame", what)
		}
		if wantOpen != "" && digest(t, e) != wantOpen {
			t.Fatalf("%s: opened to another state than the one before the forged item", what)
		}
		mustVerify(t, e)
		mustOK(t, e.Close())
	case wantOpen != "":
		t.Fatalf("%s: open: %v", what, err)
	}
	if !repair {
		return
	}
	mustOK(t, os.WriteFile(path, damaged, 0o644))
	rep, err := Repair(path)
	if err != nil {
		t.Fatalf("%s: repair: %v", what, err)
	}
	os.Remove(rep.Backup)
	e = openFile(t, path, NewManualClock(testStart))
	defer e.Close()
	if fz.applied(e) {
		t.Fatalf("%s: repair applied a forged frame (dropped %v)", what, rep.Dropped)
	}
	mustVerify(t, e)
}

// TestCrashForgedFrameTornAtEveryByte tears the transaction that carries
// forged frames at every byte of its frame: each cut opens to the state
// before it, and neither the open nor a repair applies a forged frame.
func TestCrashForgedFrameTornAtEveryByte(t *testing.T) {
	dir := memDir(t)
	r := rand.New(rand.NewSource(29))
	for _, typ := range []string{"B", "S"} {
		for _, magic := range forgedMagics {
			if typ == "S" && magic[0] >= 0x80 {
				continue // not ASCII: no S value can hold it
			}
			t.Run(fmt.Sprintf("%s-%q", typ, magic[:1]), func(t *testing.T) {
				fz := buildForgery(t, filepath.Join(dir, "src.db"), typ, magic, false)
				// Every byte up to the end of the first forged frame and
				// the last 64; a twenty-fifth of the others (all of them
				// in the long run); a twentieth with -short. An eighth
				// of the cuts is repaired too (all in the long run).
				one := int64(len(fz.data[fz.from:fz.to]) / 8)
				cuts := 0
				for c := fz.from + 1; c < fz.to; c++ {
					every := c < fz.from+one+64 || c >= fz.to-64 || crashLong()
					if testing.Short() && r.Intn(20) != 0 || !testing.Short() && !every && r.Intn(25) != 0 {
						continue
					}
					fz.checkOpenAndRepair(t, dir, fmt.Sprintf("cut at %d of [%d, %d)", c, fz.from, fz.to), fz.data[:c], fz.before, crashLong() || r.Intn(8) == 0)
					cuts++
				}
				t.Logf("%d cuts inside a %d-byte transaction carrying forged frames: none applied", cuts, fz.to-fz.from)
			})
		}
	}
}

// TestCrashForgedFrameDamaged damages the frame that carries forged frames
// in the ways a power loss or a bad disk does — its header zeroed, each
// header byte flipped, a 4 KB page of it zeroed — as the last frame and in
// the middle of the file: no forged frame is ever applied, and in the
// middle, repair keeps the transaction that follows.
func TestCrashForgedFrameDamaged(t *testing.T) {
	dir := memDir(t)
	for _, more := range []bool{false, true} {
		for _, magic := range forgedMagics {
			t.Run(fmt.Sprintf("more=%v-%q", more, magic[:1]), func(t *testing.T) {
				fz := buildForgery(t, filepath.Join(dir, "src.db"), "B", magic, more)
				type damage struct {
					what string
					at   int64
					b    []byte
				}
				var damages []damage
				damages = append(damages, damage{"header zeroed", fz.from, make([]byte, 21)})
				for i := int64(0); i < 21; i++ {
					damages = append(damages, damage{fmt.Sprintf("header byte %d flipped", i), fz.from + i, []byte{fz.data[fz.from+i] ^ 0x5a}})
				}
				for at := fz.from; at+4096 <= fz.to; at += 1024 {
					damages = append(damages, damage{fmt.Sprintf("4 KB zeroed at %d", at-fz.from), at, make([]byte, 4096)})
				}
				for _, d := range damages {
					damaged := bytes.Clone(fz.data)
					copy(damaged[d.at:], d.b)
					fz.checkOpenAndRepair(t, dir, d.what, damaged, "", true)
					if more {
						path := filepath.Join(dir, "forged.db")
						e := openFile(t, path, NewManualClock(testStart))
						got, err := e.GetItem(ctx, &model.GetItemInput{TableName: "plain", Key: model.Item{"pk": model.S("later")}})
						mustOK(t, err)
						e.Close()
						if got.Item == nil && !strings.HasPrefix(d.what, "header byte") {
							t.Fatalf("%s: repair lost the transaction after the damaged one", d.what)
						}
					}
				}
			})
		}
	}
}

// toV1 rewrites a workspace's bytes in the first format, whose frames
// carry payloads raw (as dynoscope wrote them before issue 29), with the
// same frame boundaries' contents.
func toV1(t *testing.T, dir string, data []byte) (v1 []byte, ends []int64) {
	t.Helper()
	path := filepath.Join(dir, "to-v1.db")
	mustOK(t, os.WriteFile(path, data, 0o644))
	f, err := workspace.Open(path, workspace.SyncNever)
	mustOK(t, err)
	defer f.Close()
	v1 = []byte(workspace.HeaderV1)
	seq := uint64(0)
	_, err = f.Salvage(func(p []byte) error {
		seq++
		v1 = append(v1, forgeFrame("DYTX", 1, seq, p)...)
		ends = append(ends, int64(len(v1)))
		return nil
	})
	mustOK(t, err)
	return v1, ends
}

// TestCrashFirstFormatConverted: a workspace of the first format opens with
// its data, is rewritten in the current format, and says so; torn inside a
// transaction carrying forged frames, it never applies them either (there,
// the torn frame's declared length covers them).
func TestCrashFirstFormatConverted(t *testing.T) {
	dir := memDir(t)
	fz := buildForgery(t, filepath.Join(dir, "src.db"), "B", "DYTX", false)
	v1, ends := toV1(t, dir, fz.data)
	path := filepath.Join(dir, "v1.db")
	mustOK(t, os.WriteFile(path, v1, 0o644))
	e := openFile(t, path, NewManualClock(testStart))
	if got := digest(t, e); got != fz.after {
		t.Fatal("the first-format workspace opened to another state")
	}
	if notes := strings.Join(e.OpenNotes(), "\n"); !strings.Contains(notes, "format 2") {
		t.Fatalf("notes %q", notes)
	}
	mustOK(t, e.Close())
	if data, _ := os.ReadFile(path); !bytes.HasPrefix(data, []byte(workspace.Header)) {
		t.Fatal("the file was not rewritten in the current format")
	}
	e = openFile(t, path, NewManualClock(testStart))
	if got := digest(t, e); got != fz.after {
		t.Fatal("the converted workspace reopened to another state")
	}
	mustOK(t, e.Close())

	r := rand.New(rand.NewSource(31))
	v1fz := fz
	v1fz.data, v1fz.from, v1fz.to = v1, ends[len(ends)-2], ends[len(ends)-1]
	cuts := 0
	for c := v1fz.from + 1; c < v1fz.to; c++ {
		if !crashLong() && r.Intn(10) != 0 {
			continue
		}
		v1fz.checkOpenAndRepair(t, dir, fmt.Sprintf("first format, cut at %d of [%d, %d)", c, v1fz.from, v1fz.to), v1[:c], fz.before, r.Intn(4) == 0)
		cuts++
	}
	t.Logf("%d cuts of a first-format transaction carrying forged frames: none applied", cuts)
}
