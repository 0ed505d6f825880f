// Package vector is the search structure behind DynamoDB vector indexes:
// float32 vectors kept in memory by entry key, grouped by partition (the
// value of a vector index's SearchSchema HASH attribute, "" when it has
// none), and searched so that the answer is always the exact one — the
// TopK vectors by the float64 score, equal scores by entry key.
//
// Small partitions are compared with every vector (float32 kernels rank
// them: AVX2/FMA assembly on amd64, a portable loop elsewhere; the best
// are scored again in float64). From Config.QuantThreshold vectors (1,024
// by default) a search scans each vector's 8-bit codes instead, a quarter
// of the memory, in integer arithmetic (AVX2 or the same integers in Go),
// and scores in float64 only the vectors a proven error bound cannot rule
// out (quant.go): the exact answer, by construction, at ~2–5 ms of CPU
// for 100,000 × 256 dimensions. The codes are a function of each vector
// alone, so a search is deterministic for a given content, whatever the
// history of writes.
//
// It imports nothing of the engine: the engine persists the vectors with
// the items (as index entries in BuntDB), feeds this package the changes
// of each committed write transaction, and rebuilds it from the stored
// entries when a workspace opens.
package vector
