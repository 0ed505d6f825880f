package engine

import (
	"sync"
	"sync/atomic"

	"github.com/dynoscope/dynoscope/engine/vector"
	"github.com/dynoscope/dynoscope/model"
)

// indexEntryOverhead is the per-entry storage overhead DynamoDB bills for an
// index entry (and for an item).
const indexEntryOverhead = 100

// tableMeta is what is persisted at T/<table>.
type tableMeta struct {
	Desc model.TableDescription `json:"Desc"`
	TTL  ttlMeta                `json:"TTL"`
	// StreamLabelSeq numbers the stream labels the table has had.
	StreamLabelSeq uint64 `json:"StreamLabelSeq,omitempty"`
	// Loading names the load that created the table and has not finished
	// (see BulkLoad); such a table is removed when the workspace opens.
	Loading string `json:"Loading,omitempty"`
	// Tags are the table's tags, sorted by key (TagResource).
	Tags []model.Tag `json:"Tags,omitempty"`
	// Design is the table's facets and saved patterns (SetTableDesign);
	// nil when it has none. Replaced whole, never changed in place.
	Design *TableDesign `json:"Design,omitempty"`
	// PITR is the table's point-in-time recovery setting; nil when off.
	PITR *pitrMeta `json:"PITR,omitempty"`
	// Insights is the table's Contributor Insights setting, by index name
	// ("" for the table itself); entries exist once set.
	Insights map[string]insightsMeta `json:"Insights,omitempty"`
	// ClassChanges are the engine times (Unix seconds) of the table's
	// TableClass changes in the trailing window DynamoDB limits them in
	// (updateTableClass); older ones are dropped.
	ClassChanges []float64 `json:"ClassChanges,omitempty"`
}

// ttlMeta is a table's time-to-live setting.
type ttlMeta struct {
	Status        string  `json:"Status,omitempty"` // ENABLED, DISABLED, ENABLING, DISABLING
	AttributeName string  `json:"AttributeName,omitempty"`
	LastChange    float64 `json:"LastChange,omitempty"`
}

// keyAttr is one key attribute: its name and declared type.
type keyAttr struct {
	name string
	typ  model.Type
}

// index is the in-memory form of one secondary index. An LSI and a GSI
// with a single-attribute key have one partition attribute and at most one
// sort attribute; a GSI with a multi-attribute key (November 2025) has up to
// four of each, in KeySchema order.
type index struct {
	name      string
	global    bool
	hashKeys  []keyAttr // the partition key attributes (1 to 4)
	rangeKeys []keyAttr // the sort key attributes (0 to 4)
	keys      []keyAttr // hashKeys then rangeKeys
	keyNames  []string  // the names of keys
	projType  string
	include   map[string]struct{}
	prefix    string // I/<table>/<index>/
	// vec is set on a vector index (see vector_index.go); its keys are
	// then empty.
	vec *vecSpec
}

// multiAttribute reports whether the index key has more than one partition
// or more than one sort attribute.
func (ix *index) multiAttribute() bool { return len(ix.hashKeys) > 1 || len(ix.rangeKeys) > 1 }

// isKey reports whether name is one of the index's key attributes.
func (ix *index) isKey(name string) bool {
	for _, ka := range ix.keys {
		if ka.name == name {
			return true
		}
	}
	return false
}

// tableStats are the live counters of a table, shared by every version of
// its metadata.
type tableStats struct {
	items atomic.Int64
	bytes atomic.Int64
	mu    sync.Mutex
	idx   map[string]*indexStats
	coll  map[string]int64         // running item-collection sizes (tables with LSIs)
	vec   map[string]*vector.Index // the search structures of the vector indexes
	// histOldest is the instant of the table's oldest history record (0:
	// not known yet), so writes prune only when something has expired.
	histOldest atomic.Int64
}

type indexStats struct {
	items atomic.Int64
	bytes atomic.Int64
}

func (s *tableStats) index(name string) *indexStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.idx == nil {
		s.idx = map[string]*indexStats{}
	}
	st := s.idx[name]
	if st == nil {
		st = &indexStats{}
		s.idx[name] = st
	}
	return st
}

func (s *tableStats) dropIndex(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.idx, name)
	delete(s.vec, name)
}

// table is an immutable snapshot of a table's metadata; changes replace the
// snapshot in Engine.tables under the write lock.
type table struct {
	meta       tableMeta
	name       string
	hash       keyAttr
	rng        keyAttr
	attrTypes  map[string]model.Type
	indexes    []*index
	dataPrefix string
	stats      *tableStats
	// collectionLimit is the item-collection size limit in bytes.
	collectionLimit int64
	// quantThreshold is Options.VectorQuantThreshold.
	quantThreshold int
	// heat is the key heat of the targets with Contributor Insights
	// enabled (key_heat.go); nil when none is.
	heat *tableHeat
}

func (e *Engine) newTable(m *tableMeta, stats *tableStats) *table {
	d := &m.Desc
	t := &table{meta: *m, name: d.TableName, attrTypes: map[string]model.Type{}, stats: stats,
		dataPrefix: prefixData + d.TableName + "/", collectionLimit: e.collectionLimit(), quantThreshold: e.opts.VectorQuantThreshold}
	for _, ad := range d.AttributeDefinitions {
		typ, _ := model.ParseType(ad.AttributeType)
		t.attrTypes[ad.AttributeName] = typ
	}
	t.hash = keyAttr{model.HashKey(d.KeySchema), t.attrTypes[model.HashKey(d.KeySchema)]}
	if r := model.RangeKey(d.KeySchema); r != "" {
		t.rng = keyAttr{r, t.attrTypes[r]}
	}
	for _, l := range d.LocalSecondaryIndexes {
		t.indexes = append(t.indexes, t.newIndex(l.IndexName, false, l.KeySchema, l.Projection))
	}
	for _, g := range d.GlobalSecondaryIndexes {
		if g.IndexStatus == model.StatusDeleting {
			continue // no longer maintained; its entries are being removed
		}
		t.indexes = append(t.indexes, t.newIndex(g.IndexName, true, g.KeySchema, g.Projection))
	}
	for _, v := range d.VectorIndexes {
		if v.IndexStatus == model.StatusDeleting {
			continue
		}
		t.indexes = append(t.indexes, t.newVectorIndex(v))
	}
	t.heat = e.heatFor(m)
	return t
}

