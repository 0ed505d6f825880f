package itemfmt

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/dynoscope/dynoscope/model"
)

// WriteOptions say how a Writer lays out what it writes.
type WriteOptions struct {
	// Keys are the key attribute names (the table's, then an index's):
	// CSV's first columns, in this order.
	Keys []string
	// SpoolLimit is how many bytes of items a CSV writer holds in memory
	// before it moves them to a temporary file (default 32 MB): the header
	// names every attribute seen, so no row is written before the last
	// item has come.
	SpoolLimit int
}

// Writer writes items in one format. Call Close when done: it writes what
// is buffered (a CSV file's every line) and flushes.
type Writer struct {
	format Format
	out    *bufio.Writer
	opts   WriteOptions
	n      int
	buf    []byte
	// CSV: the items so far, one DynamoDB JSON line each, in memory or
	// spilled to a temporary file, and every attribute name seen.
	spool   bytes.Buffer
	spilled *os.File
	names   map[string]bool
	closed  bool
}

// NewWriter returns a writer of format f onto w.
func NewWriter(w io.Writer, f Format, opts WriteOptions) *Writer {
	if opts.SpoolLimit <= 0 {
		opts.SpoolLimit = 32 << 20
	}
	return &Writer{format: f, out: bufio.NewWriterSize(w, 64<<10), opts: opts, names: map[string]bool{}}
}

// Count is how many items were written.
func (w *Writer) Count() int { return w.n }

// Write writes one item.
func (w *Writer) Write(item model.Item) error {
	if w.closed {
		return errors.New("itemfmt: write after Close")
	}
	w.n++
	switch w.format {
	case JSONLines:
		w.buf = AppendPlainItem(w.buf[:0], item)
	case DynamoDBJSON:
		w.buf = append(w.buf[:0], `{"Item":`...)
		w.buf = model.AppendItemJSON(w.buf, item)
		w.buf = append(w.buf, '}')
	case CSV:
		for k := range item {
			w.names[k] = true
		}
		w.buf = model.AppendItemJSON(w.buf[:0], item)
		w.buf = append(w.buf, '\n')
		return w.toSpool(w.buf)
	default:
		return fmt.Errorf("itemfmt: unknown format %q", w.format)
	}
	w.buf = append(w.buf, '\n')
	_, err := w.out.Write(w.buf)
	return err
}

// toSpool keeps one CSV item until Close.
func (w *Writer) toSpool(line []byte) error {
	if w.spilled != nil {
		_, err := w.spilled.Write(line)
		return err
	}
	w.spool.Write(line)
	if w.spool.Len() < w.opts.SpoolLimit {
		return nil
	}
	f, err := os.CreateTemp("", "dynoscope-export-*.jsonl")
	if err != nil {
		return err
	}
	os.Remove(f.Name()) // gone when closed; where that fails, removed at Close
	w.spilled = f
	_, err = w.spool.WriteTo(f)
	return err
}

// Close writes what is buffered and flushes; the underlying writer is not
// closed.
func (w *Writer) Close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	if w.format == CSV {
		if err := w.writeCSV(); err != nil {
			return err
		}
	}
	return w.out.Flush()
}

// Columns are a CSV file's columns: the key attributes that were seen,
// then every other attribute name seen, in order.
func (w *Writer) Columns() []string {
	var cols []string
	isKey := map[string]bool{}
	for _, k := range w.opts.Keys {
		if w.names[k] && !isKey[k] {
			cols = append(cols, k)
			isKey[k] = true
		}
	}
	var rest []string
	for k := range w.names {
		if !isKey[k] {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(cols, rest...)
}

// writeCSV writes the header and one row per spooled item.
func (w *Writer) writeCSV() error {
	var src io.Reader = &w.spool
	if w.spilled != nil {
		defer func() {
			w.spilled.Close()
			os.Remove(w.spilled.Name())
		}()
		if _, err := w.spilled.Seek(0, io.SeekStart); err != nil {
			return err
		}
		src = w.spilled
	}
	cw := csv.NewWriter(w.out)
	cols := w.Columns()
	if w.n == 0 {
		return nil // no item, no attribute: an empty file
	}
	if err := cw.Write(cols); err != nil {
		return err
	}
	in := bufio.NewReaderSize(src, 64<<10)
	row := make([]string, len(cols))
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			var item model.Item
			if uerr := item.UnmarshalJSON(line); uerr != nil {
				return fmt.Errorf("itemfmt: reading back an item: %w", uerr)
			}
			for i, c := range cols {
				row[i] = ""
				if v, ok := item[c]; ok {
					row[i] = Cell(v)
				}
			}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// Cell is a value as a CSV cell: a string as it is, binary as base64, any
// other value as its plain JSON.
func Cell(v model.AttributeValue) string {
	switch v.Type {
	case model.TypeS:
		return v.S
	case model.TypeB:
		b := appendBase64(nil, v.B)
		return string(b[1 : len(b)-1])
	}
	return string(AppendPlain(nil, v))
}
