// Package engine is an in-process Amazon DynamoDB stored in BuntDB.
//
// One file per API action (create_table.go, put_item.go, query.go, ...), each
// shaped func (e *Engine) X(ctx, *model.XInput) (*model.XOutput, error) and
// returning *model.Error values with DynamoDB's exception names and messages.
//
// # Storage
//
// Storage layout (all keys in one BuntDB keyspace, ordered byte-wise):
//
//	T/<table>                                    table metadata (JSON)
//	D/<table>/<h(pk)><enc(pk)><enc(sk)>          item
//	I/<table>/<index>/<h(ipk)><enc(ipk)><enc(isk)><enc(pk)><enc(sk)>  index entry
//	I/<table>/<vindex>/[<h(v)><enc(v)>]<enc(pk)><enc(sk)>           vector index entry (v: the SearchSchema HASH value)
//	X/<table>/<enc(expiry)><h(pk)><enc(pk)><enc(sk)>                  TTL queue
//	S/<table>/<seq>                              change stream record
//	H/<table>/<at><seq>                          PITR history record (engine/history)
//	F/<table>/<index>                            where a GSI or vector index build stopped (backfill_cursor.go)
//
// enc is an order-preserving, self-delimiting encoding (numbers numerically,
// strings and binaries byte-wise) and h is a 4-byte hash of the encoded
// partition key, so a Query is a single range walk, a Scan walks the hash
// space in order and a partition is a range of hashes. Every write is one
// BuntDB transaction covering the item, its index entries, its TTL entry and
// its stream record, and, for a table with point-in-time recovery on, its
// history record.
//
// # Rooms
//
// The engine is one package because its actions and its lifecycles share the
// Engine's state: the tables, the BuntDB database, the locks and sequence
// counters, the write transaction. What needs none of that lives in a
// sub-package, which the engine imports and which never imports the engine;
// the rest is grouped by file-name prefix.
//
// The root holds 117 files (tests aside). By name: the actions, one file
// each, named after the action (create_*, delete_*, describe_*, list_*,
// update_*, batch_*, execute_*, transact_*, get_item.go, put_item.go,
// query.go, scan.go, ...; the Streams API's four are in stream_api.go);
// then the groups of the lifecycles below (durability_*, stream_*, ttl_*,
// traffic*, gsi_online.go, vector_index.go, backups.go, restore*.go,
// point_in_time.go, transfer*.go, bulk_load.go) and of what the actions
// share (partiql_*, request*.go, write*.go, throughput*.go, key*.go).
//
// What the actions share:
//
//   - engine.go, api.go: the Engine, its Options, Open and Close; API, the
//     set of actions the Engine implements, and engine/remote on a real
//     endpoint.
//   - keys.go, item_key.go, index_entry.go, item_collection.go: the key
//     encodings, index entries (which items an index holds, and why not),
//     item collections.
//   - table.go, gsi_key_schema.go, tags.go, design.go: a table's metadata,
//     multi-attribute GSI keys, tags, the design (facets, access patterns)
//     kept with a table.
//   - request.go, validate_params.go, key_paths.go: request checks shared by
//     actions; write_request.go the one validation step of PutItem,
//     UpdateItem and DeleteItem (checkWriteRequest, then writeTable), so
//     each action reads as its DynamoDB semantics; create_table_validate.go
//     and create_table_schema.go CreateTable's checks in DynamoDB's order,
//     java_form.go the Java form DynamoDB prints values in within its
//     messages.
//   - read.go, select.go, query_multi.go, encoded_read.go: Query and Scan
//     walks and pages, projections, the undecoded read path of the server.
//   - write.go, transact.go: the one write transaction (item, index entries,
//     TTL entry, stream record, history record) and its effects;
//     transact_write_prepare.go and transact_write_run.go the two halves of
//     TransactWriteItems (what needs no table, then one BuntDB transaction);
//     write_units_in.go what a write will charge, said before it runs (the
//     explorer's dry run).
//   - throughput.go, throughput_settings.go: the capacity meter (arithmetic
//     in engine/capacity), on-demand maximums, warm throughput.
//   - partiql_compile.go, partiql_plan.go: PartiQL statements as the requests
//     they stand for; partiql_plan_reads.go a SELECT's WHERE as key reads,
//     partiql_plan_text.go how the verdict writes them (the parser is
//     engine/partiql: parser.go the statements, parser_expr.go the
//     expressions; expressions of the requests engine/expr).
//   - errors.go: the engine's sentinel errors.
//
// The lifecycles, work that outlives one request:
//
//   - Time: engine/clock (Clock, the wall clock, the Virtual clock tests and
//     the explorer drive); clock.go gives the engine's names for them.
//   - Streams: stream.go (a record written in each write's transaction),
//     stream_ref.go (a table's streams and their keys), stream_bounds.go (each
//     stream counted against its retention), stream_retention.go (trimming),
//     stream_api.go (ListStreams, DescribeStream, GetShardIterator,
//     GetRecords); engine/stream holds the forms (labels and ARNs, shard
//     iterators, record times) and the retention bounds.
//   - TTL: ttl.go (the queue entry written with each write), ttl_sweeper.go
//     (the background sweeper on the engine clock), ttl_jump.go (what a clock
//     jump would expire), ttl_view.go (the explorer's TTL view).
//   - GSI backfill: gsi_online.go (indexes added and dropped by UpdateTable,
//     backfilled and dropped in batches in the background, BackfillProgress).
//   - Traffic generator: traffic.go (workloads, Step, Start and Stop),
//     traffic_table.go (its own table, and removing what it wrote).
//   - Bulk loads: bulk_load.go (BulkLoad: tables and items loaded all or
//     nothing, with progress).
//   - Durability: durability_storage.go, durability_replay.go,
//     durability_repair.go, durability_verify.go (the engine's
//     side: sync policies, replaying a file, repairing and verifying derived
//     data); engine/workspace holds the file itself (frames, lock, salvage).
//   - Backups and point-in-time recovery: engine/history and the files named
//     below.
//   - Vector indexes: engine/vector holds the search structure and distances
//     (no engine state); vector_*.go the index's life (built, kept in each
//     write's transaction, reopened); search_vectors.go the action.
//   - Exports and imports: engine/export holds the file formats (manifests,
//     data files), engine/s3dir the S3-shaped directory; the engine's side of
//     each (transfer.go, transfer_progress.go) and one file per action
//     (export_table_to_point_in_time.go, import_table.go, ...).
//   - Bulk operations: start_bulk_put_items.go (objects under an S3 prefix
//     loaded into an existing table in batches, one transaction each, in
//     the background), describe_bulk_operation.go, list_bulk_operations.go,
//     cancel_bulk_operation.go.
//
// What the explorer observes: events.go (subscriptions to changes),
// request_log.go (recent requests and their capacity), request_trace.go
// (WithRequestTrace: the records of the requests made with a context, so a
// caller reads its own request's itemised capacity from the reply's side),
// key_spread.go (load per partition key), explore.go and explain_desc.go
// (index membership and TTL states explained), contributor_insights.go (its
// settings per table and GSI) and key_heat.go (the per-key counts behind
// them, per minute on the engine clock), format.go.
//
// The other sub-packages: engine/server serves an engine.API over HTTP;
// engine/remote is engine.API on a real DynamoDB, and engine/remoteapi the
// small interfaces of what only a remote backend does (Located,
// TableSurveyor, MetricsReader, ConsumptionMeter, StreamReader,
// SliceCopier), which the explorer's panes check without linking
// engine/remote. Every sub-package: capacity, clock, export, expr,
// history, partiql, remote, remoteapi, s3dir, server, stream, vector,
// workspace.
//
// # Backups and point-in-time recovery
//
// Point-in-time recovery lives in engine/history (the record layout and the
// walks that rebuild a table at an instant, the changes between two, and
// pruning), pitr_schema.go (the table a restore makes: its schema, billing,
// indexes and settings as they were then) and point_in_time.go (the write
// hook, the restorable window, and
// the API for restores and exports: Engine.ItemsAt, Engine.ChangesBetween,
// Engine.RestorableWindow); continuous_backups.go and the
// *_continuous_backups.go actions turn it on and off. On-demand backups
// (backups.go: K/<id> description, B/<id>/<suffix> items, one transaction
// each) and restores (restore.go: a new table marked as loading until its
// last batch, so an interrupted restore is taken back on open) serve
// CreateBackup, DescribeBackup, ListBackups, DeleteBackup,
// RestoreTableFromBackup and RestoreTableToPointInTime.
//
// Vector indexes (vector_index.go, search_vectors.go) are kept like GSIs:
// their entries are written by applyIndexWrite in the item's transaction;
// the search structure over them (engine/vector: exact search, and a scan
// of 8-bit codes with exact rescoring for large partitions, same results)
// is in memory, fed by each committed transaction and rebuilt from the
// entries when a workspace opens.
package engine
