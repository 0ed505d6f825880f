// Package engine is an in-process Amazon DynamoDB stored in BuntDB.
//
// One file per API action (create_table.go, put_item.go, query.go, ...), each
// shaped func (e *Engine) X(ctx, *model.XInput) (*model.XOutput, error) and
// returning *model.Error values with DynamoDB's exception names and messages.
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
//
// enc is an order-preserving, self-delimiting encoding (numbers numerically,
// strings and binaries byte-wise) and h is a 4-byte hash of the encoded
// partition key, so a Query is a single range walk, a Scan walks the hash
// space in order and a partition is a range of hashes. Every write is one
// BuntDB transaction covering the item, its index entries, its TTL entry and
// its stream record, and, for a table with point-in-time recovery on, its
// history record.
//
// Point-in-time recovery lives in engine/history (the record layout and the
// walks that rebuild a table at an instant, the changes between two, and
// pruning) and point_in_time.go (the write hook, the restorable window, and
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
// the search structure over them (engine/vector: exact search, HNSW graphs)
// is in memory, fed by each committed transaction and rebuilt from the
// entries when a workspace opens.
package engine
