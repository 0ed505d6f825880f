package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/dynoscope/dynoscope/model"
)

// Compression types of ImportTable's InputCompressionType.
const (
	CompressionGzip = "GZIP"
	CompressionZstd = "ZSTD"
	CompressionNone = "NONE"
)

// Decompress reads r as compressed by kind (GZIP, ZSTD or NONE).
func Decompress(r io.Reader, kind string) (io.ReadCloser, error) {
	switch kind {
	case CompressionGzip:
		zr, err := gzip.NewReader(r)
		if err != nil {
			return nil, fmt.Errorf("not GZIP data: %v", err)
		}
		return zr, nil
	case CompressionZstd:
		zr, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(256<<20))
		if err != nil {
			return nil, fmt.Errorf("not ZSTD data: %v", err)
		}
		return zr.IOReadCloser(), nil
	case CompressionNone, "":
		return io.NopCloser(r), nil
	}
	return nil, fmt.Errorf("unknown compression %q", kind)
}

// MaxLine bounds one line of a data file: an item is at most 400 KB, and
// its JSON (Base64 binaries, escapes) a few times that.
const MaxLine = 4 << 20

// LineReader reads a data file's lines, skipping blank ones.
type LineReader struct {
	r    *bufio.Reader
	line int
	buf  []byte
}

// NewLineReader reads lines from r.
func NewLineReader(r io.Reader) *LineReader {
	return &LineReader{r: bufio.NewReaderSize(r, 256<<10)}
}

// Line is the number of the line Next returned last (from 1).
func (lr *LineReader) Line() int { return lr.line }

// ErrLineTooLong is Next's error for a line longer than MaxLine; the
// reader has skipped it, and Next goes on with the next line.
var ErrLineTooLong = errors.New("line longer than 4 MB")

