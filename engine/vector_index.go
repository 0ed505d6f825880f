package engine

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/engine/vector"
	"github.com/dynoscope/dynoscope/model"
)

// Vector indexes (August 2026). A vector index is kept like a GSI: its
// entries live at I/<table>/<index>/… in the same BuntDB transaction as the
// item (applyIndexWrite), holding the projected item; the engine/vector
// structure that searches them is in memory, fed from each committed
// transaction's effects and rebuilt from the entries when a workspace opens.
//
// An entry's key is the prefix, then h(enc(v))enc(v) of the SearchSchema
// HASH value v when the index has one, then the table key: the entries of
// one vector partition are one range.

const (
	maxVectorIndexes     = 5    // per table (CreateTable and UpdateTable)
	maxVectorDimensions  = 4096 // Dimensions 1–4096
	maxInlineFilters     = 18   // INLINE_FILTER elements per index
	maxSearchTopK        = 100  // SearchVectors TopK 1–100
	vectorMinRequestSize = 1024 // the 1 KB minimum of vector write and search request bytes
)

// vecSpec is what makes an index a vector index.
type vecSpec struct {
	attr    string // the vector attribute
	dims    int
	dist    vector.Distance
	hash    keyAttr   // the SearchSchema HASH attribute; name "" when none
	filters []keyAttr // the INLINE_FILTER attributes
}

// newVectorIndex is the in-memory form of a vector index description.
func (t *table) newVectorIndex(v model.VectorIndexDescription) *index {
	ix := &index{name: v.IndexName, global: true, projType: v.Projection.ProjectionType,
		prefix: prefixIndex + t.name + "/" + v.IndexName + "/"}
	dist, _ := vector.ParseDistance(v.DistanceFunction)
	spec := &vecSpec{attr: v.VectorAttribute.AttributeName, dims: int(v.Dimensions), dist: dist}
	for _, e := range v.SearchSchema {
		ka := keyAttr{e.AttributeName, t.attrTypes[e.AttributeName]}
		if e.SearchSchemaElementType == model.SearchSchemaHash {
			spec.hash = ka
		} else {
			spec.filters = append(spec.filters, ka)
		}
	}
	ix.vec = spec
	if ix.projType != model.ProjectionAll {
		// The vector and the search schema's attributes are always in
		// the index, whatever the projection.
		ix.include = map[string]struct{}{spec.attr: {}}
		for _, f := range v.SearchSchema {
			ix.include[f.AttributeName] = struct{}{}
		}
		for _, a := range v.Projection.NonKeyAttributes {
			ix.include[a] = struct{}{}
		}
	}
	return ix
}

// vectorProblem is why a vector attribute value is not a vector of the
// index: the four shapes DynamoDB's write answers tell apart.
type vectorProblem struct {
	kind   int // 1 not a list, 2 wrong size, 3 element not a number, 4 element out of range
	actual int // list length (2)
	pos    int // element position (3, 4)
	typ    model.Type
	value  string
}

// parseVector reads a vector attribute value: a List of exactly dims
// Numbers, each within the float32 range.
func parseVector(v model.AttributeValue, dims int) ([]float32, *vectorProblem) {
	if v.Type != model.TypeL {
		return nil, &vectorProblem{kind: 1}
	}
	if len(v.L) != dims {
		return nil, &vectorProblem{kind: 2, actual: len(v.L)}
	}
	out := make([]float32, dims)
	for i, e := range v.L {
		if e.Type != model.TypeN {
			return nil, &vectorProblem{kind: 3, pos: i, typ: e.Type}
		}
		f, err := strconv.ParseFloat(e.N, 64)
		if err != nil || math.Abs(f) > math.MaxFloat32 {
			return nil, &vectorProblem{kind: 4, pos: i, value: e.N}
		}
		out[i] = float32(f)
	}
	return out, nil
}

