// Package itemfmt reads and writes DynamoDB items in the three file formats
// dynoscope exports and imports, and converts one item between DynamoDB
// JSON and plain JSON.
//
//   - JSON Lines ("jsonl"): one item a line as plain JSON. Numbers are JSON
//     numbers written with every digit DynamoDB keeps (never through a
//     float64), strings and booleans as themselves, NULL as null, lists and
//     sets as arrays, maps as objects, binary as a base64 string.
//   - DynamoDB JSON Lines ("ddb-json"): one {"Item": {...}} a line, the
//     item in DynamoDB's typed JSON — the format DynamoDB's export to
//     Amazon S3 writes and its import from S3 reads. A line holding the
//     item alone is read too.
//   - CSV ("csv"): a header naming every attribute seen (the key attributes
//     first, then the others in name order), one item a row; a cell is
//     empty when the item lacks the attribute, a string or binary (base64)
//     value is written as it is, and any other value as its plain JSON
//     (12.5, true, null, ["a","b"], {"k":1}).
//
// Plain JSON cannot tell a set from a list, binary from a string, or which
// attributes of a CSV row were numbers. Readers therefore take the types
// of the table's key attributes (Types); a CSV reader types every other
// value as a string, as DynamoDB's import from S3 does, unless it is asked
// to infer numbers. FromPlain goes further for one item: given the item as
// it was (a template), an attribute that was a set comes back a set, binary
// comes back binary, a number stays a number.
package itemfmt
