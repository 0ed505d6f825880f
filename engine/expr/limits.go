package expr

// maxOperators is how many operators and function calls one expression may
// hold. DynamoDB counts each comparator, BETWEEN, IN, AND, OR, NOT and
// function call of a condition, and each + or - and function call of an
// update's SET values; parentheses, paths and values do not count. The
// count runs over the tree children first, and the error names the count
// at which it went over: "operator count: 301".
const maxOperators = 300

func msgTooManyOperators(n int) string {
	return "The expression contains too many operators; operator count: " + itoa(n)
}

// countOperators adds n's operators to count, children first, and stops as
// soon as the count passes maxOperators. The tree's depth is bounded by the
// 4 KB expression limit, so the recursion is too.
func countOperators(n *node, count int) int {
	for _, a := range n.args {
		if count > maxOperators {
			return count
		}
		count = countOperators(a, count)
	}
	if count > maxOperators {
		return count
	}
	switch n.kind {
	case nFunc, nCompare, nBetween, nIn, nAnd, nOr, nNot, nArith:
		count++
	}
	return count
}

// checkOperatorCount records the too-many-operators error of a condition.
func (p *parser) checkOperatorCount(root *node) {
	if n := countOperators(root, 0); n > maxOperators {
		p.record(catOperators, msgTooManyOperators(n))
	}
}

// checkUpdateOperatorCount records the too-many-operators error of an
// update: the operators of all its values together.
func (p *parser) checkUpdateOperatorCount(actions []action) {
	n := 0
	for _, a := range actions {
		if a.value != nil && n <= maxOperators {
			n = countOperators(a.value, n)
		}
	}
	if n > maxOperators {
		p.record(catOperators, msgTooManyOperators(n))
	}
}
