package ui

import (
	"os"
	"strings"
	"testing"
)

// x on a table of the sidebar: the root opens the export dialog over the
// pane (it has the keyboard: letters go to the path), enter writes the
// file, the status bar says where; I opens the import dialog, esc closes
// it.
func TestExportAndImportDialogsOverThePane(t *testing.T) {
	t.Chdir(t.TempDir())
	m := newTestModel(t, demoEngine(t, "forum"), 120, 40)
	selectInSidebar(t, m, "Thread", "")
	press(t, m, "x")
	if s := screen(m); !strings.Contains(s, "Export table Thread") || !strings.Contains(s, "to file: Thread.jsonl") {
		t.Fatalf("x did not open the export dialog:\n%s", s)
	}
	press(t, m, "q") // typed into the path, not quit
	if m.quitting || !strings.Contains(screen(m), "Thread.jsonlq") {
		t.Fatalf("q was not typed into the path:\n%s", screen(m))
	}
	press(t, m, "backspace", "enter")
	data, err := os.ReadFile("Thread.jsonl")
	if err != nil || strings.Count(string(data), "\n") != 22 {
		t.Fatalf("%v, %d lines", err, strings.Count(string(data), "\n"))
	}
	if !strings.Contains(statusBar(m), "exported 22 items of table Thread to ") {
		t.Fatalf("status bar %q", statusBar(m))
	}
	press(t, m, "esc", "I")
	if s := screen(m); !strings.Contains(s, "Import a file into Thread") {
		t.Fatalf("I did not open the import dialog:\n%s", s)
	}
	press(t, m, "esc")
	if m.modal != nil {
		t.Fatal("esc did not close the import dialog")
	}
}
