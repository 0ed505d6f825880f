package export

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// FuzzReadManifests: the summary and files manifests, as read from an
// export someone hands over.
func FuzzReadManifests(f *testing.F) {
	f.Add([]byte(`{"version":"2020-06-30","manifestFilesS3Key":"AWSDynamoDB/1-a/manifest-files.json","itemCount":8,"outputFormat":"DYNAMODB_JSON","tableArn":"arn:aws:dynamodb:us-east-1:1:table/T"}`))
	f.Add([]byte(`{"itemCount":8,"md5Checksum":"sQMSpEILNgoQmarvDFonGQ==","etag":"af83d6f217c19b8b0fff8023d8ca4716-1","dataFileS3Key":"AWSDynamoDB/1-a/data/x.json.gz"}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if s, err := ReadSummary(bytes.NewReader(data)); err == nil {
			if s.ManifestFilesS3Key == "" || s.ItemCount < 0 || s.OutputFormat != FormatDynamoDBJSON {
				t.Fatalf("accepted %+v", s)
			}
			_ = s.TableName()
		}
		if files, err := ReadFileEntries(bytes.NewReader(data)); err == nil {
			for _, fe := range files {
				if fe.DataFileS3Key == "" || fe.ItemCount < 0 {
					t.Fatalf("accepted %+v", fe)
				}
			}
		}
	})
}

// FuzzDataLines: a data file's lines, full ({"Item":…}) and incremental.
func FuzzDataLines(f *testing.F) {
	f.Add([]byte(`{"Item":{"pk":{"S":"a"},"n":{"N":"1"}}}` + "\n"))
	f.Add([]byte(`{"Metadata":{"WriteTimestampMicros":{"N":"1"}},"Keys":{"pk":{"S":"a"}},"NewImage":{"pk":{"S":"a"}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		lr := NewLineReader(bytes.NewReader(data))
		for i := 0; i < 1000; i++ {
			line, err := lr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				if err == ErrLineTooLong {
					continue
				}
				break
			}
			// The one-pass path and encoding/json agree.
			var slow itemLine
			slowErr := strictUnmarshal(line, &slow)
			fast, fastErr := DecodeItemLine(line)
			if (slowErr == nil && slow.Item != nil) != (fastErr == nil) {
				t.Fatalf("fast path %v, encoding/json %v", fastErr, slowErr)
			}
			if fastErr == nil && !model.ItemsEqual(fast, *slow.Item) {
				t.Fatalf("fast path %v, encoding/json %v", fast, *slow.Item)
			}
			if it, err := DecodeItemLine(line); err == nil {
				again, err := DecodeItemLine(AppendItemLine(nil, it))
				if err != nil || !model.ItemsEqual(it, again) {
					t.Fatalf("item line does not read back: %v", err)
				}
			}
			if c, err := DecodeChangeLine(line); err == nil {
				if _, err := DecodeChangeLine(AppendChangeLine(nil, c)); err != nil {
					t.Fatalf("change line does not read back: %v", err)
				}
			}
		}
	})
}

// FuzzCSV: an import's CSV file, with a header line or a header list.
func FuzzCSV(f *testing.F) {
	f.Add("id,name\n1,\"a, b\"\n", ",", false)
	f.Add("1|x\n", "|", true)
	f.Fuzz(func(t *testing.T, data, delim string, headerList bool) {
		opts := CSVOptions{Delimiter: delim}
		if headerList {
			opts.HeaderList = []string{"id", "name"}
		}
		r, err := NewCSVReader(strings.NewReader(data), opts, map[string]model.Type{"id": model.TypeN, "b": model.TypeB})
		if err != nil {
			return
		}
		for i := 0; i < 1000; i++ {
			it, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				continue
			}
			if v, ok := it["id"]; ok && v.Type != model.TypeN {
				t.Fatalf("key id typed %v", v.Type)
			}
		}
	})
}
