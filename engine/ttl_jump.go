package engine

import (
	"sort"
	"strconv"
	"time"

	"github.com/tidwall/buntdb"
)

// TTLJumpEffect is what moving the clock from now to a later time does to
// one table's TTL items, so a person can be asked before a jump that
// cannot be undone.
type TTLJumpEffect struct {
	Table string
	// Expire counts the items whose TTL passes on the way: a Number of
	// epoch seconds after now and at or before the new time.
	Expire int
	// Delete counts the items the sweeper may delete at the new time and
	// may not delete now: expired at least the deletion delay before it,
	// not more than five years before it.
	Delete int
	// Earliest is the earliest expiry among the items counted in Expire.
	Earliest time.Time
}

// TTLJumpEffects reports, for every table with TTL on where anything would
// change, what moving the clock to the time to would do: the items that
// expire and those the sweeper may then delete. It reads the expiry queue's
// keys only (no item is decoded) and changes nothing.
func (e *Engine) TTLJumpEffects(to time.Time) ([]TTLJumpEffect, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	now := e.now()
	if !to.After(now) {
		return nil, nil
	}
	delay := e.ttlDelay()
	bound := func(prefix string, t time.Time) string {
		return string(appendNumber([]byte(prefix), strconv.FormatInt(t.Unix(), 10)))
	}
	var out []TTLJumpEffect
	err := e.db.View(func(tx *buntdb.Tx) error {
		for _, name := range sortedTableNames(e.tables) {
			t := e.tables[name]
			attr, on := t.ttlAttr()
			if !on {
				continue
			}
			prefix := prefixTTL + t.name + "/"
			ef := TTLJumpEffect{Table: t.name}
			// expire: (now, to]
			tx.AscendRange("", prefixEnd(bound(prefix, now)), prefixEnd(bound(prefix, to)), func(k, _ string) bool {
				if ef.Expire == 0 {
					rest := k[len(prefix):]
					if raw, err := tx.Get(t.dataPrefix + rest[numberLen(rest):]); err == nil {
						if item, _, err := decodeStored(raw); err == nil {
							ef.Earliest = epochTime(item[attr].N)
						}
					}
				}
				ef.Expire++
				return true
			})
			// newly deletable: [to-5y, to-delay], and after now-delay
			lo := bound(prefix, to.Add(-ttlMaxAge))
			if notYet := prefixEnd(bound(prefix, now.Add(-delay))); notYet > lo {
				lo = notYet
			}
			hi := prefixEnd(bound(prefix, to.Add(-delay)))
			if lo < hi {
				tx.AscendRange("", lo, hi, func(string, string) bool {
					ef.Delete++
					return true
				})
			}
			if ef.Expire > 0 || ef.Delete > 0 {
				out = append(out, ef)
			}
		}
		return nil
	})
	return out, err
}

// sortedTableNames lists the tables by name.
func sortedTableNames(tables map[string]*table) []string {
	names := make([]string, 0, len(tables))
	for n := range tables {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
