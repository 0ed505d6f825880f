package itemexport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/model"
)

// Read is what an export reads: a Query (Query set) or a Scan.
type Read struct {
	Query *model.QueryInput
	Scan  *model.ScanInput
}

// ScanOf is the Scan of a whole table, or of one of its indexes.
func ScanOf(table, index string) Read {
	return Read{Scan: &model.ScanInput{TableName: table, IndexName: index}}
}

// Table is the table read.
func (r Read) Table() string {
	if r.Query != nil {
		return r.Query.TableName
	}
	if r.Scan != nil {
		return r.Scan.TableName
	}
	return ""
}

// Index is the index read ("" for the table).
func (r Read) Index() string {
	if r.Query != nil {
		return r.Query.IndexName
	}
	if r.Scan != nil {
		return r.Scan.IndexName
	}
	return ""
}

// Whole reports whether the read is every item of the table or index: a
// Scan with no filter and no segment.
func (r Read) Whole() bool {
	s := r.Scan
	return r.Query == nil && s != nil && s.FilterExpression == "" && s.ScanFilter == nil && s.TotalSegments == nil
}

// What names what is read: "Thread", "Thread index PostsByUser", "a
// Query of Thread", "a filtered Scan of Thread".
func (r Read) What() string {
	s := r.Table()
	if i := r.Index(); i != "" {
		s += " index " + i
	}
	switch {
	case r.Query != nil:
		return "a Query of " + s
	case !r.Whole():
		return "a filtered Scan of " + s
	}
	return s
}

// Keys are the key attributes of the table, then of the index read: the
// first columns of a CSV file.
func Keys(d *model.TableDescription, index string) ([]string, error) {
	keys := append(model.HashKeys(d.KeySchema), model.RangeKeys(d.KeySchema)...)
	if index == "" {
		return keys, nil
	}
	for _, l := range d.LocalSecondaryIndexes {
		if l.IndexName == index {
			return append(keys, model.RangeKeys(l.KeySchema)...), nil
		}
	}
	for _, g := range d.GlobalSecondaryIndexes {
		if g.IndexName == index {
			return append(append(model.HashKeys(g.KeySchema), model.RangeKeys(g.KeySchema)...), keys...), nil
		}
	}
	return nil, fmt.Errorf("table %s has no index %s", d.TableName, index)
}

// Progress is how far an export has come.
type Progress struct {
	Pages int
	Items int
	// Bytes is what reached the file (the CSV format writes its rows at
	// the end, once every attribute is seen).
	Bytes int64
	Units float64 // read units consumed
}

// Pages sends the read page after page from the first, handing each
// page's items to fn, and returns what it read and consumed; a cancelled
// ctx stops it before the next page.
func (r Read) Pages(ctx context.Context, api engine.API, fn func(items []model.Item, units float64) error) (pages int, units float64, err error) {
	if r.Query == nil && r.Scan == nil {
		return 0, 0, errors.New("nothing to read")
	}
	var start model.Item
	for {
		if err := ctx.Err(); err != nil {
			return pages, units, err
		}
		var items []model.Item
		var last model.Item
		var cc *model.ConsumedCapacity
		if r.Query != nil {
			in := *r.Query
			in.ExclusiveStartKey, in.ReturnConsumedCapacity = start, model.ReturnCapacityTotal
			out, err := api.Query(ctx, &in)
			if err != nil {
				return pages, units, err
			}
			items, last, cc = out.Items, out.LastEvaluatedKey, out.ConsumedCapacity
		} else {
			in := *r.Scan
			in.ExclusiveStartKey, in.ReturnConsumedCapacity = start, model.ReturnCapacityTotal
			out, err := api.Scan(ctx, &in)
			if err != nil {
				return pages, units, err
			}
			items, last, cc = out.Items, out.LastEvaluatedKey, out.ConsumedCapacity
		}
		pages++
		var u float64
		if cc != nil {
			u = float64(cc.CapacityUnits)
		}
		units += u
		if err := fn(items, u); err != nil {
			return pages, units, err
		}
		if len(last) == 0 {
			return pages, units, nil
		}
		start = last
	}
}

// Export writes every item r reads to w in format f, the CSV header led
// by the key attributes of d (the table's description) and of the index
// read; progress, when set, hears after each page how far it has come.
func Export(ctx context.Context, api engine.API, r Read, d *model.TableDescription, w io.Writer, f itemfmt.Format, progress func(Progress)) (Progress, error) {
	keys, err := Keys(d, r.Index())
	if err != nil {
		return Progress{}, err
	}
	cw := &countingWriter{w: w}
	iw := itemfmt.NewWriter(cw, f, itemfmt.WriteOptions{Keys: keys})
	var p Progress
	p.Pages, p.Units, err = r.Pages(ctx, api, func(items []model.Item, units float64) error {
		for _, it := range items {
			if err := iw.Write(it); err != nil {
				return err
			}
		}
		p.Pages++
		p.Units += units
		p.Items, p.Bytes = iw.Count(), cw.n
		if progress != nil {
			progress(p)
		}
		return nil
	})
	p.Items = iw.Count()
	if err != nil {
		p.Bytes = cw.n
		return p, err
	}
	err = iw.Close()
	p.Bytes = cw.n
	return p, err
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}

// Create opens the file an export writes: a temporary file beside path,
// renamed over path by commit(true) and removed by commit(false).
func Create(path string) (io.Writer, func(ok bool) error, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return nil, nil, err
	}
	mode := os.FileMode(0o644) // as os.Create makes a file under the usual umask
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm() // a file replaced keeps its permissions
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, nil, err
	}
	return tmp, func(ok bool) error {
		cerr := tmp.Close()
		if !ok || cerr != nil {
			os.Remove(tmp.Name())
			return cerr
		}
		if err := os.Rename(tmp.Name(), path); err != nil {
			os.Remove(tmp.Name())
			return err
		}
		return nil
	}, nil
}

// Consistent reports whether the read is strongly consistent (it takes
// twice the read units).
func (r Read) Consistent() bool {
	if r.Query != nil {
		return r.Query.ConsistentRead != nil && *r.Query.ConsistentRead
	}
	return r.Scan != nil && r.Scan.ConsistentRead != nil && *r.Scan.ConsistentRead
}
