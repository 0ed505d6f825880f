package forms

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Which form answers what a pane asks for: the root hands an item edit
// (kit.EditMsg) to ForEdit and a table or index change (kit.ManageMsg) to
// ForManage, opens the form over the pane and routes the command back to
// it; a rejected $EDITOR edit opens Failed.

// Gate is how the backend a change goes to confirms a destructive one.
type Gate struct {
	// Typed asks for the table's name to be typed (a remote backend that
	// may write); Where names the remote table for it.
	Typed bool
	Where func(*model.TableDescription) []string
	// Place says where the tables live, before a table is deleted or
	// emptied; Remote says they are on a remote endpoint (counts there are
	// approximate).
	Place  string
	Remote bool
}

// typed makes c ask for the name of tg's table when g says so.
func (g Gate) typed(c *Confirm, tg kit.Target) {
	if g.Typed {
		c.RequireTyped(tg.Table(), g.Where(tg.Desc))
	}
}

// ForEdit is the form or question an item edit opens over the pane, or
// the command that gets the $EDITOR's file ready (its messages go back to
// the form's destination).
func ForEdit(st *kit.Styles, km keymap.KeyMap, api engine.API, msg kit.EditMsg, g Gate) (Modal, tea.Cmd) {
	switch msg.Op {
	case kit.EditNew:
		return nil, PrepareNew(api, msg.Target)
	case kit.EditInEditor:
		return nil, PrepareEditAs(api, msg.Target, msg.Key, msg.Plain)
	case kit.EditAttr:
		return NewAttrPrompt(st, km, api, msg.Target, msg.Key), nil
	case kit.EditDelete:
		c := NewDeleteConfirm(st, km, api, msg.Target, msg.Key)
		g.typed(c, msg.Target)
		return c, nil
	}
	return nil, nil
}

// NewEditGate asks for the table's name before an edit that changes or
// removes an existing item of a remote table; then is delivered once it
// is typed.
func NewEditGate(st *kit.Styles, km keymap.KeyMap, msg kit.EditMsg, where []string, then tea.Msg) *Confirm {
	what := map[kit.EditOp]string{kit.EditInEditor: "Edit", kit.EditAttr: "Change"}[msg.Op]
	kt := kit.KeyText(msg.Key, msg.Target.TableKeyNames()...)
	body := []string{what + " the item " + kt + " of " + msg.Target.Table() + "?"}
	return NewTypedGate(st, km, what+" item "+kt, "go on", body, msg.Target.Table(), where, then)
}

// ForManage is the form or question of a table or index change; on a
// remote backend that may write, deleting an index, a table or its items
// and turning TTL off ask for the table's name.
func ForManage(st *kit.Styles, km keymap.KeyMap, api engine.API, msg kit.ManageMsg, g Gate) Modal {
	switch msg.Op {
	case kit.CreateTable:
		return NewTableForm(st, km, api)
	case kit.AddIndex:
		return NewGSIForm(st, km, api, msg.Target.Desc)
	case kit.DropIndex:
		c := NewDropGSI(st, km, api, msg.Target)
		g.typed(c, msg.Target)
		return c
	case kit.AddVectorIndex:
		return NewVectorForm(st, km, api, msg.Target.Desc)
	case kit.DropVectorIndex:
		c := NewDropVectorIndex(st, km, api, msg.Target)
		g.typed(c, msg.Target)
		return c
	case kit.ToggleTTL:
		md := NewTTLModal(st, km, api, msg.Target.Table(), msg.TTL)
		if c, ok := md.(*Confirm); ok {
			g.typed(c, msg.Target)
		}
		return md
	case kit.DeleteTable:
		c := NewDeleteTable(st, km, api, msg.Target.Desc, g.Place, g.Remote)
		g.typed(c, msg.Target)
		return c
	case kit.EmptyTable:
		e := NewEmptyTable(st, km, api, msg.Target.Desc, g.Place, g.Remote)
		if g.Typed {
			e.RequireTyped(msg.Target.Desc.TableName, g.Where(msg.Target.Desc))
		}
		return e
	}
	return nil
}

// Failed is what a rejected $EDITOR edit opens, the edited text kept: the
// question of an item that changed meanwhile, or DynamoDB's error (nil
// when the failure was not an $EDITOR edit's).
func Failed(st *kit.Styles, km keymap.KeyMap, msg DoneMsg) Modal {
	switch {
	case msg.Err == nil || msg.Edit == nil:
		return nil
	case msg.Conflict:
		return NewEditConflict(st, km, msg.Edit, msg.Current)
	}
	return NewEditFailed(st, km, msg.Edit, kit.AsModelError(msg.Err))
}
