package expr

import (
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// Parameter names used as the "Invalid <Param>: " prefix of parse errors.
const (
	ParamCondition    = "ConditionExpression"
	ParamFilter       = "FilterExpression"
	ParamKeyCondition = "KeyConditionExpression"
	ParamUpdate       = "UpdateExpression"
	ParamProjection   = "ProjectionExpression"
)

// maxExpressionBytes is DynamoDB's limit on the length of one expression.
const maxExpressionBytes = 4096

// maxPathDepth is the deepest document path DynamoDB accepts.
const maxPathDepth = 32

// maxInOperands is the largest number of candidates the IN operator takes.
const maxInOperands = 100

// validation returns a ValidationException with the message as is.
func validation(msg string) *model.Error {
	return &model.Error{Code: model.ErrValidation, Message: msg}
}

// invalidParam returns "Invalid <param>: <msg>".
func invalidParam(param, msg string) *model.Error {
	return validation("Invalid " + param + ": " + msg)
}

// Frequently used message texts.
const (
	msgEmptyExpression    = "The expression can not be empty;"
	msgExpressionTooLarge = "Expression size has exceeded the maximum allowed size;"
	msgRedundantParens    = "The expression has redundant parentheses;"
	msgInvalidPathUpdate  = "The document path provided in the update expression is invalid for update"
	msgMissingAttribute   = "The provided expression refers to an attribute that does not exist in the item"
	msgIncorrectDataType  = "An operand in the update expression has an incorrect data type"
)

func msgReserved(word string) string {
	return "Attribute name is a reserved keyword; reserved keyword: " + word
}

func msgUndefinedName(name string) string {
	return "An expression attribute name used in the document path is not defined; attribute name: " + name
}

func msgUndefinedValue(name string) string {
	return "An expression attribute value used in expression is not defined; attribute value: " + name
}

func msgInvalidFunction(name string) string {
	return "Invalid function name; function: " + name
}

func msgMisusedFunction(name string) string {
	return "The function is not allowed to be used this way in an expression; function: " + name
}

func msgOperandCount(name string, n int) string {
	return "Incorrect number of operands for operator or function; operator or function: " + name +
		", number of operands: " + itoa(n)
}

func msgOperandType(name, typ string) string {
	return "Incorrect operand type for operator or function; operator or function: " + name + ", operand type: " + typ
}

func msgRequiresPath(name string) string {
	return "Operator or function requires a document path; operator or function: " + name
}

func msgNotDistinct(op string, p Path) string {
	return "The first operand must be distinct from the remaining operands for this operator or function; operator: " +
		op + ", first operand: " + p.bracketString()
}

func msgOverlap(a, b Path) string {
	return "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: " +
		a.bracketString() + ", path two: " + b.bracketString()
}

func msgConflict(a, b Path) string {
	return "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: " +
		a.bracketString() + ", path two: " + b.bracketString()
}

func msgTooDeep(n int) string {
	return "The document path has too many nesting levels; nesting levels: " + itoa(n)
}

// NestedKeyError is DynamoDB's error for a document path that descends into
// a key attribute (a.b or a[0] where a is a key). indexKey selects the
// "IndexKey:" wording used for secondary-index keys. The engine calls it
// with the names from NestedNames of a condition, projection or update.
func NestedKeyError(attr string, indexKey bool) error {
	label := "Key: "
	if indexKey {
		label = "IndexKey: "
	}
	return validation("Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: " + label + attr)
}

// CheckMixed reports DynamoDB's error for a request that uses both legacy
// (non-expression) and expression parameters; each list holds the names of
// the parameters present, in the order DynamoDB lists them (for example
// {"AttributeUpdates", "Expected"} and {"UpdateExpression",
// "ConditionExpression"}). It returns nil unless both lists are non-empty.
func CheckMixed(nonExpression, expression []string) error {
	if len(nonExpression) == 0 || len(expression) == 0 {
		return nil
	}
	return validation("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {" +
		strings.Join(nonExpression, ", ") + "} Expression parameters: {" + strings.Join(expression, ", ") + "}")
}

func itoa(n int) string { return strconv.Itoa(n) }

// invalidValue returns "One or more parameter values were invalid: <msg>".
func invalidValue(msg string) *model.Error {
	return validation(model.InvalidPrefix + msg)
}
