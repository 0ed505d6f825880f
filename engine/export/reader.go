package export

import (
	"crypto/md5"
	"encoding/base64"
	"errors"
	"fmt"
	"hash"
	"io"
	"path"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// Source is where an export is read from: a folder, the S3 stand-in's
// bucket, or real S3. Keys are slash-separated.
type Source interface {
	// Open reads an object; a missing one is an error for which
	// errors.Is(err, fs.ErrNotExist) holds.
	Open(key string) (io.ReadCloser, error)
	// List returns the keys that start with prefix, in order, with their
	// sizes.
	List(prefix string) ([]ObjectInfo, error)
	// Name says where the source is, for messages ("folder x", "s3://b").
	Name() string
}

// ObjectInfo is a listed object.
type ObjectInfo struct {
	Key  string
	Size int64
}

// Export is an export opened for reading.
type Export struct {
	Summary    *Summary
	SummaryKey string
	Files      []FileEntry
	// keys are the files' keys in the source (a downloaded folder holds
	// them under shorter paths than the manifest's keys).
	keys []string
	// Bytes is the data files' total (compressed) size.
	Bytes int64
	src   Source
	read  int64
}

// FindSummaries lists the manifest-summary.json keys under prefix.
func FindSummaries(src Source, prefix string) ([]string, error) {
	objs, err := src.List(prefix)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, o := range objs {
		if path.Base(o.Key) == "manifest-summary.json" {
			out = append(out, o.Key)
		}
	}
	return out, nil
}

// FindOne returns the one export under prefix, or says why not.
func FindOne(src Source, prefix string) (string, error) {
	keys, err := FindSummaries(src, prefix)
	if err != nil {
		return "", err
	}
	switch len(keys) {
	case 0:
		return "", fmt.Errorf("%s: no manifest-summary.json: not a DynamoDB export (download one with 'aws s3 cp --recursive s3://BUCKET/PREFIX/AWSDynamoDB/EXPORT_ID DIR')", src.Name())
	case 1:
		return keys[0], nil
	}
	return "", fmt.Errorf("%s holds %d exports (%s): name one's folder", src.Name(), len(keys), strings.Join(keys, ", "))
}

// Open reads an export's manifests and checks that every data file they
// list is there, with the counts adding up.
func Open(src Source, summaryKey string) (*Export, error) {
	r, err := src.Open(summaryKey)
	if err != nil {
		return nil, err
	}
	sum, err := ReadSummary(r)
	r.Close()
	if err != nil {
		return nil, err
	}
	objs, err := src.List("")
	if err != nil {
		return nil, err
	}
	sizes := make(map[string]int64, len(objs))
	for _, o := range objs {
		sizes[o.Key] = o.Size
	}
	base := path.Dir(summaryKey)
	if base == "." {
		base = ""
	}
	resolve := func(key string) (string, bool) {
		for _, k := range candidates(key, base) {
			if _, ok := sizes[k]; ok {
				return k, true
			}
		}
		return "", false
	}
	filesKey, ok := resolve(sum.ManifestFilesS3Key)
	if !ok {
		return nil, fmt.Errorf("%s: the files manifest %s is missing", src.Name(), sum.ManifestFilesS3Key)
	}
	fr, err := src.Open(filesKey)
	if err != nil {
		return nil, err
	}
	files, err := ReadFileEntries(fr)
	fr.Close()
	if err != nil {
		return nil, err
	}
	x := &Export{Summary: sum, SummaryKey: summaryKey, Files: files, src: src}
	var total int64
	for _, f := range files {
		k, ok := resolve(f.DataFileS3Key)
		if !ok {
			return nil, fmt.Errorf("%s: data file %s, listed in manifest-files.json, is missing", src.Name(), f.DataFileS3Key)
		}
		x.keys = append(x.keys, k)
		x.Bytes += sizes[k]
		total += f.ItemCount
	}
	if total != sum.ItemCount {
		return nil, fmt.Errorf("%s: manifest-files.json counts %d items, manifest-summary.json %d", src.Name(), total, sum.ItemCount)
	}
	return x, nil
}

// candidates are the keys an export's object may have in a source: the
// manifest's key, or a shorter one when the export was downloaded from a
// folder below the bucket's root (the key from AWSDynamoDB/ on, or from
// the summary's folder on).
func candidates(key, base string) []string {
	out := []string{key}
	if i := strings.Index(key, "AWSDynamoDB/"); i > 0 {
		out = append(out, key[i:])
	}
	parts := strings.Split(key, "/")
	for i := 1; i < len(parts); i++ {
		rest := strings.Join(parts[i:], "/")
		if base != "" {
			out = append(out, base+"/"+rest)
		} else {
			out = append(out, rest)
		}
	}
	return out
}

// Position says where a record came from.
type Position struct {
	File string // the data file's key in the source
	Line int
}

func (p Position) String() string { return fmt.Sprintf("%s line %d", p.File, p.Line) }

// Items calls fn with each item of a full export, file by file, checking
// each file's MD5 and item count against the manifest.
func (x *Export) Items(fn func(pos Position, item model.Item) error) error {
	if x.Summary.Incremental() {
		return errors.New("an incremental export holds changes, not items")
	}
	return x.lines(func(pos Position, line []byte) error {
		item, err := DecodeItemLine(line)
		if err != nil {
			return fmt.Errorf("%s: %w", pos, err)
		}
		return fn(pos, item)
	})
}

// Changes calls fn with each record of an incremental export, checking
// files as Items does.
func (x *Export) Changes(fn func(pos Position, c *Change) error) error {
	if !x.Summary.Incremental() {
		return errors.New("a full export holds items, not changes")
	}
	return x.lines(func(pos Position, line []byte) error {
		c, err := DecodeChangeLine(line)
		if err != nil {
			return fmt.Errorf("%s: %w", pos, err)
		}
		return fn(pos, c)
	})
}

func (x *Export) lines(fn func(pos Position, line []byte) error) error {
	for i, f := range x.Files {
		if err := x.file(f, x.keys[i], fn); err != nil {
			return err
		}
	}
	return nil
}

// countingReader hashes and counts what it reads.
type countingReader struct {
	r io.Reader
	h hash.Hash
	n *int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.h.Write(p[:n])
	if c.n != nil {
		*c.n += int64(n)
	}
	return n, err
}

// ReadBytes is the compressed bytes read so far by Items or Changes.
func (x *Export) ReadBytes() int64 { return x.read }

func (x *Export) file(f FileEntry, key string, fn func(pos Position, line []byte) error) error {
	r, err := x.src.Open(key)
	if err != nil {
		return err
	}
	defer r.Close()
	cr := &countingReader{r: r, h: md5.New(), n: &x.read}
	var count int64
	if f.ItemCount > 0 || !isEmpty(x.src, key) {
		zr, err := Decompress(cr, CompressionGzip)
		if err != nil {
			return fmt.Errorf("%s: %v", key, err)
		}
		defer zr.Close()
		lr := NewLineReader(zr)
		for {
			line, err := lr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return fmt.Errorf("%s line %d: %v", key, lr.Line(), err)
			}
			count++
			if count > f.ItemCount {
				return fmt.Errorf("%s: more lines than the %d items manifest-files.json counts", key, f.ItemCount)
			}
			if err := fn(Position{File: key, Line: lr.Line()}, line); err != nil {
				return err
			}
		}
		if _, err := io.Copy(io.Discard, cr); err != nil {
			return err
		}
	}
	if count != f.ItemCount {
		return fmt.Errorf("%s: %d items, manifest-files.json counts %d", key, count, f.ItemCount)
	}
	if f.MD5Checksum != "" {
		if got := base64.StdEncoding.EncodeToString(cr.h.Sum(nil)); got != f.MD5Checksum {
			return fmt.Errorf("%s: MD5 %s, manifest-files.json says %s: the file is damaged", key, got, f.MD5Checksum)
		}
	}
	return nil
}

// isEmpty reports whether an object has no bytes (an empty partition's
// data file).
func isEmpty(src Source, key string) bool {
	objs, err := src.List(key)
	if err != nil {
		return false
	}
	for _, o := range objs {
		if o.Key == key {
			return o.Size == 0
		}
	}
	return false
}
