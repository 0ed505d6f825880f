package workspace

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// collect is a load function that keeps the command stream.
func collect(dst *bytes.Buffer) func(io.Reader) error {
	return func(r io.Reader) error {
		_, err := io.Copy(dst, r)
		return err
	}
}

// collectFrames is a Salvage function that keeps the command stream.
func collectFrames(dst *bytes.Buffer) func([]byte) error {
	return func(p []byte) error {
		dst.Write(p)
		return nil
	}
}

// txFrame builds a transaction frame that sets key to value.
func txFrame(key, value string) []byte {
	return AppendSet(NewFrame(nil), key, value)
}

// writeLog makes a workspace with one transaction per value and returns the
// file size after each (ends[i] is where transaction i ends).
func writeLog(t *testing.T, path string, values []string) []int64 {
	t.Helper()
	f, err := Open(path, SyncNever)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Replay(collect(&bytes.Buffer{})); err != nil {
		t.Fatal(err)
	}
	var ends []int64
	for i, v := range values {
		if err := f.Append(txFrame(fmt.Sprintf("k%d", i), v)); err != nil {
			t.Fatal(err)
		}
		ends = append(ends, f.Size())
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return ends
}

// commands is the command stream of the first n transactions of writeLog.
func commands(values []string, n int) string {
	var b []byte
	for i := 0; i < n; i++ {
		b = AppendSet(b, fmt.Sprintf("k%d", i), values[i])
	}
	return string(b)
}

func replay(t *testing.T, path string) (string, Recovery, error) {
	t.Helper()
	f, err := Open(path, SyncNever)
	if err != nil {
		return "", Recovery{}, err
	}
	defer f.Close()
	var got bytes.Buffer
	rec, err := f.Replay(collect(&got))
	return got.String(), rec, err
}

func TestNewFileGetsHeader(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.db")
	f, err := Open(path, SyncAlways)
	if err != nil {
		t.Fatal(err)
	}
	if f.Format() != FormatNew {
		t.Fatalf("format %v, want new", f.Format())
	}
	f.Close()
	data, _ := os.ReadFile(path)
	if string(data) != Header {
		t.Fatalf("new file holds %q, want the header", data)
	}
}

func TestOpenRefusesWhatIsNotAWorkspace(t *testing.T) {
	cases := []struct {
		name, content, looks string
	}{
		{"json", `{"a":1}`, "JSON text, 7 bytes"},
		{"json-array", "\n  [1, 2]\n", "JSON text, 10 bytes"},
		{"text", "hello\nworld\n", `text (first line "hello"), 12 bytes`},
		{"sqlite", "SQLite format 3\x00" + strings.Repeat("\x00", 84), "an SQLite database, 100 bytes"},
		{"gzip", "\x1f\x8b\x08\x00\x00", "gzip-compressed data, 5 bytes"},
		{"binary", "\x00\x01\x02", "binary data, 3 bytes"},
		{"one-byte", "x", `text (first line "x"), 1 byte`},
		{"future", "dynoscope workspace 9\n", `a dynoscope workspace of a format this version does not read (dynoscope workspace 9), 22 bytes`},
		{"resp-garbage", "*3\r\nfoo\r\n", `text (first line "*3"), 9 bytes`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "t.json")
			if err := os.WriteFile(path, []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Open(path, SyncAlways)
			var nw *NotWorkspaceError
			if !errors.As(err, &nw) {
				t.Fatalf("Open: %v, want a NotWorkspaceError", err)
			}
			if nw.Looks != c.looks {
				t.Fatalf("looks %q, want %q", nw.Looks, c.looks)
			}
			want := fmt.Sprintf("%s is not a dynoscope workspace (it looks like %s); nothing was changed. Pass a new file name, or an existing workspace", path, c.looks)
			if err.Error() != want {
				t.Fatalf("error\n got %s\nwant %s", err, want)
			}
			data, _ := os.ReadFile(path)
			if string(data) != c.content {
				t.Fatalf("the file changed: %q", data)
			}
		})
	}
}

func TestOpenRefusesADirectory(t *testing.T) {
	dir := t.TempDir()
	_, err := Open(dir, SyncAlways)
	if err == nil {
		t.Fatal("opened a directory as a workspace")
	}
}

func TestSecondOpenIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	f, err := Open(path, SyncNever)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = Open(path, SyncNever)
	var le *LockedError
	if !errors.As(err, &le) {
		t.Fatalf("second Open: %v, want a LockedError", err)
	}
	want := "workspace " + path + " is in use by another process; two processes writing one workspace would destroy it. Stop that process first, or use another --db file"
	if err.Error() != want {
		t.Fatalf("error\n got %s\nwant %s", err, want)
	}
	f.Close()
	g, err := Open(path, SyncNever)
	if err != nil {
		t.Fatalf("Open after the first closed: %v", err)
	}
	g.Close()
}

// TestLockNamesTheHolder locks a workspace in a child process and checks
// that the refusal names it.
func TestLockNamesTheHolder(t *testing.T) {
	if _, err := os.Stat("/proc/locks"); err != nil {
		t.Skip("no /proc/locks here: the holder cannot be named")
	}
	path := filepath.Join(t.TempDir(), "w.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockHolderChild$")
	cmd.Env = append(os.Environ(), "WORKSPACE_LOCK_CHILD="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		cmd.Wait()
	}()
	sc := bufio.NewScanner(out)
	if !sc.Scan() || sc.Text() != "locked" {
		t.Fatalf("child said %q", sc.Text())
	}
	_, err = Open(path, SyncNever)
	var le *LockedError
	if !errors.As(err, &le) {
		t.Fatalf("Open: %v, want a LockedError", err)
	}
	if le.PID != cmd.Process.Pid {
		t.Fatalf("holder pid %d, want %d", le.PID, cmd.Process.Pid)
	}
	if !strings.Contains(le.Command, "-test.run=^TestLockHolderChild$") {
		t.Fatalf("holder command %q", le.Command)
	}
	if !strings.Contains(err.Error(), fmt.Sprintf("in use by process %d (", cmd.Process.Pid)) {
		t.Fatalf("error %q does not name the process", err)
	}
}

// TestLockHolderChild holds a workspace until its stdin closes.
func TestLockHolderChild(t *testing.T) {
	path := os.Getenv("WORKSPACE_LOCK_CHILD")
	if path == "" {
		t.Skip("only runs as the child of TestLockNamesTheHolder")
	}
	f, err := Open(path, SyncNever)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("locked")
	io.Copy(io.Discard, os.Stdin)
	f.Close()
}

func TestReplayReturnsEveryTransaction(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	values := []string{"a", strings.Repeat("b", 5000), "", "d"}
	writeLog(t, path, values)
	got, rec, err := replay(t, path)
	if err != nil {
		t.Fatal(err)
	}
	if got != commands(values, 4) || rec.Frames != 4 || rec.CutBytes != 0 {
		t.Fatalf("replay: frames %d cut %d, commands %q", rec.Frames, rec.CutBytes, got)
	}
}

// TestTornTailAtEveryByte cuts the file at every offset inside its last
// transaction: each opens with exactly the transactions before it, says
// what it cut, and leaves the file ending at the last whole transaction.
func TestTornTailAtEveryByte(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "w.db")
	values := []string{"one", "two", strings.Repeat("three", 100)}
	ends := writeLog(t, src, values)
	data, _ := os.ReadFile(src)
	last := ends[1]
	for cut := last + 1; cut < ends[2]; cut++ {
		path := filepath.Join(dir, fmt.Sprintf("cut%d.db", cut))
		if err := os.WriteFile(path, data[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		got, rec, err := replay(t, path)
		if err != nil {
			t.Fatalf("cut at %d: %v", cut, err)
		}
		if got != commands(values, 2) {
			t.Fatalf("cut at %d: replayed %q", cut, got)
		}
		if rec.CutBytes != cut-last || rec.CutAt != last {
			t.Fatalf("cut at %d: recovery says %d bytes at %d", cut, rec.CutBytes, rec.CutAt)
		}
		if fi, _ := os.Stat(path); fi.Size() != last {
			t.Fatalf("cut at %d: file is %d bytes, want %d", cut, fi.Size(), last)
		}
		if !strings.Contains(rec.String(), "1 unfinished transaction was dropped; it may have been acknowledged: --sync never") {
			t.Fatalf("recovery note %q", rec.String())
		}
		os.Remove(path)
	}
}

func TestZeroFilledTailIsCut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	values := []string{"a", "b"}
	ends := writeLog(t, path, values)
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.Write(make([]byte, 4096))
	f.Close()
	got, rec, err := replay(t, path)
	if err != nil || got != commands(values, 2) || rec.CutBytes != 4096 || rec.CutAt != ends[1] {
		t.Fatalf("replay: %v, cut %d at %d, %q", err, rec.CutBytes, rec.CutAt, got)
	}
}

