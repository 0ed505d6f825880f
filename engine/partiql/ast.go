package partiql

import (
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// Statement is a parsed statement: *Select, *Insert, *Update, *Delete or
// *Exists.
type Statement interface{ statement() }

// Select is SELECT projection FROM "table"[."index"] [WHERE …] [ORDER BY …].
type Select struct {
	Star       bool   // SELECT *
	Projection []Path // the listed paths otherwise
	Table      string
	Index      string // "" for the table itself
	Where      Expr   // nil without WHERE
	OrderBy    []OrderItem
}

// OrderItem is one ORDER BY key.
type OrderItem struct {
	Path Path
	Desc bool
}

// Insert is INSERT INTO table VALUE {…}.
type Insert struct {
	Table string
	Item  *TupleLit
}

// Returning is a RETURNING clause.
type Returning uint8

// RETURNING clauses.
const (
	ReturnNone Returning = iota
	ReturnAllOld
	ReturnModifiedOld
	ReturnAllNew
	ReturnModifiedNew
)

// String renders the clause as a statement writes it.
func (r Returning) String() string {
	return [...]string{"", "ALL OLD *", "MODIFIED OLD *", "ALL NEW *", "MODIFIED NEW *"}[r]
}

// UpdateAction is one SET path = value or REMOVE path of an UPDATE.
type UpdateAction struct {
	Remove bool
	Path   Path
	Value  Expr // SET only
}

// Update is UPDATE table SET …/REMOVE … WHERE … [RETURNING …].
type Update struct {
	Table     string
	Actions   []UpdateAction
	Where     Expr
	Returning Returning
}

// Delete is DELETE FROM table WHERE … [RETURNING ALL OLD *].
type Delete struct {
	Table     string
	Where     Expr
	Returning Returning
}

// Exists is EXISTS(SELECT …), a condition check inside ExecuteTransaction.
type Exists struct {
	Select *Select
}

func (*Select) statement() {}
func (*Insert) statement() {}
func (*Update) statement() {}
func (*Delete) statement() {}
func (*Exists) statement() {}

// PathElement is one step of a document path: a name, or a list index.
type PathElement struct {
	Name    string
	Index   int
	IsIndex bool
}

// Path is a document path such as a.b[2].c. Its first element is a name.
type Path struct {
	Elems []PathElement
	Pos   Pos
}

// String renders the path as a ProjectionExpression would name it, without
// quoting: a.b[2].c.
func (p Path) String() string {
	var b strings.Builder
	for i, e := range p.Elems {
		if e.IsIndex {
			b.WriteString("[" + strconv.Itoa(e.Index) + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(e.Name)
	}
	return b.String()
}

// Column is the name a SELECT gives the path's value: its last named
// element with the indexes after it (m.k[0] is "k[0]"), as DynamoDB names
// projected columns.
func (p Path) Column() string {
	last := 0
	for i, e := range p.Elems {
		if !e.IsIndex {
			last = i
		}
	}
	return Path{Elems: p.Elems[last:]}.String()
}

// Expr is an expression: a condition, an operand or a literal.
type Expr interface{ expr() }

// Literal is a scalar literal: a string, a number (canonical N), TRUE,
// FALSE or NULL.
type Literal struct {
	Value model.AttributeValue
	Pos   Pos
}

// MissingLit is the literal MISSING.
type MissingLit struct{ Pos Pos }

// ListLit is [a, b, …].
type ListLit struct {
	Elems []Expr
	Pos   Pos
}

// Field is one name: value of a tuple literal.
type Field struct {
	Name  string
	Value Expr
}

// TupleLit is {'name': value, …}.
type TupleLit struct {
	Fields []Field
	Pos    Pos
}

// BagLit is <<a, b, …>>: a string or number set.
type BagLit struct {
	Elems []Expr
	Pos   Pos
}

// Param is the n-th ? of the statement (from 0).
type Param struct {
	N   int
	Pos Pos
}

// PathExpr is a document path used as an operand.
type PathExpr struct{ Path Path }

// Unary is -x or +x.
type Unary struct {
	Op  string
	X   Expr
	Pos Pos
}

// Binary is a comparison (= <> < <= > >=), AND, OR, + or -.
type Binary struct {
	Op   string
	L, R Expr
	Pos  Pos
}

// Not is NOT x.
type Not struct{ X Expr }

// Between is x [NOT] BETWEEN lo AND hi.
type Between struct {
	X, Lo, Hi Expr
	Negated   bool
}

// In is x [NOT] IN [a, b, …] (or (a, b, …)).
type In struct {
	X       Expr
	List    []Expr
	Negated bool
	Pos     Pos
}

// Is is x IS [NOT] MISSING|NULL|BOOLEAN|STRING|NUMERIC|BLOB|STRUCT|TUPLE|LIST.
type Is struct {
	X       Expr
	Type    string // upper case
	Negated bool
	Pos     Pos
}

// Call is a function call; Name is lower case.
type Call struct {
	Name string
	Args []Expr
	Pos  Pos
}

// Paren marks an expression written in parentheses.
type Paren struct{ X Expr }

func (*Literal) expr()    {}
func (*MissingLit) expr() {}
func (*ListLit) expr()    {}
func (*TupleLit) expr()   {}
func (*BagLit) expr()     {}
func (*Param) expr()      {}
func (*PathExpr) expr()   {}
func (*Unary) expr()      {}
func (*Binary) expr()     {}
func (*Not) expr()        {}
func (*Between) expr()    {}
func (*In) expr()         {}
func (*Is) expr()         {}
func (*Call) expr()       {}
func (*Paren) expr()      {}
