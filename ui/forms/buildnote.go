package forms

import (
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// BuildNote is the status bar's note that an index a form asked for is
// being built (DoneMsg.Building), kept by the root until the tables read
// say the index is ACTIVE or gone, so the status bar never says
// "creating" after the build.
type BuildNote struct{ Table, Index, Note string }

// NoteOf is the build note of a done request (nil when it started no
// build).
func NoteOf(msg DoneMsg) *BuildNote {
	if msg.Building == "" {
		return nil
	}
	return &BuildNote{Table: msg.Table, Index: msg.Building, Note: msg.Note}
}

// Over reports whether the tables read show the build over, and what the
// status bar says then in place of the note.
func (b *BuildNote) Over(tables []kit.TableInfo) (bool, string) {
	status := ""
	for _, t := range tables {
		if t.Desc.TableName == b.Table {
			status = kit.Target{Desc: t.Desc, Index: b.Index}.Status()
		}
	}
	switch status {
	case "":
		return true, "index " + b.Index + " of " + b.Table + " is gone"
	case model.StatusActive:
		return true, "index " + b.Index + " of " + b.Table + " is ACTIVE"
	}
	return false, "" // still on its way
}
