// Package vector is the search structure behind DynamoDB vector indexes:
// float32 vectors kept in memory by entry key, grouped by partition (the
// value of a vector index's SearchSchema HASH attribute, "" when it has
// none), searched exactly (every vector of the partition compared) or, for
// partitions above a size, through an HNSW graph whose candidates are scored
// again exactly.
//
// It imports nothing of the engine: the engine persists the vectors with the
// items (as index entries in BuntDB), feeds this package the changes of each
// committed write transaction, and rebuilds it from the stored entries when a
// workspace opens. Scores are computed in float64 from the float32
// components, four partial sums at a time (the ranking before that, and the
// graph's navigation, use float32 kernels: AVX2/FMA assembly on amd64, a
// portable loop elsewhere); equal scores order by entry key,
// so a search is deterministic for a given content (exact) and for a given
// history of writes since the workspace opened (ANN).
package vector
