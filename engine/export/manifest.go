package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Version is manifest-summary.json's "version".
const Version = "2020-06-30"

// Output formats and views.
const (
	FormatDynamoDBJSON = "DYNAMODB_JSON"
	FormatION          = "ION"
	ExportFull         = "FULL_EXPORT"
	ExportIncremental  = "INCREMENTAL_EXPORT"
	ViewNewAndOld      = "NEW_AND_OLD_IMAGES"
	ViewNew            = "NEW_IMAGE"
)

// Summary is manifest-summary.json, field for field as DynamoDB writes it
// (Developer Guide, "DynamoDB table export output format"). ExportType and
// OutputView are written for incremental exports only.
type Summary struct {
	Version            string  `json:"version"`
	ExportArn          string  `json:"exportArn"`
	StartTime          string  `json:"startTime"`
	EndTime            string  `json:"endTime"`
	TableArn           string  `json:"tableArn"`
	TableID            string  `json:"tableId"`
	ExportTime         string  `json:"exportTime,omitempty"`
	S3Bucket           string  `json:"s3Bucket"`
	S3Prefix           *string `json:"s3Prefix"`
	S3SseAlgorithm     string  `json:"s3SseAlgorithm"`
	S3SseKmsKeyID      *string `json:"s3SseKmsKeyId"`
	ManifestFilesS3Key string  `json:"manifestFilesS3Key"`
	BilledSizeBytes    int64   `json:"billedSizeBytes"`
	ItemCount          int64   `json:"itemCount"`
	OutputFormat       string  `json:"outputFormat"`
	ExportType         string  `json:"exportType,omitempty"`
	OutputView         string  `json:"outputView,omitempty"`
}

// FileEntry is one line of manifest-files.json: a data file, its item
// count, the Base64 MD5 of its bytes and its S3 ETag.
type FileEntry struct {
	ItemCount     int64  `json:"itemCount"`
	MD5Checksum   string `json:"md5Checksum"`
	ETag          string `json:"etag"`
	DataFileS3Key string `json:"dataFileS3Key"`
}

// maxManifestSize bounds what a reader takes of a manifest: far more than
// any real one (a files manifest lists at most a few thousand files).
const maxManifestSize = 64 << 20

// ReadSummary reads and checks manifest-summary.json.
func ReadSummary(r io.Reader) (*Summary, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxManifestSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxManifestSize {
		return nil, errors.New("manifest-summary.json: larger than 64 MB")
	}
	var s Summary
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("manifest-summary.json: not a summary manifest: %v", err)
	}
	if dec.More() {
		return nil, errors.New("manifest-summary.json: more than one JSON value")
	}
	switch {
	case s.ManifestFilesS3Key == "":
		return nil, errors.New("manifest-summary.json: manifestFilesS3Key is missing")
	case s.ItemCount < 0:
		return nil, fmt.Errorf("manifest-summary.json: itemCount %d is negative", s.ItemCount)
	}
	switch s.OutputFormat {
	case FormatDynamoDBJSON:
	case FormatION:
		return nil, errors.New("manifest-summary.json: the export is in Amazon Ion (ION); dynoscope reads DYNAMODB_JSON exports only")
	default:
		return nil, fmt.Errorf("manifest-summary.json: outputFormat %q (want DYNAMODB_JSON)", s.OutputFormat)
	}
	switch s.ExportType {
	case "", ExportFull, ExportIncremental:
	default:
		return nil, fmt.Errorf("manifest-summary.json: exportType %q (want FULL_EXPORT or INCREMENTAL_EXPORT)", s.ExportType)
	}
	return &s, nil
}

// Incremental reports whether the summary is an incremental export's.
func (s *Summary) Incremental() bool { return s.ExportType == ExportIncremental }

// TableName returns the table's name from tableArn
// (arn:aws:dynamodb:REGION:ACCOUNT:table/NAME), or "".
func (s *Summary) TableName() string {
	i := strings.LastIndex(s.TableArn, ":table/")
	if i < 0 {
		return ""
	}
	name := s.TableArn[i+len(":table/"):]
	if strings.Contains(name, "/") {
		return ""
	}
	return name
}

// maxFiles bounds the entries a files manifest may list.
const maxFiles = 1 << 20

// ReadFileEntries reads and checks manifest-files.json (JSON lines; blank
// lines are allowed).
func ReadFileEntries(r io.Reader) ([]FileEntry, error) {
	sc := bufio.NewScanner(io.LimitReader(r, maxManifestSize))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var out []FileEntry
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var f FileEntry
		if err := json.Unmarshal(b, &f); err != nil {
			return nil, fmt.Errorf("manifest-files.json line %d: %v", line, err)
		}
		switch {
		case f.DataFileS3Key == "":
			return nil, fmt.Errorf("manifest-files.json line %d: dataFileS3Key is missing", line)
		case f.ItemCount < 0:
			return nil, fmt.Errorf("manifest-files.json line %d: itemCount %d is negative", line, f.ItemCount)
		}
		if len(out) == maxFiles {
			return nil, fmt.Errorf("manifest-files.json: more than %d files", maxFiles)
		}
		out = append(out, f)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("manifest-files.json line %d: %v", line+1, err)
	}
	return out, nil
}

// marshalLine writes v as one JSON line.
func marshalLine(v any) []byte {
	b, _ := json.Marshal(v)
	return append(b, '\n')
}
