package engine

import (
	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// TTL statuses.
const (
	ttlEnabled   = "ENABLED"
	ttlDisabled  = "DISABLED"
	ttlEnabling  = "ENABLING"
	ttlDisabling = "DISABLING"
)

// ttlAttr returns the table's TTL attribute when TTL is on.
func (t *table) ttlAttr() (string, bool) {
	if t.meta.TTL.Status == ttlEnabled || t.meta.TTL.Status == ttlEnabling {
		return t.meta.TTL.AttributeName, true
	}
	return "", false
}

// ttlQueueKey returns the TTL-queue key of an item, or "" when the item's TTL
// attribute is missing or not a Number (DynamoDB silently ignores it).
func (t *table) ttlQueueKey(attr string, item model.Item, itemKey string) string {
	v, ok := item[attr]
	if !ok || v.Type != model.TypeN {
		return ""
	}
	buf := make([]byte, 0, len(prefixTTL)+len(t.name)+len(itemKey))
	buf = append(buf, prefixTTL...)
	buf = append(buf, t.name...)
	buf = append(buf, '/')
	buf = appendNumber(buf, v.N)
	buf = append(buf, itemKey[len(t.dataPrefix):]...)
	return string(buf)
}

// applyTTLWrite keeps the TTL queue in step with an item change.
func (e *Engine) applyTTLWrite(tx *wtx, t *table, w *itemWrite) error {
	attr, ok := t.ttlAttr()
	if !ok {
		return nil
	}
	var oldKey, newKey string
	if w.old != nil {
		oldKey = t.ttlQueueKey(attr, w.old, w.key)
	}
	if w.new != nil {
		newKey = t.ttlQueueKey(attr, w.new, w.key)
	}
	if oldKey == newKey {
		return nil
	}
	if oldKey != "" {
		if _, err := tx.Delete(oldKey); err != nil && err != buntdb.ErrNotFound {
			return err
		}
	}
	if newKey != "" {
		if _, _, err := tx.Set(newKey, "", nil); err != nil {
			return err
		}
	}
	return nil
}
