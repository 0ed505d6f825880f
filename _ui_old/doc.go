// Package ui is dynoscope's interactive terminal explorer (Bubble Tea) over
// any engine.API: a sidebar of tables and their indexes, and panes for the
// schema, a virtualised item browser (one Scan page at a time), the item
// view, and a query builder that knows the key schema and shows what each
// request returned and cost, and the same request as an AWS CLI command.
//
// Every engine call runs in a tea.Cmd and comes back as a typed message;
// Update and View do no I/O. The extra powers of the embedded engine (index
// membership, left-out items, the request log with itemised capacity, the
// event hub, the clock) are small interfaces checked with type assertions,
// so a remote backend without them still works.
package ui