// Next returns the next non-blank line (valid until the next call), or
// io.EOF.
func (lr *LineReader) Next() ([]byte, error) {
	for {
		lr.buf = lr.buf[:0]
		long := false
		for {
			chunk, err := lr.r.ReadSlice('\n')
			if len(lr.buf)+len(chunk) > MaxLine {
				long = true
			} else {
				lr.buf = append(lr.buf, chunk...)
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil && err != io.EOF {
				return nil, err
			}
			if len(chunk) == 0 && len(lr.buf) == 0 && err == io.EOF && !long {
				return nil, io.EOF
			}
			break
		}
		lr.line++
		if long {
			return nil, ErrLineTooLong
		}
		if b := bytes.TrimSpace(lr.buf); len(b) > 0 {
			return b, nil
		}
	}
}

// itemLine is a full export's (and DynamoDB JSON import's) line.
type itemLine struct {
	Item *model.Item `json:"Item"`
}

// DecodeItemLine decodes {"Item":{…}}. A line of exactly that shape is
// read in one pass by the model's item decoder; any other goes through
// encoding/json for its error.
func DecodeItemLine(line []byte) (model.Item, error) {
	if inner, ok := ItemObject(line); ok {
		var it model.Item
		if it.UnmarshalJSON(inner) == nil && it != nil {
			return it, nil
		}
	}
	var l itemLine
	if err := strictUnmarshal(line, &l); err != nil {
		return nil, err
	}
	if l.Item == nil {
		return nil, errors.New(`the line has no "Item"`)
	}
	return *l.Item, nil
}

// ItemObject returns the value of a line shaped {"Item":VALUE} (with
// optional whitespace), or false: the item's JSON of a full export's line,
// for a reader that decodes it itself (an import's fast path).
func ItemObject(line []byte) ([]byte, bool) {
	i := skipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		return nil, false
	}
	i = skipSpace(line, i+1)
	const key = `"Item"`
	if !bytes.HasPrefix(line[i:], []byte(key)) {
		return nil, false
	}
	i = skipSpace(line, i+len(key))
	if i >= len(line) || line[i] != ':' {
		return nil, false
	}
	i = skipSpace(line, i+1)
	j := len(line)
	for j > i && isSpace(line[j-1]) {
		j--
	}
	if j <= i || line[j-1] != '}' {
		return nil, false
	}
	j--
	for j > i && isSpace(line[j-1]) {
		j--
	}
	if j <= i || line[i] != '{' || line[j-1] != '}' {
		return nil, false
	}
	return line[i:j], true
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// AppendItemLine appends {"Item":{…}} and a newline.
func AppendItemLine(dst []byte, item model.Item) []byte {
	dst = append(dst, `{"Item":`...)
	dst = model.AppendItemJSON(dst, item)
	return append(dst, "}\n"...)
}

// AppendEncodedItemLine appends {"Item":{…}} and a newline for an item in
// the engine's stored encoding.
func AppendEncodedItemLine(dst []byte, item model.EncodedItem) ([]byte, error) {
	n := len(dst)
	dst = append(dst, `{"Item":`...)
	dst, err := item.AppendJSON(dst)
	if err != nil {
		return dst[:n], err
	}
	return append(dst, "}\n"...), nil
}

// Change is one line of an incremental export: an item's keys, its image
// before the window (nil: it did not exist, or the view is NEW_IMAGE) and
// after (nil: deleted), and when it was last written.
type Change struct {
	Keys                 model.Item
	OldImage, NewImage   model.Item
	WriteTimestampMicros int64
}

type changeLine struct {
	Metadata *struct {
		WriteTimestampMicros *model.AttributeValue `json:"WriteTimestampMicros"`
	} `json:"Metadata"`
	Keys     *model.Item `json:"Keys"`
	NewImage *model.Item `json:"NewImage"`
	OldImage *model.Item `json:"OldImage"`
}

// DecodeChangeLine decodes an incremental export's line.
func DecodeChangeLine(line []byte) (*Change, error) {
	var l changeLine
	if err := strictUnmarshal(line, &l); err != nil {
		return nil, err
	}
	if l.Keys == nil || len(*l.Keys) == 0 {
		return nil, errors.New(`the line has no "Keys"`)
	}
	c := &Change{Keys: *l.Keys}
	if l.NewImage != nil {
		c.NewImage = *l.NewImage
	}
	if l.OldImage != nil {
		c.OldImage = *l.OldImage
	}
	if l.Metadata == nil || l.Metadata.WriteTimestampMicros == nil || l.Metadata.WriteTimestampMicros.Type != model.TypeN {
		return nil, errors.New(`the line has no "Metadata":{"WriteTimestampMicros":{"N":…}}`)
	}
	ts, err := strconv.ParseInt(l.Metadata.WriteTimestampMicros.N, 10, 64)
	if err != nil || ts < 0 {
		return nil, fmt.Errorf("WriteTimestampMicros %q is not a time in microseconds", l.Metadata.WriteTimestampMicros.N)
	}
	c.WriteTimestampMicros = ts
	return c, nil
}

// AppendChangeLine appends an incremental export's line and a newline.
func AppendChangeLine(dst []byte, c *Change) []byte {
	dst = append(dst, `{"Metadata":{"WriteTimestampMicros":{"N":"`...)
	dst = strconv.AppendInt(dst, c.WriteTimestampMicros, 10)
	dst = append(dst, `"}},"Keys":`...)
	dst = model.AppendItemJSON(dst, c.Keys)
	if c.NewImage != nil {
		dst = append(dst, `,"NewImage":`...)
		dst = model.AppendItemJSON(dst, c.NewImage)
	}
	if c.OldImage != nil {
		dst = append(dst, `,"OldImage":`...)
		dst = model.AppendItemJSON(dst, c.OldImage)
	}
	return append(dst, "}\n"...)
}

// strictUnmarshal decodes one JSON object, refusing trailing data.
func strictUnmarshal(line []byte, v any) error {
	if len(line) == 0 || line[0] != '{' {
		return errors.New("the line is not a JSON object")
	}
	if err := json.Unmarshal(line, v); err != nil {
		var me *model.Error
		if errors.As(err, &me) {
			return me
		}
		return fmt.Errorf("the line is not valid DynamoDB JSON: %v", err)
	}
	return nil
}
