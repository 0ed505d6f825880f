package recent

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// Add puts an endpoint first, once; Forget removes it; the file survives
// a restart (it is read again from disk).
func TestAddLoadForget(t *testing.T) {
	path := File(t.TempDir())
	t0 := time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC)
	aws := Endpoint{Region: "eu-west-1", Profile: "prod"}
	local := Endpoint{Region: "us-east-1", Endpoint: "http://127.0.0.1:8000"}
	steps := []struct {
		add  *Endpoint
		want []Endpoint
	}{
		{&aws, []Endpoint{{Region: "eu-west-1", Profile: "prod", Used: t0}}},
		{&local, []Endpoint{{Region: "us-east-1", Endpoint: "http://127.0.0.1:8000", Used: t0.Add(time.Minute)}, {Region: "eu-west-1", Profile: "prod", Used: t0}}},
		{&aws, []Endpoint{{Region: "eu-west-1", Profile: "prod", Used: t0.Add(2 * time.Minute)}, {Region: "us-east-1", Endpoint: "http://127.0.0.1:8000", Used: t0.Add(time.Minute)}}},
	}
	for i, s := range steps {
		if err := Add(path, *s.add, t0.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
		got, err := Load(path)
		if err != nil || !reflect.DeepEqual(got, s.want) {
			t.Fatalf("step %d: %+v %v, want %+v", i, got, err, s.want)
		}
	}
	if err := Forget(path, local); err != nil {
		t.Fatal(err)
	}
	if got, _ := Load(path); len(got) != 1 || !got[0].Same(aws) {
		t.Fatalf("after Forget: %+v", got)
	}
	for i := range Keep + 5 {
		Add(path, Endpoint{Region: "r", Endpoint: "http://h" + string(rune('a'+i))}, t0)
	}
	if got, _ := Load(path); len(got) != Keep {
		t.Fatalf("%d kept, want %d", len(got), Keep)
	}
	if got, err := Load(filepath.Join(t.TempDir(), "none.json")); err != nil || got != nil {
		t.Fatalf("no file: %v %v", got, err)
	}
}

func TestString(t *testing.T) {
	for _, c := range []struct {
		e    Endpoint
		want string
	}{
		{Endpoint{Region: "eu-west-1", Profile: "prod"}, "AWS eu-west-1, profile prod"},
		{Endpoint{Region: "eu-west-1"}, "AWS eu-west-1"},
		{Endpoint{Region: "us-east-1", Endpoint: "http://127.0.0.1:8000"}, "http://127.0.0.1:8000 (us-east-1)"},
	} {
		if got := c.e.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}

// A damaged file is refused by Load and written over by Add.
func TestDamagedFile(t *testing.T) {
	path := File(t.TempDir())
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte("{nope"), 0o644)
	if _, err := Load(path); err == nil {
		t.Fatal("a damaged file loaded")
	}
	if err := Add(path, Endpoint{Region: "eu-west-1"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if got, err := Load(path); err != nil || len(got) != 1 {
		t.Fatalf("%v %v", got, err)
	}
}

// Any bytes: no panic, at most Keep endpoints, each somewhere.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"endpoints":[{"region":"eu-west-1","profile":"p","used":"2026-11-28T03:00:00Z"}]}`))
	f.Add([]byte(`{"endpoints":[{"endpoint":"http://x"},{}]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		list, err := Parse(data)
		if err != nil {
			return
		}
		if len(list) > Keep {
			t.Fatalf("%d endpoints", len(list))
		}
		for _, e := range list {
			if e.Region == "" && e.Endpoint == "" {
				t.Fatalf("an endpoint that is nowhere: %+v", e)
			}
		}
	})
}
