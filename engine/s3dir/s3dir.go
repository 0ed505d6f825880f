// Package s3dir is a folder standing in for Amazon S3: one sub-folder per
// bucket, created on demand, and an object's key as its path inside the
// bucket's folder ("AWSDynamoDB/0123-abcd/data/x.json.gz" is the file of
// that name under DIR/bucket/).
//
// Nothing outside the folder is ever read or written. Bucket names follow
// S3's rules (3–63 lower-case letters, digits, dots and hyphens), keys are
// refused when they are absolute, hold a ".." or "." segment, an empty
// segment, a backslash or a NUL, and every file is reached through an
// os.Root, which refuses symbolic links that lead out of the folder.
// Objects are written to a temporary file and renamed into place, so a
// reader (or a crash) never sees half an object.
package s3dir

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Store is the stand-in's folder.
type Store struct {
	dir  string
	root *os.Root
}

// Errors of a read, as S3 names them.
var (
	ErrNoSuchBucket = errors.New("NoSuchBucket: The specified bucket does not exist")
	ErrNoSuchKey    = errors.New("NoSuchKey: The specified key does not exist")
)

// tempPrefix starts the names of objects being written; List skips them.
const tempPrefix = ".dynoscope-part-"

// Open opens (creating it when missing) the folder dir as the stand-in.
func Open(dir string) (*Store, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return nil, fmt.Errorf("S3 folder: %w", err)
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("S3 folder: %w", err)
	}
	return &Store{dir: abs, root: root}, nil
}

// Dir is the folder's absolute path.
func (s *Store) Dir() string { return s.dir }

// Close releases the folder.
func (s *Store) Close() error { return s.root.Close() }

// CheckBucket says why name is not a bucket name S3 accepts, or nil.
func CheckBucket(name string) error {
	if len(name) < 3 || len(name) > 63 {
		return fmt.Errorf("bucket name %q: must be 3 to 63 characters long", name)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-') {
			return fmt.Errorf("bucket name %q: only lower-case letters, digits, dots and hyphens are allowed", name)
		}
	}
	first, last := name[0], name[len(name)-1]
	if first == '.' || first == '-' || last == '.' || last == '-' || strings.Contains(name, "..") {
		return fmt.Errorf("bucket name %q: must begin and end with a letter or digit, with no two dots together", name)
	}
	return nil
}

// CheckKey says why key cannot be an object's path in the folder, or nil.
func CheckKey(key string) error {
	switch {
	case key == "":
		return errors.New("an object key cannot be empty")
	case len(key) > 1024:
		return fmt.Errorf("object key %.40q…: longer than 1024 bytes", key)
	case strings.HasPrefix(key, "/"):
		return fmt.Errorf("object key %q: an absolute path is refused", key)
	case strings.ContainsAny(key, "\\\x00"):
		return fmt.Errorf("object key %q: backslashes and NUL bytes are refused", key)
	case strings.HasSuffix(key, "/"):
		return fmt.Errorf("object key %q: a key ending in / is a folder, not an object", key)
	}
	for _, seg := range strings.Split(key, "/") {
		switch {
		case seg == "":
			return fmt.Errorf("object key %q: an empty path segment (//) is refused", key)
		case seg == "." || seg == "..":
			return fmt.Errorf("object key %q: a %q segment is refused (nothing outside the S3 folder is read or written)", key, seg)
		case strings.HasPrefix(seg, tempPrefix):
			return fmt.Errorf("object key %q: names starting %q are the stand-in's own", key, tempPrefix)
		}
	}
	return nil
}

func (s *Store) objectPath(bucket, key string) (string, error) {
	if err := CheckBucket(bucket); err != nil {
		return "", err
	}
	if err := CheckKey(key); err != nil {
		return "", err
	}
	return bucket + "/" + key, nil
}

// BucketExists reports whether the bucket's folder exists.
func (s *Store) BucketExists(bucket string) bool {
	if CheckBucket(bucket) != nil {
		return false
	}
	fi, err := s.root.Stat(bucket)
	return err == nil && fi.IsDir()
}

