package kit

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// The messages panes send up to the root. A pane returns one from a
// command; the root does what it asks in the pane's workspace.

// OpenItemMsg asks for the item view over the pane: Item is the item or
// at least its table key; Whole says it is the whole table item (not an
// index entry or a projection), so it need not be read again.
type OpenItemMsg struct {
	Target Target
	Item   model.Item
	Whole  bool
}

// FlashMsg is a note for the status bar.
type FlashMsg struct{ Text string }

// ChangedMsg says a pane changed the workspace (Table, or "" for any):
// the root reads the tables again, the panes showing Table reload, and
// Note goes to the status bar.
type ChangedMsg struct{ Table, Note string }

// SelectMsg asks the root to read the workspace again and move the
// sidebar to Table (and Index): a pane made it, or works on it.
type SelectMsg struct{ Table, Index string }

// ConfirmMsg asks the root to put a yes/no question; Then is delivered to
// the asking pane when the answer is yes.
type ConfirmMsg struct {
	Title string   // "Traffic into Messages"
	Yes   string   // what y does ("write into Messages")
	Body  []string // the question, plain text (wrapped when drawn)
	Then  tea.Msg
	// Table is the table a destructive action changes: on a remote
	// backend that may write, its name is typed instead of y.
	Table string
}

// EditOp is an edit of one item.
type EditOp int

// The item edits.
const (
	EditNew      EditOp = iota // a new item in $EDITOR
	EditInEditor               // the item in $EDITOR
	EditAttr                   // set or remove one attribute
	EditDelete                 // delete (asks first)
)

// EditMsg asks for an edit of the item with table key Key in Target's
// table (Key is nil for EditNew); Plain edits it in $EDITOR as plain JSON
// instead of DynamoDB JSON (its types kept: itemfmt.FromPlain).
type EditMsg struct {
	Op     EditOp
	Target Target
	Key    model.Item
	Plain  bool
}

// ManageOp is a change of a table or an index.
type ManageOp int

// The table and index changes.
const (
	CreateTable     ManageOp = iota
	AddIndex                 // a GSI on Target's table
	DropIndex                // Target's GSI
	ToggleTTL                // on or off for Target's table
	AddVectorIndex           // a vector index on Target's table (on-demand tables only)
	DropVectorIndex          // Target's vector index
	DeleteTable              // Target's table (asks first)
	EmptyTable               // every item of Target's table (asks first)
)

// ManageMsg asks for a table or index change (each opens a form or a
// question).
type ManageMsg struct {
	Op     ManageOp
	Target Target
	TTL    *model.TimeToLiveDescription
}

// Workspace names a workspace other than the one a pane is in: a lesson's
// copy of its data set. The root shows it beside the user's (ctrl+o
// switches) once a message names it.
type Workspace struct {
	API   engine.API
	Label string // "lesson 3 · Sparse index: a copy of iot-device-reports"
	// File is the workspace's file ("" in memory): what is written there
	// stays, so the explorer asks before writes the user did not ask for.
	File string
	// Close ends the workspace; the root calls it once it has let go of a
	// workspace announced Closed.
	Close func() error
}

// WorkspaceMsg announces a workspace, or (Closed) that it is gone.
type WorkspaceMsg struct {
	Workspace
	Closed bool
}

// OpenQueryMsg asks the root to fill the query builder with a Query or a
// Scan (*model.QueryInput or *model.ScanInput) and run it, in Workspace
// (nil API: the pane's own); with NoRun it is shown, not run (a request
// from the builder's history).
type OpenQueryMsg struct {
	Workspace Workspace
	In        any
	NoRun     bool
}

// SearchLikeMsg asks the root for "more like this": 3 Query's Vector mode
// searching a vector index of Target's table with Item's vector (and its
// partition value). Whole says Item is the whole table item; otherwise the
// root reads it first (an index entry may not hold the vector).
type SearchLikeMsg struct {
	Target Target
	Item   model.Item
	Whole  bool
}

// ReadWhole reads the whole table item of an index entry: the message
// again, Whole, or a flash that the item is gone.
func (m SearchLikeMsg) ReadWhole(api engine.API) tea.Cmd {
	table, key := m.Target.Table(), model.Item{}
	for _, k := range m.Target.TableKeyNames() {
		if v, ok := m.Item[k]; ok && k != "" {
			key[k] = v
		}
	}
	tg := TableTarget(m.Target.Desc)
	return func() tea.Msg {
		out, err := api.GetItem(Bg, &model.GetItemInput{TableName: table, Key: key})
		if err != nil || out.Item == nil {
			return FlashMsg{Text: "more like this: the item is gone"}
		}
		return SearchLikeMsg{Target: tg, Item: out.Item, Whole: true}
	}
}

// OpenItemsMsg asks the root to browse Table (and Index) in the items
// pane, on its left-out list when LeftOut, in Workspace (nil API: the
// pane's own).
type OpenItemsMsg struct {
	Workspace    Workspace
	Table, Index string
	LeftOut      bool
}

// ClickMsg is a left click inside a pane, handed to the pane on screen:
// X and Y count cells from the pane's top-left inner corner (inside its
// box). A pane that takes clicks moves its cursor to what is there (a
// row, a field); the others ignore it.
type ClickMsg struct{ X, Y int }
