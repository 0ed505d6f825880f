package engine

import (
	"context"
	"strings"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// ttlChangeInterval is how soon after a TTL change another one is refused.
const ttlChangeInterval = time.Hour

// UpdateTimeToLive enables or disables TTL on a table. Enabling builds the
// expiry queue from the items already there; only top-level Number values
// count, anything else is silently ignored.
func (e *Engine) UpdateTimeToLive(ctx context.Context, in *model.UpdateTimeToLiveInput) (*model.UpdateTimeToLiveOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	c.tableName(in.TableName, in.EmptyTableName())
	if in.TimeToLiveSpecification == nil {
		c.add(nil, "timeToLiveSpecification", "Member must not be null")
	} else {
		n := in.TimeToLiveSpecification.AttributeName
		switch {
		case n == "" && in.EmptyAttributeName():
			// The API Reference's minimum length is 1.
			c.add("", "timeToLiveSpecification.attributeName", "Member must have length greater than or equal to 1")
		case n == "":
			c.add(nil, "timeToLiveSpecification.attributeName", "Member must not be null")
		case len(n) > 255:
			c.add(n, "timeToLiveSpecification.attributeName", "Member must have length less than or equal to 255")
		}
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	spec := *in.TimeToLiveSpecification
	e.mu.Lock()
	defer e.mu.Unlock()
	t := e.tables[in.TableName]
	if t == nil {
		return nil, model.TableNotFound(in.TableName)
	}
	if t.meta.Desc.TableStatus != model.StatusActive {
		return nil, model.NewError(model.ErrResourceInUse, "Attempt to change a resource which is still in use: Table is not ACTIVE: %s", t.name)
	}
	now := e.now()
	cur := t.meta.TTL
	on := cur.Status == ttlEnabled || cur.Status == ttlEnabling
	if spec.Enabled && on {
		return nil, model.Validation("TimeToLive is already enabled")
	}
	if !spec.Enabled && !on {
		return nil, model.Validation("TimeToLive is already disabled")
	}
	if !spec.Enabled && spec.AttributeName != cur.AttributeName {
		return nil, model.Validation("TimeToLive is active on a different AttributeName: current AttributeName is %s", cur.AttributeName)
	}
	if cur.LastChange != 0 && now.Sub(time.Unix(int64(cur.LastChange), 0)) < ttlChangeInterval {
		return nil, model.Validation("Time to live has been modified multiple times within a fixed interval")
	}
	m := cloneMeta(&t.meta)
	m.TTL = ttlMeta{AttributeName: spec.AttributeName, LastChange: float64(now.Unix()), Status: ttlDisabled}
	if spec.Enabled {
		m.TTL.Status = ttlEnabled
	}
	// The queue is built before the metadata says ENABLED and dropped after
	// it says DISABLED, so a crash in between leaves at worst an unused
	// queue (the next enabling rebuilds it), never an enabled TTL without
	// its queue. Writers are locked out meanwhile (e.mu).
	if spec.Enabled {
		if err := e.rebuildTTLQueue(t, spec.AttributeName, true); err != nil {
			return nil, asError(err)
		}
	}
	nt, err := e.replaceTable(t, m)
	if err != nil {
		return nil, asError(err)
	}
	if !spec.Enabled {
		if err := e.rebuildTTLQueue(nt, "", false); err != nil {
			return nil, asError(err)
		}
	}
	e.kickSweeper()
	return &model.UpdateTimeToLiveOutput{TimeToLiveSpecification: &spec}, nil
}

// rebuildTTLQueue drops a table's TTL queue and, when on, fills it from the
// table's items by attribute attr, in one transaction.
func (e *Engine) rebuildTTLQueue(t *table, attr string, on bool) error {
	prefix := prefixTTL + t.name + "/"
	return e.update(func(tx *wtx) error {
		var stale []string
		tx.AscendGreaterOrEqual("", prefix, func(k, _ string) bool {
			if !strings.HasPrefix(k, prefix) {
				return false
			}
			stale = append(stale, k)
			return true
		})
		for _, k := range stale {
			tx.Delete(k)
		}
		if !on {
			return nil
		}
		var keys []string
		var derr error
		tx.AscendGreaterOrEqual("", t.dataPrefix, func(k, v string) bool {
			if !strings.HasPrefix(k, t.dataPrefix) {
				return false
			}
			item, _, err := decodeStored(v)
			if err != nil {
				derr = err
				return false
			}
			if qk := t.ttlQueueKey(attr, item, k); qk != "" {
				keys = append(keys, qk)
			}
			return true
		})
		if derr != nil {
			return derr
		}
		for _, k := range keys {
			if _, _, err := tx.Set(k, "", nil); err != nil {
				return err
			}
		}
		return nil
	})
}
