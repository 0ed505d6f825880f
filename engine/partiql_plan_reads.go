package engine

import (
	"fmt"

	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/engine/partiql"
	"github.com/dynoscope/dynoscope/model"
)

// A SELECT's WHERE decomposed into key reads: its OR branches (dnf), the
// partition key values each pins (keyValues, intersected), the sort key
// range (sortRange), overlapping reads merged and the reads put in the
// order DynamoDB returns them. When a branch leaves the partition key
// free, the SELECT stays a Scan.

// schema returns the key attributes of the read target.
func (cs *compiledSelect) schema() (hash, rng keyAttr) {
	if ix := cs.rt.ix; ix != nil {
		hash = ix.hashKeys[0]
		if len(ix.rangeKeys) > 0 {
			rng = ix.rangeKeys[0]
		}
		return hash, rng
	}
	return cs.rt.t.hash, cs.rt.t.rng
}

// decompose splits the WHERE into OR branches and, when every branch pins
// the partition key, into key reads: a Query. Otherwise the SELECT stays a
// Scan.
func (cs *compiledSelect) decompose(params []model.AttributeValue) error {
	hash, rng := cs.schema()
	target := cs.rt.t.name
	if cs.rt.ix != nil {
		target += "." + cs.rt.ix.name
	}
	if cs.sel.Where == nil {
		cs.plan.Why = "there is no WHERE: a Scan reads every item of " + target
		return nil
	}
	if cs.rt.ix != nil && cs.rt.ix.multiAttribute() {
		cs.plan.Why = "the index has a multi-attribute key, which dynoscope reads by key only through Query: a Scan reads every item of " + target + " and filters"
		return nil
	}
	branches, ok := dnf(cs.sel.Where)
	if !ok {
		cs.plan.Why = "the WHERE has too many OR branches to read by key: a Scan reads every item of " + target + " and filters"
		return nil
	}
	type branchReads struct {
		hashes []model.AttributeValue
		sorts  []*expr.RangeCondition // nil entry: whole partition
		loose  bool
	}
	var all []branchReads
	for _, br := range branches {
		var hashes []model.AttributeValue
		pinned, empty := false, false
		var eqSort []model.AttributeValue
		eqSet := false
		var rangeSort *expr.RangeCondition
		loose := false
		for _, term := range br {
			if vals, ok, err := keyValues(term, hash.name, params); err != nil {
				return err
			} else if ok {
				if pinned {
					hashes = intersect(hashes, vals)
				} else {
					hashes, pinned = vals, true
				}
				if len(hashes) == 0 {
					empty = true
				}
				continue
			}
			if rng.name == "" || !mentions(term, rng.name) {
				continue
			}
			if vals, ok, err := keyValues(term, rng.name, params); err != nil {
				return err
			} else if ok {
				if eqSet {
					eqSort = intersect(eqSort, vals)
				} else {
					eqSort, eqSet = vals, true
				}
				if len(eqSort) == 0 {
					empty = true
				}
				continue
			}
			rc, usable, err := sortRange(term, rng, params)
			if err != nil {
				return err
			}
			if usable {
				if rangeSort == nil {
					rangeSort = rc
				}
				continue
			}
			loose = true
		}
		if !pinned {
			where := "the WHERE does not pin"
			if len(branches) > 1 {
				where = "an OR branch of the WHERE does not pin"
			}
			cs.plan.Why = fmt.Sprintf("%s the partition key %s with = or IN: a Scan reads every item of %s and filters", where, hash.name, target)
			return nil
		}
		if empty {
			continue // a branch no item can satisfy (pk = 'a' AND pk = 'b')
		}
		r := branchReads{hashes: hashes, loose: loose}
		switch {
		case eqSet:
			for _, v := range eqSort {
				r.sorts = append(r.sorts, &expr.RangeCondition{Op: "=", Values: []model.AttributeValue{v}})
			}
		default:
			r.sorts = []*expr.RangeCondition{rangeSort}
		}
		all = append(all, r)
	}
	// Every branch pins the partition key: a Query, one read per value.
	n := 0
	for _, r := range all {
		n += len(r.hashes) * len(r.sorts)
	}
	if n > maxDecomposedReads {
		return validationText(msgTooManyReads)
	}
	for _, r := range all {
		for _, h := range r.hashes {
			if h.Type != hash.typ {
				return validationText(fmt.Sprintf(msgKeyTypeMismatch, hash.name))
			}
			if err := checkKeyConditionValues(&expr.KeyCondition{HashValue: h}, &expr.KeySchema{HashKey: hash.name}); err != nil {
				return err
			}
			for _, rc := range r.sorts {
				if rc != nil {
					for _, v := range rc.Values {
						if v.Type != rng.typ {
							return validationText(fmt.Sprintf(msgKeyTypeMismatch, rng.name))
						}
					}
					if err := checkKeyConditionValues(&expr.KeyCondition{HashValue: h, Range: rc}, &expr.KeySchema{HashKey: hash.name, RangeKey: rng.name}); err != nil {
						return err
					}
				}
				cs.reads = append(cs.reads, keyRead{hash: h, rng: rc, loose: r.loose})
			}
		}
	}
	if err := cs.mergeOverlaps(); err != nil {
		return err
	}
	cs.plan.Action = "Query"
	how := "="
	if n > 1 {
		how = "= or IN"
	}
	cs.plan.Why = fmt.Sprintf("the WHERE pins the partition key %s with %s: a Query reads only the %d matching key range(s) of %s", hash.name, how, len(cs.reads), target)
	if len(cs.reads) == 0 {
		cs.plan.Why = "the WHERE pins the partition key " + hash.name + " to values no item can have: nothing is read"
		cs.reads = []keyRead{}
	}
	for _, r := range cs.reads {
		cs.plan.Reads = append(cs.plan.Reads, keyReadText(hash.name, rng.name, r))
	}
	return nil
}

