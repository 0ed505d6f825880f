package itemfmt

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Format is one of the file formats.
type Format string

// The formats, named as --format takes them.
const (
	JSONLines    Format = "jsonl"
	DynamoDBJSON Format = "ddb-json"
	CSV          Format = "csv"
)

// Formats lists every format, in the order help shows them.
var Formats = []Format{JSONLines, DynamoDBJSON, CSV}

// ParseFormat returns the format named s.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q: use jsonl, ddb-json or csv", s)
}

// Extension is the file name extension a file of the format usually has.
func (f Format) Extension() string {
	switch f {
	case CSV:
		return ".csv"
	case DynamoDBJSON:
		return ".ddb.jsonl"
	}
	return ".jsonl"
}

// FormatOfName guesses a file's format from its name: .csv is CSV, a name
// ending .ddb.json or .ddb.jsonl is DynamoDB JSON; ok is false otherwise
// (.jsonl and .json files may be either JSON format: see Detect).
func FormatOfName(name string) (Format, bool) {
	lower := strings.ToLower(filepath.Base(name))
	switch {
	case strings.HasSuffix(lower, ".csv"):
		return CSV, true
	case strings.HasSuffix(lower, ".ddb.json"), strings.HasSuffix(lower, ".ddb.jsonl"):
		return DynamoDBJSON, true
	}
	return "", false
}
