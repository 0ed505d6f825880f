package engine

import (
	"sort"
	"strings"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// defaultBackfillBatch is how many table items one backfill transaction reads.
const defaultBackfillBatch = 1000

// BackfillProgress tells how far the build of a new GSI has come.
type BackfillProgress struct {
	Scanned int64 // table items read so far
	Total   int64 // table items when the build started
	Indexed int64 // entries written by the build
	Skipped int64 // items left out because a key attribute violates the schema
	// Sparse counts the items left out because they lack an attribute the
	// index needs (a GSI key attribute; a vector index's vector attribute
	// or SearchSchema HASH attribute), as a sparse index leaves them out:
	// Scanned = Indexed + Skipped + Sparse, but for entries a concurrent
	// write made first.
	Sparse int64
	Done   bool
}

// addGSI adds a new GSI (CREATING) to the metadata, with the attribute
// definitions its keys need.
func addGSI(m *tableMeta, g model.GlobalSecondaryIndex, defs []model.AttributeDefinition) *model.Error {
	d := &m.Desc
	for _, l := range d.LocalSecondaryIndexes {
		if l.IndexName == g.IndexName {
			return model.InvalidParameter("Index %s already exists", g.IndexName)
		}
	}
	for _, x := range d.GlobalSecondaryIndexes {
		if x.IndexName == g.IndexName {
			return model.InvalidParameter("Index %s already exists", g.IndexName)
		}
	}
	if len(d.GlobalSecondaryIndexes) >= maxGSIs {
		return model.InvalidParameter("GlobalSecondaryIndex count exceeds the per-table limit of %d", maxGSIs)
	}
	if err := checkGSIKeySchema(g.KeySchema); err != nil {
		return err
	}
	if _, err := checkProjection(g.Projection, g.IndexName); err != nil {
		return err
	}
	if err := checkIndexThroughput(g, billingMode(d)); err != nil {
		return err
	}
	existing := map[string]string{}
	for _, ad := range d.AttributeDefinitions {
		existing[ad.AttributeName] = ad.AttributeType
	}
	given := map[string]string{}
	for _, ad := range defs {
		given[ad.AttributeName] = ad.AttributeType
	}
	var keys, missing []string
	for _, k := range g.KeySchema {
		keys = append(keys, k.AttributeName)
		old, inOld := existing[k.AttributeName]
		nw, inNew := given[k.AttributeName]
		switch {
		case inOld && inNew && old != nw:
			return redefinedAttribute(d, k.AttributeName, g.KeySchema, existing, given)
		case inOld:
		case inNew:
			d.AttributeDefinitions = append(d.AttributeDefinitions, model.AttributeDefinition{AttributeName: k.AttributeName, AttributeType: nw})
			existing[k.AttributeName] = nw
		default:
			missing = append(missing, k.AttributeName)
		}
	}
	if len(missing) > 0 {
		names := make([]string, 0, len(existing))
		for n := range existing {
			names = append(names, n)
		}
		sort.Strings(names)
		return model.InvalidParameter("Some index key attributes are not defined in AttributeDefinitions. Keys: %s, AttributeDefinitions: %s", bracketList(keys), bracketList(names))
	}
	gd := gsiDescription(g, d.TableArn, billingMode(d), model.StatusCreating)
	no := false
	gd.Backfilling = &no
	d.GlobalSecondaryIndexes = append(d.GlobalSecondaryIndexes, gd)
	return nil
}

// deleteGSI marks a GSI DELETING and drops the attribute definitions that
// nothing else uses.
func deleteGSI(m *tableMeta, name string) *model.Error {
	d := &m.Desc
	var g *model.GlobalSecondaryIndexDescription
	for i := range d.GlobalSecondaryIndexes {
		if d.GlobalSecondaryIndexes[i].IndexName == name {
			g = &d.GlobalSecondaryIndexes[i]
		}
	}
	if g == nil {
		return model.NewError(model.ErrResourceNotFound, "Requested resource not found: Index: %s not found", name)
	}
	if g.IndexStatus == model.StatusDeleting {
		return model.NewError(model.ErrResourceInUse, "Attempt to change a resource which is still in use: Index is being deleted: %s", name)
	}
	if g.IndexStatus == model.StatusCreating && (g.Backfilling == nil || !*g.Backfilling) {
		return model.NewError(model.ErrResourceInUse, "Attempt to change a resource which is still in use: Index is being created: %s", name)
	}
	g.IndexStatus = model.StatusDeleting
	g.Backfilling = nil
	pruneAttributeDefinitions(d)
	return nil
}

// pruneAttributeDefinitions keeps only the definitions the table key, the
// LSIs and the GSIs that are not being deleted use.
func pruneAttributeDefinitions(d *model.TableDescription) {
	used := map[string]bool{}
	for _, k := range d.KeySchema {
		used[k.AttributeName] = true
	}
	for _, l := range d.LocalSecondaryIndexes {
		for _, k := range l.KeySchema {
			used[k.AttributeName] = true
		}
	}
	for _, g := range d.GlobalSecondaryIndexes {
		if g.IndexStatus == model.StatusDeleting {
			continue
		}
		for _, k := range g.KeySchema {
			used[k.AttributeName] = true
		}
	}
	for _, v := range d.VectorIndexes {
		if v.IndexStatus == model.StatusDeleting {
			continue
		}
		for _, e := range v.SearchSchema {
			used[e.AttributeName] = true
		}
	}
	kept := d.AttributeDefinitions[:0]
	for _, ad := range d.AttributeDefinitions {
		if used[ad.AttributeName] {
			kept = append(kept, ad)
		}
	}
	d.AttributeDefinitions = kept
}

// updateGSIThroughput changes a GSI's provisioned throughput.
func updateGSIThroughput(m *tableMeta, u model.UpdateGlobalSecondaryIndex, now time.Time) *model.Error {
	d := &m.Desc
	for i := range d.GlobalSecondaryIndexes {
		g := &d.GlobalSecondaryIndexes[i]
		if g.IndexName != u.IndexName {
			continue
		}
		if billingMode(d) == model.BillingPayPerRequest {
			return model.InvalidParameter("ProvisionedThroughput should not be specified for index: %s when BillingMode is PAY_PER_REQUEST", u.IndexName)
		}
		pt := u.ProvisionedThroughput
		if pt == nil || pt.ReadCapacityUnits == nil || pt.WriteCapacityUnits == nil {
			return model.InvalidParameter("ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED")
		}
		ts := float64(now.Unix())
		cur := g.ProvisionedThroughput
		if *pt.ReadCapacityUnits > cur.ReadCapacityUnits || *pt.WriteCapacityUnits > cur.WriteCapacityUnits {
			cur.LastIncreaseDateTime = &ts
		}
		if *pt.ReadCapacityUnits < cur.ReadCapacityUnits || *pt.WriteCapacityUnits < cur.WriteCapacityUnits {
			cur.LastDecreaseDateTime = &ts
			cur.NumberOfDecreasesToday++
		}
		cur.ReadCapacityUnits, cur.WriteCapacityUnits = *pt.ReadCapacityUnits, *pt.WriteCapacityUnits
		return nil
	}
	return model.NewError(model.ErrResourceNotFound, "Requested resource not found: Index: %s not found", u.IndexName)
}

// editMeta applies f to a copy of a table's metadata and swaps it in.
func (e *Engine) editMeta(name string, f func(m *tableMeta)) *table {
	e.mu.Lock()
	defer e.mu.Unlock()
	t := e.tables[name]
	if t == nil {
		return nil
	}
	m := cloneMeta(&t.meta)
	f(m)
	nt, err := e.replaceTable(t, m)
	if err != nil {
		return nil
	}
	return nt
}

// teachingBackfillBatches is how many batches a paced backfill
// (Options.BackfillPause, the explorer's) may take: a table that needs
// more is built at the engine's speed, in batches of defaultBackfillBatch
// without a pause (the explorer's 25 items per 40 ms would take 4 minutes
// for 100,000 items), while a small table keeps the pace a person can
// watch (at most 100 batches: 4 s at the explorer's pace).
const teachingBackfillBatches = 100

// backfillPace is the batch size and pause of a backfill of total items.
func backfillPace(total int64, batch int, pause time.Duration) (int, time.Duration) {
	if batch <= 0 {
		batch = defaultBackfillBatch
	}
	if pause > 0 && total > int64(batch)*teachingBackfillBatches {
		return max(batch, defaultBackfillBatch), 0
	}
	return batch, pause
}

// startBackfill builds a new GSI in the background, in bounded batches that
// each take one transaction, so other requests keep going.
func (e *Engine) startBackfill(tableName, indexName string) {
	e.bg.Add(1)
	e.backfills.Add(1)
	go func() {
		defer e.bg.Done()
		defer e.backfills.Done()
		e.runBackfill(tableName, indexName)
	}()
}

func (e *Engine) runBackfill(tableName, indexName string) {
	t := e.editMeta(tableName, func(m *tableMeta) {
		m.Desc.TableStatus = model.StatusActive
		setIndexBackfilling(m, indexName)
	})
	if t == nil {
		return
	}
	progress := &BackfillProgress{Total: t.stats.items.Load()}
	e.setProgress(tableName, indexName, progress)
	batch, pause := backfillPace(progress.Total, e.opts.BackfillBatchSize, e.opts.BackfillPause)
	cursor := t.dataPrefix
	for {
		select {
		case <-e.stop:
			return
		default:
		}
		done, next, ok := e.backfillBatch(tableName, indexName, cursor, batch, progress)
		if !ok {
			return
		}
		cursor = next
		if done {
			break
		}
		if pause > 0 {
			select {
			case <-time.After(pause):
			case <-e.stop:
				return
			}
		}
	}
	e.editMeta(tableName, func(m *tableMeta) {
		finishIndexBackfill(m, indexName)
	})
	e.progressMu.Lock()
	progress.Done = true
	e.progressMu.Unlock()
}

// backfillBatch indexes up to n items from cursor on, in one transaction.
func (e *Engine) backfillBatch(tableName, indexName, cursor string, n int, p *BackfillProgress) (done bool, next string, ok bool) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[tableName]
	if t == nil {
		return false, "", false
	}
	ix := t.indexByName(indexName)
	if ix == nil {
		return false, "", false
	}
	var fx writeEffects
	var scanned, indexed, skipped, sparse int64
	err := e.update(func(tx *wtx) error {
		type kv struct{ k, v string }
		var rows []kv
		done = true
		tx.AscendGreaterOrEqual("", cursor, func(k, v string) bool {
			if !strings.HasPrefix(k, t.dataPrefix) {
				return false
			}
			if k == cursor {
				return true
			}
			if len(rows) == n {
				done = false
				return false
			}
			rows = append(rows, kv{k, v})
			return true
		})
		for _, r := range rows {
			scanned++
			next = r.k
			item, _, err := decodeStored(r.v)
			if err != nil {
				return err
			}
			mem := indexMembership(ix, item)
			if !mem.in {
				if mem.violation {
					skipped++
				} else {
					sparse++
				}
				continue
			}
			// The item was read in this transaction, so the entry made from
			// it is the one a concurrent write would have stored: set it
			// and count it only if it was not there yet.
			key := t.indexEntryKey(ix, item)
			value, size := r.v, storedSize(r.v) // an ALL entry is the stored item
			if ix.projType != model.ProjectionAll {
				entry := t.project(ix, item)
				size = model.ItemSize(entry)
				value = string(encodeStored(make([]byte, 0, size+64), entry, size))
			}
			_, replaced, err := tx.Set(key, value, nil)
			if err != nil {
				return err
			}
			if replaced {
				continue // written by a concurrent write already
			}
			if ix.vec != nil {
				fx.vec = append(fx.vec, t.vectorOp(ix, key, item))
			}
			d := fx.index(ix.name)
			d[0]++
			d[1] += int64(size + indexEntryOverhead)
			indexed++
		}
		return nil
	})
	if err != nil {
		return false, "", false
	}
	e.commit(t, &fx)
	e.progressMu.Lock()
	p.Scanned += scanned
	p.Indexed += indexed
	p.Skipped += skipped
	p.Sparse += sparse
	e.progressMu.Unlock()
	if next == "" {
		next = cursor
	}
	return done, next, true
}

