// Package recent keeps the remote endpoints the explorer opened lately —
// an AWS region with a profile, or a DynamoDB-compatible endpoint — in a
// small JSON file of the user's configuration directory
// (dynoscope/recent.json), newest first, so the endpoint switcher can
// offer them again. The file holds where the endpoints are, never
// credentials, and nothing of it goes to the endpoints.
package recent

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
)

// Keep is how many endpoints the file keeps.
const Keep = 20

// Endpoint is one endpoint opened: where, and when last.
type Endpoint struct {
	Region   string    `json:"region,omitempty"`
	Profile  string    `json:"profile,omitempty"`
	Endpoint string    `json:"endpoint,omitempty"`
	Used     time.Time `json:"used"`
}

// Of is the endpoint of a location.
func Of(l remoteapi.Location) Endpoint {
	return Endpoint{Region: l.Region, Profile: l.Profile, Endpoint: l.Endpoint}
}

// Location is where the endpoint points (read-only: whether writes are
// allowed is the explorer's --write, never the file's).
func (e Endpoint) Location() remoteapi.Location {
	return remoteapi.Location{Region: e.Region, Profile: e.Profile, Endpoint: e.Endpoint}
}

// Same reports whether two entries name the same endpoint.
func (e Endpoint) Same(o Endpoint) bool {
	return e.Region == o.Region && e.Profile == o.Profile && e.Endpoint == o.Endpoint
}

// String says where: "AWS eu-west-1, profile prod", "http://127.0.0.1:8000
// (us-east-1)".
func (e Endpoint) String() string {
	if e.Endpoint == "" {
		return e.Location().Place()
	}
	s := e.Endpoint
	switch {
	case e.Region != "" && e.Profile != "":
		s += " (" + e.Region + ", profile " + e.Profile + ")"
	case e.Region != "":
		s += " (" + e.Region + ")"
	case e.Profile != "":
		s += " (profile " + e.Profile + ")"
	}
	return s
}

// File is the list's file in the configuration directory dir
// (os.UserConfigDir).
func File(dir string) string { return filepath.Join(dir, "dynoscope", "recent.json") }

// file is the file's content.
type file struct {
	Endpoints []Endpoint `json:"endpoints"`
}

// Load reads the list at path, newest first; a file that does not exist
// is an empty list.
func Load(path string) ([]Endpoint, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// Parse reads the file's content.
func Parse(data []byte) ([]Endpoint, error) {
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("the recent endpoints file is not what dynoscope writes: %w", err)
	}
	var out []Endpoint
	for _, e := range f.Endpoints {
		if e.Region == "" && e.Endpoint == "" {
			continue
		}
		if len(out) < Keep {
			out = append(out, e)
		}
	}
	return out, nil
}

// Add puts e at the head of the list at path (used at now), dropping an
// older entry of the same endpoint and the oldest past Keep.
func Add(path string, e Endpoint, now time.Time) error {
	list, err := Load(path)
	if err != nil {
		list = nil // a damaged file is written over with what is known
	}
	e.Used = now.UTC()
	out := []Endpoint{e}
	for _, o := range list {
		if !o.Same(e) && len(out) < Keep {
			out = append(out, o)
		}
	}
	return save(path, out)
}

// Forget removes e from the list at path.
func Forget(path string, e Endpoint) error {
	list, err := Load(path)
	if err != nil {
		return err
	}
	out := list[:0]
	for _, o := range list {
		if !o.Same(e) {
			out = append(out, o)
		}
	}
	return save(path, out)
}

// save writes the list: a file beside it renamed over it.
func save(path string, list []Endpoint) error {
	if list == nil {
		list = []Endpoint{}
	}
	data, err := json.MarshalIndent(file{Endpoints: list}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".recent.*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
