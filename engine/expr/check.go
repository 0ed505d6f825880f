package expr

import (
	"encoding/base64"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// validAttributeTypes is the list attribute_type's error message prints.
const validAttributeTypes = "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}"

// attributeTypeOperandTypes is what DynamoDB prints as the operand type when
// attribute_type's second operand is not a constant.
const attributeTypeOperandTypes = "{S,SS,N,NS,B,BS,BOOL,NULL,L,M,HD,DOUBLE,FLOAT,HDS,FS,DOUBLESET,DICT,DECIMAL,INT,DECIMALSET,INTSET}"

// position is where an operand or function appears.
type position uint8

const (
	posCondition position = iota // a whole condition (operand of AND/OR/NOT or the root)
	posOperand                   // operand of a comparator, BETWEEN or IN
	posArg                       // argument of a function
)

// checkCondition walks a parsed condition recording semantic errors.
func (p *parser) checkCondition(n *node) {
	switch n.kind {
	case nAnd, nOr, nNot:
		for _, a := range n.args {
			p.checkCondition(a)
		}
	case nCompare:
		p.checkOperands(n.args)
		if n.args[0].kind == nPath && n.args[1].kind == nPath && n.args[0].path.equal(n.args[1].path) {
			p.record(catDistinct, msgNotDistinct(n.op, n.args[0].path))
		}
		if n.op != "=" && n.op != "<>" {
			p.checkOrderedOperands(n.op, n.args)
		}
	case nBetween:
		p.checkOperands(n.args)
		if p.checkOrderedOperands("BETWEEN", n.args) {
			p.checkBetween(n.args[1], n.args[2])
		}
	case nIn:
		p.checkOperands(n.args)
		if len(n.args)-1 > maxInOperands {
			p.record(catOperand, "The IN operator is provided with too many operands; number of operands: "+itoa(len(n.args)-1))
		}
	case nFunc:
		p.checkFunc(n, posCondition)
	}
}

// checkOrderedOperands refuses a constant operand of < <= > >= or BETWEEN
// that has no order (a list, map, set, BOOL or NULL): DynamoDB answers a
// ValidationException rather than a false comparison (scylladb
// test_condition_expression.py, run against DynamoDB). It reports whether
// every constant operand is a string, number or binary.
func (p *parser) checkOrderedOperands(op string, args []*node) bool {
	for _, a := range args {
		if a.kind != nValue {
			continue
		}
		switch t := a.val.Type; t {
		case model.TypeS, model.TypeN, model.TypeB:
		default:
			p.record(catFunction, msgOperandType(op, t.String()))
			return false
		}
	}
	return true
}

// checkOperands checks the operands of a comparator, BETWEEN or IN.
func (p *parser) checkOperands(args []*node) {
	for _, a := range args {
		if a.kind == nFunc {
			p.checkFunc(a, posOperand)
		}
	}
}

// checkFunc checks one function call found at position pos.
func (p *parser) checkFunc(n *node, pos position) {
	want, known := conditionFuncs[n.op]
	if !known {
		if _, upd := updateFuncs[n.op]; upd {
			p.record(catUnknownFunc, "The function is not allowed in a condition expression; function: "+n.op)
		} else {
			p.record(catUnknownFunc, msgInvalidFunction(n.op))
		}
	}
	switch {
	case pos == posCondition && n.op == "size":
		p.record(catMisused, msgMisusedFunction(n.op))
	case pos != posCondition && n.op != "size":
		p.record(catMisused, msgMisusedFunction(n.op))
	}
	for _, a := range n.args {
		if a.kind == nFunc {
			p.checkFunc(a, posArg)
		}
	}
	if !known {
		return
	}
	if len(n.args) != want {
		p.record(catOperand, msgOperandCount(n.op, len(n.args)))
		return
	}
	if want == 2 && n.args[0].kind == nPath && n.args[1].kind == nPath && n.args[0].path.equal(n.args[1].path) {
		p.record(catDistinct, msgNotDistinct(n.op, n.args[0].path))
	}
	switch n.op {
	case "attribute_exists", "attribute_not_exists":
		if n.args[0].kind != nPath {
			p.record(catFunction, msgRequiresPath(n.op))
		}
	case "begins_with":
		for _, a := range n.args {
			if t := operandType(a); t != "" && t != "S" && t != "B" {
				p.record(catFunction, msgOperandType(n.op, t))
				break
			}
		}
	case "attribute_type":
		a := n.args[1]
		switch t := operandType(a); {
		case t == "":
			p.record(catFunction, msgOperandType(n.op, attributeTypeOperandTypes))
		case t != "S":
			p.record(catFunction, msgOperandType(n.op, t))
		default:
			if _, ok := model.ParseType(a.val.S); !ok {
				p.record(catFunction, "Invalid attribute type name found; type: "+a.val.S+", valid types: "+validAttributeTypes)
			}
		}
	case "size":
		switch t := operandType(n.args[0]); t {
		case "N", "BOOL", "NULL":
			p.record(catFunction, msgOperandType(n.op, t))
		}
	}
}

// operandType is the type an operand is known to have before evaluation:
// a constant's type, N for size(), BOOL for the boolean functions, or ""
// for document paths.
func operandType(n *node) string {
	switch n.kind {
	case nValue:
		return n.val.Type.String()
	case nFunc:
		if n.op == "size" {
			return "N"
		}
		if _, ok := conditionFuncs[n.op]; ok {
			return "BOOL"
		}
	}
	return ""
}

// checkBetween applies BETWEEN's rules on constant bounds.
func (p *parser) checkBetween(lo, hi *node) {
	if lo.kind != nValue || hi.kind != nValue {
		return
	}
	if lo.val.Type != hi.val.Type {
		p.record(catFunction, "The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: "+
			avString(lo.val)+", upper bound operand: AttributeValue: "+avString(hi.val))
		return
	}
	if c, ok := model.Compare(lo.val, hi.val); ok && c > 0 {
		p.record(catFunction, "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: "+
			avString(lo.val)+", upper bound operand: AttributeValue: "+avString(hi.val))
	}
}

// avString renders a value as DynamoDB's messages do: {N:5}, {S:a},
// {B:<base64>}.
func avString(v model.AttributeValue) string {
	return "{" + v.Type.String() + ":" + avText(v) + "}"
}

func avText(v model.AttributeValue) string {
	switch v.Type {
	case model.TypeS:
		return v.S
	case model.TypeN:
		return v.N
	case model.TypeB:
		return base64.StdEncoding.EncodeToString(v.B)
	case model.TypeBOOL:
		if v.BOOL {
			return "true"
		}
		return "false"
	case model.TypeNULL:
		return "true"
	case model.TypeSS:
		return "[" + strings.Join(v.SS, ", ") + "]"
	case model.TypeNS:
		return "[" + strings.Join(v.NS, ", ") + "]"
	case model.TypeBS:
		parts := make([]string, len(v.BS))
		for i, b := range v.BS {
			parts[i] = base64.StdEncoding.EncodeToString(b)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case model.TypeL:
		parts := make([]string, len(v.L))
		for i, e := range v.L {
			parts[i] = avString(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case model.TypeM:
		keys := sortedKeys(v.M)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + "=" + avString(v.M[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return ""
}