// message is DynamoDB's answer to a write of an invalid vector (texts as
// captured from DynamoDB, see docs/FIDELITY.md).
func (p *vectorProblem) message(attr string, dims int, index string) *model.Error {
	const pre = "One or more parameter values were invalid. "
	switch p.kind {
	case 1:
		return model.Validation(pre+"Invalid type for parameter %s, Expected: 32-bit floating point number list IndexName: %s", attr, index)
	case 2:
		return model.Validation(pre+"Invalid size for parameter %s, Expected: %d, Actual: %d IndexName: %s", attr, dims, p.actual, index)
	case 3:
		return model.Validation(pre+"Invalid type for parameter %s[%d], Expected: 32-bit floating point number, Actual: %s. IndexName: %s", attr, p.pos, p.typ, index)
	}
	return model.Validation(pre+"Invalid value for parameter %s[%d], Value: %s is outside valid range [-3.4028235E38, 3.4028235E38]. IndexName: %s", attr, p.pos, p.value, index)
}

// vectorMembership decides whether item has an entry in a vector index: its
// vector attribute a valid vector of the index's size and, when the index
// has a SearchSchema HASH attribute, that attribute present, of its type
// and not empty. An INLINE_FILTER attribute of the wrong type leaves the
// item out too (a backfill skips what a write would refuse).
func vectorMembership(ix *index, item model.Item) membership {
	s := ix.vec
	v, ok := item[s.attr]
	if !ok {
		return membership{reason: "no " + s.attr, attr: s.attr, missing: []string{s.attr}}
	}
	if _, p := parseVector(v, s.dims); p != nil {
		why := fmt.Sprintf("%s is not a list of %d numbers", s.attr, s.dims)
		if p.kind == 2 {
			why = fmt.Sprintf("%s has %d numbers, index wants %d", s.attr, p.actual, s.dims)
		}
		return membership{reason: why, violation: true, attr: s.attr}
	}
	if s.hash.name != "" {
		h, ok := item[s.hash.name]
		if !ok {
			return membership{reason: "no " + s.hash.name + " (the vector index's HASH search attribute)", attr: s.hash.name, missing: []string{s.hash.name}}
		}
		if h.Type != s.hash.typ {
			return membership{reason: fmt.Sprintf("%s is %s, index wants %s", s.hash.name, h.Type, s.hash.typ), violation: true, attr: s.hash.name}
		}
		if (h.Type == model.TypeS && h.S == "") || (h.Type == model.TypeB && len(h.B) == 0) {
			return membership{reason: s.hash.name + " is empty", violation: true, attr: s.hash.name}
		}
	}
	for _, f := range s.filters {
		if fv, ok := item[f.name]; ok && fv.Type != f.typ {
			return membership{reason: fmt.Sprintf("%s is %s, index wants %s", f.name, fv.Type, f.typ), violation: true, attr: f.name}
		}
	}
	return membership{in: true}
}

// vectorEntryKey is indexEntryKey for a vector index.
func (t *table) vectorEntryKey(ix *index, item model.Item) string {
	buf := make([]byte, 0, len(ix.prefix)+48)
	buf = append(buf, ix.prefix...)
	if ix.vec.hash.name != "" {
		buf = appendHashedKey(buf, item[ix.vec.hash.name], nil)
	}
	buf = appendKeyValue(buf, item[t.hash.name])
	if t.rng.name != "" {
		buf = appendKeyValue(buf, item[t.rng.name])
	}
	return string(buf)
}

// vectorPartition is the partition of the in-memory structure an entry
// key belongs to: the encoded HASH value, "" without one.
func (t *table) vectorPartition(ix *index, item model.Item) string {
	if ix.vec.hash.name == "" {
		return ""
	}
	return string(appendKeyValue(nil, item[ix.vec.hash.name]))
}

