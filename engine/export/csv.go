package export

import (
	"encoding/base64"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/dynoscope/dynoscope/model"
)

// CSVOptions are ImportTable's CsvOptions.
type CSVOptions struct {
	// Delimiter is one character (default ",").
	Delimiter string
	// HeaderList names the columns; when given, the file's first line is
	// data, not a header.
	HeaderList []string
}

// CSVReader reads a CSV import file as items. As DynamoDB imports CSV,
// the key attributes of the table and its indexes take the types of their
// attribute definitions; every other column is a String.
type CSVReader struct {
	r       *csv.Reader
	header  []string
	keys    map[string]model.Type
	started bool
	line    int
}

// NewCSVReader reads r with opts; keyTypes are the types of the key
// attributes of the table and its indexes.
func NewCSVReader(r io.Reader, opts CSVOptions, keyTypes map[string]model.Type) (*CSVReader, error) {
	cr := csv.NewReader(r)
	cr.ReuseRecord = true
	cr.FieldsPerRecord = -1
	if opts.Delimiter != "" {
		d, n := utf8.DecodeRuneInString(opts.Delimiter)
		if n != len(opts.Delimiter) || d == '"' || d == '\r' || d == '\n' || d == utf8.RuneError {
			return nil, fmt.Errorf("delimiter %q is not one character", opts.Delimiter)
		}
		cr.Comma = d
	}
	c := &CSVReader{r: cr, keys: keyTypes}
	if len(opts.HeaderList) > 0 {
		c.header = append([]string(nil), opts.HeaderList...)
		c.started = true
	}
	return c, nil
}

// Line is the line the last record read began on.
func (c *CSVReader) Line() int { return c.line }

// Next returns the next row as an item, or io.EOF. An error for one row
// (a malformed line, a key that is not of its type) leaves the reader
// ready for the next row.
func (c *CSVReader) Next() (model.Item, error) {
	if !c.started {
		rec, err := c.r.Read()
		if err != nil {
			if err == io.EOF {
				return nil, io.EOF
			}
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				c.line = pe.StartLine
				return nil, fmt.Errorf("header: malformed CSV: %v", pe.Err)
			}
			return nil, fmt.Errorf("header: %v", err)
		}
		c.started = true
		c.header = append([]string(nil), rec...)
		seen := map[string]bool{}
		for _, h := range c.header {
			if h == "" {
				return nil, errors.New("header: a column has no name")
			}
			if seen[h] {
				return nil, fmt.Errorf("header: column %q appears twice", h)
			}
			seen[h] = true
		}
	}
	rec, err := c.r.Read()
	if err != nil {
		if err == io.EOF {
			return nil, io.EOF
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			c.line = pe.StartLine
			return nil, fmt.Errorf("malformed CSV: %v", pe.Err)
		}
		return nil, err
	}
	c.line, _ = c.r.FieldPos(0)
	if len(rec) != len(c.header) {
		return nil, fmt.Errorf("the row has %d values for %d columns", len(rec), len(c.header))
	}
	item := make(model.Item, len(rec))
	for i, v := range rec {
		name := c.header[i]
		t, isKey := c.keys[name]
		if !isKey {
			if v != "" {
				item[name] = model.S(v)
			}
			continue
		}
		if v == "" {
			continue // a missing key attribute: the item's check names it
		}
		switch t {
		case model.TypeN:
			av := model.N(v)
			if err := model.NormalizeValue(&av); err != nil {
				return nil, fmt.Errorf("column %s: %s", name, err.Message)
			}
			item[name] = av
		case model.TypeB:
			b, err := base64.StdEncoding.DecodeString(v)
			if err != nil {
				return nil, fmt.Errorf("column %s: %q is not Base64", name, v)
			}
			item[name] = model.B(b)
		default:
			item[name] = model.S(v)
		}
	}
	return item, nil
}
