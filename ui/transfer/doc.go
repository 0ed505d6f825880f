// Package transfer is the explorer's export and import dialog: a form over
// the pane (a forms.Modal) that writes a table, an index or a request's
// result to a file, or loads a file into a table.
//
// A pane announces what to export with kit.ExportMsg (the sidebar and 2 Items:
// a table or index, every item; 3 Query: the request run, every page) or
// what to import into with kit.ImportMsg; the root only opens the dialog
// (NewExport, NewImport) over the pane and routes its messages back to it.
//
// Export reads with internal/itemexport and writes with internal/itemfmt,
// the code `dynoscope export` runs, so the file is the one the command
// writes. The dialog offers a path in the working directory that does not
// exist yet (the table's name and the format's extension), asks before a
// file that exists is replaced, and on a remote table says what the read
// costs (remoteapi.ScanEstimator) and asks before reading. While it runs
// it shows the items and bytes written; esc stops it after the page in
// flight and nothing is left behind (the items go to a temporary file
// renamed over the path at the end).
//
// Import runs fixtures.Loader.ItemFiles, the code `dynoscope load FILE
// --table T` runs: the file is read and checked first (the dialog counts
// its items before asking), then loaded as one bulk load, all or nothing;
// esc takes a load under way back. A table that holds items is named with
// its count before anything is written. A remote table has no bulk load:
// with --write (read-only, the dialog says so) the file is checked the
// same way on a scratch copy of the table on the embedded engine, then,
// after the table's name is typed, sent in BatchWriteItem calls of 25
// (import_remote.go) — not all or nothing, which the question says.
//
// Every file access and engine call runs in a tea.Cmd; Update and View do
// no I/O.
package transfer