// dnf splits a condition into OR branches of AND terms, NOT and everything
// else kept whole; ok is false past maxBranches.
func dnf(e partiql.Expr) ([][]partiql.Expr, bool) {
	switch x := e.(type) {
	case *partiql.Paren:
		return dnf(x.X)
	case *partiql.Binary:
		switch x.Op {
		case "OR":
			l, ok := dnf(x.L)
			if !ok {
				return nil, false
			}
			r, ok := dnf(x.R)
			if !ok || len(l)+len(r) > maxBranches {
				return nil, false
			}
			return append(l, r...), true
		case "AND":
			l, ok := dnf(x.L)
			if !ok {
				return nil, false
			}
			r, ok := dnf(x.R)
			if !ok || len(l)*len(r) > maxBranches {
				return nil, false
			}
			var out [][]partiql.Expr
			for _, a := range l {
				for _, b := range r {
					out = append(out, append(append([]partiql.Expr{}, a...), b...))
				}
			}
			return out, true
		}
	}
	return [][]partiql.Expr{{e}}, true
}

// keyValues reads name = value or name IN [values] (not negated), where
// name is a top-level attribute.
func keyValues(term partiql.Expr, name string, params []model.AttributeValue) ([]model.AttributeValue, bool, error) {
	isName := func(e partiql.Expr) bool {
		pe, ok := e.(*partiql.PathExpr)
		return ok && len(pe.Path.Elems) == 1 && pe.Path.Elems[0].Name == name
	}
	switch x := term.(type) {
	case *partiql.Paren:
		return keyValues(x.X, name, params)
	case *partiql.Binary:
		if x.Op != "=" {
			return nil, false, nil
		}
		l, r := x.L, x.R
		if isName(r) {
			l, r = r, l
		}
		if !isName(l) || !partiql.IsValue(r) {
			return nil, false, nil
		}
		v, err := partiql.Value(r, params)
		if err != nil {
			return nil, false, err
		}
		return []model.AttributeValue{v}, true, nil
	case *partiql.In:
		if x.Negated || !isName(x.X) {
			return nil, false, nil
		}
		var vals []model.AttributeValue
		for _, el := range x.List {
			if !partiql.IsValue(el) {
				return nil, false, nil
			}
			v, err := partiql.Value(el, params)
			if err != nil {
				return nil, false, err
			}
			vals = append(vals, v)
		}
		if len(vals) > 100 {
			return nil, false, validationText(fmt.Sprintf("The IN operator is provided with too many operands; number of operands: %d", len(vals)))
		}
		return vals, true, nil
	}
	return nil, false, nil
}

