package s3dir

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func open(t *testing.T) (*Store, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "s3")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir
}

func read(t *testing.T, s *Store, bucket, key string) string {
	t.Helper()
	r, _, err := s.Open(bucket, key)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestPutOpenList(t *testing.T) {
	s, dir := open(t)
	if s.BucketExists("exports") {
		t.Fatal("bucket exists before anything was written")
	}
	for _, k := range []string{"AWSDynamoDB/1-a/manifest-summary.json", "AWSDynamoDB/1-a/data/x.json.gz", "other.csv"} {
		if err := s.Put("exports", k, []byte("body of "+k)); err != nil {
			t.Fatal(err)
		}
	}
	if got := read(t, s, "exports", "AWSDynamoDB/1-a/data/x.json.gz"); got != "body of AWSDynamoDB/1-a/data/x.json.gz" {
		t.Fatalf("read %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "exports", "AWSDynamoDB", "1-a", "data", "x.json.gz")); err != nil {
		t.Fatalf("the key is not the path under the bucket's folder: %v", err)
	}
	objs, err := s.List("exports", "AWSDynamoDB/1-a/")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, o := range objs {
		keys = append(keys, o.Key)
	}
	if got, want := strings.Join(keys, ","), "AWSDynamoDB/1-a/data/x.json.gz,AWSDynamoDB/1-a/manifest-summary.json"; got != want {
		t.Fatalf("List = %s, want %s", got, want)
	}
	all, _ := s.List("exports", "")
	if len(all) != 3 {
		t.Fatalf("List all = %v", all)
	}
	if objs, _ := s.List("exports", "AWSDynamoDB/1-a/manifest"); len(objs) != 1 || objs[0].Size != int64(len("body of AWSDynamoDB/1-a/manifest-summary.json")) {
		t.Fatalf("List by a key's start = %v", objs)
	}
	if objs, err := s.List("exports", "nothing/here/"); err != nil || len(objs) != 0 {
		t.Fatalf("List of a missing folder = %v, %v", objs, err)
	}
}

func TestMissing(t *testing.T) {
	s, _ := open(t)
	if _, _, err := s.Open("nobucket", "k"); !errors.Is(err, ErrNoSuchBucket) {
		t.Fatalf("missing bucket: %v", err)
	}
	if _, err := s.List("nobucket", ""); !errors.Is(err, ErrNoSuchBucket) {
		t.Fatalf("list missing bucket: %v", err)
	}
	if err := s.Put("abc", "x", nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Open("abc", "y"); !errors.Is(err, ErrNoSuchKey) {
		t.Fatalf("missing key: %v", err)
	}
}

func TestRefusesPathsOut(t *testing.T) {
	s, dir := open(t)
	for _, c := range []struct{ bucket, key, want string }{
		{"abc", "../escape", `".." segment is refused`},
		{"abc", "a/../../escape", `".." segment is refused`},
		{"abc", "/etc/passwd", "absolute path is refused"},
		{"abc", "a/./b", `"." segment is refused`},
		{"abc", "a//b", "empty path segment"},
		{"abc", `a\..\b`, "backslashes"},
		{"abc", "a\x00b", "NUL"},
		{"abc", "", "cannot be empty"},
		{"abc", "dir/", "folder, not an object"},
		{"..", "x", "3 to 63"},
		{"../x", "y", "only lower-case"},
		{"Abc", "y", "only lower-case"},
		{"-abc", "y", "begin and end"},
		{"a..b", "y", "no two dots"},
	} {
		err := s.Put(c.bucket, c.key, []byte("x"))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Put(%q, %q) = %v, want an error saying %q", c.bucket, c.key, err, c.want)
		}
		if _, _, err := s.Open(c.bucket, c.key); err == nil {
			t.Errorf("Open(%q, %q) succeeded", c.bucket, c.key)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "escape")); err == nil {
		t.Fatal("a file was written outside the folder")
	}
}

func TestRefusesSymlinksOut(t *testing.T) {
	s, dir := open(t)
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.txt")
	if err := os.WriteFile(secret, []byte("not yours"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Put("abc", "keep", []byte("x")); err != nil {
		t.Fatal(err)
	}
	// A file link and a folder link, both leading out.
	if err := os.Symlink(secret, filepath.Join(dir, "abc", "link.txt")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "abc", "out")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Open("abc", "link.txt"); err == nil {
		t.Fatal("read a file through a link out of the folder")
	}
	if _, _, err := s.Open("abc", "out/secret.txt"); err == nil {
		t.Fatal("read a file through a folder link out of the folder")
	}
	if err := s.Put("abc", "out/new.txt", []byte("x")); err == nil {
		t.Fatal("wrote through a folder link out of the folder")
	}
	if _, err := os.Stat(filepath.Join(outside, "new.txt")); err == nil {
		t.Fatal("a file was written outside the folder")
	}
	objs, err := s.List("abc", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(objs) != 1 || objs[0].Key != "keep" {
		t.Fatalf("List followed links: %v", objs)
	}
	if _, err := s.List("abc", "out/"); err == nil {
		if objs, _ := s.List("abc", "out/"); len(objs) != 0 {
			t.Fatalf("List read through a folder link: %v", objs)
		}
	}
	// A bucket that is itself a link out.
	if err := os.Symlink(outside, filepath.Join(dir, "linked")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Open("linked", "secret.txt"); err == nil {
		t.Fatal("read through a bucket that links out")
	}
	if err := s.Put("linked", "new.txt", []byte("x")); err == nil {
		t.Fatal("wrote through a bucket that links out")
	}
}

func TestWriterAbortLeavesNothing(t *testing.T) {
	s, _ := open(t)
	w, err := s.Create("abc", "big/object")
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("half"))
	if objs, _ := s.List("abc", ""); len(objs) != 0 {
		t.Fatalf("an object being written is listed: %v", objs)
	}
	w.Abort()
	if objs, _ := s.List("abc", ""); len(objs) != 0 {
		t.Fatalf("an aborted object is listed: %v", objs)
	}
	if _, _, err := s.Open("abc", "big/object"); !errors.Is(err, ErrNoSuchKey) {
		t.Fatalf("aborted object: %v", err)
	}
}
