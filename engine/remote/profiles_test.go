package remote

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine/remote/remotetest"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
)

// The profiles of the config file and of the credentials file, with the
// regions the config names; sections that are no profile are passed over.
func TestProfiles(t *testing.T) {
	remotetest.IsolateAWS(t, `# mine
[default]
region = eu-west-1
[profile prod]
region=us-east-2
sso_session = corp
[sso-session corp]
sso_region = us-east-1
[services local]
dynamodb =
  endpoint_url = http://127.0.0.1:8000
[profile dev]
`)
	creds := os.Getenv("AWS_SHARED_CREDENTIALS_FILE")
	if err := os.WriteFile(creds, []byte("[ci]\naws_access_key_id = AKID\n[prod]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := Profiles()
	if err != nil {
		t.Fatal(err)
	}
	want := []remoteapi.Profile{{Name: "default", Region: "eu-west-1"}, {Name: "ci"}, {Name: "dev"}, {Name: "prod", Region: "us-east-2"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("profiles %+v, want %+v", got, want)
	}
	// no files: no profiles, no error
	t.Setenv("AWS_CONFIG_FILE", filepath.Join(t.TempDir(), "none"))
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", filepath.Join(t.TempDir(), "none"))
	if got, err := Profiles(); err != nil || len(got) != 0 {
		t.Fatalf("without files: %v, %v", got, err)
	}
}

// Any bytes: no panic; every profile read has a name without spaces.
func FuzzProfileSections(f *testing.F) {
	f.Add([]byte("[default]\nregion = eu-west-1\n[profile a]\n"), true)
	f.Add([]byte("[x]\naws_access_key_id=1\n[y z]\n"), false)
	f.Add([]byte("[profile ]\n[profile\n]region=\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, config bool) {
		ps, err := ProfileSections(strings.NewReader(string(data)), config)
		if err != nil {
			return
		}
		for _, p := range ps {
			if p.Name == "" || strings.ContainsAny(p.Name, " \t") {
				t.Fatalf("profile %q read from %q", p.Name, data)
			}
		}
	})
}
