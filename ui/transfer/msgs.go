package transfer

import (
	"github.com/dynoscope/dynoscope/internal/itemexport"
)

// Name is the file name an export of r offers first: the table's name,
// the index's after a dot, then "-query" or "-scan" for a request's
// result ("Thread.jsonl", "Thread.PostsByUser.csv", "Thread-query.jsonl").
func Name(r itemexport.Read) string {
	s := r.Table()
	if i := r.Index(); i != "" {
		s += "." + i
	}
	switch {
	case r.Query != nil:
		s += "-query"
	case !r.Whole():
		s += "-scan"
	}
	return s
}