// filterValue encodes an inline filter value so that equal values (numbers
// numerically) give equal strings.
func filterValue(v model.AttributeValue) string {
	switch v.Type {
	case model.TypeS, model.TypeN, model.TypeB:
		return string(appendKeyValue([]byte(v.Type.String()), v))
	}
	b, _ := v.MarshalJSON()
	return string(b)
}

// vectorAttrs are the inline filter values an item holds.
func vectorAttrs(ix *index, item model.Item) []vector.Attr {
	var out []vector.Attr
	for _, f := range ix.vec.filters {
		if v, ok := item[f.name]; ok {
			out = append(out, vector.Attr{Name: f.name, Value: filterValue(v)})
		}
	}
	return out
}

// vecOp is one change to a vector index's in-memory structure, applied
// when its transaction has committed.
type vecOp struct {
	index string
	key   string // the entry key
	part  string
	vec   []float32 // nil: remove
	attrs []vector.Attr
}

// vectorOp records the in-memory change of an entry set from item (nil:
// removed).
func (t *table) vectorOp(ix *index, key string, item model.Item) vecOp {
	op := vecOp{index: ix.name, key: key}
	if item != nil {
		op.vec, _ = parseVector(item[ix.vec.attr], ix.vec.dims)
		op.part = t.vectorPartition(ix, item)
		op.attrs = vectorAttrs(ix, item)
	}
	return op
}

// vectorStore returns the in-memory structure of a vector index, creating
// it empty.
func (t *table) vectorStore(ix *index) *vector.Index {
	return t.stats.vectorStore(ix, t.quantThreshold)
}

func (s *tableStats) vectorStore(ix *index, quantThreshold int) *vector.Index {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.vec == nil {
		s.vec = map[string]*vector.Index{}
	}
	x := s.vec[ix.name]
	if x == nil {
		x = vector.New(vector.Config{Dimensions: ix.vec.dims, Distance: ix.vec.dist, QuantThreshold: quantThreshold})
		s.vec[ix.name] = x
	}
	return x
}

// applyVectorOps applies a committed transaction's vector changes.
func (e *Engine) applyVectorOps(t *table, ops []vecOp) {
	for _, op := range ops {
		ix := t.indexByName(op.index)
		if ix == nil || ix.vec == nil {
			continue
		}
		x := t.vectorStore(ix)
		if op.vec == nil {
			x.Delete(op.key)
		} else {
			x.Put(op.key, op.part, op.vec, op.attrs)
		}
	}
}

