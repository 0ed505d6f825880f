package engine

import (
	"strconv"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// TTLJumpEffects counts, per table, the items a clock jump expires and
// those it lets the sweeper delete, and changes nothing.
func TestTTLJumpEffects(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "Messages", "", "")
	createSimple(t, e, "Plain", "", "")
	_, err := e.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: "Messages",
		TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: true, AttributeName: "exp"}})
	mustOK(t, err)
	now := clock.Now()
	at := func(d time.Duration) model.AttributeValue { return model.N(strconv.FormatInt(now.Add(d).Unix(), 10)) }
	for id, v := range map[string]model.AttributeValue{
		"pending": at(-5 * time.Second),          // expired, deletable after 10 s more
		"soon":    at(10 * time.Second),          // expires on a 50 s jump
		"later":   at(100 * time.Second),         // expires on a 200 s jump
		"text":    model.S("1700000000"),         // never
		"deleted": at(-time.Hour),                // deletable already: not the jump's doing
		"ancient": at(-6 * 365 * 24 * time.Hour), // too old: never
	} {
		put(t, e, "Messages", model.Item{"pk": model.S(id), "exp": v})
		put(t, e, "Plain", model.Item{"pk": model.S(id), "exp": v})
	}
	delay := e.ttlDelay() // 15 s
	for _, tt := range []struct {
		jump           time.Duration
		expire, delete int
		earliest       time.Duration
	}{
		{time.Second, 0, 0, 0},
		{10 * time.Second, 1, 1, 10 * time.Second},  // soon expires; pending becomes deletable
		{50 * time.Second, 1, 2, 10 * time.Second},  // soon deletable too
		{200 * time.Second, 2, 3, 10 * time.Second}, // later as well
		{delay - 6*time.Second, 0, 0, 0},            // pending not yet deletable
	} {
		effects, err := e.TTLJumpEffects(now.Add(tt.jump))
		mustOK(t, err)
		if tt.expire == 0 && tt.delete == 0 {
			if len(effects) != 0 {
				t.Errorf("+%v: %+v, want none", tt.jump, effects)
			}
			continue
		}
		if len(effects) != 1 || effects[0].Table != "Messages" || effects[0].Expire != tt.expire || effects[0].Delete != tt.delete {
			t.Errorf("+%v: %+v, want Messages expire %d delete %d", tt.jump, effects, tt.expire, tt.delete)
			continue
		}
		if tt.expire > 0 && !effects[0].Earliest.Equal(now.Add(tt.earliest).Truncate(time.Second)) {
			t.Errorf("+%v: earliest %v", tt.jump, effects[0].Earliest)
		}
	}
	if !clock.Now().Equal(now) {
		t.Fatal("the clock moved")
	}
}
