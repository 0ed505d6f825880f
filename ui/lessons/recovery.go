package lessons

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Point-in-time recovery (lesson 14), on the product-catalog data set's
// ProductCatalog: recovery turned on, an hour of ordinary life, a bulk
// update whose script lost its condition and zeroes every price, then the
// table restored, into a new one, to the second before the first write of
// that update (found in the table's own history), and the two tables
// compared item by item. As in DynamoDB, a restore never changes the
// source: the repair is a new table, the application's to switch to or
// copy from.

// The tables of the lesson.
const (
	recoveryTable    = "ProductCatalog"
	recoveryRestored = "ProductCatalog-before"
)

// pitrHistory is the embedded engine's read of a table's history.
type pitrHistory interface {
	ChangesBetween(ctx context.Context, table string, from, to time.Time, fn func(engine.ItemChange) error) error
	RestorableWindow(table string) (earliest, latest time.Time, err error)
}

func pointInTimeRecovery() lesson {
	const ds = "product-catalog"
	return lesson{title: "Point-in-time recovery", dataset: ds, table: recoveryTable, steps: []step{
		{title: "Turn recovery on",
			text: "Point-in-time recovery keeps every change of a table for its recovery period (35 days unless you choose 1 to 35), so the table can be restored to any second of it. It is off until you turn it on, and the window starts then: EarliestRestorableDateTime is the moment it was enabled.",
			act:  action{label: "UpdateContinuousBackups ProductCatalog: PointInTimeRecoveryEnabled", run: enablePITR}},
		{title: "An hour of ordinary life",
			text: "An hour passes. The window grows with it: LatestRestorableDateTime follows the clock (DynamoDB keeps it about five minutes behind the present; here it is the present).",
			act:  action{label: "clock +1h, then DescribeContinuousBackups", advance: time.Hour, run: describePITR}},
		{title: "A bad bulk update",
			text: "A script meant to put the bikes on sale loses its condition and sets Price = 0 on every product: a Scan, then one UpdateItem per item. Nothing refuses it; every write is a valid write.",
			act:  action{label: "Scan ProductCatalog, then UpdateItem SET Price = 0 on every item", run: badBulkUpdate}},
		{title: "Ten more minutes",
			text: "Nobody notices for ten minutes. The window now holds the catalog before the update, the update, and the time since.",
			act:  action{label: "clock +10m, then DescribeContinuousBackups", advance: 10 * time.Minute, run: describePITR}},
		{title: "Restore to just before it",
			text: "The table's history says when the first write of the update happened. RestoreTableToPointInTime at one second before it makes a new table, ProductCatalog-before, with the items, keys and indexes the catalog had then; ProductCatalog itself is not changed. (In 1 Schema, b shows the same window, a preview of then against now, and the restore.)",
			act:  action{label: "RestoreTableToPointInTime ProductCatalog → ProductCatalog-before, 1 s before the update", run: restoreBeforeUpdate}},
		{title: "The items compared",
			text: "Each product's price in the catalog now and in the restored table: every price the update zeroed is there as it was. The application copies them back (or switches to the restored table); the restore itself never writes into the source.",
			act:  action{label: "Scan ProductCatalog and ProductCatalog-before: Price side by side", run: compareRestored}},
	}}
}

// enablePITR turns recovery on for the lesson's table.
func enablePITR(api engine.API, _ time.Time) *lessonResult {
	on := true
	out, err := api.UpdateContinuousBackups(kit.Bg, &model.UpdateContinuousBackupsInput{TableName: recoveryTable,
		PointInTimeRecoverySpecification: &model.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: &on}})
	if err != nil {
		return &lessonResult{title: "UpdateContinuousBackups", err: kit.AsModelError(err)}
	}
	return pitrResult("UpdateContinuousBackups", out.ContinuousBackupsDescription)
}

