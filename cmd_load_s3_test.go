package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// fakeS3 serves ListObjectsV2 (two keys a page) and GetObject for the
// files of a folder, as bucket "ddb-exports"; it records every request and
// answers anything else 405, so a test sees the loader only reads.
type fakeS3 struct {
	objects map[string][]byte
	mu      sync.Mutex
	methods []string
}

func newFakeS3(t *testing.T, dir string) (*fakeS3, string) {
	t.Helper()
	f := &fakeS3{objects: map[string][]byte{}}
	err := fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(filepath.Join(dir, p))
		f.objects["2020-Nov/"+p] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(f)
	t.Cleanup(ts.Close)
	return f, ts.URL
}

type listResult struct {
	XMLName               xml.Name `xml:"ListBucketResult"`
	Name                  string
	Prefix                string
	KeyCount              int
	IsTruncated           bool
	NextContinuationToken string `xml:",omitempty"`
	Contents              []struct {
		Key  string
		Size int64
	}
}

func (f *fakeS3) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.methods = append(f.methods, r.Method+" "+r.URL.Path)
	f.mu.Unlock()
	if r.Method != http.MethodGet {
		http.Error(w, "read-only", http.StatusMethodNotAllowed)
		return
	}
	bucket, key, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if bucket != "ddb-exports" {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message></Error>`)
		return
	}
	if key == "" && r.URL.Query().Get("list-type") == "2" {
		prefix := r.URL.Query().Get("prefix")
		var keys []string
		for k := range f.objects {
			if strings.HasPrefix(k, prefix) {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		start, _ := strconv.Atoi(r.URL.Query().Get("continuation-token"))
		end := min(start+2, len(keys))
		res := listResult{Name: bucket, Prefix: prefix, KeyCount: end - start, IsTruncated: end < len(keys)}
		if res.IsTruncated {
			res.NextContinuationToken = strconv.Itoa(end)
		}
		for _, k := range keys[start:end] {
			res.Contents = append(res.Contents, struct {
				Key  string
				Size int64
			}{k, int64(len(f.objects[k]))})
		}
		w.Header().Set("Content-Type", "application/xml")
		xml.NewEncoder(w).Encode(res)
		return
	}
	b, ok := f.objects[key]
	if !ok {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>`)
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Write(b)
}

func TestLoadFromS3(t *testing.T) {
	fake, url := newFakeS3(t, "engine/export/testdata/aws-export")
	t.Setenv("AWS_ACCESS_KEY_ID", "x")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "y")
	t.Setenv("AWS_CONFIG_FILE", filepath.Join(t.TempDir(), "none"))
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", filepath.Join(t.TempDir(), "none"))
	table := filepath.Join(t.TempDir(), "table.json")
	os.WriteFile(table, []byte(`{"TableName": "ProductCatalog", "BillingMode": "PAY_PER_REQUEST",
  "KeySchema": [{"AttributeName": "Id", "KeyType": "HASH"}],
  "AttributeDefinitions": [{"AttributeName": "Id", "AttributeType": "N"}]}`), 0o644)
	db := filepath.Join(t.TempDir(), "work.db")
	var out, errb bytes.Buffer
	err := run([]string{"load", table, "s3://ddb-exports/2020-Nov/", "--endpoint-url", url, "--db", db}, &out, &errb)
	if err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if !strings.Contains(errb.String(), "s3://ddb-exports/2020-Nov/: an export of ProductCatalog, 4 items in 3 data files (") ||
		!strings.Contains(errb.String(), "loading it reads") {
		t.Fatalf("the cost was not said first:\n%s", errb.String())
	}
	if !strings.Contains(out.String(), "loaded s3://ddb-exports/2020-Nov/: 4 items written") {
		t.Fatalf("report:\n%s", out.String())
	}
	for _, m := range fake.methods {
		if !strings.HasPrefix(m, "GET ") {
			t.Fatalf("the load sent %s", m)
		}
	}
	// Without a region or endpoint, and from a bucket that is not there.
	if err := run([]string{"load", "s3://ddb-exports/2020-Nov/"}, &out, &errb); err == nil || !strings.Contains(err.Error(), "needs --region") {
		t.Fatalf("no region: %v", err)
	}
	if err := run([]string{"load", "s3://other/x/", "--endpoint-url", url}, &out, &errb); err == nil || !strings.Contains(err.Error(), "NoSuchBucket") {
		t.Fatalf("missing bucket: %v", err)
	}
}
