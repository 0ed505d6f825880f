package export

import (
	"bytes"
	"crypto/md5"
	"crypto/rand"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzip"

	"github.com/dynoscope/dynoscope/model"
)

// Object is an object being written; nothing is seen under its key before
// Commit.
type Object interface {
	io.Writer
	Commit() error
	Abort()
}

// Sink is where an export writes its objects (a bucket).
type Sink interface {
	Create(key string) (Object, error)
}

// Spec says what an export is: where it goes and what its summary
// manifest tells.
type Spec struct {
	ExportID  string // "01234567890123-a1b2c3d4"
	ExportArn string
	TableArn  string
	TableID   string
	Bucket    string
	Prefix    string // S3Prefix ("" for none)
	StartTime time.Time
	// ExportTime is a full export's instant; From and To an incremental
	// export's window, View its ExportViewType.
	ExportTime time.Time
	View       string
	// ItemsPerFile caps a data file (default 100,000 items); a table's
	// export has at least one data file, empty when the table is.
	ItemsPerFile int
	// Now gives the summary's endTime (default time.Now).
	Now func() time.Time
}

// Result is what an export wrote.
type Result struct {
	ItemCount       int64
	BilledSizeBytes int64
	SummaryKey      string // the manifest-summary.json key: DescribeExport's ExportManifest
	Files           []FileEntry
}

// NewExportID returns an export id as DynamoDB makes them: the start
// time in milliseconds (14 digits) and 8 hex digits.
func NewExportID(start time.Time) string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%014d-%s", start.UnixMilli(), hex.EncodeToString(b[:]))
}

// root is the folder of an export's manifests: [prefix/]AWSDynamoDB/<id>.
func (s *Spec) root() string { return join(s.Prefix, "AWSDynamoDB/"+s.ExportID) }

// dataDir is where a full export's data files go ([prefix/]AWSDynamoDB/
// <id>/data); incremental exports share [prefix/]AWSDynamoDB/data.
func (s *Spec) dataDir(incremental bool) string {
	if incremental {
		return join(s.Prefix, "AWSDynamoDB/data")
	}
	return s.root() + "/data"
}

func join(prefix, rest string) string {
	prefix = strings.TrimSuffix(prefix, "/")
	if prefix == "" {
		return rest
	}
	return prefix + "/" + rest
}

var fileNames = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// dataFileName is a data file's name as DynamoDB makes them: 26 random
// base-32 characters and .json.gz.
func dataFileName() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return fileNames.EncodeToString(b[:])[:26] + ".json.gz"
}

// fileWriter compresses data files on a few goroutines, in the order they
// were begun.
type fileWriter struct {
	sink  Sink
	dir   string
	sem   chan struct{}
	wg    sync.WaitGroup
	mu    sync.Mutex
	files []FileEntry
	err   error
}

func newFileWriter(sink Sink, dir string) *fileWriter {
	n := runtime.GOMAXPROCS(0)
	n = max(1, min(n, 4))
	return &fileWriter{sink: sink, dir: dir, sem: make(chan struct{}, n)}
}

// write compresses one file's lines and writes it, in the background.
func (fw *fileWriter) write(lines []byte, count int64) {
	fw.mu.Lock()
	i := len(fw.files)
	fw.files = append(fw.files, FileEntry{ItemCount: count, DataFileS3Key: fw.dir + "/" + dataFileName()})
	fw.mu.Unlock()
	fw.sem <- struct{}{}
	fw.wg.Add(1)
	go func() {
		defer func() { <-fw.sem; fw.wg.Done() }()
		entry, err := fw.put(lines, fw.fileKey(i))
		fw.mu.Lock()
		defer fw.mu.Unlock()
		if err != nil {
			if fw.err == nil {
				fw.err = err
			}
			return
		}
		fw.files[i].MD5Checksum, fw.files[i].ETag = entry.MD5Checksum, entry.ETag
	}()
}

func (fw *fileWriter) fileKey(i int) string {
	fw.mu.Lock()
	defer fw.mu.Unlock()
	return fw.files[i].DataFileS3Key
}

func (fw *fileWriter) put(lines []byte, key string) (FileEntry, error) {
	obj, err := fw.sink.Create(key)
	if err != nil {
		return FileEntry{}, err
	}
	h := md5.New()
	zw, _ := gzip.NewWriterLevel(io.MultiWriter(obj, h), gzip.BestSpeed)
	if _, err := zw.Write(lines); err != nil {
		obj.Abort()
		return FileEntry{}, err
	}
	if err := zw.Close(); err != nil {
		obj.Abort()
		return FileEntry{}, err
	}
	if err := obj.Commit(); err != nil {
		return FileEntry{}, err
	}
	sum := h.Sum(nil)
	return FileEntry{MD5Checksum: base64.StdEncoding.EncodeToString(sum), ETag: ETag(sum)}, nil
}

// ETag is the ETag S3 gives an object uploaded in one part of a multipart
// upload, as DynamoDB's exports are ("af83…-1"): the MD5 of the part's
// MD5, and the number of parts.
func ETag(md5sum []byte) string {
	s := md5.Sum(md5sum)
	return hex.EncodeToString(s[:]) + "-1"
}