func (t *table) newIndex(name string, global bool, ks []model.KeySchemaElement, p model.Projection) *index {
	ix := &index{name: name, global: global, projType: p.ProjectionType,
		prefix: prefixIndex + t.name + "/" + name + "/"}
	for _, h := range model.HashKeys(ks) {
		ix.hashKeys = append(ix.hashKeys, keyAttr{h, t.attrTypes[h]})
	}
	for _, r := range model.RangeKeys(ks) {
		ix.rangeKeys = append(ix.rangeKeys, keyAttr{r, t.attrTypes[r]})
	}
	ix.keys = append(append(make([]keyAttr, 0, len(ix.hashKeys)+len(ix.rangeKeys)), ix.hashKeys...), ix.rangeKeys...)
	for _, ka := range ix.keys {
		ix.keyNames = append(ix.keyNames, ka.name)
	}
	if p.ProjectionType == model.ProjectionInclude {
		ix.include = map[string]struct{}{}
		for _, a := range p.NonKeyAttributes {
			ix.include[a] = struct{}{}
		}
	}
	return ix
}

// indexByName returns the index with the given name, or nil.
func (t *table) indexByName(name string) *index {
	for _, ix := range t.indexes {
		if ix.name == name {
			return ix
		}
	}
	return nil
}

// gsiDesc returns the description of a GSI, or nil.
func (t *table) gsiDesc(name string) *model.GlobalSecondaryIndexDescription {
	for i := range t.meta.Desc.GlobalSecondaryIndexes {
		if t.meta.Desc.GlobalSecondaryIndexes[i].IndexName == name {
			return &t.meta.Desc.GlobalSecondaryIndexes[i]
		}
	}
	return nil
}

// isKeyAttr reports whether name is part of the table's primary key.
func (t *table) isKeyAttr(name string) bool {
	return name == t.hash.name || (t.rng.name != "" && name == t.rng.name)
}

// hasLSI reports whether the table has local secondary indexes.
func (t *table) hasLSI() bool { return len(t.meta.Desc.LocalSecondaryIndexes) > 0 }

// describedSize is a size as DescribeTable reports it: the stored size of
// the items or entries without the 100 bytes of storage overhead each
// carries, which DynamoDB bills for storage but leaves out of
// TableSizeBytes and IndexSizeBytes (docs/FIDELITY.md, DescribeTable).
func describedSize(stored, count int64) int64 {
	return max(stored-count*indexEntryOverhead, 0)
}

// describe returns the table's description with live counts.
func (t *table) describe() *model.TableDescription {
	d := t.meta.Desc
	d.ItemCount = t.stats.items.Load()
	d.TableSizeBytes = describedSize(t.stats.bytes.Load(), d.ItemCount)
	d.AttributeDefinitions = append([]model.AttributeDefinition(nil), d.AttributeDefinitions...)
	if len(d.LocalSecondaryIndexes) > 0 {
		d.LocalSecondaryIndexes = append([]model.LocalSecondaryIndexDescription(nil), d.LocalSecondaryIndexes...)
		for i := range d.LocalSecondaryIndexes {
			st := t.stats.index(d.LocalSecondaryIndexes[i].IndexName)
			d.LocalSecondaryIndexes[i].ItemCount = st.items.Load()
			d.LocalSecondaryIndexes[i].IndexSizeBytes = describedSize(st.bytes.Load(), d.LocalSecondaryIndexes[i].ItemCount)
		}
	}
	if len(d.GlobalSecondaryIndexes) > 0 {
		d.GlobalSecondaryIndexes = append([]model.GlobalSecondaryIndexDescription(nil), d.GlobalSecondaryIndexes...)
		for i := range d.GlobalSecondaryIndexes {
			st := t.stats.index(d.GlobalSecondaryIndexes[i].IndexName)
			d.GlobalSecondaryIndexes[i].ItemCount = st.items.Load()
			d.GlobalSecondaryIndexes[i].IndexSizeBytes = describedSize(st.bytes.Load(), d.GlobalSecondaryIndexes[i].ItemCount)
			if pt := d.GlobalSecondaryIndexes[i].ProvisionedThroughput; pt != nil {
				cp := *pt
				d.GlobalSecondaryIndexes[i].ProvisionedThroughput = &cp
			}
		}
	}
	if len(d.VectorIndexes) > 0 {
		d.VectorIndexes = append([]model.VectorIndexDescription(nil), d.VectorIndexes...)
		for i := range d.VectorIndexes {
			st := t.stats.index(d.VectorIndexes[i].IndexName)
			d.VectorIndexes[i].ItemCount = st.items.Load()
			d.VectorIndexes[i].IndexSizeBytes = st.bytes.Load()
		}
	}
	if d.ProvisionedThroughput != nil {
		cp := *d.ProvisionedThroughput
		d.ProvisionedThroughput = &cp
	}
	describeThroughputs(&d)
	return &d
}
