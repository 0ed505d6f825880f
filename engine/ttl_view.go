package engine

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// States of an item in a TTL view.
const (
	// TTLDueLater: a Number TTL still in the future.
	TTLDueLater = "due"
	// TTLExpiredPending: a Number TTL in the past, the item not yet deleted
	// by the sweeper. Reads still return it, as DynamoDB's do.
	TTLExpiredPending = "expired"
	// TTLTooOld: a Number more than five years in the past, which DynamoDB
	// never deletes.
	TTLTooOld = "too-old"
	// TTLNotNumber: the attribute is there but not a Number; DynamoDB
	// silently ignores it forever.
	TTLNotNumber = "not-a-number"
)

// ttlViewScanCap bounds how many table items one TTLView reads to find the
// items whose TTL attribute is not a Number (those are in no queue).
const ttlViewScanCap = 10_000

// TTLViewItem is one item of a TTL view.
type TTLViewItem struct {
	Key   model.Item
	Value model.AttributeValue // the TTL attribute as stored
	State string               // TTLDueLater, TTLExpiredPending, TTLTooOld or TTLNotNumber
	// Expiry is the Number read as epoch seconds and DeleteAfter when the
	// sweeper may delete the item (Expiry plus the deletion delay); both
	// zero for TTLNotNumber, DeleteAfter also for TTLTooOld.
	Expiry      time.Time
	DeleteAfter time.Time
}

// TTLViewCounts counts a table's items with a TTL attribute by state.
// DueLater, ExpiredPending and TooOld are exact; NotNumber counts what the
// bounded scan saw and is exact only when NotNumberComplete.
type TTLViewCounts struct {
	DueLater          int
	ExpiredPending    int
	TooOld            int
	NotNumber         int
	NotNumberComplete bool
}

// TTLViewResult is what the explorer's TTL view shows of one table.
type TTLViewResult struct {
	Table         string
	Status        string // DescribeTimeToLive's status
	AttributeName string
	Now           time.Time // engine time of the view
	DeletionDelay time.Duration
	// Items are the Number items in expiry order, oldest first, up to the
	// limit; NotNumber the items whose attribute is another type, in table
	// order, up to the limit.
	Items     []TTLViewItem
	NotNumber []TTLViewItem
	Counts    TTLViewCounts
	// Scanned is how many table items the scan for non-Numbers read.
	Scanned int
	// Recent are the table's most recent TTL deletions, oldest first.
	Recent []TTLDeletion
}

