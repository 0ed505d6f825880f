// Package partiql parses the PartiQL dialect DynamoDB accepts in
// ExecuteStatement, BatchExecuteStatement and ExecuteTransaction: SELECT
// (with a table or "table"."index" source, WHERE and ORDER BY), INSERT INTO
// … VALUE {…}, UPDATE … SET/REMOVE … WHERE … [RETURNING …], DELETE FROM …
// WHERE … [RETURNING ALL OLD *] and EXISTS(SELECT …) for transactions, with
// ? parameters, comments, and literals of every DynamoDB type (strings,
// numbers, booleans, NULL, lists [..], maps {..} and sets <<..>>).
//
// No maintained Go PartiQL parser exists (the PartiQL project ships Kotlin
// and Rust ones; SnellerInc's Go parser is a SQL dialect for its own engine
// without DML or parameters), so this one is written for DynamoDB's subset.
// Errors are DynamoDB's ValidationException texts: "Statement wasn't well
// formed, can't be processed: Unexpected token after expression" and the
// like (docs/FIDELITY.md says which texts are confirmed and by what).
//
// The parser builds an AST only; engine turns it into the Query, Scan,
// GetItem, PutItem, UpdateItem and DeleteItem it stands for, reusing
// engine/expr for every condition, update and projection.
package partiql
