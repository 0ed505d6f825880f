// Package ui is dynoscope's interactive terminal explorer (Bubble Tea v2)
// over any engine.API. This package is the root, a router: it holds the
// workspaces, lays out the screen, owns the keyboard's focus, the status
// bar, the help screen and the form over the pane, and routes every
// message to the component it is for. Everything else is a component in a
// package of its own:
//
//	ui                 root: Model (model.go), every message kind it takes
//	 │                 (route.go), keys and focus (keys.go), workspaces
//	 │                 (workspace.go), what components ask of it (work.go:
//	 │                 forms opened, workspaces switched, panes opened),
//	 │                 the live events (events.go), a remote workspace's
//	 │                 gates and sandbox (remote.go), the quit question's
//	 │                 turns (quit.go), layout and status bar (view.go,
//	 │                 mouse.go), the help screen's lines (help.go)
//	 ├─ ui/kit         building blocks: Styles, text layout, AttributeValue
//	 │                 formatting, Grid, Scroller, Field, Target, the small
//	 │                 interfaces over the engine's extras, the Pane interface,
//	 │                 the typed messages panes send up (msgs.go) and the
//	 │                 engine events read in batches (events.go)
//	 ├─ ui/sidebar     tables and their indexes
//	 ├─ ui/schema      1 Schema
//	 ├─ ui/backups     Backups & recovery (b in 1 Schema, esc back)
//	 ├─ ui/items       2 Items, the left-out list, the item view
//	 ├─ ui/query       3 Query: the builder (Query, Scan, Transaction,
//	 │                 PartiQL, Vector), its results, the CLI line, history
//	 ├─ ui/capacity    4 Capacity: charts, heat strip, traffic generator
//	 ├─ ui/ttl         5 TTL
//	 ├─ ui/stream      6 Stream
//	 ├─ ui/lessons     7 Lessons, their content, their copies of the data sets
//	 ├─ ui/patterns    8 Patterns: the saved access patterns, checked
//	 ├─ ui/forms       forms and questions over the pane, and which one
//	 │                 answers an item edit or a table change (ForEdit,
//	 │                 ForManage); the $EDITOR edit; an index build's note
//	 ├─ ui/clock       the clock keys of every pane, the advance prompt,
//	 │                 the status bar's clock (one per workspace)
//	 ├─ ui/transfer    export to a file and import from one (x, I): a
//	 │                 dialog over the pane, with progress and a stop key
//	 ├─ ui/endpoints   a remote workspace's switch to another profile,
//	 │                 region or endpoint, or a recent one (O; reopen.go)
//	 ├─ ui/remote      a remote backend's whole-table read (S, Surveys, one
//	 │                 per workspace) and copy into the sandbox (C, Copier)
//	 ├─ ui/helpscreen  the ? screen over the pane: its lines and scrolling
//	 ├─ ui/quit        what q asks before quitting a changed workspace in
//	 │                 memory: the mark as it opened, what changed, the words
//	 └─ ui/uitest      what component tests share: the demo engine, key
//	                   presses, Drive (commands run synchronously), Golden
//	                   (a pane's settled frame at the root's pane size);
//	                   ui/uitest/host hosts one pane as the root does
//	                   (its announcements, a question over it, a flash)
//
// Each pane's tests and goldens are beside it (its package's testdata/);
// this package keeps the end-to-end ones: what crosses panes or needs the
// router (workspaces, a lesson step opened in another pane, remote
// workspaces through the real SDK, help, layout, focus, live events, the
// status bar, a pane's request followed by the form the root opens and the
// reads it does after, the seed walk, a burst of keys through a running
// program) and its goldens (help, the small terminal, the remote
// workspace's frames, lessons opened in other panes).
//
// A component imports kit, the engine and keymap (the form packages: forms),
// never another component nor the root. A pane is a kit.Pane (Update,
// View, SetSize, ShortHelp, FullHelp) and implements the small interfaces
// of kit/pane.go for what it takes part in: Follower (it shows the
// sidebar's selection), Capturer (a text field has every key), EscUser,
// Shower (it refreshes itself while on screen), EventSink (it takes the
// engine's events), and those of kit/design.go and kit/remote.go:
// ChangeSink, TablesSink, SurveySink. Every key a component takes is a
// binding of keymap (keymap's TestEveryKeyInKeymap reads this tree).
//
// # Messages
//
// Every message kind the root takes is in route.go:
//
//	Update        tea.WindowSizeMsg, tea.BackgroundColorMsg, tickMsg,
//	              routed, forms.EditedMsg, tea.PasteMsg, tea.KeyPressMsg,
//	              tea.MouseWheelMsg, tea.MouseClickMsg (mouse.go: tabs,
//	              sidebar rows, kit.ClickMsg to the pane under it)
//	onRouted      routed{ws, to, msg}: a component's command came back;
//	              first onKit, then by destination: toRoot (onRootMsg),
//	              toSidebar, toLessons, toClock, toSurvey, toCopier,
//	              toItem, toModal, toPane+n
//	onRootMsg     workspaceMsg, selectLoadMsg, lastRequestMsg,
//	              kit.EventBatch (events.go), reloadMsg, openMsg,
//	              totalsMsg, typedMsg, quit.MarkMsg, quit.CheckMsg, quitMsg
//	onKit         what components announce for the root:
//	              kit.OpenItemMsg, FlashMsg, ChangedMsg, SelectMsg,
//	              ConfirmMsg, EditMsg, ManageMsg, WorkspaceMsg,
//	              OpenQueryMsg, OpenItemsMsg, OpenPatternsMsg, SearchLikeMsg, SurveyMsg,
//	              StopSurveyMsg, ExportMsg and ImportMsg (the ui/transfer
//	              dialog over the pane), ReopenMsg (another endpoint in
//	              place of the remote workspace, reopen.go); clock.StateMsg; remote.SurveyMsg,
//	              AskCopyMsg, CopiedMsg, SandboxMsg; sidebar.OpenMsg
//
// Messages flow like this:
//
//	keys, mouse, paste ──▶ root ──▶ form | clock prompt | help | focused component
//	component.Update ──▶ tea.Cmd ──(route: wrapped with workspace + destination)──▶
//	  engine call in the command ──▶ routed{ws, to, msg} ──▶ root ──▶
//	    an announcement (onKit) ──▶ the root does it (opens a form, reads
//	      the tables again, switches workspace, shows a survey, …)
//	    anything else ──▶ back to the component that asked, in its workspace
//	kit.EditMsg, kit.ManageMsg ──▶ root ──▶ forms.ForEdit, ForManage ──▶ the form over the pane
//	forms.DoneMsg ──▶ the open form first, then the root reads again what changed
//	  (a rejected $EDITOR edit: forms.Failed opens the error or the conflict)
//	engine events (kit.ReadEvents, batched) ──▶ root ──▶ status bar, sidebar reload, EventSinks
//
// A workspace (workspace.go) is one backend with its own sidebar, panes,
// item view, clock, surveys, tables and event subscription: the user's,
// a lesson's copy of its data set while the lesson runs, and the sandbox a
// remote slice was copied into (ctrl+o switches; the others keep their
// state). Every command a component returns is routed back to it in its
// own workspace, so a message never reaches the wrong one.
//
// # One key press, followed
//
// enter in 3 Query with the cursor on the form's run row (a Query on a
// table, no field being edited), from the root to BuntDB and back:
//
//	ui/route.go        Model.Update: tea.KeyPressMsg → onKey (and showLive)
//	ui/keys.go         onKey: no form, clock prompt or help open; capturing
//	                   is false (no field is being edited), TakesText too
//	                   (enter is not typed text; the run row has no field);
//	                   not a global key, a digit, a clock key
//	                   (ui/clock Model.Key) nor esc → toFocus: focused is the
//	                   Query pane of the workspace on screen, focusDest
//	                   toPane+paneQuery; route (ui/route.go) wraps the
//	                   command it returns with that workspace and destination
//	ui/query/update.go Model.Update: not Vector mode (vecUpdate passes), a
//	                   tea.KeyPressMsg, no list, name or program open, not
//	                   editing → key
//	ui/query/keys.go   key: keyMap has disabled Open, Edit and Cycle on the
//	                   run row, so key.Matches Accept (keymap/edit.go: enter)
//	                   and onRunRow (ui/query/cursor.go) → runMode
//	ui/query/run.go    runMode → run: build (ui/query/build.go) makes the
//	                   *model.QueryInput or refuses it before sending; send
//	                   bumps the generation and returns the command, batched
//	                   with record (ui/query/history.go: the request kept in
//	                   the history file); Update did no I/O
//	                   … Bubble Tea runs the command on its own goroutine …
//	ui/query/run.go    runRequest: engine.WithRequestTrace(ctx), api.Query
//	engine/query.go    Engine.Query → query: checkOpen, the parameters and
//	                   expressions checked (engine/expr), lookup of the
//	                   table, the key condition and its range, a pageReader
//	                   carrying traceOf(ctx) → runPage
//	engine/read.go     runPage: admit (engine/throughput.go: throttling),
//	                   e.db.View (one BuntDB read transaction: walk over the
//	                   key range, pageReader.visit each item: filter,
//	                   projection, until Limit or 1 MB, stoppedEarly), pageReader.usage (the
//	                   itemised units, engine/capacity), charge
//	                   (engine/throughput.go), logRequest
//	                   (engine/request_log.go: the log, an EventRequest
//	                   published to subscribers, engine/events.go) and
//	                   trace.add (engine/request_trace.go)
//	ui/query/run.go    runRequest: the reply's items, Count, ScannedCount,
//	                   LastEvaluatedKey and ConsumedCapacity; trace.Last(),
//	                   this request's itemised capacity (a remote backend
//	                   has none: DynamoDB's own split, kit.CapacityLines); a
//	                   kit.Grid of the items → queryMsg
//	ui/route.go        route wrapped it: routed{ws, toPane+paneQuery,
//	                   queryMsg} → Update → onRouted: the workspace is
//	                   alive, onKit does not take it, so it goes to the Query
//	                   pane of that workspace, batched with fetchLast for the
//	                   status bar (ui/workspace.go: a lastRequestMsg from the
//	                   request log; with a live subscription the
//	                   EventRequest brings it instead, ui/events.go)
//	ui/query/update.go Model.Update: queryMsg (a stale generation dropped,
//	                   a result for another target kept for it) → the result
//	ui/query/view.go   the items, Count and ScannedCount, the capacity lines;
//	                   ui/view.go the status bar's "last: Query …"
//
// A remote backend (engine/remote: AWS or a compatible endpoint) is the
// user's workspace like any other. What only it does: writes refused
// while it is read-only (and, with --write, the table's name typed before
// a destructive one: remote.go gives the forms a forms.Gate), the consumption in the status bar, the
// read of a whole table after its price was said and the copy of a slice
// into the sandbox (ui/remote). Panes check kit.IsRemote, kit.ReadOnly and
// the remote extras, the small interfaces of engine/remoteapi (Located,
// TableSurveyor, MetricsReader, ConsumptionMeter, StreamReader,
// SliceCopier), with type assertions, as they check the engine's. No ui
// package imports engine/remote: only main builds a remote backend.
//
// To add a pane: write a package with a kit.Pane and its tests (ui/uitest
// drives it), add it to the panes of newWorkspace (or, for a pane with no
// workspace of its own, beside the lessons pane), give it a tab in
// paneNames and a key in keymap. To add something a component announces:
// a typed message in its package (or kit's, when several send it), a case
// in onKit. To add a backend state (connecting, read-only, failed): a
// workspace has its api, label and load error; a new backend is a
// workspace made by newWorkspace, announced with kit.WorkspaceMsg.
//
// Every engine call runs in a tea.Cmd; Update and View do no I/O. The
// extra powers of the embedded engine (index membership, left-out items,
// the request log and traces with itemised capacity, the event hub, the
// clock, the TTL view, the traffic generator, the PartiQL planner) are
// small interfaces checked with type assertions, so a remote backend
// without them still works.
package ui