// TestDamageInTheMiddleIsRefused flips one byte in every position of a
// middle transaction: Open refuses, says where, and changes nothing;
// Salvage reads every other transaction.
func TestDamageInTheMiddleIsRefused(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "w.db")
	values := []string{"one", "two", "three", "four"}
	ends := writeLog(t, src, values)
	data, _ := os.ReadFile(src)
	for pos := ends[0]; pos < ends[1]; pos++ {
		damaged := bytes.Clone(data)
		damaged[pos] ^= 0x40
		path := filepath.Join(dir, "d.db")
		os.WriteFile(path, damaged, 0o644)
		_, _, err := replay(t, path)
		var de *DamagedError
		if !errors.As(err, &de) {
			t.Fatalf("flip at %d: %v, want a DamagedError", pos, err)
		}
		if de.Offset != ends[0] || de.Frame != 2 || de.ValidAfter != 2 {
			t.Fatalf("flip at %d: damage at %d frame %d, %d valid after", pos, de.Offset, de.Frame, de.ValidAfter)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, damaged) {
			t.Fatalf("flip at %d: the file changed", pos)
		}
		f, err := Open(path, SyncNever)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		dropped, err := f.Salvage(collectFrames(&got))
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		want := string(AppendSet(AppendSet([]byte(commands(values, 1)), "k2", "three"), "k3", "four"))
		if got.String() != want {
			t.Fatalf("flip at %d: salvaged %q", pos, got.String())
		}
		if len(dropped) != 1 || dropped[0].Offset != ends[0] || dropped[0].Bytes != ends[1]-ends[0] {
			t.Fatalf("flip at %d: dropped %v", pos, dropped)
		}
	}
}

func TestDamagedErrorText(t *testing.T) {
	err := &DamagedError{Path: "w.db", Offset: 123456, Frame: 512, Reason: "a frame whose checksum does not match", ValidAfter: 1488}
	want := "workspace w.db is damaged: at byte 123,456 (frame 512) it holds a frame whose checksum does not match, and 1488 valid frames follow. Nothing was changed. " +
		"Run 'dynoscope repair --db w.db' to rebuild it from every frame that can be read (the original is kept as a backup)"
	if err.Error() != want {
		t.Fatalf("\n got %s\nwant %s", err, want)
	}
}

// TestRewriteKeepsAppendsMadeMeanwhile rewrites a log while transactions
// are appended, as a compaction does.
func TestRewriteKeepsAppendsMadeMeanwhile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "w.db")
	f, err := Open(path, SyncNever)
	if err != nil {
		t.Fatal(err)
	}
	f.Replay(collect(&bytes.Buffer{}))
	for i := 0; i < 10; i++ {
		f.Append(txFrame("k", fmt.Sprint(i)))
	}
	rw, err := f.BeginRewrite()
	if err != nil {
		t.Fatal(err)
	}
	if err := rw.Put(AppendSet(NewFrame(nil), "k", "9")); err != nil {
		t.Fatal(err)
	}
	f.Append(txFrame("k", "10")) // lands after the snapshot point
	backup := filepath.Join(dir, "w.db.bak")
	if err := rw.Commit(backup); err != nil {
		t.Fatal(err)
	}
	f.Append(txFrame("k", "11"))
	f.Close()
	got, rec, err := replay(t, path)
	if err != nil {
		t.Fatal(err)
	}
	want := string(AppendSet(AppendSet(AppendSet(nil, "k", "9"), "k", "10"), "k", "11"))
	if got != want || rec.Frames != 3 {
		t.Fatalf("after rewrite: %d frames %q", rec.Frames, got)
	}
	old, _, err := replay(t, backup)
	if err != nil || strings.Count(old, "set") != 11 {
		t.Fatalf("backup: %v, %q", err, old)
	}
	if matches, _ := filepath.Glob(path + ".rewrite-*"); len(matches) != 0 {
		t.Fatalf("left behind %v", matches)
	}
}

func TestAbortedRewriteChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	writeLog(t, path, []string{"a"})
	before, _ := os.ReadFile(path)
	f, _ := Open(path, SyncNever)
	f.Replay(collect(&bytes.Buffer{}))
	rw, err := f.BeginRewrite()
	if err != nil {
		t.Fatal(err)
	}
	rw.Put(txFrame("x", "y"))
	rw.Abort()
	f.Close()
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Fatal("an aborted rewrite changed the file")
	}
	if matches, _ := filepath.Glob(path + ".rewrite-*"); len(matches) != 0 {
		t.Fatalf("left behind %v", matches)
	}
}

func TestLegacyFileIsRecognised(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	legacy := "*3\r\n$3\r\nset\r\n$3\r\nT/a\r\n$2\r\n{}\r\n"
	os.WriteFile(path, []byte(legacy), 0o644)
	f, err := Open(path, SyncNever)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Format() != FormatLegacy {
		t.Fatalf("format %v, want legacy", f.Format())
	}
	var got bytes.Buffer
	if _, err := f.Replay(collect(&got)); err != nil || got.String() != legacy {
		t.Fatalf("legacy replay: %v %q", err, got.String())
	}
}

// TestEscapeRoundTrip: a payload holding the escape byte and whole frames
// of its own comes back intact, and its escaped form holds no frame magic.
func TestEscapeRoundTrip(t *testing.T) {
	inner := sealFrame(AppendSet(NewFrame(nil), "T/forged", "{}"), KindTransaction, 7, 2)
	for _, value := range []string{"", "plain", "\xf7", "\xf7\xf7", "a\xf7b\x00\xf7", string(inner), string(inner) + "\xf7D"} {
		frame := sealFrame(AppendSet(NewFrame(nil), "k", value), KindTransaction, 1, 2)
		if bytes.Contains(frame[FrameHeaderSize:], []byte(magic)) {
			t.Fatalf("%q: the escaped payload holds a frame magic", value)
		}
		got, ok := unescape(bytes.Clone(frame[FrameHeaderSize:]))
		if want := AppendSet(nil, "k", value); !ok || !bytes.Equal(got, want) {
			t.Fatalf("%q: unescaped to %q", value, got)
		}
	}
}

// TestOpenRefusesADevice: /dev/null is named for what it is.
func TestOpenRefusesADevice(t *testing.T) {
	if _, err := os.Stat("/dev/null"); err != nil {
		t.Skip("no /dev/null")
	}
	_, err := Open("/dev/null", SyncNever)
	want := "/dev/null is not a dynoscope workspace (it looks like a character device, not a regular file); nothing was changed. Pass a new file name, or an existing workspace"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
}

// TestSalvageGoesOnInASnapshot: damage in one part of a compaction's
// snapshot (whose parts share a sequence number) loses that part only.
func TestSalvageGoesOnInASnapshot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	writeLog(t, path, []string{"a"})
	f, err := Open(path, SyncNever)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Replay(collect(&bytes.Buffer{})); err != nil {
		t.Fatal(err)
	}
	rw, err := f.BeginRewrite()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"s1", "s2", "s3"} {
		if err := rw.Put(AppendSet(NewFrame(nil), k, strings.Repeat(k, 50))); err != nil {
			t.Fatal(err)
		}
	}
	if err := rw.Commit(""); err != nil {
		t.Fatal(err)
	}
	f.Close()
	data, _ := os.ReadFile(path)
	data[len(Header)+FrameHeaderSize+10] ^= 0x40 // inside the first part
	os.WriteFile(path, data, 0o644)
	f, err = Open(path, SyncNever)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var got bytes.Buffer
	dropped, err := f.Salvage(collectFrames(&got))
	if err != nil || len(dropped) != 1 {
		t.Fatalf("salvage: %v, dropped %v", err, dropped)
	}
	want := string(AppendSet(AppendSet(nil, "s2", strings.Repeat("s2", 50)), "s3", strings.Repeat("s3", 50)))
	if got.String() != want {
		t.Fatalf("salvaged %q", got.String())
	}
}
