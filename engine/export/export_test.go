package export

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine/s3dir"
	"github.com/dynoscope/dynoscope/model"
)

func bucket(t *testing.T) *Bucket {
	t.Helper()
	st, err := s3dir.Open(filepath.Join(t.TempDir(), "s3"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return NewBucket(st, "exports")
}

func spec() Spec {
	start := time.Date(2026, 11, 4, 7, 28, 34, 28e6, time.UTC)
	return Spec{
		ExportID: "01793345314028-a1b2c3d4", ExportArn: "arn:aws:dynamodb:us-east-1:000000000000:table/Music/export/01793345314028-a1b2c3d4",
		TableArn: "arn:aws:dynamodb:us-east-1:000000000000:table/Music", TableID: "t-1", Bucket: "exports", Prefix: "nightly",
		StartTime: start, ExportTime: start, ItemsPerFile: 2, Now: func() time.Time { return start.Add(time.Second) },
	}
}

func items() []model.Item {
	return []model.Item{
		{"pk": model.S("a"), "n": model.N("1"), "tags": model.SS("x", "y")},
		{"pk": model.S("b"), "text": model.S("line\nbreak, \"quoted\"")},
		{"pk": model.S("c"), "bin": model.B([]byte{0, 1, 2}), "m": model.M(map[string]model.AttributeValue{"k": model.Bool(true)})},
	}
}

func writeItems(t *testing.T, b *Bucket, sp Spec, its []model.Item) *Result {
	t.Helper()
	res, err := WriteFull(b, sp, func(fn func(model.EncodedItem, int) error) error {
		for _, it := range its {
			if err := fn(model.EncodedItem(model.AppendItem(nil, it)), model.ItemSize(it)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestFullExportLayoutAndRoundTrip(t *testing.T) {
	b := bucket(t)
	res := writeItems(t, b, spec(), items())
	if res.ItemCount != 3 || len(res.Files) != 2 || res.SummaryKey != "nightly/AWSDynamoDB/01793345314028-a1b2c3d4/manifest-summary.json" {
		t.Fatalf("result %+v", res)
	}
	objs, _ := b.List("")
	var keys []string
	for _, o := range objs {
		k := o.Key
		if strings.Contains(k, "/data/") {
			k = k[:strings.Index(k, "/data/")+6] + "<file>.json.gz"
		}
		keys = append(keys, k)
	}
	want := "nightly/AWSDynamoDB/01793345314028-a1b2c3d4/_started nightly/AWSDynamoDB/01793345314028-a1b2c3d4/data/<file>.json.gz nightly/AWSDynamoDB/01793345314028-a1b2c3d4/data/<file>.json.gz nightly/AWSDynamoDB/01793345314028-a1b2c3d4/manifest-files.checksum nightly/AWSDynamoDB/01793345314028-a1b2c3d4/manifest-files.json nightly/AWSDynamoDB/01793345314028-a1b2c3d4/manifest-summary.checksum nightly/AWSDynamoDB/01793345314028-a1b2c3d4/manifest-summary.json"
	if got := strings.Join(keys, " "); got != want {
		t.Fatalf("layout:\n%s\nwant\n%s", got, want)
	}
	r, _ := b.Open(res.SummaryKey)
	raw, _ := io.ReadAll(r)
	r.Close()
	wantSummary := `{"version":"2020-06-30","exportArn":"arn:aws:dynamodb:us-east-1:000000000000:table/Music/export/01793345314028-a1b2c3d4","startTime":"2026-11-04T07:28:34.028Z","endTime":"2026-11-04T07:28:35.028Z","tableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/Music","tableId":"t-1","exportTime":"2026-11-04T07:28:34.028Z","s3Bucket":"exports","s3Prefix":"nightly","s3SseAlgorithm":"AES256","s3SseKmsKeyId":null,"manifestFilesS3Key":"nightly/AWSDynamoDB/01793345314028-a1b2c3d4/manifest-files.json","billedSizeBytes":` + strconv.FormatInt(res.BilledSizeBytes, 10) + `,"itemCount":3,"outputFormat":"DYNAMODB_JSON"}` + "\n"
	if string(raw) != wantSummary {
		t.Fatalf("summary:\n%s\nwant\n%s", raw, wantSummary)
	}
	x, err := Open(b, res.SummaryKey)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = x.Items(func(pos Position, it model.Item) error {
		got = append(got, string(model.AppendItemJSON(nil, it)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var want2 []string
	for _, it := range items() {
		want2 = append(want2, string(model.AppendItemJSON(nil, it)))
	}
	if strings.Join(got, "\n") != strings.Join(want2, "\n") {
		t.Fatalf("items:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want2, "\n"))
	}
}

func TestEmptyTableHasOneEmptyFile(t *testing.T) {
	b := bucket(t)
	res := writeItems(t, b, spec(), nil)
	if len(res.Files) != 1 || res.Files[0].ItemCount != 0 {
		t.Fatalf("files %+v", res.Files)
	}
	x, err := Open(b, res.SummaryKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Items(func(Position, model.Item) error { t.Fatal("an item"); return nil }); err != nil {
		t.Fatal(err)
	}
}

func TestDamagedExportIsRefused(t *testing.T) {
	for name, damage := range map[string]func(b *Bucket, res *Result){
		"data file changed": func(b *Bucket, res *Result) {
			var buf bytes.Buffer
			zw := gzip.NewWriter(&buf)
			zw.Write([]byte(`{"Item":{"pk":{"S":"z"}}}` + "\n" + `{"Item":{"pk":{"S":"y"}}}` + "\n"))
			zw.Close()
			b.Store.Put("exports", res.Files[0].DataFileS3Key, buf.Bytes())
		},
		"data file missing": func(b *Bucket, res *Result) { b.Store.Remove("exports", res.Files[1].DataFileS3Key) },
		"not gzip":          func(b *Bucket, res *Result) { b.Store.Put("exports", res.Files[1].DataFileS3Key, []byte("plain")) },
	} {
		t.Run(name, func(t *testing.T) {
			b := bucket(t)
			res := writeItems(t, b, spec(), items())
			damage(b, res)
			x, err := Open(b, res.SummaryKey)
			if err == nil {
				err = x.Items(func(Position, model.Item) error { return nil })
			}
			if err == nil {
				t.Fatal("a damaged export was read")
			}
		})
	}
}

func TestCompactAndIncrementalRoundTrip(t *testing.T) {
	at := func(s int) time.Time { return time.Unix(1700000000+int64(s), 0) }
	k := func(s string) model.Item { return model.Item{"pk": model.S(s)} }
	v := func(s, n string) model.Item { return model.Item{"pk": model.S(s), "v": model.N(n)} }
	raw := []RawChange{
		{At: at(1), Keys: k("a"), Old: v("a", "1"), New: v("a", "2")},
		{At: at(2), Keys: k("new"), New: v("new", "1")},
		{At: at(3), Keys: k("a"), Old: v("a", "2"), New: v("a", "3")},
		{At: at(4), Keys: k("gone"), Old: v("gone", "9")},
		{At: at(5), Keys: k("new"), Old: v("new", "1")},
	}
	cs := Compact(raw)
	var lines []string
	for _, c := range cs {
		lines = append(lines, strings.TrimSpace(string(AppendChangeLine(nil, c))))
	}
	want := `{"Metadata":{"WriteTimestampMicros":{"N":"1700000003000000"}},"Keys":{"pk":{"S":"a"}},"NewImage":{"pk":{"S":"a"},"v":{"N":"3"}},"OldImage":{"pk":{"S":"a"},"v":{"N":"1"}}}
{"Metadata":{"WriteTimestampMicros":{"N":"1700000004000000"}},"Keys":{"pk":{"S":"gone"}},"OldImage":{"pk":{"S":"gone"},"v":{"N":"9"}}}`
	if got := strings.Join(lines, "\n"); got != want {
		t.Fatalf("compacted:\n%s\nwant\n%s", got, want)
	}
	for _, view := range []string{ViewNewAndOld, ViewNew} {
		b := bucket(t)
		sp := spec()
		sp.View = view
		res, err := WriteIncremental(b, sp, cs)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(res.Files[0].DataFileS3Key, "nightly/AWSDynamoDB/data/") {
			t.Fatalf("incremental data file at %s", res.Files[0].DataFileS3Key)
		}
		x, err := Open(b, res.SummaryKey)
		if err != nil {
			t.Fatal(err)
		}
		if x.Summary.ExportType != ExportIncremental || x.Summary.OutputView != view || x.Summary.ExportTime != "" {
			t.Fatalf("summary %+v", x.Summary)
		}
		n := 0
		err = x.Changes(func(pos Position, c *Change) error {
			if view == ViewNew && c.OldImage != nil {
				t.Fatal("NEW_IMAGE export with an old image")
			}
			n++
			return nil
		})
		if err != nil || n != 2 {
			t.Fatalf("%d changes, %v", n, err)
		}
	}
}

func TestCSVQuotedDelimiterAndHeaderList(t *testing.T) {
	keys := map[string]model.Type{"id": model.TypeN, "name": model.TypeS}
	in := "id,name,city\n1,\"Smith, John\",\"Paris \"\"Left\"\" Bank\"\n2,Ann,\n"
	r, err := NewCSVReader(strings.NewReader(in), CSVOptions{}, keys)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for {
		it, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(model.AppendItemJSON(nil, it)))
	}
	want := `{"city":{"S":"Paris \"Left\" Bank"},"id":{"N":"1"},"name":{"S":"Smith, John"}}` + "\n" + `{"id":{"N":"2"},"name":{"S":"Ann"}}`
	if strings.Join(got, "\n") != want {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
	r, _ = NewCSVReader(strings.NewReader("7|x|y\n"), CSVOptions{Delimiter: "|", HeaderList: []string{"id", "name", "other"}}, keys)
	it, err := r.Next()
	if err != nil || string(model.AppendItemJSON(nil, it)) != `{"id":{"N":"7"},"name":{"S":"x"},"other":{"S":"y"}}` {
		t.Fatalf("header list: %v %v", it, err)
	}
	r, _ = NewCSVReader(strings.NewReader("id,name\nnotanumber,x\n3,\"unterminated\n"), CSVOptions{}, keys)
	if _, err := r.Next(); err == nil {
		t.Fatal("a key that is not a number was read")
	}
	if _, err := r.Next(); err == nil {
		t.Fatal("a malformed line was read")
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", MaxLine+10)
	lr := NewLineReader(strings.NewReader("a\n\n  \nb\r\n" + long + "\nc"))
	var got []string
	for {
		l, err := lr.Next()
		if err == io.EOF {
			break
		}
		if errors.Is(err, ErrLineTooLong) {
			got = append(got, "<long>")
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(l))
	}
	if strings.Join(got, ",") != "a,b,<long>,c" {
		t.Fatalf("lines %q", got)
	}
}

// TestSampleAWSExport reads the export in testdata/aws-export, written by
// hand from the Developer Guide's description of an export (the folder as
// 'aws s3 cp --recursive s3://ddb-productcatalog-export/2020-Nov/ DIR'
// leaves it: the manifests' keys start with the prefix the folder lacks).
func TestSampleAWSExport(t *testing.T) {
	for _, dir := range []string{"testdata/aws-export", "testdata/aws-export/AWSDynamoDB/01604474914028-a1b2c3d4"} {
		src, err := OpenDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		key, err := FindOne(src, "")
		if err != nil {
			t.Fatal(err)
		}
		x, err := Open(src, key)
		if err != nil {
			t.Fatal(err)
		}
		if x.Summary.TableName() != "ProductCatalog" || x.Summary.ItemCount != 4 || len(x.Files) != 3 {
			t.Fatalf("%s: summary %+v, %d files", dir, x.Summary, len(x.Files))
		}
		var ids []string
		err = x.Items(func(pos Position, it model.Item) error {
			ids = append(ids, it["Id"].N)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(ids, ",") != "103,101,205,102" {
			t.Fatalf("%s: ids %v", dir, ids)
		}
		src.Close()
	}
}