// startIndexDrop deletes a DELETING GSI's entries in the background, then
// removes it from the table.
func (e *Engine) startIndexDrop(tableName, indexName string) {
	e.bg.Add(1)
	e.backfills.Add(1)
	go func() {
		defer e.bg.Done()
		defer e.backfills.Done()
		prefix := prefixIndex + tableName + "/" + indexName + "/"
		for {
			select {
			case <-e.stop:
				return
			default:
			}
			var more bool
			e.update(func(tx *wtx) error {
				var keys []string
				tx.AscendGreaterOrEqual("", prefix, func(k, _ string) bool {
					if !strings.HasPrefix(k, prefix) {
						return false
					}
					if len(keys) == defaultBackfillBatch {
						more = true
						return false
					}
					keys = append(keys, k)
					return true
				})
				for _, k := range keys {
					tx.Delete(k)
				}
				return nil
			})
			if !more {
				break
			}
		}
		t := e.editMeta(tableName, func(m *tableMeta) {
			removeIndexDesc(m, indexName)
			m.Desc.TableStatus = model.StatusActive
		})
		if t != nil {
			t.stats.dropIndex(indexName)
		}
	}()
}

// WaitBackgroundIndexWork blocks until every GSI build and drop started so
// far has finished (tests and the loader use it instead of polling).
func (e *Engine) WaitBackgroundIndexWork() {
	e.backfills.Wait()
}

