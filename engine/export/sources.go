package export

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/dynoscope/dynoscope/engine/s3dir"
)

// Dir is a folder read as a source (an export downloaded with 'aws s3 cp
// --recursive'): keys are paths under it, read through an os.Root so that
// nothing outside it is read.
type Dir struct {
	path string
	root *os.Root
}

// OpenDir opens a folder as a source.
func OpenDir(path string) (*Dir, error) {
	root, err := os.OpenRoot(path)
	if err != nil {
		return nil, err
	}
	return &Dir{path: path, root: root}, nil
}

// Close releases the folder.
func (d *Dir) Close() error { return d.root.Close() }

// Name is "folder PATH".
func (d *Dir) Name() string { return "folder " + d.path }

// Open reads a file.
func (d *Dir) Open(key string) (io.ReadCloser, error) {
	if err := s3dir.CheckKey(key); err != nil {
		return nil, err
	}
	return d.root.Open(key)
}

// List lists the regular files whose paths start with prefix (links are
// neither followed nor listed).
func (d *Dir) List(prefix string) ([]ObjectInfo, error) {
	var out []ObjectInfo
	err := fs.WalkDir(d.root.FS(), ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.Type().IsRegular() {
			return nil
		}
		if !strings.HasPrefix(p, prefix) {
			return nil
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		out = append(out, ObjectInfo{Key: p, Size: info.Size()})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, err
}

// Bucket is a bucket of the S3 stand-in, as a source and a sink.
type Bucket struct {
	Store  *s3dir.Store
	bucket string
}

// NewBucket returns the stand-in's bucket.
func NewBucket(store *s3dir.Store, bucket string) *Bucket {
	return &Bucket{Store: store, bucket: bucket}
}

// Name is "s3://BUCKET".
func (b *Bucket) Name() string { return "s3://" + b.bucket }

// Open reads an object.
func (b *Bucket) Open(key string) (io.ReadCloser, error) {
	r, _, err := b.Store.Open(b.bucket, key)
	if errors.Is(err, s3dir.ErrNoSuchKey) {
		return nil, fmt.Errorf("%w (%v)", fs.ErrNotExist, err)
	}
	return r, err
}

// List lists the objects whose keys start with prefix.
func (b *Bucket) List(prefix string) ([]ObjectInfo, error) {
	objs, err := b.Store.List(b.bucket, prefix)
	if err != nil {
		return nil, err
	}
	out := make([]ObjectInfo, len(objs))
	for i, o := range objs {
		out[i] = ObjectInfo{Key: o.Key, Size: o.Size}
	}
	return out, nil
}

// Create starts an object.
func (b *Bucket) Create(key string) (Object, error) {
	return b.Store.Create(b.bucket, key)
}