// intersect keeps the values of a that b also has.
func intersect(a, b []model.AttributeValue) []model.AttributeValue {
	var out []model.AttributeValue
	for _, x := range a {
		for _, y := range b {
			if model.Equal(x, y) {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// sortRange reads a sort-key condition a key condition can hold: <, <=, >,
// >= (either way round), BETWEEN, begins_with.
func sortRange(term partiql.Expr, rng keyAttr, params []model.AttributeValue) (*expr.RangeCondition, bool, error) {
	isName := func(e partiql.Expr) bool {
		pe, ok := e.(*partiql.PathExpr)
		return ok && len(pe.Path.Elems) == 1 && pe.Path.Elems[0].Name == rng.name
	}
	value := func(e partiql.Expr) (model.AttributeValue, bool, error) {
		if !partiql.IsValue(e) {
			return model.AttributeValue{}, false, nil
		}
		v, err := partiql.Value(e, params)
		return v, err == nil, err
	}
	flip := map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<="}
	switch x := term.(type) {
	case *partiql.Paren:
		return sortRange(x.X, rng, params)
	case *partiql.Binary:
		op, ok := flip[x.Op]
		if !ok {
			return nil, false, nil
		}
		l, r := x.L, x.R
		if isName(l) {
			op = x.Op
		} else {
			l, r = r, l
		}
		if !isName(l) {
			return nil, false, nil
		}
		v, ok, err := value(r)
		if !ok {
			return nil, false, err
		}
		return &expr.RangeCondition{Op: op, Values: []model.AttributeValue{v}}, true, nil
	case *partiql.Between:
		if x.Negated || !isName(x.X) {
			return nil, false, nil
		}
		lo, ok, err := value(x.Lo)
		if !ok {
			return nil, false, err
		}
		hi, ok, err := value(x.Hi)
		if !ok {
			return nil, false, err
		}
		return &expr.RangeCondition{Op: "BETWEEN", Values: []model.AttributeValue{lo, hi}}, true, nil
	case *partiql.Call:
		if x.Name != "begins_with" || len(x.Args) != 2 || !isName(x.Args[0]) || (rng.typ != model.TypeS && rng.typ != model.TypeB) {
			return nil, false, nil
		}
		v, ok, err := value(x.Args[1])
		if !ok || v.Type != rng.typ {
			return nil, false, err
		}
		return &expr.RangeCondition{Op: "begins_with", Values: []model.AttributeValue{v}}, true, nil
	}
	return nil, false, nil
}

// mentions reports whether an expression refers to the top-level attribute
// name.
func mentions(e partiql.Expr, name string) bool {
	switch x := e.(type) {
	case *partiql.PathExpr:
		return x.Path.Elems[0].Name == name
	case *partiql.Paren:
		return mentions(x.X, name)
	case *partiql.Binary:
		return mentions(x.L, name) || mentions(x.R, name)
	case *partiql.Not:
		return mentions(x.X, name)
	case *partiql.Between:
		return mentions(x.X, name) || mentions(x.Lo, name) || mentions(x.Hi, name)
	case *partiql.In:
		if mentions(x.X, name) {
			return true
		}
		for _, el := range x.List {
			if mentions(el, name) {
				return true
			}
		}
	case *partiql.Is:
		return mentions(x.X, name)
	case *partiql.Call:
		for _, a := range x.Args {
			if mentions(a, name) {
				return true
			}
		}
	case *partiql.Unary:
		return mentions(x.X, name)
	}
	return false
}

// mergeOverlaps checks the reads of each partition-key value for overlap:
// reads that could return the same item are refused, unless one of them
// comes from a branch whose sort-key condition no key condition holds, in
// which case the partition is read once, whole (paritysuite's captures of
// NOT sk = … and sk <> … branches).
func (cs *compiledSelect) mergeOverlaps() error {
	prefix := cs.rt.prefix()
	type group struct {
		reads []keyRead
	}
	var order []string
	groups := map[string]*group{}
	for _, r := range cs.reads {
		k := string(appendKeyValue(nil, r.hash))
		g := groups[k]
		if g == nil {
			g = &group{}
			groups[k] = g
			order = append(order, k)
		}
		g.reads = append(g.reads, r)
	}
	var out []keyRead
	for _, k := range order {
		g := groups[k]
		overlap, loose := false, false
		for i := range g.reads {
			loose = loose || g.reads[i].loose
			for j := i + 1; j < len(g.reads); j++ {
				a, b := g.reads[i], g.reads[j]
				partition := string(appendHashedKey([]byte(prefix), a.hash, nil))
				ra, rb := rangeFor(partition, a.rng), rangeFor(partition, b.rng)
				if ra.lo < rb.hi && rb.lo < ra.hi {
					overlap = true
				}
			}
		}
		switch {
		case !overlap:
			out = append(out, g.reads...)
		case loose:
			out = append(out, keyRead{hash: g.reads[0].hash})
		default:
			return validationText(msgOverlapping)
		}
	}
	cs.reads = out
	return nil
}

// order applies ORDER BY: it needs a WHERE that pins the partition key and
// orders by key attributes; reads are sorted by partition-key value when
// the partition key leads, and each read runs forward or backward by its
// sort key.
func (cs *compiledSelect) order() error {
	ob := cs.sel.OrderBy
	if len(ob) == 0 {
		return nil
	}
	if cs.sel.Where == nil {
		return validationText(msgOrderByNoWhere)
	}
	if cs.reads == nil {
		return validationText(msgOrderByNoHash)
	}
	hash, rng := cs.schema()
	byHash := false
	for i, it := range ob {
		name := it.Path.String()
		switch {
		case name == hash.name:
			byHash = true
			desc := it.Desc
			sortReads(cs.reads, desc)
		case rng.name != "" && name == rng.name:
			cs.reverse = it.Desc
			if i == 0 && len(distinctHashes(cs.reads)) > 1 {
				return validationText(msgOrderByManyHashes)
			}
			cs.sortReadsByRange(it.Desc)
		default:
			return validationText(fmt.Sprintf(msgOrderByKey, name))
		}
	}
	if !byHash && len(distinctHashes(cs.reads)) > 1 {
		return validationText(msgOrderByManyHashes)
	}
	return nil
}

// sortReadsByRange orders the reads of each partition-key value by where
// their sort-key ranges start (sk IN [5, 4] ORDER BY sk reads 4 first).
func (cs *compiledSelect) sortReadsByRange(desc bool) {
	prefix := cs.rt.prefix()
	start := func(r keyRead) string {
		return rangeFor(string(appendHashedKey([]byte(prefix), r.hash, nil)), r.rng).lo
	}
	reads := cs.reads
	for i := 1; i < len(reads); i++ {
		for j := i; j > 0 && model.Equal(reads[j].hash, reads[j-1].hash); j-- {
			a, b := start(reads[j]), start(reads[j-1])
			if (!desc && a >= b) || (desc && a <= b) {
				break
			}
			reads[j], reads[j-1] = reads[j-1], reads[j]
		}
	}
}

func distinctHashes(reads []keyRead) map[string]bool {
	m := map[string]bool{}
	for _, r := range reads {
		m[string(appendKeyValue(nil, r.hash))] = true
	}
	return m
}

// sortReads orders reads by partition-key value (stable: reads of one
// value keep their order).
func sortReads(reads []keyRead, desc bool) {
	less := func(a, b model.AttributeValue) bool {
		c, _ := model.Compare(a, b)
		if desc {
			return c > 0
		}
		return c < 0
	}
	for i := 1; i < len(reads); i++ {
		for j := i; j > 0 && less(reads[j].hash, reads[j-1].hash); j-- {
			reads[j], reads[j-1] = reads[j-1], reads[j]
		}
	}
}
