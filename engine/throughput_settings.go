package engine

import (
	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// On-demand maximum throughput (OnDemandThroughput, May 2024) and warm
// throughput (WarmThroughput, November 2024) of tables and GSIs.
//
// The rules and texts are DynamoDB's as ack-api-quirks recorded them
// against DynamoDB in October 2026 (findings DDB-TABLE-028/032/038/039/051/
// 059/061/128/154/178/179/182/442; docs/FIDELITY.md, "On-demand maximum and
// warm throughput"):
//
//   - OnDemandThroughput is for PAY_PER_REQUEST tables and their GSIs only.
//     A maximum is at least 1 and at most the 40,000-unit table quota
//     (above: LimitExceededException); -1 in UpdateTable removes it, and a
//     member left out keeps its value. DescribeTable shows the members set;
//     the UpdateTable reply echoes -1.
//   - WarmThroughput is present on every table and GSI: 12,000 reads and
//     4,000 writes a second for an on-demand one, the provisioned units for
//     a provisioned one (following the highest ever provisioned). It can be
//     raised, never lowered; a raise is applied in the background
//     (Status UPDATING, the table staying ACTIVE). A member left out keeps
//     its value.

// Defaults and limits.
const (
	onDemandInitialReadUnits  = 12000
	onDemandInitialWriteUnits = 4000
	// warmInitialURL ends DynamoDB's "lower than initial throughput for
	// OnDemand" message.
	warmInitialURL = "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html#on-demand-capacity-mode-initial"
)

// odtIndexPart and warmIndexPart name the table or an index in the
// messages: DynamoDB writes "for table", "for index : <i>" in the
// OnDemandThroughput range texts and "for index <i>" in the WarmThroughput
// ones.
func odtIndexPart(index string) string {
	if index == "" {
		return "table"
	}
	return "index : " + index
}

func warmIndexPart(index string) string {
	if index == "" {
		return "table"
	}
	return "index " + index
}

// checkOnDemandThroughput checks the OnDemandThroughput of a table (index
// "") or GSI. update allows -1 (remove the maximum), as UpdateTable does.
func (e *Engine) checkOnDemandThroughput(odt *model.OnDemandThroughput, index string, update bool) *model.Error {
	if odt == nil {
		return nil
	}
	for _, m := range []struct {
		name, quota string
		v           *int64
	}{{"MaxReadRequestUnits", "TableMaxReadCapacityUnits", odt.MaxReadRequestUnits}, {"MaxWriteRequestUnits", "TableMaxWriteCapacityUnits", odt.MaxWriteRequestUnits}} {
		if m.v == nil || (update && *m.v == model.OnDemandThroughputNoMaximum) {
			continue
		}
		if *m.v < 1 {
			return model.InvalidParameter("Requested %s for OnDemandThroughput for %s is outside of valid range", m.name, odtIndexPart(index))
		}
		if *m.v > capacity.OnDemandTableLimit {
			return model.NewError(model.ErrLimitExceeded, "Subscriber limit exceeded: Requested %s for OnDemandThroughput for %s exceeds %s of the account in region %s",
				m.name, odtIndexPart(index), m.quota, e.opts.Region)
		}
	}
	return nil
}

// onDemandOnProvisioned is the refusal of OnDemandThroughput on a
// provisioned table: CreateTable words it "when table BillingMode is
// PROVISIONED." and UpdateTable "when the table BillingMode is PROVISIONED".
func onDemandOnProvisioned(odt *model.OnDemandThroughput, index string, create bool) *model.Error {
	member := "MaxReadRequestUnits"
	if odt.MaxReadRequestUnits == nil {
		member = "MaxWriteRequestUnits"
	}
	what := "OnDemandThroughput"
	if index != "" {
		what += " for index: " + index
	}
	if create {
		return model.InvalidParameter("%s for %s cannot be specified when table BillingMode is PROVISIONED.", member, what)
	}
	return model.InvalidParameter("%s for %s cannot be specified when the table BillingMode is PROVISIONED", member, what)
}

func odtEmpty(odt *model.OnDemandThroughput) bool {
	return odt == nil || (odt.MaxReadRequestUnits == nil && odt.MaxWriteRequestUnits == nil)
}

// storedOnDemand returns what DescribeTable shows of a requested
// OnDemandThroughput: the members set to a maximum (nil when none is).
func storedOnDemand(odt *model.OnDemandThroughput) *model.OnDemandThroughput {
	if odt == nil {
		return nil
	}
	out := &model.OnDemandThroughput{}
	if v := odt.MaxReadRequestUnits; v != nil && *v > 0 {
		out.MaxReadRequestUnits = i64p(*v)
	}
	if v := odt.MaxWriteRequestUnits; v != nil && *v > 0 {
		out.MaxWriteRequestUnits = i64p(*v)
	}
	if odtEmpty(out) {
		return nil
	}
	return out
}

// mergeOnDemand applies an UpdateTable OnDemandThroughput to the current
// one, member by member. It returns what DescribeTable shows afterwards and
// what the UpdateTable reply echoes (with the -1 of a removed maximum).
func mergeOnDemand(cur, upd *model.OnDemandThroughput) (stored, echo *model.OnDemandThroughput) {
	echo = &model.OnDemandThroughput{}
	if cur != nil {
		echo.MaxReadRequestUnits, echo.MaxWriteRequestUnits = cur.MaxReadRequestUnits, cur.MaxWriteRequestUnits
	}
	if upd.MaxReadRequestUnits != nil {
		echo.MaxReadRequestUnits = i64p(*upd.MaxReadRequestUnits)
	}
	if upd.MaxWriteRequestUnits != nil {
		echo.MaxWriteRequestUnits = i64p(*upd.MaxWriteRequestUnits)
	}
	if odtEmpty(echo) {
		echo = nil
	}
	return storedOnDemand(echo), echo
}

func i64p(v int64) *int64 { return &v }

// defaultWarm returns the warm throughput of a table or GSI that was given
// none: the on-demand initial throughput, or the provisioned units.
func defaultWarm(billing string, pt *model.ProvisionedThroughputDescription) (read, write int64) {
	if billing == model.BillingPayPerRequest || pt == nil {
		return onDemandInitialReadUnits, onDemandInitialWriteUnits
	}
	return pt.ReadCapacityUnits, pt.WriteCapacityUnits
}

// checkInitialWarm checks a WarmThroughput given to CreateTable (or to a
// GSI Create) against the starting point it may not go below.
func (e *Engine) checkInitialWarm(w *model.WarmThroughput, index, billing string, pt *model.ProvisionedThroughput) *model.Error {
	if w == nil {
		return nil
	}
	minRead, minWrite := int64(onDemandInitialReadUnits), int64(onDemandInitialWriteUnits)
	tail := func(member string) string { return "initial throughput for OnDemand. See: " + warmInitialURL }
	if billing != model.BillingPayPerRequest && pt != nil && pt.ReadCapacityUnits != nil && pt.WriteCapacityUnits != nil {
		minRead, minWrite = *pt.ReadCapacityUnits, *pt.WriteCapacityUnits
		tail = func(member string) string { return member + " of ProvisionedThroughput" }
	}
	if v := w.ReadUnitsPerSecond; v != nil && *v < minRead {
		return model.InvalidParameter("Requested ReadUnitsPerSecond for WarmThroughput for %s is lower than %s", warmIndexPart(index), tail("ReadCapacityUnits"))
	}
	if v := w.WriteUnitsPerSecond; v != nil && *v < minWrite {
		return model.InvalidParameter("Requested WriteUnitsPerSecond for WarmThroughput for %s is lower than %s", warmIndexPart(index), tail("WriteCapacityUnits"))
	}
	return e.checkWarmQuota(w, index)
}

// checkWarmQuota refuses a warm throughput above the account's per-table
// quota, as DynamoDB does with LimitExceededException.
func (e *Engine) checkWarmQuota(w *model.WarmThroughput, index string) *model.Error {
	if v := w.ReadUnitsPerSecond; v != nil && *v > capacity.OnDemandTableLimit {
		return model.NewError(model.ErrLimitExceeded, "Subscriber limit exceeded: Requested ReadUnitsPerSecond for WarmThroughput for %s exceeds TableMaxReadCapacityUnits of the account in region %s", warmIndexPart(index), e.opts.Region)
	}
	if v := w.WriteUnitsPerSecond; v != nil && *v > capacity.OnDemandTableLimit {
		return model.NewError(model.ErrLimitExceeded, "Subscriber limit exceeded: Requested WriteUnitsPerSecond for WarmThroughput for %s exceeds TableMaxWriteCapacityUnits of the account in region %s", warmIndexPart(index), e.opts.Region)
	}
	return nil
}

// initialWarm returns the warm throughput description of a new table or
// GSI: the given values (a member left out takes the default) with Status
// UPDATING while they are applied, or the default, ACTIVE.
func initialWarm(w *model.WarmThroughput, billing string, pt *model.ProvisionedThroughputDescription) *model.WarmThroughputDescription {
	r, wr := defaultWarm(billing, pt)
	d := &model.WarmThroughputDescription{ReadUnitsPerSecond: r, WriteUnitsPerSecond: wr, Status: model.StatusActive}
	if w == nil {
		return d
	}
	if w.ReadUnitsPerSecond != nil {
		d.ReadUnitsPerSecond = *w.ReadUnitsPerSecond
	}
	if w.WriteUnitsPerSecond != nil {
		d.WriteUnitsPerSecond = *w.WriteUnitsPerSecond
	}
	if d.ReadUnitsPerSecond != r || d.WriteUnitsPerSecond != wr {
		d.Status = model.StatusUpdating
	}
	return d
}

// raiseWarm applies an UpdateTable WarmThroughput to the current
// description: the new values, Status UPDATING until they settle. A value
// lower than the current one is refused.
func raiseWarm(cur *model.WarmThroughputDescription, w *model.WarmThroughput, index string) (*model.WarmThroughputDescription, *model.Error) {
	next := *cur
	if v := w.ReadUnitsPerSecond; v != nil {
		if *v < cur.ReadUnitsPerSecond {
			return nil, model.InvalidParameter("Requested ReadUnitsPerSecond for WarmThroughput for %s is lower than current WarmThroughput, decreasing WarmThroughput is not supported", warmIndexPart(index))
		}
		next.ReadUnitsPerSecond = *v
	}
	if v := w.WriteUnitsPerSecond; v != nil {
		if *v < cur.WriteUnitsPerSecond {
			return nil, model.InvalidParameter("Requested WriteUnitsPerSecond for WarmThroughput for %s is lower than current WarmThroughput, decreasing WarmThroughput is not supported", warmIndexPart(index))
		}
		next.WriteUnitsPerSecond = *v
	}
	next.Status = model.StatusUpdating
	return &next, nil
}

// followProvisioned raises a warm throughput to newly provisioned units:
// the warm throughput of a provisioned table follows the highest units it
// was ever provisioned with.
func followProvisioned(w *model.WarmThroughputDescription, r, wr int64) *model.WarmThroughputDescription {
	if w == nil {
		return nil
	}
	out := *w
	out.ReadUnitsPerSecond = max(out.ReadUnitsPerSecond, r)
	out.WriteUnitsPerSecond = max(out.WriteUnitsPerSecond, wr)
	return &out
}

// warmOf returns a table's warm throughput description, the default for a
// table created before dynoscope kept one.
func (t *table) warmOf() model.WarmThroughputDescription {
	d := &t.meta.Desc
	if d.WarmThroughput != nil {
		return *d.WarmThroughput
	}
	return *initialWarm(nil, billingMode(d), d.ProvisionedThroughput)
}

// gsiWarmOf is warmOf for a GSI.
func gsiWarmOf(g *model.GlobalSecondaryIndexDescription, billing string) model.WarmThroughputDescription {
	if g.WarmThroughput != nil {
		return *g.WarmThroughput
	}
	return *initialWarm(nil, billing, g.ProvisionedThroughput)
}

// settleWarm marks a table's and its GSIs' warm throughput ACTIVE: the
// raise has been applied. Metadata only; the caller persists it.
func settleWarm(d *model.TableDescription) {
	if w := d.WarmThroughput; w != nil && w.Status != model.StatusActive {
		cp := *w
		cp.Status = model.StatusActive
		d.WarmThroughput = &cp
	}
	for i := range d.GlobalSecondaryIndexes {
		if w := d.GlobalSecondaryIndexes[i].WarmThroughput; w != nil && w.Status != model.StatusActive {
			cp := *w
			cp.Status = model.StatusActive
			d.GlobalSecondaryIndexes[i].WarmThroughput = &cp
		}
	}
}

// warmSettling reports whether a table or one of its GSIs has a warm
// throughput raise under way.
func warmSettling(d *model.TableDescription) bool {
	if d.WarmThroughput != nil && d.WarmThroughput.Status != model.StatusActive {
		return true
	}
	for _, g := range d.GlobalSecondaryIndexes {
		if g.WarmThroughput != nil && g.WarmThroughput.Status != model.StatusActive {
			return true
		}
	}
	return false
}

// settleWarmLocked applies a warm throughput raise of table t, leaving
// TableStatus alone (DynamoDB keeps the table ACTIVE while it pre-warms):
// at once when the table lifecycle delay is 0, after it otherwise. e.mu is
// held.
func (e *Engine) settleWarmLocked(t *table) {
	if e.opts.TableCreateDelay > 0 {
		e.afterDelay(e.opts.TableCreateDelay, func() {
			e.editMeta(t.name, func(m *tableMeta) { settleWarm(&m.Desc) })
		})
		return
	}
	m := cloneMeta(&t.meta)
	settleWarm(&m.Desc)
	e.replaceTable(t, m)
}

// describeThroughputs fills the warm throughput of a description (and of
// its GSIs) where the stored metadata has none.
func describeThroughputs(d *model.TableDescription) {
	billing := billingMode(d)
	if d.WarmThroughput == nil {
		d.WarmThroughput = initialWarm(nil, billing, d.ProvisionedThroughput)
	} else {
		cp := *d.WarmThroughput
		d.WarmThroughput = &cp
	}
	for i := range d.GlobalSecondaryIndexes {
		w := gsiWarmOf(&d.GlobalSecondaryIndexes[i], billing)
		d.GlobalSecondaryIndexes[i].WarmThroughput = &w
	}
}

// checkCreateThroughputs checks the OnDemandThroughput and WarmThroughput
// of a CreateTable request: the table's, then each GSI's.
func (e *Engine) checkCreateThroughputs(in *model.CreateTableInput) *model.Error {
	billing := in.BillingMode
	if billing == "" {
		billing = model.BillingProvisioned
	}
	if !odtEmpty(in.OnDemandThroughput) && billing != model.BillingPayPerRequest {
		return onDemandOnProvisioned(in.OnDemandThroughput, "", true)
	}
	if err := e.checkOnDemandThroughput(in.OnDemandThroughput, "", false); err != nil {
		return err
	}
	if err := e.checkInitialWarm(in.WarmThroughput, "", billing, in.ProvisionedThroughput); err != nil {
		return err
	}
	for _, g := range in.GlobalSecondaryIndexes {
		if err := e.checkGSIThroughputs(g, billing); err != nil {
			return err
		}
	}
	return nil
}

// checkGSIThroughputs checks the OnDemandThroughput and WarmThroughput of a
// GSI that CreateTable or UpdateTable creates.
func (e *Engine) checkGSIThroughputs(g model.GlobalSecondaryIndex, billing string) *model.Error {
	if !odtEmpty(g.OnDemandThroughput) && billing != model.BillingPayPerRequest {
		return onDemandOnProvisioned(g.OnDemandThroughput, g.IndexName, true)
	}
	if err := e.checkOnDemandThroughput(g.OnDemandThroughput, g.IndexName, false); err != nil {
		return err
	}
	return e.checkInitialWarm(g.WarmThroughput, g.IndexName, billing, g.ProvisionedThroughput)
}
