package engine

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// Limits on indexes.
const (
	maxLSIs            = 5
	maxGSIs            = 20
	maxProjectedAttrs  = 100
	maxCapacityUnits   = 1_000_000_000_000
	maxKeyAttrNameSize = 255
)

// CreateTable creates a table. It answers CREATING; the table becomes ACTIVE
// after Options.TableCreateDelay (at once by default).
func (e *Engine) CreateTable(ctx context.Context, in *model.CreateTableInput) (*model.CreateTableOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	if err := validateCreateTable(in); err != nil {
		return nil, err
	}
	if err := e.checkCreateThroughputs(in); err != nil {
		return nil, err
	}
	e.mu.Lock()
	if _, ok := e.tables[in.TableName]; ok {
		e.mu.Unlock()
		return nil, model.NewError(model.ErrResourceInUse, "Table already exists: %s", in.TableName)
	}
	now := e.now()
	m := &tableMeta{Desc: buildDescription(in, e.opts.Region, e.opts.AccountID, epoch(now)), Tags: mergeTags(nil, in.Tags)}
	if id, ok := loadID(ctx); ok {
		m.Loading = id // created by a BulkLoad that has not committed yet
	}
	if in.StreamSpecification != nil && in.StreamSpecification.StreamEnabled {
		spec := *in.StreamSpecification
		m.Desc.StreamSpecification = &spec
		enableStream(m, now)
	}
	if err := e.saveMeta(m); err != nil {
		e.mu.Unlock()
		return nil, asError(err)
	}
	t := e.newTable(m, &tableStats{})
	e.tables[t.name] = t
	e.configureMeter(t)
	out := &model.CreateTableOutput{TableDescription: t.describe()}
	if in.WarmThroughput == nil {
		// CreateTable's reply has the table's WarmThroughput only when it
		// was given one (ack-api-quirks DDB-TABLE-033).
		out.TableDescription.WarmThroughput = nil
	}
	e.mu.Unlock()
	e.activate(t.name)
	return out, nil
}

// saveMeta persists a table's metadata.
func (e *Engine) saveMeta(m *tableMeta) error {
	e.noteSchema(m)
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return e.update(func(tx *wtx) error {
		_, _, err := tx.Set(prefixTable+m.Desc.TableName, string(b), nil)
		return err
	})
}

// replaceTable swaps in a new metadata snapshot and persists it. The caller
// holds e.mu for writing.
func (e *Engine) replaceTable(old *table, m *tableMeta) (*table, error) {
	if err := e.saveMeta(m); err != nil {
		return nil, err
	}
	t := e.newTable(m, old.stats)
	e.tables[t.name] = t
	e.configureMeter(t)
	return t, nil
}

// activate moves a CREATING or UPDATING table (and its CREATING indexes
// created with the table) to ACTIVE after the configured delay.
func (e *Engine) activate(name string) {
	run := func() {
		e.mu.Lock()
		defer e.mu.Unlock()
		t := e.tables[name]
		if t == nil || (t.meta.Desc.TableStatus != model.StatusCreating && t.meta.Desc.TableStatus != model.StatusUpdating) {
			return
		}
		m := t.meta
		m.Desc.TableStatus = model.StatusActive
		m.Desc.GlobalSecondaryIndexes = append([]model.GlobalSecondaryIndexDescription(nil), m.Desc.GlobalSecondaryIndexes...)
		settleWarm(&m.Desc)
		for i := range m.Desc.GlobalSecondaryIndexes {
			g := &m.Desc.GlobalSecondaryIndexes[i]
			if g.IndexStatus == model.StatusCreating && g.Backfilling == nil {
				g.IndexStatus = model.StatusActive
			}
		}
		m.Desc.VectorIndexes = append([]model.VectorIndexDescription(nil), m.Desc.VectorIndexes...)
		for i := range m.Desc.VectorIndexes {
			if v := &m.Desc.VectorIndexes[i]; v.IndexStatus == model.StatusCreating && v.Backfilling == nil {
				v.IndexStatus = model.StatusActive
			}
		}
		e.replaceTable(t, &m)
	}
	if e.opts.TableCreateDelay <= 0 {
		run()
		return
	}
	e.afterDelay(e.opts.TableCreateDelay, run)
}

