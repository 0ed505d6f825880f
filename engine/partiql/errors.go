package partiql

import (
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// Error texts of DynamoDB's PartiQL front end. The envelope, "Unexpected
// token after expression", "Invalid path dot component", an empty detail
// for what cannot be read, and "Aliasing is not supported" are captured
// from the service (paritysuite/dynamodb-conformance, tier-3 PartiQL
// grammar and function tests); the others are DynamoDB's own message
// constants (ValidationExceptionMessages in DynamoDB Local's shared PartiQL
// code). Details of other syntax errors are dynoscope's wording.
const (
	msgMalformed        = "Statement wasn't well formed, can't be processed: "
	msgLeftover         = "Unexpected token after expression"
	msgExpectedDML      = "Expected data manipulation"
	msgInvalidDot       = "Invalid path dot component"
	msgAliasing         = "Aliasing is not supported"
	msgInsertValues     = `Unsupported operation: Inserting multiple items in a single statement is not supported, use "INSERT INTO tableName VALUE item" instead`
	msgInsertItem       = "Unsupported format in item expression. Please use struct format {...} to express item values for insert statement."
	msgFromComponents   = "A path may contain at most 2 components in the FROM clause"
	msgStarAndOthers    = "Other attributes should not be present in the projection when '*' is used."
	msgPathComponent    = "Unexpected path component"
	msgListIndex        = "List index is not within the allowable range; index: [%s]"
	msgReturningSyntax  = "Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause"
	msgUnrecognizedFunc = "Unrecognized function: %s"
	msgWildcardPath     = "Wildcard path component like a[*].b are not supported"
	msgIsType           = "Unsupported data type for IS operator: %s. Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST]"
)

// validation is a ValidationException with the message as given.
func validation(msg string) *model.Error {
	return &model.Error{Code: model.ErrValidation, Message: msg}
}

// malformed is the ValidationException of a statement the parser cannot
// read, with detail after the colon ("" for none).
func malformed(detail string) *model.Error {
	return validation(msgMalformed + detail)
}

// at appends a statement position to a message: "… at 1:11:1".
func at(msg string, p Pos) *model.Error {
	return validation(msg + " at " + p.String())
}

// keywords are PartiQL's reserved words (SQL-92's and PartiQL's own): an
// unquoted identifier spelled as one is a syntax error; write it in double
// quotes ("size") to name an attribute.
var keywords = toSet(`absolute action add all allocate alter and any are as asc assertion at authorization avg
begin between bit bit_length by cascade cascaded case cast catalog char character character_length char_length
check close coalesce collate collation column commit connect connection constraint constraints continue convert
corresponding count create cross current current_date current_time current_timestamp current_user cursor date
deallocate dec decimal declare default deferrable deferred delete desc describe descriptor diagnostics disconnect
distinct domain double drop else end end-exec escape except exception exec execute exists external extract
date_add date_diff false fetch first float for foreign found from full get global go goto grant group having
identity immediate in indicator initially inner input insensitive insert int integer intersect interval into is
isolation join key language last left level like local lower match max min module names national natural nchar
next no not null nullif numeric octet_length of on only open option or order outer output overlaps pad partial
position precision prepare preserve primary prior privileges procedure public read real references relative
restrict revoke right rollback rows schema scroll section select session session_user set size smallint some
space sql sqlcode sqlerror sqlstate substring sum system_user table temporary then time timestamp to transaction
translate translation trim true union unique unknown update upper usage user using value values varchar varying
view when whenever where with work write zone
missing pivot unpivot limit tuple remove index conflict do nothing returning modified new old let bool boolean
string symbol clob blob struct list sexp bag`)

// callableKeywords are keywords that may still name a function in a call
// (PartiQL's function-name keywords).
var callableKeywords = toSet(`exists count avg max min sum substring char_length character_length octet_length
bit_length upper lower size nullif coalesce sexp list bag`)

func toSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// isKeyword reports whether an unquoted identifier is reserved.
func isKeyword(t token) bool {
	return t.kind == tIdent && keywords[strings.ToLower(t.text)]
}
