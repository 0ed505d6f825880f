package engine

import (
	"context"
	"fmt"
	"math/rand"
	"strconv"
	"sync"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// Workload kinds of the traffic generator.
const (
	WorkloadHotKey     = "hot-key"     // writes to one partition key
	WorkloadSharded    = "sharded"     // writes spread over Shards suffixed keys
	WorkloadRandomRead = "random-read" // reads of keys sampled from the table
)

// Workload describes generated traffic against one table.
type Workload struct {
	Kind  string
	Table string
	Rate  int // requests per second of engine time
	// Key is the partition-key value written (hot-key) or its prefix
	// (sharded: Key#0 … Key#Shards-1).
	Key    string
	Shards int
	// Consent says the caller may write into Table although the generator
	// does not own it: the user confirmed it, or the table is a copy the
	// caller made for the purpose (a lesson's). Write workloads on a table
	// the generator does not own (TrafficOwns) are refused without it;
	// reads need none.
	Consent bool
}

// writes reports whether the workload writes.
func (w Workload) writes() bool { return w.Kind != WorkloadRandomRead }

// Name describes the workload for people.
func (w Workload) Name() string {
	switch w.Kind {
	case WorkloadHotKey:
		return fmt.Sprintf("%d writes/s on one key %q", w.Rate, w.Key)
	case WorkloadSharded:
		return fmt.Sprintf("%d writes/s sharded over %s#0..%d", w.Rate, w.Key, w.Shards-1)
	case WorkloadRandomRead:
		return fmt.Sprintf("%d random reads/s", w.Rate)
	}
	return w.Kind
}

// TrafficStats counts what a workload did. Skipped counts the writes
// refused because an item the generator did not write has the key: the
// generator never overwrites one.
type TrafficStats struct {
	Sent, OK, Throttled, Failed, Skipped int64
	LastError                            string
}

// Traffic is a running workload, driven by the engine clock: each Step
// issues the requests due since the last one (Rate × elapsed engine time),
// so a virtual clock at ×10 makes ten times the requests per wall second and
// a paused clock makes none.
type Traffic struct {
	e    *Engine
	w    Workload
	mu   sync.Mutex
	last time.Time
	due  float64
	seq  int64
	keys []model.Item // sampled keys for reads
	st   TrafficStats
	rng  *rand.Rand
	stop chan struct{}
	once sync.Once
}

// NewTraffic prepares a workload on a table without starting it; call Step
// to drive it by hand (tests) or Start to run it in the background.
func (e *Engine) NewTraffic(w Workload) (*Traffic, error) {
	if w.Rate <= 0 {
		return nil, errTrafficRate
	}
	if w.Kind == WorkloadSharded && w.Shards <= 0 {
		w.Shards = 20
	}
	if w.Key == "" {
		w.Key = "contestant"
	}
	e.mu.RLock()
	_, err := e.lookup(w.Table)
	e.mu.RUnlock()
	if err != nil {
		return nil, err
	}
	if w.writes() && !w.Consent && !e.TrafficOwns(w.Table) {
		return nil, fmt.Errorf("the traffic generator writes only into its own table (%s) unless you agree to writes into %s", TrafficTable, w.Table)
	}
	tr := &Traffic{e: e, w: w, last: e.now(), rng: rand.New(rand.NewSource(1)), stop: make(chan struct{})}
	if w.Kind == WorkloadRandomRead {
		out, err := e.Scan(context.Background(), &model.ScanInput{TableName: w.Table, Limit: int32p(200)})
		if err != nil {
			return nil, err
		}
		e.mu.RLock()
		t := e.tables[w.Table]
		for _, it := range out.Items {
			tr.keys = append(tr.keys, t.keyOf(it))
		}
		e.mu.RUnlock()
		if len(tr.keys) == 0 {
			return nil, fmt.Errorf("table %s has no items to read", w.Table)
		}
	}
	return tr, nil
}

func int32p(v int32) *int32 { return &v }

// Workload returns the workload this traffic runs.
func (tr *Traffic) Workload() Workload { return tr.w }

// Stats returns the counts so far.
func (tr *Traffic) Stats() TrafficStats {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.st
}

// Step issues the requests due since the last step on the engine clock and
// returns how many it sent.
func (tr *Traffic) Step() int {
	now := tr.e.now()
	tr.mu.Lock()
	elapsed := now.Sub(tr.last).Seconds()
	tr.last = now
	if elapsed < 0 {
		elapsed = 0
	}
	tr.due += elapsed * float64(tr.w.Rate)
	n := int(tr.due)
	// Never more than ten seconds' worth at once (a big clock jump).
	if limit := 10 * tr.w.Rate; n > limit {
		n = limit
	}
	tr.due -= float64(int(tr.due))
	tr.mu.Unlock()
	for i := 0; i < n; i++ {
		tr.one()
	}
	return n
}

// one sends one request and counts its outcome.
func (tr *Traffic) one() {
	ctx := context.Background()
	tr.mu.Lock()
	tr.seq++
	seq := tr.seq
	var key model.Item
	if len(tr.keys) > 0 {
		key = tr.keys[tr.rng.Intn(len(tr.keys))]
	}
	tr.mu.Unlock()
	var err error
	switch tr.w.Kind {
	case WorkloadRandomRead:
		_, err = tr.e.GetItem(ctx, &model.GetItemInput{TableName: tr.w.Table, Key: key.Clone()})
	default:
		pk := tr.w.Key
		if tr.w.Kind == WorkloadSharded {
			pk = tr.w.Key + "#" + strconv.FormatInt(seq%int64(tr.w.Shards), 10)
		}
		var item model.Item
		var hash string
		item, hash, err = tr.writeItem(pk, seq)
		if err == nil {
			// Never over an item the generator did not write.
			_, err = tr.e.PutItem(ctx, &model.PutItemInput{TableName: tr.w.Table, Item: item,
				ConditionExpression:      "attribute_not_exists(#k) OR attribute_exists(#m)",
				ExpressionAttributeNames: map[string]string{"#k": hash, "#m": TrafficMarker}})
		}
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.st.Sent++
	switch me, _ := err.(*model.Error); {
	case err == nil:
		tr.st.OK++
	case me != nil && (me.Code == model.ErrProvisionedThroughput || me.Code == model.ErrThrottling):
		tr.st.Throttled++
	case me != nil && me.Code == model.ErrConditionalCheckFailed:
		tr.st.Skipped++
	default:
		tr.st.Failed++
		tr.st.LastError = err.Error()
	}
}

// writeItem builds the item one write puts: the partition key pk (typed as
// the table declares it), on composite tables a sort key from seq, and
// TrafficMarker, so every generated item can be told and removed. It
// returns the name of the partition key too.
func (tr *Traffic) writeItem(pk string, seq int64) (model.Item, string, error) {
	tr.e.mu.RLock()
	t := tr.e.tables[tr.w.Table]
	tr.e.mu.RUnlock()
	if t == nil {
		return nil, "", model.ResourceNotFound()
	}
	val := func(ka keyAttr, s string) model.AttributeValue {
		switch ka.typ {
		case model.TypeN:
			return model.N(strconv.Itoa(len(s)*1000 + int(seq%1000)))
		case model.TypeB:
			return model.B([]byte(s))
		}
		return model.S(s)
	}
	item := model.Item{t.hash.name: val(t.hash, pk), "vote": model.N("1"), TrafficMarker: model.S(trafficMarkerValue)}
	if t.rng.name != "" {
		if t.rng.typ == model.TypeN {
			item[t.rng.name] = model.N(strconv.FormatInt(seq, 10))
		} else {
			item[t.rng.name] = val(t.rng, "vote#"+strconv.FormatInt(seq, 10))
		}
	}
	return item, t.hash.name, nil
}

// Start runs the workload in the background, stepping every 50 ms of wall
// time, until Stop or the engine closes.
func (tr *Traffic) Start() {
	tr.e.bg.Add(1)
	go func() {
		defer tr.e.bg.Done()
		ticker := time.NewTicker(50 * time.Millisecond)
		defer ticker.Stop()
		for {
			select {
			case <-tr.stop:
				return
			case <-tr.e.stop:
				return
			case <-ticker.C:
				tr.Step()
			}
		}
	}()
}

// Stop ends a started workload.
func (tr *Traffic) Stop() {
	tr.once.Do(func() { close(tr.stop) })
}
