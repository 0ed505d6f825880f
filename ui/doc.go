// Package ui is dynoscope's interactive terminal explorer (Bubble Tea v2)
// over any engine.API. This package is the root: the model that holds the
// workspaces, lays out the screen, routes keys and messages, and owns the
// status bar, the help screen, the clock's keys and the forms over the
// pane. Everything else is a component in its own package:
//
//	ui                 root: Model, workspaces, focus, tabs, layout, status bar,
//	 │                 help screen, clock keys and prompt, routing of messages
//	 ├─ ui/kit         building blocks: Styles, text layout, AttributeValue
//	 │                 formatting, Grid, Scroller, Field, Target, the small
//	 │                 interfaces over the engine's extras, the Pane interface,
//	 │                 and the typed messages panes send up (msgs.go)
//	 ├─ ui/sidebar     tables and their indexes
//	 ├─ ui/schema      1 Schema
//	 ├─ ui/items       2 Items, the left-out list, the item view
//	 ├─ ui/query       3 Query: the builder (Query, Scan, Transaction,
//	 │                 PartiQL), its results, the CLI line
//	 ├─ ui/capacity    4 Capacity: charts, heat strip, traffic generator
//	 ├─ ui/ttl         5 TTL
//	 ├─ ui/stream      6 Stream
//	 ├─ ui/lessons     7 Lessons, their content, their copies of the data sets
//	 ├─ ui/patterns    8 Patterns: the saved access patterns, checked
//	 └─ ui/forms       forms and questions over the pane; the $EDITOR edit
//
// A pane imports kit, the engine and keymap, never another pane nor the
// root. It is a kit.Pane (Update, View, SetSize, ShortHelp, FullHelp) and
// implements the small interfaces of kit/pane.go for what it takes part in:
// Follower (it shows the sidebar's selection), Capturer (a text field has
// every key), EscUser, Shower (it refreshes itself while on screen),
// EventSink (it takes the engine's events), and those of kit/design.go:
// ChangeSink (it hears that a component changed the workspace), TablesSink
// (it takes every fresh description of the tables).
//
// Messages flow like this:
//
//	keys, mouse, paste ──▶ root ──▶ form | prompt | help | focused component
//	component.Update ──▶ tea.Cmd ──(route: wrapped with workspace + component)──▶
//	  engine call in the command ──▶ routed{ws, to, msg} ──▶ root ──▶
//	    a kit message (OpenItemMsg, ChangedMsg, SelectMsg, ConfirmMsg,
//	    EditMsg, ManageMsg, WorkspaceMsg, OpenQueryMsg, OpenItemsMsg,
//	    FlashMsg) ──▶ the root does it (opens a form, reads tables again, …)
//	    anything else ──▶ back to the component that asked, in its workspace
//	forms.DoneMsg ──▶ the open form first, then the root reads again what changed
//	engine events (batched) ──▶ root ──▶ status bar, sidebar reload, EventSinks
//
// A workspace (workspace.go) is one backend with its own sidebar, panes,
// item view, tables and event subscription: the user's, and a lesson's copy
// of its data set while the lesson runs (ctrl+o switches; the other keeps
// its state). Every command a component returns is routed back to it in
// its own workspace, so a message never reaches the wrong one.
//
// A remote backend (engine/remote: AWS or a compatible endpoint) is the
// user's workspace like any other; remote.go has what only it does: writes
// refused while it is read-only (and, with --write, the table's name typed
// before a destructive one), the consumption in the status bar, the read
// of a whole table after its price was said (S, kit.SurveyMsg; panes take
// its progress and result as kit.SurveySink), and the copy of a slice into
// the sandbox (C), a workspace on the embedded engine beside it. Panes
// check kit.IsRemote, kit.ReadOnly and the remote extras (kit/remote.go)
// with type assertions, as they check the engine's.
//
// To add a pane: write a package with a kit.Pane, add it to the panes of
// newWorkspace (or, for a pane with no workspace of its own, beside the
// lessons pane), give it a tab in paneNames and a key in keymap. To add a
// backend state (connecting, read-only, failed): a workspace has its api,
// label and load error; a new backend is a workspace made by
// newWorkspace, announced with kit.WorkspaceMsg.
//
// Every engine call runs in a tea.Cmd; Update and View do no I/O. The
// extra powers of the embedded engine (index membership, left-out items,
// the request log with itemised capacity, the event hub, the clock, the
// TTL view, the traffic generator, the PartiQL planner) are small
// interfaces checked with type assertions, so a remote backend without
// them still works.
package ui