// describePITR reads the lesson's table's recovery window.
func describePITR(api engine.API, _ time.Time) *lessonResult {
	out, err := api.DescribeContinuousBackups(kit.Bg, &model.DescribeContinuousBackupsInput{TableName: recoveryTable})
	if err != nil {
		return &lessonResult{title: "DescribeContinuousBackups", err: kit.AsModelError(err)}
	}
	return pitrResult("DescribeContinuousBackups", out.ContinuousBackupsDescription)
}

// pitrResult is a table's recovery state.
func pitrResult(action string, d *model.ContinuousBackupsDescription) *lessonResult {
	res := &lessonResult{title: action + " · ContinuousBackupsStatus " + d.ContinuousBackupsStatus}
	if p := d.PointInTimeRecoveryDescription; p != nil {
		res.rows = append(res.rows, "PointInTimeRecoveryStatus   "+p.PointInTimeRecoveryStatus)
		if p.RecoveryPeriodInDays != nil {
			res.rows = append(res.rows, fmt.Sprintf("RecoveryPeriodInDays        %d", *p.RecoveryPeriodInDays))
		}
		if p.EarliestRestorableDateTime != nil && p.LatestRestorableDateTime != nil {
			e, l := epochToTime(*p.EarliestRestorableDateTime), epochToTime(*p.LatestRestorableDateTime)
			res.rows = append(res.rows, "EarliestRestorableDateTime  "+clockText(e), "LatestRestorableDateTime    "+clockText(l),
				"window                      "+kit.FmtSpan(l.Sub(e)))
		}
	}
	return res
}

// badBulkUpdate zeroes every price, one UpdateItem per item.
func badBulkUpdate(api engine.API, now time.Time) *lessonResult {
	items, err := scanAll(api, recoveryTable)
	if err != nil {
		return &lessonResult{title: "Scan ProductCatalog", err: kit.AsModelError(err)}
	}
	var wcu float64
	for _, it := range items {
		out, err := api.UpdateItem(kit.Bg, &model.UpdateItemInput{TableName: recoveryTable, Key: model.Item{"Id": it["Id"]},
			UpdateExpression: "SET Price = :zero", ExpressionAttributeValues: vals{":zero": model.N("0")},
			ReturnConsumedCapacity: model.ReturnCapacityTotal})
		if err != nil {
			return &lessonResult{title: "UpdateItem", err: kit.AsModelError(err), changed: true}
		}
		if out.ConsumedCapacity != nil {
			wcu += float64(out.ConsumedCapacity.CapacityUnits)
		}
	}
	return &lessonResult{title: fmt.Sprintf("%d UpdateItem requests · %s WCU", len(items), kit.FmtUnits(wcu)), changed: true,
		notes: []string{"at " + clockText(now) + ": every item of " + recoveryTable + " has Price = 0"}}
}