// loadVectors fills the in-memory structures of a table's vector indexes
// from their stored entries (at open). The entries are read in key order,
// so the same workspace always gives the same structure.
func (e *Engine) loadVectors(t *table) error {
	for _, ix := range t.indexes {
		if ix.vec == nil {
			continue
		}
		x := t.vectorStore(ix)
		err := e.db.View(func(tx *buntdb.Tx) error {
			var derr error
			tx.AscendGreaterOrEqual("", ix.prefix, func(k, v string) bool {
				if !strings.HasPrefix(k, ix.prefix) {
					return false
				}
				entry, _, err := decodeStored(v)
				if err != nil {
					derr = err
					return false
				}
				op := t.vectorOp(ix, k, entry)
				if op.vec != nil {
					x.Put(k, op.part, op.vec, op.attrs)
				}
				return true
			})
			return derr
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// checkVectorAttrs refuses a write that would leave a present vector index
// attribute invalid: the vector itself (size, element types, range), a
// HASH or INLINE_FILTER attribute of a type other than its definition, an
// empty HASH value. Missing attributes are fine (the item is left out of
// the index). On an update (old non-nil) only attributes the write changed
// are checked. Indexes are checked in name order.
func (t *table) checkVectorAttrs(old, item model.Item) *model.Error {
	var vix []*index
	for _, ix := range t.indexes {
		if ix.vec != nil {
			vix = append(vix, ix)
		}
	}
	if len(vix) == 0 {
		return nil
	}
	sort.Slice(vix, func(i, j int) bool { return vix[i].name < vix[j].name })
	changed := func(name string, v model.AttributeValue) bool {
		if old == nil {
			return true
		}
		ov, ok := old[name]
		return !ok || !model.Equal(ov, v)
	}
	for _, ix := range vix {
		s := ix.vec
		if v, ok := item[s.attr]; ok && changed(s.attr, v) {
			if _, p := parseVector(v, s.dims); p != nil {
				return p.message(s.attr, s.dims, ix.name)
			}
		}
		attrs := s.filters
		if s.hash.name != "" {
			attrs = append([]keyAttr{s.hash}, s.filters...)
		}
		for _, ka := range attrs {
			v, ok := item[ka.name]
			if !ok || !changed(ka.name, v) {
				continue
			}
			if v.Type != ka.typ {
				return model.Validation("One or more parameter values were invalid. Attribute '%s' type mismatch. Expected: %s, Actual: %s. IndexName: %s", ka.name, ka.typ, v.Type, ix.name)
			}
			if ka.name == s.hash.name && ((v.Type == model.TypeS && v.S == "") || (v.Type == model.TypeB && len(v.B) == 0)) {
				if old != nil {
					return model.Validation("One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty %s value.", emptyWord(v.Type))
				}
				return model.Validation("One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty %s value. IndexName: %s, IndexKey: %s", emptyWord(v.Type), ix.name, ka.name)
			}
		}
	}
	return nil
}

// vectorEntryBytes is what our capacity model counts for an entry: the
// vector at 4 bytes a dimension (its float32 form in the index) and every
// other projected attribute at its DynamoDB size.
func vectorEntryBytes(ix *index, entry model.Item) int {
	n := 4 * ix.vec.dims
	for name, v := range entry {
		if name == ix.vec.attr {
			continue
		}
		n += len(name) + model.ValueSize(v)
	}
	return n
}

// vectorDescription is the description of a vector index as declared.
func vectorDescription(v model.VectorIndex, tableArn, status string) model.VectorIndexDescription {
	d := model.VectorIndexDescription{IndexName: v.IndexName, DistanceFunction: v.DistanceFunction,
		SearchSchema: append([]model.SearchSchemaElement(nil), v.SearchSchema...),
		IndexStatus:  status, IndexArn: tableArn + "/index/" + v.IndexName}
	if v.VectorAttribute != nil {
		d.VectorAttribute = *v.VectorAttribute
	}
	if v.Dimensions != nil {
		d.Dimensions = *v.Dimensions
	}
	if v.Projection != nil {
		d.Projection = *v.Projection
		d.Projection.NonKeyAttributes = append([]string(nil), v.Projection.NonKeyAttributes...)
	}
	return d
}

// checkVectorIndexConstraints adds the parameter-constraint failures of
// vector index declarations (path is e.g. "vectorIndexes" or
// "vectorIndexUpdates.1.member.create" with each=false).
func checkVectorIndexConstraints(c *constraints, v model.VectorIndex, p string) {
	c.name(v.IndexName, p+".indexName", true)
	if v.VectorAttribute == nil {
		c.add(nil, p+".vectorAttribute", "Member must not be null")
	}
	switch {
	case v.Dimensions == nil:
		c.add(nil, p+".dimensions", "Member must not be null")
	case *v.Dimensions < 1:
		c.add(*v.Dimensions, p+".dimensions", "Member must have value greater than or equal to 1")
	}
	if v.DistanceFunction == "" {
		c.add(nil, p+".distanceFunction", "Member must not be null")
	} else {
		c.enum(v.DistanceFunction, p+".distanceFunction", model.DistanceCosine, model.DistanceEuclidean, model.DistanceDotProduct)
	}
	if v.Projection == nil {
		c.add(nil, p+".projection", "Member must not be null")
	} else {
		c.enum(v.Projection.ProjectionType, p+".projection.projectionType", model.ProjectionAll, model.ProjectionKeysOnly, model.ProjectionInclude)
	}
	if v.SearchSchema != nil && len(v.SearchSchema) == 0 {
		c.add("[]", p+".searchSchema", "Member must have length greater than or equal to 1")
	}
	for i, e := range v.SearchSchema {
		ep := fmt.Sprintf("%s.searchSchema.%d.member", p, i+1)
		if e.SearchSchemaElementType == "" {
			c.add(nil, ep+".searchSchemaElementType", "Member must not be null")
		} else {
			c.enum(e.SearchSchemaElementType, ep+".searchSchemaElementType", model.SearchSchemaHash, model.SearchSchemaInlineFilter)
		}
	}
}

// checkVectorIndexes checks vector indexes to be added to a table (the
// rules the documentation and DynamoDB's answers state): on-demand only,
// 1–4096 dimensions, at most 5 indexes, names unique among all the
// table's indexes, the vector attribute not in AttributeDefinitions and of
// one dimension count across indexes, every SearchSchema attribute defined,
// at most one HASH element and 18 inline filters. It returns the search
// schema attributes (they count as used definitions) and the number of
// projected non-key attributes the indexes add.
func checkVectorIndexes(add []model.VectorIndex, existing []model.VectorIndexDescription, defined map[string]string, billing string, names map[string]bool) (used []string, projected int, err *model.Error) {
	if len(add) == 0 {
		return nil, 0, nil
	}
	if billing != model.BillingPayPerRequest {
		return nil, 0, model.InvalidParameter("Vector indexes are only supported for PAY_PER_REQUEST tables")
	}
	live := 0
	dims := map[string]int64{}
	for _, x := range existing {
		if x.IndexStatus != model.StatusDeleting {
			live++
			dims[x.VectorAttribute.AttributeName] = x.Dimensions
		}
	}
	if live+len(add) > maxVectorIndexes {
		return nil, 0, model.InvalidParameter("VectorIndex count exceeds the per-table limit of %d", maxVectorIndexes)
	}
	for _, v := range add {
		if names[v.IndexName] {
			return nil, 0, model.InvalidParameter("Duplicate index name: %s", v.IndexName)
		}
		names[v.IndexName] = true
		if *v.Dimensions > maxVectorDimensions {
			return nil, 0, model.InvalidParameter("Number of dimensions must be between 1 and %d inclusive.", maxVectorDimensions)
		}
		attr := v.VectorAttribute.AttributeName
		if _, ok := defined[attr]; ok {
			return nil, 0, model.InvalidParameter("Conflicting attribute definition for '%s'. An attribute cannot be defined in AttributeDefinitions when used as a VectorAttribute.", attr)
		}
		if d, ok := dims[attr]; ok && d != *v.Dimensions {
			return nil, 0, model.InvalidParameter("Conflicting attribute definition for '%s'. All VectorIndexes on the same vector attribute must use the same dimensions.", attr)
		}
		dims[attr] = *v.Dimensions
		hashes, filters := 0, 0
		for _, e := range v.SearchSchema {
			if _, ok := defined[e.AttributeName]; !ok {
				return nil, 0, model.InvalidParameter("One element in SearchSchema is not defined in attribute definitions")
			}
			if e.SearchSchemaElementType == model.SearchSchemaHash {
				hashes++
			} else {
				filters++
			}
			used = append(used, e.AttributeName)
		}
		if hashes > 1 {
			return nil, 0, model.InvalidParameter("SearchSchema of index %s has more than one HASH element", v.IndexName)
		}
		if filters > maxInlineFilters {
			return nil, 0, model.InvalidParameter("SearchSchema of index %s has more than %d INLINE_FILTER elements", v.IndexName, maxInlineFilters)
		}
		n, perr := checkProjection(*v.Projection, v.IndexName)
		if perr != nil {
			return nil, 0, perr
		}
		// The vector attribute and each inline filter count against the
		// projected non-key attributes (CreateTable's VectorIndexes doc).
		projected += n + 1 + filters
	}
	return used, projected, nil
}

// vectorIndexDesc returns the description of a vector index, or nil.
func (t *table) vectorIndexDesc(name string) *model.VectorIndexDescription {
	for i := range t.meta.Desc.VectorIndexes {
		if t.meta.Desc.VectorIndexes[i].IndexName == name {
			return &t.meta.Desc.VectorIndexes[i]
		}
	}
	return nil
}

// indexCreating reports whether a GSI or vector index is still CREATING.
func (t *table) indexCreating(name string) bool {
	if g := t.gsiDesc(name); g != nil {
		return g.IndexStatus == model.StatusCreating
	}
	if v := t.vectorIndexDesc(name); v != nil {
		return v.IndexStatus == model.StatusCreating
	}
	return false
}

// setIndexBackfilling marks a CREATING GSI or vector index as backfilling.
func setIndexBackfilling(m *tableMeta, name string) {
	yes := true
	for i := range m.Desc.GlobalSecondaryIndexes {
		if g := &m.Desc.GlobalSecondaryIndexes[i]; g.IndexName == name {
			g.Backfilling = &yes
		}
	}
	for i := range m.Desc.VectorIndexes {
		if v := &m.Desc.VectorIndexes[i]; v.IndexName == name {
			v.Backfilling = &yes
		}
	}
}

// finishIndexBackfill makes a backfilled GSI or vector index ACTIVE.
func finishIndexBackfill(m *tableMeta, name string) {
	for i := range m.Desc.GlobalSecondaryIndexes {
		if g := &m.Desc.GlobalSecondaryIndexes[i]; g.IndexName == name && g.IndexStatus == model.StatusCreating {
			g.IndexStatus = model.StatusActive
			g.Backfilling = nil
		}
	}
	for i := range m.Desc.VectorIndexes {
		if v := &m.Desc.VectorIndexes[i]; v.IndexName == name && v.IndexStatus == model.StatusCreating {
			v.IndexStatus = model.StatusActive
			v.Backfilling = nil
		}
	}
}

// removeIndexDesc drops a GSI or vector index from the metadata.
func removeIndexDesc(m *tableMeta, name string) {
	kept := m.Desc.GlobalSecondaryIndexes[:0]
	for _, g := range m.Desc.GlobalSecondaryIndexes {
		if g.IndexName != name {
			kept = append(kept, g)
		}
	}
	m.Desc.GlobalSecondaryIndexes = kept
	vk := m.Desc.VectorIndexes[:0]
	for _, v := range m.Desc.VectorIndexes {
		if v.IndexName != name {
			vk = append(vk, v)
		}
	}
	m.Desc.VectorIndexes = vk
}

// addVectorIndex adds a new vector index (CREATING, not yet backfilling)
// to a table's metadata, with the attribute definitions its search schema
// needs from the request.
func addVectorIndex(m *tableMeta, v model.VectorIndex, defs []model.AttributeDefinition) *model.Error {
	d := &m.Desc
	if d.VectorIndexes != nil && len(d.VectorIndexes) >= maxVectorIndexes {
		return model.NewError(model.ErrLimitExceeded, "Subscriber limit exceeded: Number of vector secondary indexes exceeds per-table limit of %d", maxVectorIndexes)
	}
	names := map[string]bool{}
	for _, l := range d.LocalSecondaryIndexes {
		names[l.IndexName] = true
	}
	for _, g := range d.GlobalSecondaryIndexes {
		names[g.IndexName] = true
	}
	for _, x := range d.VectorIndexes {
		if x.IndexName == v.IndexName {
			if x.IndexStatus == model.StatusCreating {
				return model.NewError(model.ErrResourceInUse, "Attempt to change a resource which is still in use: Index is being created.  Table: %s Index: %s", d.TableName, v.IndexName)
			}
			return model.Validation("Attempting to create an index which already exists")
		}
	}
	// The search schema's definitions must be in this request (DynamoDB
	// does not look at the table's own for them).
	given := map[string]string{}
	for _, ad := range defs {
		given[ad.AttributeName] = ad.AttributeType
	}
	existing := map[string]string{}
	for _, ad := range d.AttributeDefinitions {
		existing[ad.AttributeName] = ad.AttributeType
	}
	if t, ok := existing[v.VectorAttribute.AttributeName]; ok {
		if h := model.HashKey(d.KeySchema); h == v.VectorAttribute.AttributeName || model.RangeKey(d.KeySchema) == v.VectorAttribute.AttributeName {
			kt := model.KeyTypeHash
			if h != v.VectorAttribute.AttributeName {
				kt = model.KeyTypeRange
			}
			return model.InvalidParameter("Attributes cannot be redefined. Please check that your attribute has the same type as previously defined. Existing schema: Schema:[SchemaElement: key{%s:%s:%s}] New schema: VectorIndexSchema:[VectorAttribute: key{%s:L:%d}]",
				v.VectorAttribute.AttributeName, t, kt, v.VectorAttribute.AttributeName, *v.Dimensions)
		}
	}
	if _, _, err := checkVectorIndexes([]model.VectorIndex{v}, d.VectorIndexes, given, billingMode(d), names); err != nil {
		if err.Message == model.InvalidPrefix+fmt.Sprintf("VectorIndex count exceeds the per-table limit of %d", maxVectorIndexes) {
			return model.NewError(model.ErrLimitExceeded, "Subscriber limit exceeded: Number of vector secondary indexes exceeds per-table limit of %d", maxVectorIndexes)
		}
		return err
	}
	for _, e := range v.SearchSchema {
		nw := given[e.AttributeName]
		if old, ok := existing[e.AttributeName]; ok {
			if old != nw {
				return model.InvalidParameter("Attributes cannot be redefined. Please check that your attribute has the same type as previously defined. Existing attribute %s: %s, new: %s", e.AttributeName, old, nw)
			}
			continue
		}
		d.AttributeDefinitions = append(d.AttributeDefinitions, model.AttributeDefinition{AttributeName: e.AttributeName, AttributeType: nw})
		existing[e.AttributeName] = nw
	}
	vd := vectorDescription(v, d.TableArn, model.StatusCreating)
	no := false
	vd.Backfilling = &no
	d.VectorIndexes = append(d.VectorIndexes, vd)
	return nil
}

// deleteVectorIndex marks a vector index DELETING.
func deleteVectorIndex(m *tableMeta, name string) *model.Error {
	d := &m.Desc
	var v *model.VectorIndexDescription
	for i := range d.VectorIndexes {
		if d.VectorIndexes[i].IndexName == name {
			v = &d.VectorIndexes[i]
		}
	}
	if v == nil {
		return model.NewError(model.ErrResourceNotFound, "Requested resource not found: Index: %s not found", name)
	}
	if v.IndexStatus == model.StatusDeleting {
		return model.NewError(model.ErrResourceInUse, "Attempt to change a resource which is still in use: Index is being deleted: %s", name)
	}
	if v.IndexStatus == model.StatusCreating && (v.Backfilling == nil || !*v.Backfilling) {
		return model.NewError(model.ErrResourceInUse, "Attempt to change a resource which is still in use: Index creation is in resource allocation phase. Retry deletion during backfilling phase or when the index is active. Table: %s Index: %s", d.TableName, name)
	}
	v.IndexStatus = model.StatusDeleting
	v.Backfilling = nil
	pruneAttributeDefinitions(d)
	return nil
}

// errVectorIndexRead is Query's answer on a vector index (and
// errVectorIndexScan Scan's): a vector index is read with SearchVectors only.
var (
	errVectorIndexRead = model.Validation("Query operation not supported on this index type.")
	errVectorIndexScan = model.Validation("Scan operation not supported on this index type.")
)

// applyVectorIndexWrite is applyIndexWrite for a vector index: the entry
// is set, moved or removed as a GSI's is, the in-memory change is queued
// for after the commit, and the write is charged vector write request
// bytes (not write units): the bytes of the entry replicated into the
// index, or of the key it removes.
func (e *Engine) applyVectorIndexWrite(tx *wtx, t *table, ix *index, w *itemWrite, oldKey, newKey string, oldEntry, newEntry model.Item, oldSize, newSize int, usage *capacity.Usage, fx *writeEffects) error {
	d := fx.index(ix.name)
	if oldKey != "" && (oldKey != newKey) {
		prev, err := tx.Delete(oldKey)
		if err != nil && err != buntdb.ErrNotFound {
			return err
		}
		if err == nil {
			d[0]--
			d[1] -= int64(storedSize(prev) + indexEntryOverhead)
		}
		fx.vec = append(fx.vec, vecOp{index: ix.name, key: oldKey})
	}
	var bytes int
	switch {
	case newKey == "":
		bytes = model.ItemSize(t.keyOf(oldEntry))
	case oldKey == newKey && model.ItemsEqual(oldEntry, newEntry):
		return nil
	default:
		prev, replaced, err := tx.Set(newKey, e.storedValue(newEntry, newSize), nil)
		if err != nil {
			return err
		}
		if replaced {
			d[1] += int64(newSize - storedSize(prev))
		} else {
			d[0]++
			d[1] += int64(newSize + indexEntryOverhead)
		}
		fx.vec = append(fx.vec, t.vectorOp(ix, newKey, newEntry))
		bytes = vectorEntryBytes(ix, newEntry)
	}
	if usage != nil && !w.byTTL {
		usage.AddVectorWrite(ix.name, float64(bytes))
	}
	return nil
}

// hasVectorIndexes reports whether a table has vector indexes (other than
// ones being deleted).
func hasVectorIndexes(d *model.TableDescription) bool {
	for _, v := range d.VectorIndexes {
		if v.IndexStatus != model.StatusDeleting {
			return true
		}
	}
	return false
}

// checkVectorIndexUpdateConstraints adds the parameter-constraint failures
// of UpdateTable's VectorIndexUpdates.
func checkVectorIndexUpdateConstraints(c *constraints, us []model.VectorIndexUpdate) {
	for i, u := range us {
		p := fmt.Sprintf("vectorIndexUpdates.%d.member", i+1)
		if u.Create != nil {
			checkVectorIndexConstraints(c, *u.Create, p+".create")
		}
		if u.Delete != nil {
			c.name(u.Delete.IndexName, p+".delete.indexName", true)
		}
	}
}

// vectorHeld reports whether the in-memory structure holds, under key, the
// vector of the stored entry.
func (t *table) vectorHeld(ix *index, key string, entry model.Item) bool {
	want, _ := parseVector(entry[ix.vec.attr], ix.vec.dims)
	got, ok := t.vectorStore(ix).Get(key)
	if !ok || len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

// vectorIndexDeclarations turns a table's vector index descriptions (other
// than ones being deleted) back into CreateTable declarations.
func vectorIndexDeclarations(ds []model.VectorIndexDescription) []model.VectorIndex {
	var out []model.VectorIndex
	for _, d := range ds {
		if d.IndexStatus == model.StatusDeleting {
			continue
		}
		dims := d.Dimensions
		p := d.Projection
		p.NonKeyAttributes = append([]string(nil), p.NonKeyAttributes...)
		out = append(out, model.VectorIndex{IndexName: d.IndexName, VectorAttribute: &model.VectorAttributeDefinition{AttributeName: d.VectorAttribute.AttributeName},
			Dimensions: &dims, DistanceFunction: d.DistanceFunction, Projection: &p, SearchSchema: append([]model.SearchSchemaElement(nil), d.SearchSchema...)})
	}
	return out
}