// Put writes an object whole.
func (s *Store) Put(bucket, key string, data []byte) error {
	w, err := s.Create(bucket, key)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Abort()
		return err
	}
	return w.Commit()
}

// Writer writes one object: nothing is seen under its key before Commit.
type Writer struct {
	s        *Store
	f        *os.File
	tmp, dst string
	done     bool
}

// Create starts writing an object, creating its bucket's folder and the
// folders of its key when missing.
func (s *Store) Create(bucket, key string) (*Writer, error) {
	p, err := s.objectPath(bucket, key)
	if err != nil {
		return nil, err
	}
	if err := s.root.MkdirAll(path.Dir(p), 0o755); err != nil {
		return nil, fmt.Errorf("s3://%s/%s: %w", bucket, key, err)
	}
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	tmp := path.Join(path.Dir(p), tempPrefix+hex.EncodeToString(rnd[:]))
	f, err := s.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, fmt.Errorf("s3://%s/%s: %w", bucket, key, err)
	}
	return &Writer{s: s, f: f, tmp: tmp, dst: p}, nil
}

// Write appends to the object.
func (w *Writer) Write(p []byte) (int, error) { return w.f.Write(p) }

// Commit makes the object visible under its key (replacing one there).
func (w *Writer) Commit() error {
	if w.done {
		return errors.New("s3dir: object already ended")
	}
	w.done = true
	err := w.f.Sync()
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = w.s.root.Rename(w.tmp, w.dst)
	}
	if err != nil {
		_ = w.s.root.Remove(w.tmp)
	}
	return err
}

// Abort drops the object.
func (w *Writer) Abort() {
	if w.done {
		return
	}
	w.done = true
	w.f.Close()
	_ = w.s.root.Remove(w.tmp)
}

// Open reads an object, and tells its size.
func (s *Store) Open(bucket, key string) (io.ReadCloser, int64, error) {
	p, err := s.objectPath(bucket, key)
	if err != nil {
		return nil, 0, err
	}
	if !s.BucketExists(bucket) {
		return nil, 0, fmt.Errorf("s3://%s: %w", bucket, ErrNoSuchBucket)
	}
	f, err := s.root.Open(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, 0, fmt.Errorf("s3://%s/%s: %w", bucket, key, ErrNoSuchKey)
		}
		return nil, 0, fmt.Errorf("s3://%s/%s: %w", bucket, key, err)
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			return nil, 0, fmt.Errorf("s3://%s/%s: %w", bucket, key, ErrNoSuchKey)
		}
		return nil, 0, err
	}
	return f, fi.Size(), nil
}

// Object is one listed object.
type Object struct {
	Key  string
	Size int64
}

// List returns the bucket's objects whose keys start with prefix, in key
// order. Symbolic links are not followed and not listed.
func (s *Store) List(bucket, prefix string) ([]Object, error) {
	if err := CheckBucket(bucket); err != nil {
		return nil, err
	}
	if !s.BucketExists(bucket) {
		return nil, fmt.Errorf("s3://%s: %w", bucket, ErrNoSuchBucket)
	}
	// Walk from the deepest folder the prefix names.
	start := bucket
	if i := strings.LastIndex(prefix, "/"); i > 0 {
		dir := prefix[:i]
		if CheckKey(dir) != nil {
			return nil, nil
		}
		start = bucket + "/" + dir
	}
	var out []Object
	fsys := s.root.FS()
	err := fs.WalkDir(fsys, start, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == start {
				return fs.SkipAll
			}
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 || strings.HasPrefix(d.Name(), tempPrefix) {
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		key := strings.TrimPrefix(p, bucket+"/")
		if !strings.HasPrefix(key, prefix) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out = append(out, Object{Key: key, Size: info.Size()})
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}

// Remove deletes an object (a missing one is not an error).
func (s *Store) Remove(bucket, key string) error {
	p, err := s.objectPath(bucket, key)
	if err != nil {
		return err
	}
	if err := s.root.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