// afterDelay runs f after d of wall time unless the engine closes first.
func (e *Engine) afterDelay(d time.Duration, f func()) {
	e.bg.Add(1)
	go func() {
		defer e.bg.Done()
		timer := time.NewTimer(d)
		defer timer.Stop()
		select {
		case <-timer.C:
			f()
		case <-e.stop:
		}
	}()
}

func buildDescription(in *model.CreateTableInput, region, account string, created float64) model.TableDescription {
	arn := fmt.Sprintf("arn:aws:dynamodb:%s:%s:table/%s", region, account, in.TableName)
	d := model.TableDescription{
		AttributeDefinitions: append([]model.AttributeDefinition(nil), in.AttributeDefinitions...),
		TableName:            in.TableName,
		KeySchema:            append([]model.KeySchemaElement(nil), in.KeySchema...),
		TableStatus:          model.StatusCreating,
		CreationDateTime:     created,
		TableArn:             arn,
		TableId:              newUUID(),
	}
	billing := in.BillingMode
	if billing == "" {
		billing = model.BillingProvisioned
	}
	d.BillingModeSummary = &model.BillingModeSummary{BillingMode: billing}
	if billing == model.BillingPayPerRequest {
		d.BillingModeSummary.LastUpdateToPayPerRequestDateTime = &created
		d.ProvisionedThroughput = &model.ProvisionedThroughputDescription{}
	} else {
		d.ProvisionedThroughput = &model.ProvisionedThroughputDescription{
			ReadCapacityUnits:  *in.ProvisionedThroughput.ReadCapacityUnits,
			WriteCapacityUnits: *in.ProvisionedThroughput.WriteCapacityUnits,
		}
	}
	if in.TableClass != "" {
		d.TableClassSummary = &model.TableClassSummary{TableClass: in.TableClass}
	}
	if in.DeletionProtectionEnabled != nil {
		d.DeletionProtectionEnabled = *in.DeletionProtectionEnabled
	}
	if billing == model.BillingPayPerRequest {
		d.OnDemandThroughput = storedOnDemand(in.OnDemandThroughput)
	}
	d.WarmThroughput = initialWarm(in.WarmThroughput, billing, d.ProvisionedThroughput)
	for _, l := range in.LocalSecondaryIndexes {
		d.LocalSecondaryIndexes = append(d.LocalSecondaryIndexes, model.LocalSecondaryIndexDescription{
			IndexName: l.IndexName, KeySchema: l.KeySchema, Projection: l.Projection,
			IndexArn: arn + "/index/" + l.IndexName,
		})
	}
	for _, g := range in.GlobalSecondaryIndexes {
		d.GlobalSecondaryIndexes = append(d.GlobalSecondaryIndexes, gsiDescription(g, arn, billing, model.StatusCreating))
	}
	for _, v := range in.VectorIndexes {
		d.VectorIndexes = append(d.VectorIndexes, vectorDescription(v, arn, model.StatusCreating))
	}
	return d
}

func gsiDescription(g model.GlobalSecondaryIndex, tableArn, billing, status string) model.GlobalSecondaryIndexDescription {
	gd := model.GlobalSecondaryIndexDescription{
		IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection,
		IndexStatus: status, IndexArn: tableArn + "/index/" + g.IndexName,
		ProvisionedThroughput: &model.ProvisionedThroughputDescription{},
	}
	if billing != model.BillingPayPerRequest && g.ProvisionedThroughput != nil {
		gd.ProvisionedThroughput.ReadCapacityUnits = *g.ProvisionedThroughput.ReadCapacityUnits
		gd.ProvisionedThroughput.WriteCapacityUnits = *g.ProvisionedThroughput.WriteCapacityUnits
	}
	if billing == model.BillingPayPerRequest {
		gd.OnDemandThroughput = storedOnDemand(g.OnDemandThroughput)
	}
	gd.WarmThroughput = initialWarm(g.WarmThroughput, billing, gd.ProvisionedThroughput)
	return gd
}

func newUUID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
