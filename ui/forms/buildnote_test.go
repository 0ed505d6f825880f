package forms

import (
	"testing"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// A request that started a build leaves a note until the tables read say
// the index is ACTIVE, or the table is gone; any other request leaves
// none.
func TestBuildNote(t *testing.T) {
	if NoteOf(DoneMsg{Note: "PutItem Forum", Table: "Forum"}) != nil {
		t.Fatal("a note for a request that built nothing")
	}
	b := NoteOf(DoneMsg{Note: "UpdateTable Forum: creating GSI ByThreads", Table: "Forum", Building: "ByThreads"})
	tables := func(gsis ...model.GlobalSecondaryIndexDescription) []kit.TableInfo {
		return []kit.TableInfo{{Desc: &model.TableDescription{TableName: "Forum", TableStatus: model.StatusActive, GlobalSecondaryIndexes: gsis}}}
	}
	for _, tt := range []struct {
		name   string
		tables []kit.TableInfo
		over   bool
		flash  string
	}{
		{"creating", tables(model.GlobalSecondaryIndexDescription{IndexName: "ByThreads", IndexStatus: "CREATING"}), false, ""},
		{"active", tables(model.GlobalSecondaryIndexDescription{IndexName: "ByThreads", IndexStatus: model.StatusActive}), true, "index ByThreads of Forum is ACTIVE"},
		{"table gone", nil, true, "index ByThreads of Forum is gone"},
	} {
		if over, flash := b.Over(tt.tables); over != tt.over || flash != tt.flash {
			t.Errorf("%s: over %v, %q", tt.name, over, flash)
		}
	}
}
