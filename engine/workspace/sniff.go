package workspace

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// Format is what a file holds.
type Format int

// Formats Open recognises.
const (
	// FormatNew: the file did not exist or was empty; Open wrote the header.
	FormatNew Format = iota
	// FormatWorkspace: a workspace in this package's format.
	FormatWorkspace
	// FormatLegacy: a BuntDB append-only file, as dynoscope 0.1 wrote
	// workspaces; the engine converts it.
	FormatLegacy
)

// looksLegacy reports whether b starts like a BuntDB append-only file: a
// RESP array of SET, DEL or FLUSHDB.
func looksLegacy(b []byte) bool {
	for _, p := range []string{"*3\r\n$3\r\nset\r\n", "*2\r\n$3\r\ndel\r\n", "*1\r\n$7\r\nflushdb\r\n", "*5\r\n$3\r\nset\r\n"} {
		if bytes.HasPrefix(b, []byte(p)) || bytes.HasPrefix(bytes.ToLower(b), []byte(p)) {
			return true
		}
	}
	return false
}

// describe says in a few words what a file that is not a workspace looks
// like, from its first bytes and its size.
func describe(b []byte, size int64) string {
	what := "binary data"
	trimmed := bytes.TrimLeft(b, " \t\r\n\ufeff")
	switch {
	case bytes.HasPrefix(b, []byte("SQLite format 3\x00")):
		what = "an SQLite database"
	case bytes.HasPrefix(b, []byte{0x1f, 0x8b}):
		what = "gzip-compressed data"
	case bytes.HasPrefix(b, []byte("PK\x03\x04")):
		what = "a zip archive"
	case bytes.HasPrefix(b, []byte("%PDF")):
		what = "a PDF document"
	case bytes.HasPrefix(b, []byte("dynoscope workspace ")):
		what = "a dynoscope workspace of a format this version does not read (" + firstLine(b) + ")"
	case len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '['):
		what = "JSON text"
	case utf8.Valid(b) && !bytes.ContainsRune(b, 0):
		what = fmt.Sprintf("text (first line %q)", firstLine(b))
	}
	return fmt.Sprintf("%s, %s", what, byteCount(size))
}

func firstLine(b []byte) string {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	if len(b) > 40 {
		b = append(b[:37:37], "..."...)
	}
	return string(bytes.TrimRight(b, "\r"))
}

// byteCount writes a size in bytes with thousands separators.
func byteCount(n int64) string {
	if n == 1 {
		return "1 byte"
	}
	return group(n) + " bytes"
}

// group writes n with commas between groups of three digits.
func group(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + group(-n)
	}
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
