package capacity

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The Capacity pane on a table with OnDemandThroughput maxima (1 RRU, 10
// WRU a second; its GSI 5 WRU) and a warm throughput of 15,000 reads and
// 5,000 writes a second: the limits are marked as the maxima, the warm
// throughput sized five partitions, twenty writes in one second are
// throttled by the GSI's maximum and marked M with the reason named. (The
// status bar and the builder on the same throttles: the root's
// TestThrottleReasonsInStatusBarAndBuilder.)
func TestCapacityThrottleReasonsAndMaxima(t *testing.T) {
	eng, _ := uitest.LiveEngine(t, "forum")
	uitest.OrdersTable(t, eng)
	m := newBed(t, eng, 120, 40)
	m.Select("Orders", "")
	throttled := 0
	for i := 0; i < 20; i++ {
		_, err := eng.PutItem(context.Background(), &model.PutItemInput{TableName: "Orders", Item: model.Item{"id": model.S(fmt.Sprint(i)),
			"Tenant": model.S("acme"), "Region": model.S("eu"), "OrderDate": model.S(fmt.Sprintf("2026-01-%02d", i+1))}})
		if err != nil {
			me := kit.AsModelError(err)
			if len(me.ThrottlingReasons) != 1 || me.ThrottlingReasons[0].Reason != "IndexWriteMaxOnDemandThroughputExceeded" ||
				!strings.HasSuffix(me.ThrottlingReasons[0].Resource, ":table/Orders/index/ByTenant") {
				t.Fatalf("put %d: %+v", i, me)
			}
			throttled++
		}
	}
	m.Show(true)
	m.Drive(m.p.Refresh())
	sc := m.boxed()
	lineWith := func(s string) string {
		for _, l := range strings.Split(sc, "\n") {
			if strings.Contains(l, s) {
				return l
			}
		}
		return ""
	}
	for _, s := range []string{
		"ON-DEMAND ≤ 1 RRU (maximum) / 10 WRU (maximum) a second · 5 partitions",
		"warm 15,000 R / 5,000 W a second · left this second:",
		fmt.Sprintf("WRU/s now 5 · peak 5 · ✗ %d throttled · on-demand maximum 10", throttled),
		"M MaxOnDemandThroughputExceeded · ← ",
		fmt.Sprintf("5/5 (maximum) ✗ %d throttled (M)", throttled),
	} {
		if !strings.Contains(sc, s) {
			t.Errorf("capacity pane lacks %q:\n%s", s, sc)
		}
	}
	if throttled != 15 || !strings.HasSuffix(strings.TrimSpace(lineWith("throttled  ")), "M│") {
		t.Fatalf("%d throttled; throttle row %q", throttled, lineWith("throttled  "))
	}
}
