package capacity

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

func billingMode(onDemand bool) string {
	if onDemand {
		return model.BillingPayPerRequest
	}
	return model.BillingProvisioned
}

// Explain describes a table's throughput state for the explorer: billing
// mode, bucket levels against their limits, each GSI's, and the partitions
// with their hash ranges, even shares and levels. It returns "" for an
// unknown table.
func (m *Meter) Explain(table string) string {
	snap := m.Series(table, m.clock.Now())
	if !snap.Found {
		return ""
	}
	var b strings.Builder
	state := "on"
	if !snap.Throttling {
		state = "off"
	}
	if snap.BillingMode == model.BillingPayPerRequest {
		fmt.Fprintf(&b, "%s: on-demand, limit %d RRU/s and %d WRU/s per table (throttling %s)\n",
			table, snap.ReadLimit, snap.WriteLimit, state)
		fmt.Fprintf(&b, "  this second: read %s of %d left, write %s of %d left\n",
			FormatUnits(snap.ReadLevel), snap.ReadLimit, FormatUnits(snap.WriteLevel), snap.WriteLimit)
	} else {
		fmt.Fprintf(&b, "%s: provisioned %d RCU, %d WCU (throttling %s)\n", table, snap.ReadLimit, snap.WriteLimit, state)
		fmt.Fprintf(&b, "  read bucket %s of %s (%d s burst), write bucket %s of %s\n",
			FormatUnits(round3(snap.ReadLevel)), FormatUnits(snap.BurstRead), BurstSeconds,
			FormatUnits(round3(snap.WriteLevel)), FormatUnits(snap.BurstWrite))
	}
	for _, ix := range snap.Indexes {
		if !ix.Global {
			fmt.Fprintf(&b, "  LSI %s: uses the table's throughput\n", ix.Name)
			continue
		}
		if ix.ReadLimit == 0 {
			fmt.Fprintf(&b, "  GSI %s: not configured\n", ix.Name)
			continue
		}
		fmt.Fprintf(&b, "  GSI %s: %d RCU, %d WCU; read bucket %s, write bucket %s\n", ix.Name,
			ix.ReadLimit, ix.WriteLimit, FormatUnits(round3(ix.ReadLevel)), FormatUnits(round3(ix.WriteLevel)))
	}
	fmt.Fprintf(&b, "  %d partitions, each at most %d RCU and %d WCU per second", len(snap.Partitions), PartitionRCU, PartitionWCU)
	if len(snap.Partitions) > 0 && snap.BillingMode != model.BillingPayPerRequest {
		p := snap.Partitions[0]
		fmt.Fprintf(&b, "; even share %s RCU, %s WCU (adaptive capacity lends more)",
			FormatUnits(round3(p.ShareRCU)), FormatUnits(round3(p.ShareWCU)))
	}
	b.WriteByte('\n')
	for _, p := range snap.Partitions {
		last := Sample{}
		if n := len(p.Points); n > 0 {
			last = p.Points[n-1]
		}
		fmt.Fprintf(&b, "    #%d %08x-%08x: this second %s RCU, %s WCU; left %s RCU, %s WCU\n", p.Partition, p.Lo, p.Hi,
			FormatUnits(last.RCU), FormatUnits(last.WCU), FormatUnits(round3(p.ReadLevel)), FormatUnits(round3(p.WriteLevel)))
	}
	return b.String()
}

func round3(x float64) float64 {
	const k = 1000
	if x < 0 {
		return -float64(int64(-x*k+0.5)) / k
	}
	return float64(int64(x*k+0.5)) / k
}
