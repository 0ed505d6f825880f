// Package expr implements DynamoDB's expression languages: condition and
// filter expressions, key condition expressions, update expressions and
// projection expressions, plus the legacy parameters (KeyConditions,
// QueryFilter, ScanFilter, Expected, AttributesToGet, AttributeUpdates)
// translated to the same syntax trees so that one evaluator serves both.
//
// The package is layered as a lexer (lexer.go), a recursive-descent parser
// producing a small AST (ast.go, parser.go, update.go, projection.go), a
// semantic checker that reproduces DynamoDB's validation messages and their
// precedence (check.go), and evaluators (eval.go, keycond.go, apply.go). It
// knows nothing about storage: callers hand it items and get back booleans,
// new items or key ranges.
//
// All expressions of one request share a *Context, created from the
// request's ExpressionAttributeNames and ExpressionAttributeValues, so that
// placeholders left unused by every expression can be reported with
// CheckUnused. Every error returned is a *model.Error with Code
// model.ErrValidation, worded exactly as DynamoDB words it.
//
// Parsed values (*Condition, *KeyCondition, *Update, *Projection) are
// immutable and safe for concurrent use.
package expr