func (fw *fileWriter) wait() ([]FileEntry, error) {
	fw.wg.Wait()
	return fw.files, fw.err
}

// fileBytes caps a data file's uncompressed lines (with ItemsPerFile).
const fileBytes = 64 << 20

// WriteFull writes a full export of the items each hands over (in the
// table's storage order), then its manifests. Items come as the engine
// stores them (model.EncodedItem) with their DynamoDB sizes.
func WriteFull(sink Sink, spec Spec, each func(fn func(item model.EncodedItem, size int) error) error) (*Result, error) {
	if err := putEmpty(sink, spec.root()+"/_started"); err != nil {
		return nil, err
	}
	per := spec.ItemsPerFile
	if per <= 0 {
		per = 100_000
	}
	fw := newFileWriter(sink, spec.dataDir(false))
	var res Result
	var buf []byte
	var n int64
	err := each(func(item model.EncodedItem, size int) error {
		var err error
		buf, err = AppendEncodedItemLine(buf, item)
		if err != nil {
			return err
		}
		n++
		res.ItemCount++
		res.BilledSizeBytes += int64(size)
		if n >= int64(per) || len(buf) >= fileBytes {
			fw.write(buf, n)
			buf, n = nil, 0
		}
		return nil
	})
	if err == nil && (n > 0 || res.ItemCount == 0) {
		fw.write(buf, n)
	}
	files, werr := fw.wait()
	if err == nil {
		err = werr
	}
	if err != nil {
		return nil, err
	}
	res.Files = files
	return &res, writeManifests(sink, spec, &res, false)
}

// WriteIncremental writes an incremental export of changes (each item's
// state before the window and after it, in the order the items first
// changed), then its manifests.
func WriteIncremental(sink Sink, spec Spec, changes []*Change) (*Result, error) {
	if err := putEmpty(sink, spec.root()+"/_started"); err != nil {
		return nil, err
	}
	per := spec.ItemsPerFile
	if per <= 0 {
		per = 100_000
	}
	fw := newFileWriter(sink, spec.dataDir(true))
	var res Result
	var buf []byte
	var n int64
	for _, c := range changes {
		if spec.View == ViewNew {
			c = &Change{Keys: c.Keys, NewImage: c.NewImage, WriteTimestampMicros: c.WriteTimestampMicros}
		}
		buf = AppendChangeLine(buf, c)
		n++
		res.ItemCount++
		if c.NewImage != nil {
			res.BilledSizeBytes += int64(model.ItemSize(c.NewImage))
		}
		if c.OldImage != nil {
			res.BilledSizeBytes += int64(model.ItemSize(c.OldImage))
		}
		if n >= int64(per) || len(buf) >= fileBytes {
			fw.write(buf, n)
			buf, n = nil, 0
		}
	}
	if n > 0 || res.ItemCount == 0 {
		fw.write(buf, n)
	}
	files, err := fw.wait()
	if err != nil {
		return nil, err
	}
	res.Files = files
	return &res, writeManifests(sink, spec, &res, true)
}

// writeManifests writes manifest-files.json, then manifest-summary.json
// (last: its presence says the export is whole), each with its checksum
// (the manifest's MD5, in hex).
func writeManifests(sink Sink, spec Spec, res *Result, incremental bool) error {
	var files bytes.Buffer
	for _, f := range res.Files {
		files.Write(marshalLine(f))
	}
	filesKey := spec.root() + "/manifest-files.json"
	if err := putWithChecksum(sink, filesKey, files.Bytes()); err != nil {
		return err
	}
	now := time.Now
	if spec.Now != nil {
		now = spec.Now
	}
	sum := Summary{
		Version: Version, ExportArn: spec.ExportArn,
		StartTime: FormatTime(spec.StartTime), EndTime: FormatTime(now()),
		TableArn: spec.TableArn, TableID: spec.TableID,
		S3Bucket: spec.Bucket, S3SseAlgorithm: "AES256",
		ManifestFilesS3Key: filesKey, BilledSizeBytes: res.BilledSizeBytes,
		ItemCount: res.ItemCount, OutputFormat: FormatDynamoDBJSON,
	}
	if spec.Prefix != "" {
		p := spec.Prefix
		sum.S3Prefix = &p
	}
	if incremental {
		sum.ExportType, sum.OutputView = ExportIncremental, spec.View
	} else {
		sum.ExportTime = FormatTime(spec.ExportTime)
	}
	res.SummaryKey = spec.root() + "/manifest-summary.json"
	return putWithChecksum(sink, res.SummaryKey, marshalLine(sum))
}

// FormatTime writes a manifest's time: UTC, milliseconds.
func FormatTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

func putEmpty(sink Sink, key string) error { return put(sink, key, nil) }

func put(sink Sink, key string, data []byte) error {
	obj, err := sink.Create(key)
	if err != nil {
		return err
	}
	if _, err := obj.Write(data); err != nil {
		obj.Abort()
		return err
	}
	return obj.Commit()
}

func putWithChecksum(sink Sink, key string, data []byte) error {
	if err := put(sink, key, data); err != nil {
		return err
	}
	sum := md5.Sum(data)
	return put(sink, strings.TrimSuffix(key, ".json")+".checksum", []byte(hex.EncodeToString(sum[:])))
}
