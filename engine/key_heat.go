package engine

import (
	"encoding/base64"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// Key heat: the data behind Contributor Insights. While insights are
// ENABLED on a table or GSI, every request the capacity meter admits or
// throttles there is counted against its key, on the engine clock, in
// per-minute buckets: the capacity units it consumed (the "most accessed
// items" — DynamoDB ranks them by the read and write capacity they consume)
// and the times it was throttled (the "most throttled items"); in
// THROTTLED_KEYS mode only the throttles. A key is the item's partition key
// and sort key (a Query's partition key alone: it reads a partition), as
// the PKC/SKC and PKT/SKT rules group them.
//
// Bounded: heatMinutes buckets a target, each with at most heatKeysPerMinute
// keys (traffic to further keys in that minute is summed as "other keys").
// A table without insights has no heat (table.heat is nil) and pays one nil
// check per request.

// heatMinutes is how many minutes of key heat a target keeps: the window
// the report sums.
const heatMinutes = 15

// heatKeysPerMinute bounds the keys a target's minute counts one by one.
const heatKeysPerMinute = 1000

// tableHeat is a table's key heat, by target ("" the table, or a GSI's
// name), for the targets whose insights are enabled.
type tableHeat struct {
	targets map[string]*keyHeat
}

// keyHeat is one target's key heat.
type keyHeat struct {
	accessed bool // ACCESSED_AND_THROTTLED_KEYS: units are counted too
	mu       sync.Mutex
	ring     [heatMinutes]heatMinute
}

// heatMinute is one minute of a target's traffic by key (the storage key
// after its prefix and hash: the encoded key values).
type heatMinute struct {
	minute int64 // minutes since the epoch, engine clock; 0: unused
	keys   map[string]*heatCount
	other  heatCount // keys beyond heatKeysPerMinute
}

// heatCount is a key's traffic.
type heatCount struct {
	units     float64
	throttles int64
}

// heatFor returns the heat of a table described by m: nil when no
// insights are enabled on it; the same counts across the table's
// descriptions (a target's counts go when its insights are disabled).
func (e *Engine) heatFor(m *tableMeta) *tableHeat {
	e.heatMu.Lock()
	defer e.heatMu.Unlock()
	id := m.Desc.TableId
	old := e.heat[id]
	var h *tableHeat
	for target, im := range m.Insights {
		if !im.Enabled {
			continue
		}
		if h == nil {
			h = &tableHeat{targets: map[string]*keyHeat{}}
		}
		kh := (*keyHeat)(nil)
		if old != nil {
			kh = old.targets[target]
		}
		accessed := im.Mode != model.InsightsThrottledOnly
		if kh == nil || kh.accessed != accessed {
			kh = &keyHeat{accessed: accessed}
		}
		h.targets[target] = kh
	}
	if h == nil {
		delete(e.heat, id)
	} else {
		if e.heat == nil {
			e.heat = map[string]*tableHeat{}
		}
		e.heat[id] = h
	}
	return h
}

// record counts one request on a target: units consumed, or a throttle.
// key is the storage key (data or index) the request addressed.
func (h *tableHeat) record(now time.Time, target, key, prefix string, units float64, throttled bool) {
	kh := h.targets[target]
	if kh == nil || len(key) < len(prefix)+4 || (!throttled && (!kh.accessed || units == 0)) {
		return
	}
	k := key[len(prefix)+4:]
	minute := now.Unix() / 60
	kh.mu.Lock()
	defer kh.mu.Unlock()
	b := &kh.ring[minute%heatMinutes]
	if b.minute != minute {
		b.minute, b.other = minute, heatCount{}
		clear(b.keys)
	}
	c := b.keys[k]
	if c == nil {
		if b.keys == nil {
			b.keys = map[string]*heatCount{}
		}
		if len(b.keys) < heatKeysPerMinute {
			c = &heatCount{}
			b.keys[strings.Clone(k)] = c
		} else {
			c = &b.other
		}
	}
	if throttled {
		c.throttles++
	} else {
		c.units += units
	}
}

// heatThrottled counts a throttled request (admit's refusal).
func (e *Engine) heatThrottled(t *table, index, key string) {
	prefix := t.dataPrefix
	if index != "" {
		prefix = prefixIndex + t.name + "/" + index + "/"
	}
	t.heat.record(e.now(), index, key, prefix, 0, true)
}

// heatCharged counts what a request consumed: on a GSI it read, the GSI's
// read units; on the table, the table's read and write units.
func (e *Engine) heatCharged(t *table, index, key string, u *capacity.Usage) {
	units, prefix := u.Read+u.Write, t.dataPrefix
	if index != "" {
		prefix, units = prefixIndex+t.name+"/"+index+"/", 0
		for _, iu := range u.Indexes {
			if iu.Name == index {
				units += iu.Read + iu.Write
			}
		}
	}
	t.heat.record(e.now(), index, key, prefix, units, false)
}

// heatWrite is a write a GSI with insights enabled took: the units charged
// to it and its entry's key (the GSI key, then the table key).
type heatWrite struct {
	ix    *index
	key   string
	units float64
}

// heatIndexWrites counts committed GSI writes against their GSI keys.
func (e *Engine) heatIndexWrites(t *table, ws []heatWrite) {
	now := e.now()
	for _, w := range ws {
		if len(w.key) < len(w.ix.prefix)+4 {
			continue
		}
		// The entry key's GSI key values, without the table key after them.
		rest := w.key[len(w.ix.prefix)+4:]
		n := len(rest)
		for _, ka := range w.ix.keys {
			_, after, ok := decodeKeyValue(rest[len(rest)-n:], ka.typ)
			if !ok {
				break
			}
			n = len(after)
		}
		t.heat.record(now, w.ix.name, w.key[:len(w.key)-n], w.ix.prefix, w.units, false)
	}
}

// KeyHeat is one key's traffic in a Contributor Insights report.
type KeyHeat struct {
	// PartitionKey and SortKey are the key's values as text (a number as
	// written, a binary in base64); SortKey is "" in a partition-key list
	// or for a table without a sort key. Composite GSI keys join their
	// attributes with " · ".
	PartitionKey, SortKey string
	Units                 float64 // capacity units consumed (accessed lists)
	Throttles             int64   // requests throttled (throttled lists)
}

// InsightsReport is what Contributor Insights shows for a table or GSI:
// its rules' top keys over the last Window of engine time.
type InsightsReport struct {
	TableName, IndexName string
	Mode                 string // ACCESSED_AND_THROTTLED_KEYS or THROTTLED_KEYS
	Window               time.Duration
	HasSortKey           bool
	// The rules' top keys, most first: PKC, SKC (accessed) and PKT, SKT
	// (throttled); SKC and SKT only with a sort key; the accessed lists
	// only in ACCESSED_AND_THROTTLED_KEYS mode.
	MostAccessedPartitions, MostAccessedKeys   []KeyHeat
	MostThrottledPartitions, MostThrottledKeys []KeyHeat
	// OtherUnits and OtherThrottles are the traffic of keys a minute had
	// no room left to count one by one.
	OtherUnits     float64
	OtherThrottles int64
}

// ContributorInsightsReport returns the top keys (at most top per list)
// of a table's or GSI's Contributor Insights; false when insights are not
// enabled there.
func (e *Engine) ContributorInsightsReport(table, target string, top int) (*InsightsReport, bool) {
	e.mu.RLock()
	t := e.tables[table]
	e.mu.RUnlock()
	if t == nil || t.heat == nil || t.heat.targets[target] == nil {
		return nil, false
	}
	kh := t.heat.targets[target]
	keys := []keyAttr{t.hash, t.rng}
	if t.rng.name == "" {
		keys = keys[:1]
	}
	hashN := 1
	if target != "" {
		var ix *index
		for _, x := range t.indexes {
			if x.name == target {
				ix = x
			}
		}
		if ix == nil {
			return nil, false
		}
		keys, hashN = ix.keys, len(ix.hashKeys)
	}
	r := &InsightsReport{TableName: table, IndexName: target, Mode: model.InsightsAccessedAndThrottled,
		Window: heatMinutes * time.Minute, HasSortKey: len(keys) > hashN}
	if !kh.accessed {
		r.Mode = model.InsightsThrottledOnly
	}
	// Sum the window's minutes by key.
	now := e.now().Unix() / 60
	sums := map[string]*heatCount{}
	kh.mu.Lock()
	for i := range kh.ring {
		b := &kh.ring[i]
		if b.minute == 0 || b.minute <= now-heatMinutes || b.minute > now {
			continue
		}
		for k, c := range b.keys {
			s := sums[k]
			if s == nil {
				s = &heatCount{}
				sums[k] = s
			}
			s.units += c.units
			s.throttles += c.throttles
		}
		r.OtherUnits += b.other.units
		r.OtherThrottles += b.other.throttles
	}
	kh.mu.Unlock()
	// Group by partition key (PKC, PKT) and by whole key (SKC, SKT).
	parts := map[string]*KeyHeat{}
	var whole []KeyHeat
	for k, c := range sums {
		vals := decodeKeyValues(k, keys)
		pk := joinKeyText(vals[:min(hashN, len(vals))])
		p := parts[pk]
		if p == nil {
			p = &KeyHeat{PartitionKey: pk}
			parts[pk] = p
		}
		p.Units += c.units
		p.Throttles += c.throttles
		if len(vals) > hashN {
			whole = append(whole, KeyHeat{PartitionKey: pk, SortKey: joinKeyText(vals[hashN:]), Units: c.units, Throttles: c.throttles})
		}
	}
	var partList []KeyHeat
	for _, p := range parts {
		partList = append(partList, *p)
	}
	if kh.accessed {
		r.MostAccessedPartitions = topKeys(partList, top, false)
		if r.HasSortKey {
			r.MostAccessedKeys = topKeys(whole, top, false)
		}
	}
	r.MostThrottledPartitions = topKeys(partList, top, true)
	if r.HasSortKey {
		r.MostThrottledKeys = topKeys(whole, top, true)
	}
	return r, true
}

// topKeys returns the keys with the most units (or throttles), at most n,
// ties in key order; keys with none are left out.
func topKeys(ks []KeyHeat, n int, throttles bool) []KeyHeat {
	v := func(k KeyHeat) float64 {
		if throttles {
			return float64(k.Throttles)
		}
		return k.Units
	}
	var out []KeyHeat
	for _, k := range ks {
		if v(k) > 0 {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if a, b := v(out[i]), v(out[j]); a != b {
			return a > b
		}
		if out[i].PartitionKey != out[j].PartitionKey {
			return out[i].PartitionKey < out[j].PartitionKey
		}
		return out[i].SortKey < out[j].SortKey
	})
	return out[:min(n, len(out))]
}

// decodeKeyValues reads the key values (appendKeyValue's encoding) of the
// attributes keys from b, as many as b holds.
func decodeKeyValues(b string, keys []keyAttr) []string {
	var out []string
	for _, ka := range keys {
		if b == "" {
			break
		}
		text, rest, ok := decodeKeyValue(b, ka.typ)
		if !ok {
			break
		}
		out, b = append(out, text), rest
	}
	return out
}

// decodeKeyValue reads one encoded key value and returns it as text.
func decodeKeyValue(b string, typ model.Type) (text, rest string, ok bool) {
	if typ == model.TypeN {
		return decodeKeyNumber(b)
	}
	var sb strings.Builder
	for i := 0; i+1 < len(b); i++ {
		if b[i] != 0 {
			sb.WriteByte(b[i])
			continue
		}
		switch b[i+1] {
		case 0xFF:
			sb.WriteByte(0)
			i++
		case 1:
			s := sb.String()
			if typ == model.TypeB {
				s = base64.StdEncoding.EncodeToString([]byte(s))
			}
			return s, b[i+2:], true
		default:
			return "", "", false
		}
	}
	return "", "", false
}

// decodeKeyNumber reads appendNumber's encoding.
func decodeKeyNumber(b string) (text, rest string, ok bool) {
	if b == "" {
		return "", "", false
	}
	switch b[0] {
	case numZero:
		return "0", b[1:], true
	case numPositive, numNegative:
	default:
		return "", "", false
	}
	if len(b) < 3 {
		return "", "", false
	}
	neg := b[0] == numNegative
	e := uint16(b[1])<<8 | uint16(b[2])
	if neg {
		e = 0xFFFF - e
	}
	exp := int(e) - 0x8000
	var digits []byte
	for i := 3; i < len(b); i++ {
		c := b[i]
		switch {
		case !neg && c == 0, neg && c == 0xFE:
			return numberText(neg, exp, digits), b[i+1:], true
		case !neg && c >= 1 && c <= 10:
			digits = append(digits, c-1+'0')
		case neg && c >= 0xFD-9 && c <= 0xFD:
			digits = append(digits, 0xFD-c+'0')
		default:
			return "", "", false
		}
	}
	return "", "", false
}

// numberText writes 0.digits × 10^exp in DynamoDB's canonical form.
func numberText(neg bool, exp int, digits []byte) string {
	s := "0." + string(digits) + "E" + strconv.Itoa(exp)
	if neg {
		s = "-" + s
	}
	c, err := model.CanonicalNumber(s)
	if err != nil {
		return s
	}
	return c
}

// joinKeyText joins a composite key's values.
func joinKeyText(vals []string) string { return strings.Join(vals, " · ") }