// TTLView lists a table's items with a TTL attribute and their state.
//
// Cost: the Number items come from the expiry queue, whose keys are read
// once (no item is decoded) to count each state, and up to limit items are
// fetched for the list. Items with a non-Number attribute are in no queue:
// finding them takes a table scan, bounded to ttlViewScanCap items (10,000;
// Counts.NotNumberComplete says whether it covered the table). limit <= 0
// means 100. With TTL disabled, only Status, AttributeName and Recent are
// filled.
func (e *Engine) TTLView(table string, limit int) (TTLViewResult, error) {
	if limit <= 0 {
		limit = 100
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[table]
	if t == nil {
		return TTLViewResult{}, model.TableNotFound(table)
	}
	res := TTLViewResult{Table: table, Status: ttlDisabled, AttributeName: t.meta.TTL.AttributeName,
		Now: e.now(), DeletionDelay: e.ttlDelay(), Recent: e.recentTTLDeletions(table)}
	if t.meta.TTL.Status != "" {
		res.Status = t.meta.TTL.Status
	}
	attr, on := t.ttlAttr()
	if !on {
		return res, nil
	}
	err := e.db.View(func(tx *buntdb.Tx) error {
		if err := e.ttlViewQueue(tx, t, attr, limit, &res); err != nil {
			return err
		}
		return e.ttlViewScan(tx, t, attr, limit, &res)
	})
	return res, err
}

// ttlViewQueue walks the expiry queue: counts by state, lists up to limit.
func (e *Engine) ttlViewQueue(tx *buntdb.Tx, t *table, attr string, limit int, res *TTLViewResult) error {
	prefix := prefixTTL + t.name + "/"
	tooOld := string(appendNumber([]byte(prefix), strconv.FormatInt(res.Now.Add(-ttlMaxAge).Unix(), 10)))
	expired := prefixEnd(string(appendNumber([]byte(prefix), strconv.FormatInt(res.Now.Unix(), 10))))
	var derr error
	tx.AscendGreaterOrEqual("", prefix, func(k, _ string) bool {
		if !strings.HasPrefix(k, prefix) {
			return false
		}
		state := TTLDueLater
		switch {
		case k < tooOld:
			state = TTLTooOld
			res.Counts.TooOld++
		case k < expired:
			state = TTLExpiredPending
			res.Counts.ExpiredPending++
		default:
			res.Counts.DueLater++
		}
		if len(res.Items) == limit {
			return true
		}
		rest := k[len(prefix):]
		raw, err := tx.Get(t.dataPrefix + rest[numberLen(rest):])
		if err != nil {
			return true // a queue entry whose item is gone: the sweeper drops it
		}
		item, _, err := decodeStored(raw)
		if err != nil {
			derr = err
			return false
		}
		it := TTLViewItem{Key: t.keyOf(item), Value: item[attr], State: state, Expiry: epochTime(item[attr].N)}
		if state != TTLTooOld {
			it.DeleteAfter = it.Expiry.Add(res.DeletionDelay)
		}
		res.Items = append(res.Items, it)
		return true
	})
	return derr
}

// ttlViewScan reads up to ttlViewScanCap items to find and count those
// whose TTL attribute is not a Number.
func (e *Engine) ttlViewScan(tx *buntdb.Tx, t *table, attr string, limit int, res *TTLViewResult) error {
	res.Counts.NotNumberComplete = true
	var derr error
	tx.AscendGreaterOrEqual("", t.dataPrefix, func(k, v string) bool {
		if !strings.HasPrefix(k, t.dataPrefix) {
			return false
		}
		if res.Scanned == ttlViewScanCap {
			res.Counts.NotNumberComplete = false
			return false
		}
		res.Scanned++
		item, _, err := decodeStored(v)
		if err != nil {
			derr = err
			return false
		}
		val, ok := item[attr]
		if !ok || val.Type == model.TypeN {
			return true
		}
		res.Counts.NotNumber++
		if len(res.NotNumber) < limit {
			res.NotNumber = append(res.NotNumber, TTLViewItem{Key: t.keyOf(item), Value: val, State: TTLNotNumber})
		}
		return true
	})
	return derr
}

// epochTime reads a Number of epoch seconds as a time (zero when it does
// not fit).
func epochTime(n string) time.Time {
	f, err := strconv.ParseFloat(n, 64)
	if err != nil || math.IsInf(f, 0) || math.Abs(f) > 1e15 {
		return time.Time{}
	}
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(frac*1e9)).UTC()
}

// recentTTLDeletions returns the recent TTL deletions of one table.
func (e *Engine) recentTTLDeletions(table string) []TTLDeletion {
	var out []TTLDeletion
	for _, d := range e.RecentTTLDeletions() {
		if d.Table == table {
			out = append(out, d)
		}
	}
	return out
}

// IsExpiredPending reports whether item, as a read returned it from table,
// is expired but not yet deleted: TTL is on, its TTL attribute is a Number
// of epoch seconds at or before now and not more than five years old (the
// window the sweeper deletes from). DynamoDB returns such items; a reader
// can use this to mark them.
func (e *Engine) IsExpiredPending(table string, item model.Item) bool {
	e.mu.RLock()
	t := e.tables[table]
	var attr string
	on := false
	if t != nil {
		attr, on = t.ttlAttr()
	}
	e.mu.RUnlock()
	if !on {
		return false
	}
	v, ok := item[attr]
	if !ok || v.Type != model.TypeN {
		return false
	}
	now := e.now()
	return model.CompareNumbers(v.N, strconv.FormatInt(now.Unix(), 10)) <= 0 &&
		model.CompareNumbers(v.N, strconv.FormatInt(now.Add(-ttlMaxAge).Unix(), 10)) >= 0
}
