package remote

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
)

// Profiles lists the profiles of the user's AWS configuration, as the SDK
// finds them: the sections of the shared config file (AWS_CONFIG_FILE,
// else ~/.aws/config: [default] and [profile NAME]) and of the shared
// credentials file (AWS_SHARED_CREDENTIALS_FILE, else ~/.aws/credentials:
// [NAME]), each with the region its config section names. They come
// sorted by name, default first. Files that do not exist list nothing.
func Profiles() ([]remoteapi.Profile, error) {
	home, _ := os.UserHomeDir()
	config := os.Getenv("AWS_CONFIG_FILE")
	if config == "" && home != "" {
		config = filepath.Join(home, ".aws", "config")
	}
	creds := os.Getenv("AWS_SHARED_CREDENTIALS_FILE")
	if creds == "" && home != "" {
		creds = filepath.Join(home, ".aws", "credentials")
	}
	regions := map[string]string{}
	seen := map[string]bool{}
	for _, f := range []struct {
		path   string
		config bool
	}{{config, true}, {creds, false}} {
		if f.path == "" {
			continue
		}
		fh, err := os.Open(f.path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		sections, err := ProfileSections(fh, f.config)
		fh.Close()
		if err != nil {
			return nil, err
		}
		for _, s := range sections {
			seen[s.Name] = true
			if s.Region != "" && regions[s.Name] == "" {
				regions[s.Name] = s.Region
			}
		}
	}
	out := make([]remoteapi.Profile, 0, len(seen))
	for name := range seen {
		out = append(out, remoteapi.Profile{Name: name, Region: regions[name]})
	}
	sort.Slice(out, func(i, j int) bool {
		if (out[i].Name == "default") != (out[j].Name == "default") {
			return out[i].Name == "default"
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}

// ProfileSections reads the profile sections of a shared config file
// (config: [default], [profile NAME]; other sections such as [sso-session
// X] and [services X] are not profiles) or of a shared credentials file
// ([NAME]), with the region each sets. Comments (# and ;) and lines that
// are no section and no key are passed over, as the SDK's parser does.
func ProfileSections(r io.Reader, config bool) ([]remoteapi.Profile, error) {
	var out []remoteapi.Profile
	cur := -1
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if line[0] == '[' {
			cur = -1
			end := strings.IndexByte(line, ']')
			if end < 0 {
				continue
			}
			name, ok := profileName(strings.TrimSpace(line[1:end]), config)
			if !ok {
				continue
			}
			for i, p := range out {
				if p.Name == name {
					cur = i
				}
			}
			if cur < 0 {
				out = append(out, remoteapi.Profile{Name: name})
				cur = len(out) - 1
			}
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || cur < 0 {
			continue
		}
		if strings.TrimSpace(k) == "region" {
			out[cur].Region = strings.TrimSpace(v)
		}
	}
	return out, sc.Err()
}

// profileName is the profile a section header names ("default",
// "profile prod" in a config file, "prod" in a credentials file).
func profileName(header string, config bool) (string, bool) {
	if !config {
		return header, header != "" && !strings.ContainsAny(header, " \t")
	}
	if header == "default" {
		return header, true
	}
	name, ok := strings.CutPrefix(header, "profile ")
	name = strings.TrimSpace(name)
	return name, ok && name != "" && !strings.ContainsAny(name, " \t")
}