// restoreBeforeUpdate restores the table to one second before the first
// change since recovery was turned on.
func restoreBeforeUpdate(api engine.API, _ time.Time) *lessonResult {
	const title = "RestoreTableToPointInTime"
	hist, ok := api.(pitrHistory)
	if !ok {
		return &lessonResult{title: title, err: &model.Error{Code: "not available", Message: "this backend has no readable history (a real DynamoDB endpoint)"}}
	}
	// the window to the nanosecond (DescribeContinuousBackups rounds it)
	earliest, latest, err := hist.RestorableWindow(recoveryTable)
	if err != nil {
		return &lessonResult{title: title + " (run step 1 first)", err: kit.AsModelError(err)}
	}
	var first time.Time
	errFound := fmt.Errorf("found")
	err = hist.ChangesBetween(kit.Bg, recoveryTable, earliest, latest, func(c engine.ItemChange) error {
		first = c.At
		return errFound
	})
	if err != nil && err != errFound {
		return &lessonResult{title: title, err: kit.AsModelError(err)}
	}
	if first.IsZero() {
		return &lessonResult{title: title, err: &model.Error{Code: "nothing to undo", Message: "no change since recovery was turned on: run step 3 first"}}
	}
	at := first.Add(-time.Second)
	if at.Before(earliest) {
		at = earliest
	}
	if _, err := api.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: recoveryRestored}); err == nil {
		if _, err := api.DeleteTable(kit.Bg, &model.DeleteTableInput{TableName: recoveryRestored}); err != nil {
			return &lessonResult{title: title, err: kit.AsModelError(err)}
		}
	}
	when := float64(at.UnixMicro()) / 1e6
	out, err := api.RestoreTableToPointInTime(kit.Bg, &model.RestoreTableToPointInTimeInput{SourceTableName: recoveryTable,
		TargetTableName: recoveryRestored, RestoreDateTime: &when})
	if err != nil {
		return &lessonResult{title: title, err: kit.AsModelError(err)}
	}
	n := 0
	if items, err := scanAll(api, recoveryRestored); err == nil {
		n = len(items)
	}
	return &lessonResult{title: fmt.Sprintf("%s → %s · %s", title, out.TableDescription.TableName, kit.NItems(n)), changed: true,
		rows: []string{
			"first write of the update  " + clockText(first),
			"RestoreDateTime            " + clockText(at),
			"SourceTableArn             " + out.TableDescription.RestoreSummary.SourceTableArn,
		}}
}

// compareRestored sets each product's price now beside its price in the
// restored table.
func compareRestored(api engine.API, _ time.Time) *lessonResult {
	now, err := scanAll(api, recoveryTable)
	if err != nil {
		return &lessonResult{title: "Scan " + recoveryTable, err: kit.AsModelError(err)}
	}
	then, err := scanAll(api, recoveryRestored)
	if err != nil {
		return &lessonResult{title: "Scan " + recoveryRestored + " (run step 5 first)", err: kit.AsModelError(err)}
	}
	before := map[string]model.Item{}
	for _, it := range then {
		before[kit.Cell(it["Id"])] = it
	}
	sort.Slice(now, func(i, j int) bool { return idOf(now[i]) < idOf(now[j]) })
	res := &lessonResult{rows: []string{fmt.Sprintf("%-5s %-14s %-14s %s", "Id", "Price now", "Price restored", "")}}
	differ := 0
	for _, it := range now {
		id := kit.Cell(it["Id"])
		old, ok := before[id]
		mark := ""
		switch {
		case !ok:
			mark = "not in the restored table"
		case !kit.SameItem(old, it):
			mark = "← restored"
			differ++
		}
		res.rows = append(res.rows, fmt.Sprintf("%-5s %-14s %-14s %s", id, priceOf(it), priceOf(old), mark))
	}
	res.title = fmt.Sprintf("%s: %s · %s: %s · %d differ", recoveryTable, kit.NItems(len(now)), recoveryRestored, kit.NItems(len(then)), differ)
	return res
}

// scanAll reads every item of a table.
func scanAll(api engine.API, table string) ([]model.Item, error) {
	var items []model.Item
	in := &model.ScanInput{TableName: table}
	for {
		out, err := api.Scan(kit.Bg, in)
		if err != nil {
			return nil, err
		}
		items = append(items, out.Items...)
		if len(out.LastEvaluatedKey) == 0 {
			return items, nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

// idOf is a product's Number Id, for ordering.
func idOf(it model.Item) float64 {
	var f float64
	fmt.Sscan(it["Id"].N, &f)
	return f
}

// priceOf is an item's Price as shown ("—" when it has none).
func priceOf(it model.Item) string {
	if it == nil {
		return ""
	}
	v, ok := it["Price"]
	if !ok {
		return "—"
	}
	return kit.Cell(v)
}

// epochToTime is DynamoDB's epoch seconds as a time.
func epochToTime(s float64) time.Time { return time.UnixMicro(int64(s * 1e6)) }

// clockText is an engine time as the lesson shows it.
func clockText(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05Z") }
