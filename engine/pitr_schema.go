package engine

import (
	"encoding/json"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// A restore to a point in time makes the table as it was then: its items
// (the history, point_in_time.go) and the settings DynamoDB carries into
// the restored table — key schema and attribute definitions, billing mode
// and provisioned or on-demand throughput, table class, the GSIs, LSIs
// (and vector indexes) — as they were at that instant, not as they are now
// (docs/FIDELITY.md, "Point-in-time recovery"). Stream, TTL, tags,
// auto scaling and PITR itself are not carried, as in DynamoDB.
//
// So a table with PITR on keeps, in its metadata, the schema it has had:
// one entry when recovery is turned on and one each time a change of the
// table alters what a restore would carry (a GSI added or deleted, the
// billing mode or the throughput changed). Entries older than the recovery
// period are dropped, except the last one before it (the schema at the
// window's start); turning PITR off drops them all with the history.

// pitrSchema is the table's restorable schema from At (Unix nanoseconds,
// engine clock) until the next entry.
type pitrSchema struct {
	At     int64                  `json:"At"`
	Schema model.TableDescription `json:"Schema"`
}

// restorableSchema is what a restore carries of a table description, with
// what changes on its own (counts, sizes, statuses, an index's build)
// left out, so that two descriptions of the same schema compare equal.
func restorableSchema(d *model.TableDescription) model.TableDescription {
	s := model.TableDescription{
		TableName:            d.TableName,
		KeySchema:            append([]model.KeySchemaElement(nil), d.KeySchema...),
		AttributeDefinitions: append([]model.AttributeDefinition(nil), d.AttributeDefinitions...),
		TableClassSummary:    d.TableClassSummary,
		OnDemandThroughput:   d.OnDemandThroughput,
	}
	if d.BillingModeSummary != nil {
		s.BillingModeSummary = &model.BillingModeSummary{BillingMode: d.BillingModeSummary.BillingMode}
	}
	if pt := d.ProvisionedThroughput; pt != nil {
		s.ProvisionedThroughput = &model.ProvisionedThroughputDescription{ReadCapacityUnits: pt.ReadCapacityUnits, WriteCapacityUnits: pt.WriteCapacityUnits}
	}
	for _, l := range d.LocalSecondaryIndexes {
		s.LocalSecondaryIndexes = append(s.LocalSecondaryIndexes, model.LocalSecondaryIndexDescription{IndexName: l.IndexName, KeySchema: l.KeySchema, Projection: l.Projection})
	}
	for _, g := range d.GlobalSecondaryIndexes {
		if g.IndexStatus == model.StatusDeleting {
			continue
		}
		gs := model.GlobalSecondaryIndexDescription{IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection, OnDemandThroughput: g.OnDemandThroughput}
		if pt := g.ProvisionedThroughput; pt != nil {
			gs.ProvisionedThroughput = &model.ProvisionedThroughputDescription{ReadCapacityUnits: pt.ReadCapacityUnits, WriteCapacityUnits: pt.WriteCapacityUnits}
		}
		s.GlobalSecondaryIndexes = append(s.GlobalSecondaryIndexes, gs)
	}
	for _, v := range d.VectorIndexes {
		if v.IndexStatus == model.StatusDeleting {
			continue
		}
		s.VectorIndexes = append(s.VectorIndexes, model.VectorIndexDescription{IndexName: v.IndexName, VectorAttribute: v.VectorAttribute,
			Dimensions: v.Dimensions, DistanceFunction: v.DistanceFunction, SearchSchema: v.SearchSchema, Projection: v.Projection})
	}
	return s
}

// sameSchema reports whether two restorable schemas are the same.
func sameSchema(a, b *model.TableDescription) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}

// schemaInstant is the engine time a schema change is stamped with: never
// before the last history record, so that the records of writes made
// before the change sort before it.
func (e *Engine) schemaInstant() int64 {
	at := e.now().UnixNano()
	if last := e.histAt.Load(); at < last {
		at = last
	}
	return at
}

// noteSchema records m's restorable schema in its PITR setting when PITR is
// on and the schema differs from the last one recorded (a fresh pitrMeta:
// the old one may be read meanwhile), dropping entries the recovery period
// no longer needs. It is called on every metadata change saved.
func (e *Engine) noteSchema(m *tableMeta) {
	p := m.PITR
	if p == nil {
		return
	}
	s := restorableSchema(&m.Desc)
	if n := len(p.Schemas); n > 0 && sameSchema(&p.Schemas[n-1].Schema, &s) {
		return
	}
	at := e.schemaInstant()
	np := *p
	np.Schemas = append(keptSchemas(p.Schemas, at-int64(p.period())), pitrSchema{At: at, Schema: s})
	m.PITR = &np
}

// keptSchemas is schemas without the entries the recovery period no longer
// needs: those followed by another at or before cutoff.
func keptSchemas(schemas []pitrSchema, cutoff int64) []pitrSchema {
	start := 0
	for i := 1; i < len(schemas); i++ {
		if schemas[i].At <= cutoff {
			start = i
		}
	}
	return append([]pitrSchema(nil), schemas[start:]...)
}

// schemaAt returns the restorable schema the table had at instant at, and
// false when its PITR setting recorded none (a workspace made before
// schemas were recorded: the restore then uses the table's schema now).
func schemaAt(p *pitrMeta, at time.Time) (model.TableDescription, bool) {
	if p == nil {
		return model.TableDescription{}, false
	}
	ns := at.UnixNano()
	for i := len(p.Schemas) - 1; i >= 0; i-- {
		if p.Schemas[i].At <= ns {
			return p.Schemas[i].Schema, true
		}
	}
	if len(p.Schemas) > 0 {
		return p.Schemas[0].Schema, true // before the first entry: recovery was turned on with it
	}
	return model.TableDescription{}, false
}

// withSchema is desc (the source table now) with the restorable schema s
// in place of its own.
func withSchema(desc model.TableDescription, s model.TableDescription) model.TableDescription {
	desc.KeySchema = s.KeySchema
	desc.AttributeDefinitions = s.AttributeDefinitions
	desc.BillingModeSummary = s.BillingModeSummary
	desc.ProvisionedThroughput = s.ProvisionedThroughput
	desc.OnDemandThroughput = s.OnDemandThroughput
	desc.TableClassSummary = s.TableClassSummary
	desc.LocalSecondaryIndexes = s.LocalSecondaryIndexes
	desc.GlobalSecondaryIndexes = s.GlobalSecondaryIndexes
	desc.VectorIndexes = s.VectorIndexes
	return desc
}
