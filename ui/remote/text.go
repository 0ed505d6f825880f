package remote

import (
	"fmt"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// ConsumedText is the status bar's account of a remote backend's
// consumption: "consumed 7.5 RCU · 0 WCU in 14 requests".
func ConsumedText(t remoteapi.Totals) string {
	s := fmt.Sprintf("consumed %s RCU · %s WCU in %s", kit.Units(t.ReadUnits), kit.Units(t.WriteUnits), kit.Plural(int64(t.Requests), "request", ""))
	if t.Unmetered > 0 {
		s += fmt.Sprintf(" (%d without ConsumedCapacity)", t.Unmetered)
	}
	return s
}

// Where names a remote table for a typed confirmation: the table, the
// region and the account (and the endpoint, when not AWS).
func Where(loc *remoteapi.Location, d *model.TableDescription) []string {
	account := "unknown"
	if d != nil {
		if a := remoteapi.AccountOf(d.TableArn); a != "" {
			account = a
		}
	}
	out := []string{fmt.Sprintf("region %s · account %s", loc.Region, account)}
	if d != nil {
		out[0] = "table " + d.TableName + " · " + out[0]
	}
	if loc.Endpoint != "" {
		out = append(out, "endpoint "+loc.Endpoint)
	}
	return append(out, "This is the real table: the change cannot be undone from here.")
}
