package forms

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// $EDITOR may carry arguments and quotes, as a shell reads them, or name
// a file whose path has spaces.
func TestEditorCommandWithArgumentsAndSpaces(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my editors")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "ed it")
	// The "editor" appends its arguments to the file it is given last.
	if err := os.WriteFile(script, []byte("#!/bin/sh\nf=\"\"\nfor a; do f=\"$a\"; done\nprintf '%s\\n' \"$*\" >> \"$f\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "item.json")
	for _, tt := range []struct {
		editor string
		args   string
	}{
		{`"` + script + `" -w --wait`, "-w --wait " + file},
		{`'` + script + `' -n`, "-n " + file},
		{strings.ReplaceAll(script, " ", `\ `) + ` -x`, "-x " + file},
		{script, file}, // a path with spaces, unquoted: the file it names
	} {
		os.WriteFile(file, nil, 0o600)
		t.Setenv("VISUAL", "")
		t.Setenv("EDITOR", tt.editor)
		cmd := EditorCommand(file)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("EDITOR=%s: %v %s", tt.editor, err, out)
		}
		got, _ := os.ReadFile(file)
		if strings.TrimSpace(string(got)) != tt.args {
			t.Errorf("EDITOR=%s: the editor got %q, want %q", tt.editor, strings.TrimSpace(string(got)), tt.args)
		}
	}
}
