package patterns

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode/utf8"
)

// maxCell bounds a table cell; the details under the table say it whole.
const maxCell = 36

// cell shortens s to maxCell runes.
func cell(s string) string {
	if utf8.RuneCountInString(s) <= maxCell {
		return s
	}
	r := []rune(s)
	return string(r[:maxCell-1]) + "…"
}

// Served says what serves a result: "Songs", "Songs/ByArtist".
func (r Result) Served() string {
	if r.Index != "" {
		return r.Table + "/" + r.Index
	}
	return r.Table
}

// HotKeyText renders the hot key: `Id "1" 40%`.
func (r Result) HotKeyText() string {
	if r.HotKey == nil {
		return "-"
	}
	return fmt.Sprintf("%s %.0f%%", showPartition(r.HotKey.Partition), r.HotKey.Share()*100)
}

func count(n int) string {
	if n < 0 {
		return "-"
	}
	return fmt.Sprint(n)
}

func unitsCell(u float64, read bool, action string) string {
	isRead := action == "GetItem" || action == "Query" || action == "Scan" || strings.HasPrefix(action, "ExecuteStatement")
	if read != isRead {
		return "-"
	}
	return units(u)
}

// WriteTable writes the results as a table, then each pattern's details:
// how it is served, its itemised capacity, its risks and why it failed.
func WriteTable(w io.Writer, rs []Result) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "PATTERN\tACTION\tSERVED BY\tKEY CONDITION\tREAD\tRETURNED\tRCU\tWCU\tHOT KEY\tLARGEST ITEM\tRESULT")
	for _, r := range rs {
		verdict := "ok"
		if !r.OK() {
			verdict = "FAIL"
		} else if len(r.Risks) > 0 {
			verdict = "ok (warnings)"
		}
		kc := r.KeyCondition
		if r.Scan {
			kc = "(scan)"
		}
		largest := "-"
		if r.LargestItem > 0 {
			largest = kb(r.LargestItem)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", cell(r.Pattern.Name), r.Action, cell(r.Served()), cell(kc),
			count(r.ItemsRead), count(r.ItemsReturned), unitsCell(r.RCU, true, r.Action), unitsCell(r.WCU, false, r.Action),
			cell(r.HotKeyText()), largest, verdict)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, r := range rs {
		fmt.Fprintln(w)
		fmt.Fprintf(w, "%s: %s\n", r.Pattern.Where(), r.summary())
		for _, l := range r.Lines {
			fmt.Fprintln(w, "  "+l)
		}
		if r.HotKey != nil {
			where := r.HotKey.Table
			if r.HotKey.Index != "" {
				where += "/" + r.HotKey.Index
			}
			fmt.Fprintf(w, "  hot key: %s holds %s of the %s items of %s, %s of %s (%.0f%%)\n", showPartition(r.HotKey.Partition),
				thousands(r.HotKey.Items), thousands(r.HotKey.TotalItems), where, kb(r.HotKey.Bytes), kb(r.HotKey.TotalBytes), r.HotKey.Share()*100)
		}
		if r.Collection >= 0 {
			fmt.Fprintf(w, "  item collection: %s of the 10 GB limit\n", kb(r.Collection))
		}
		if r.More {
			fmt.Fprintln(w, "  more to read: the call stopped at a page boundary (LastEvaluatedKey)")
		}
		for _, k := range r.Risks {
			fmt.Fprintln(w, "  warning: "+k)
		}
		for _, f := range r.Failures {
			fmt.Fprintln(w, "  FAIL: "+f)
		}
	}
	passed := 0
	for _, r := range rs {
		if r.OK() {
			passed++
		}
	}
	fmt.Fprintf(w, "\n%d patterns: %d passed, %d failed\n", len(rs), passed, len(rs)-passed)
	return nil
}

// summary says in one line how a pattern is served.
func (r Result) summary() string {
	if r.Error != "" && r.Table == "" {
		return r.Action + " (did not run)"
	}
	s := r.Action + " on " + r.Served()
	switch {
	case r.Scan && r.Advice != "":
		s += ", a scan: " + r.Advice
	case r.Scan:
		s += ", a scan"
	case r.KeyCondition != "":
		s += " by " + r.KeyCondition
	}
	return s
}
