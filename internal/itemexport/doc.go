// Package itemexport reads what an export writes — every item of a table,
// of one of its indexes, or of a Query's or Scan's result, page by page —
// and writes it in one of internal/itemfmt's formats. `dynoscope export`
// and the explorer's export (ui/transfer) both run it, so a file the
// explorer writes is the one the command writes.
//
// A Read is a Query or a Scan as DynamoDB takes it; Export sends it page
// after page from the first (its ExclusiveStartKey is ignored), writes
// each item as it comes, and reports after each page how many items and
// bytes are written and the read units consumed. Create opens the file an
// export goes to: the items go to a temporary file beside it, renamed
// over the path only when the export is complete, so a stopped or failed
// export leaves nothing behind.
package itemexport
