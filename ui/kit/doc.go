// Package kit holds the building blocks every pane of dynoscope's explorer
// uses, and nothing that is one pane's alone: the styles, text layout
// (fit, cut, wrap, boxes), AttributeValue formatting, the item grid, the
// scroller, the one-line text field, the target (a table or one of its
// indexes), the small interfaces over the embedded engine's extra powers,
// and the typed messages panes send up to the root model.
//
// A pane imports kit and the engine, never another pane and never the
// root; everything it wants the root to do (open an item, select a table,
// ask the user, say what happened) is one of the messages in msgs.go.
package kit
