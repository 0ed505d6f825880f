package engine

import (
	"context"
	"encoding/binary"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// Meter returns the engine's throughput meter: provisioned buckets, burst,
// per-partition limits and the per-second metrics feed.
func (e *Engine) Meter() *capacity.Meter { return e.meter }

// configureMeter tells the meter a table's billing mode, throughput, indexes
// and size. Call it whenever a table's metadata changes.
func (e *Engine) configureMeter(t *table) {
	d := &t.meta.Desc
	cfg := capacity.TableConfig{BillingMode: billingMode(d), SizeBytes: t.stats.bytes.Load(), GSIs: map[string]capacity.Throughput{}, Arn: d.TableArn}
	if pt := d.ProvisionedThroughput; pt != nil {
		cfg.RCU, cfg.WCU = pt.ReadCapacityUnits, pt.WriteCapacityUnits
	}
	cfg.MaxRead, cfg.MaxWrite = onDemandMaxima(d.OnDemandThroughput)
	warm := t.warmOf()
	cfg.WarmRead, cfg.WarmWrite = warm.ReadUnitsPerSecond, warm.WriteUnitsPerSecond
	for _, g := range d.GlobalSecondaryIndexes {
		if g.IndexStatus == model.StatusDeleting {
			continue
		}
		tp := capacity.Throughput{}
		if pt := g.ProvisionedThroughput; pt != nil {
			tp.RCU, tp.WCU = pt.ReadCapacityUnits, pt.WriteCapacityUnits
		}
		tp.MaxRead, tp.MaxWrite = onDemandMaxima(g.OnDemandThroughput)
		cfg.GSIs[g.IndexName] = tp
	}
	for _, l := range d.LocalSecondaryIndexes {
		cfg.LSIs = append(cfg.LSIs, l.IndexName)
	}
	e.meter.Configure(t.name, cfg)
}

// onDemandMaxima returns the maxima of an OnDemandThroughput (0: none).
func onDemandMaxima(odt *model.OnDemandThroughput) (read, write int64) {
	if odt == nil {
		return 0, 0
	}
	if odt.MaxReadRequestUnits != nil {
		read = *odt.MaxReadRequestUnits
	}
	if odt.MaxWriteRequestUnits != nil {
		write = *odt.MaxWriteRequestUnits
	}
	return read, write
}

// partitionHash returns the partition-key hash a storage key starts with,
// after prefix (the table's data prefix or an index prefix).
func partitionHash(key, prefix string) uint32 {
	if len(key) < len(prefix)+4 {
		return 0
	}
	return binary.BigEndian.Uint32([]byte(key[len(prefix) : len(prefix)+4]))
}

// admit asks the meter whether a request may run now. index names the index
// a read uses ("" for the table); key is the storage key the request
// addresses (an item's, or a Query's partition prefix; "" for a Scan),
// for Contributor Insights' key heat.
func (e *Engine) admit(t *table, read bool, hash uint32, index, key string) error {
	var gsis []string
	if read && index != "" {
		gsis = []string{index}
	}
	if err := e.meter.Admit(t.name, read, hash, gsis); err != nil {
		if t.heat != nil {
			e.heatThrottled(t, index, key)
		}
		return err
	}
	return nil
}

// charge records what a request consumed against the table's buckets,
// partitions and metrics, and (insights on) its key's heat.
func (e *Engine) charge(t *table, hash uint32, u *capacity.Usage, index, key string) {
	e.meter.Charge(t.name, hash, u)
	if t.heat != nil {
		e.heatCharged(t, index, key, u)
	}
}

// finishWrite ends a single-item write whose transaction returned err: it
// charges the write (a failed conditional write still consumes capacity),
// explains and logs it, and either applies its effects or undoes the
// running sizes the failed transaction changed. It returns the DynamoDB
// error, if any.
func (e *Engine) finishWrite(ctx context.Context, action string, t *table, hash uint32, w *itemWrite, u *capacity.Usage, fx *writeEffects, err error) error {
	switch {
	case err == nil:
		e.charge(t, hash, u, "", w.key)
		u.Explain("%v", &writeExplanation{action, t.name, explainWrite(w)}) // one allocation, formatted when read
	case isConditionalFailure(err):
		e.charge(t, hash, u, "", w.key)
		u.Explain("%s on %s: the condition failed and nothing was written, but the write is charged for the item as it is (%s, 1 WCU minimum) = %g WCU", action, t.name, byteCount(w.oldSize), u.Write)
	}
	if err != nil {
		fx.revert()
		err = asError(err)
		traceOf(ctx).add(e.logRequest(action, t.name, "", u, false, 0, err))
		return err
	}
	e.commit(t, fx)
	traceOf(ctx).add(e.logRequest(action, t.name, "", u, false, 1, nil))
	return nil
}

func isConditionalFailure(err error) bool {
	me, ok := err.(*model.Error)
	return ok && me.Code == model.ErrConditionalCheckFailed
}

// SetThrottling turns throttling on or off for the whole workspace (the
// fixtures loader turns it off while it fills provisioned demo tables).
func (e *Engine) SetThrottling(on bool) { e.meter.SetThrottling(on) }

// writeExplanation is the line "PutItem on T: 1.2 KB (new item) → …".
type writeExplanation struct {
	action, table string
	note          writeNote
}

func (x *writeExplanation) String() string {
	return x.action + " on " + x.table + ": " + x.note.String()
}
