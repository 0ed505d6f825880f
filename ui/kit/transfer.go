package kit

import (
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/internal/itemexport"
	"github.com/dynoscope/dynoscope/model"
)

// ExportMsg asks the root for the export dialog (ui/transfer) over what
// Read reads — a whole table or index, or every page of a request — from
// the table Desc describes. What names it in the dialog's title ("table
// Thread", "the Query of Thread run in 3 Query").
type ExportMsg struct {
	Read itemexport.Read
	Desc *model.TableDescription
	What string
}

// ExportOf is the export of a whole target: its table, or its index (a
// vector index's table: DynamoDB does not scan a vector index).
func ExportOf(t Target) ExportMsg {
	if t.Index == "" || t.Vector() != nil {
		return ExportMsg{Read: itemexport.ScanOf(t.Table(), ""), Desc: t.Desc, What: "table " + t.Table()}
	}
	return ExportMsg{Read: itemexport.ScanOf(t.Table(), t.Index), Desc: t.Desc, What: "index " + t.Index + " of " + t.Table()}
}

// ImportMsg asks the root for the import dialog: a file loaded into the
// table Desc describes.
type ImportMsg struct {
	Desc *model.TableDescription
}

// ReopenMsg asks the root to open the user's remote workspace at Loc in
// place of the one open (the endpoint switcher, ui/endpoints): the new
// backend is read-only unless the explorer was started with --write, and
// nothing is written to either endpoint.
type ReopenMsg struct {
	Loc remoteapi.Location
}
