// Package export reads and writes DynamoDB's Amazon S3 data formats: the
// layout ExportTableToPointInTime writes (AWSDynamoDB/<export id>/
// manifest-summary.json, manifest-files.json and data/<file>.json.gz in
// DynamoDB JSON, one {"Item":…} per line; incremental exports one
// {"Metadata":…,"Keys":…,"NewImage":…,"OldImage":…} per line), and what
// ImportTable reads (DynamoDB JSON, or CSV with a delimiter and a header
// list, each GZIP, ZSTD or NONE).
//
// It knows nothing of the engine: the items of an export come from a
// function, and objects are written to a Sink and read from a Source (the
// S3 stand-in's folder, a downloaded export folder, or real S3). Every
// reader here meets untrusted bytes: each has a fuzz target with its corpus
// in testdata/.
package export
