package ui

import (
	"testing"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The status bar's "creating GSI" note stays while the index is being
// built and is replaced once the tables read say it is ACTIVE: it never
// says "creating" after the build.
func TestCreatingNoteEndsWhenActive(t *testing.T) {
	m := newMouseModel(t, 120, 40)
	w := m.ws
	note := "UpdateTable Forum: creating GSI ByThreads"
	m.afterDone(w, forms.DoneMsg{Note: note, Table: "Forum", Building: "ByThreads"}) // its reads not run
	tables := func(status string) []kit.TableInfo {
		d := &model.TableDescription{TableName: "Forum", TableStatus: model.StatusActive,
			GlobalSecondaryIndexes: []model.GlobalSecondaryIndexDescription{{IndexName: "ByThreads", IndexStatus: status}}}
		return []kit.TableInfo{{Desc: d}}
	}
	m.onWorkspace(w, workspaceMsg{tables: tables("CREATING")})
	if m.flash != note {
		t.Fatalf("while CREATING: %q", m.flash)
	}
	m.onWorkspace(w, workspaceMsg{tables: tables(model.StatusActive)})
	if m.flash != "index ByThreads of Forum is ACTIVE" {
		t.Fatalf("once ACTIVE: %q", m.flash)
	}
}