// IndexBuildProgress returns the progress of a GSI's build, if one ran since
// the engine opened.
func (e *Engine) IndexBuildProgress(table, index string) (BackfillProgress, bool) {
	e.progressMu.Lock()
	defer e.progressMu.Unlock()
	p, ok := e.progress[table+"/"+index]
	if !ok {
		return BackfillProgress{}, false
	}
	return *p, true
}

func (e *Engine) setProgress(table, index string, p *BackfillProgress) {
	e.progressMu.Lock()
	defer e.progressMu.Unlock()
	if e.progress == nil {
		e.progress = map[string]*BackfillProgress{}
	}
	e.progress[table+"/"+index] = p
}

// redefinedAttribute is DynamoDB's answer to a GSI Create whose attribute
// definitions give an attribute already used by a key another type: the key
// schema that defines it now, and the new index's, each element written
// key{name:type:keyType}. The text is DynamoDB's, quoted in scylladb's
// test_gsi_updatetable.py (test_gsi_key_type_conflict_on_update, run against
// DynamoDB). A conflicting definition of an attribute the new index does not
// use is ignored, as DynamoDB ignores it (paritysuite/dynamodb-conformance#78).
func redefinedAttribute(d *model.TableDescription, attr string, newKeys []model.KeySchemaElement, existing, given map[string]string) *model.Error {
	oldKeys := d.KeySchema
	if !keysUse(oldKeys, attr) {
		for _, l := range d.LocalSecondaryIndexes {
			if keysUse(l.KeySchema, attr) {
				oldKeys = l.KeySchema
				break
			}
		}
	}
	if !keysUse(oldKeys, attr) {
		for _, g := range d.GlobalSecondaryIndexes {
			if g.IndexStatus != model.StatusDeleting && keysUse(g.KeySchema, attr) {
				oldKeys = g.KeySchema
				break
			}
		}
	}
	newTypes := map[string]string{}
	for name, typ := range existing {
		newTypes[name] = typ
	}
	for name, typ := range given {
		newTypes[name] = typ
	}
	return model.InvalidParameter("Attributes cannot be redefined. Please check that your attribute has the same type as previously defined. Existing schema: %s New schema: %s",
		schemaText(oldKeys, existing), schemaText(newKeys, newTypes))
}

// keysUse reports whether a key schema names attr.
func keysUse(ks []model.KeySchemaElement, attr string) bool {
	for _, k := range ks {
		if k.AttributeName == attr {
			return true
		}
	}
	return false
}

// schemaText writes a key schema as DynamoDB's redefinition message does:
// Schema:[SchemaElement: key{a:S:HASH}, SchemaElement: key{b:N:RANGE}].
func schemaText(ks []model.KeySchemaElement, types map[string]string) string {
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = "SchemaElement: key{" + k.AttributeName + ":" + types[k.AttributeName] + ":" + k.KeyType + "}"
	}
	return "Schema:[" + strings.Join(parts, ", ") + "]"
}
