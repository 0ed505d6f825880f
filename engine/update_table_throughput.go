package engine

import (
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// checkUpdateThroughputs checks what an UpdateTable's OnDemandThroughput
// and WarmThroughput may go with, and their values, before the table is
// looked up. The texts are DynamoDB's (ack-api-quirks DDB-TABLE-442).
func (e *Engine) checkUpdateThroughputs(in *model.UpdateTableInput) *model.Error {
	creates := false
	for _, u := range in.GlobalSecondaryIndexUpdates {
		creates = creates || u.Create != nil
	}
	if w := in.WarmThroughput; w != nil {
		if creates {
			return model.InvalidParameter("Create global secondary index cannot be specified when updating WarmThroughput")
		}
		if in.BillingMode != "" || in.ProvisionedThroughput != nil || in.StreamSpecification != nil || in.DeletionProtectionEnabled != nil ||
			in.OnDemandThroughput != nil || len(in.GlobalSecondaryIndexUpdates) > 0 {
			return model.InvalidParameter("WarmThroughput must be the only operation in the request")
		}
		if err := e.checkWarmQuota(w, ""); err != nil {
			return err
		}
	}
	if odt := in.OnDemandThroughput; odt != nil {
		if in.ProvisionedThroughput != nil || in.StreamSpecification != nil || in.DeletionProtectionEnabled != nil || len(in.GlobalSecondaryIndexUpdates) > 0 {
			return model.InvalidParameter("OnDemandThroughput can only be combined with BillingMode in an UpdateTable request")
		}
		if err := e.checkOnDemandThroughput(odt, "", true); err != nil {
			return err
		}
	}
	for _, u := range in.GlobalSecondaryIndexUpdates {
		if up := u.Update; up != nil {
			if err := e.checkOnDemandThroughput(up.OnDemandThroughput, up.IndexName, true); err != nil {
				return err
			}
			if up.WarmThroughput != nil {
				if err := e.checkWarmQuota(up.WarmThroughput, up.IndexName); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// updateTableOnDemand applies an UpdateTable's OnDemandThroughput (after the
// billing mode has been applied). It returns what the reply echoes, nil
// when the request had none. A change of maximum is synchronous: the table
// stays ACTIVE (ack-api-quirks DDB-TABLE-410).
func updateTableOnDemand(m *tableMeta, in *model.UpdateTableInput) (*model.OnDemandThroughput, *model.Error) {
	odt := in.OnDemandThroughput
	if odt == nil {
		return nil, nil
	}
	if odtEmpty(odt) {
		// DynamoDB answers an empty OnDemandThroughput with HTTP 500
		// InternalFailure (DDB-TABLE-178); here it changes nothing.
		return m.Desc.OnDemandThroughput, nil
	}
	if billingMode(&m.Desc) != model.BillingPayPerRequest {
		return nil, onDemandOnProvisioned(odt, "", false)
	}
	stored, echo := mergeOnDemand(m.Desc.OnDemandThroughput, odt)
	m.Desc.OnDemandThroughput = stored
	return echo, nil
}

// updateTableWarm raises the table's warm throughput; it reports whether
// there is a raise to apply.
func updateTableWarm(m *tableMeta, w *model.WarmThroughput) (bool, *model.Error) {
	if w == nil {
		return false, nil
	}
	next, err := raiseWarm(m.Desc.WarmThroughput, w, "")
	if err != nil {
		return false, err
	}
	m.Desc.WarmThroughput = next
	return true, nil
}

// updateGSI applies a GlobalSecondaryIndexUpdates Update: provisioned
// throughput, an on-demand maximum, a warm throughput raise. It reports
// whether there is a warm raise to apply.
func (e *Engine) updateGSI(m *tableMeta, u model.UpdateGlobalSecondaryIndex, now time.Time) (bool, *model.Error) {
	d := &m.Desc
	if u.ProvisionedThroughput != nil || (u.OnDemandThroughput == nil && u.WarmThroughput == nil) {
		if err := updateGSIThroughput(m, u, now); err != nil {
			return false, err
		}
	}
	var g *model.GlobalSecondaryIndexDescription
	for i := range d.GlobalSecondaryIndexes {
		if d.GlobalSecondaryIndexes[i].IndexName == u.IndexName {
			g = &d.GlobalSecondaryIndexes[i]
		}
	}
	if g == nil {
		return false, model.NewError(model.ErrResourceNotFound, "Requested resource not found: Index: %s not found", u.IndexName)
	}
	if odt := u.OnDemandThroughput; !odtEmpty(odt) {
		if billingMode(d) != model.BillingPayPerRequest {
			return false, onDemandOnProvisioned(odt, u.IndexName, false)
		}
		g.OnDemandThroughput, _ = mergeOnDemand(g.OnDemandThroughput, odt)
	}
	if w := u.WarmThroughput; w != nil {
		cur := gsiWarmOf(g, billingMode(d))
		next, err := raiseWarm(&cur, w, u.IndexName)
		if err != nil {
			return false, err
		}
		g.WarmThroughput = next
		return true, nil
	}
	return false, nil
}

// showWarmBefore puts into an UpdateTable reply the warm throughput values
// of the table and its GSIs before the request, with the Status of the
// raise under way.
func showWarmBefore(out *model.TableDescription, before *table) {
	old := before.describe()
	if out.WarmThroughput != nil && old.WarmThroughput != nil {
		w := *old.WarmThroughput
		w.Status = out.WarmThroughput.Status
		out.WarmThroughput = &w
	}
	for i := range out.GlobalSecondaryIndexes {
		g := &out.GlobalSecondaryIndexes[i]
		for _, og := range old.GlobalSecondaryIndexes {
			if og.IndexName == g.IndexName && g.WarmThroughput != nil && og.WarmThroughput != nil {
				w := *og.WarmThroughput
				w.Status = g.WarmThroughput.Status
				g.WarmThroughput = &w
			}
		}
	}
}
