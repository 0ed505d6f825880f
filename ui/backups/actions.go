package backups

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// stateMsg carries a table's recovery settings and backups.
type stateMsg struct {
	seq     int
	table   string
	pitr    *model.PointInTimeRecoveryDescription
	backups []model.BackupSummary
	err     error
}

// doneMsg is the outcome of a change (a backup made or deleted, PITR
// switched, a table restored): note says what became of it.
type doneMsg struct {
	note     string
	err      error
	newTable string // a table the change made
}

// restoreMsg is the go-ahead of a restore: from a backup (backup set) or
// to a time.
type restoreMsg struct {
	backup model.BackupSummary
	at     time.Time
	source string
	target string
}

// read asks for the table's recovery settings and its backups.
func (p *Model) read() tea.Cmd {
	if p.desc == nil {
		return nil
	}
	p.seq++
	p.stale = false
	seq, api, table := p.seq, p.api, p.desc.TableName
	return func() tea.Msg {
		out := stateMsg{seq: seq, table: table}
		cb, err := api.DescribeContinuousBackups(kit.Bg, &model.DescribeContinuousBackupsInput{TableName: table})
		if err != nil {
			out.err = err
			return out
		}
		if cb.ContinuousBackupsDescription != nil {
			out.pitr = cb.ContinuousBackupsDescription.PointInTimeRecoveryDescription
		}
		in := &model.ListBackupsInput{TableName: table}
		for {
			page, err := api.ListBackups(kit.Bg, in)
			if err != nil {
				out.err = err
				return out
			}
			out.backups = append(out.backups, page.BackupSummaries...)
			if page.LastEvaluatedBackupArn == "" {
				break
			}
			in.ExclusiveStartBackupArn = page.LastEvaluatedBackupArn
		}
		return out
	}
}

// done shows the outcome of a change and reads the table again.
func (p *Model) done(msg doneMsg) tea.Cmd {
	p.result, p.resultErr = msg.note, msg.err
	if msg.err != nil {
		return p.read()
	}
	return tea.Batch(p.read(), kit.Msg(kit.ChangedMsg{Note: msg.note}))
}

// change runs a write that needs no question, unless the backend is
// read-only.
func (p *Model) change(fn func() doneMsg) tea.Cmd {
	if ro := kit.ReadOnly(p.api); ro != "" {
		return p.refuse(ro)
	}
	return func() tea.Msg { return fn() }
}

// togglePITR turns point-in-time recovery on, or (after asking: the
// window's history goes) off.
func (p *Model) togglePITR() tea.Cmd {
	if ro := kit.ReadOnly(p.api); ro != "" {
		return p.refuse(ro)
	}
	table, on := p.Table(), !p.pitrOn()
	set := func() tea.Msg {
		_, err := p.api.UpdateContinuousBackups(kit.Bg, &model.UpdateContinuousBackupsInput{TableName: table,
			PointInTimeRecoverySpecification: &model.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: &on}})
		if err != nil {
			return doneMsg{err: err}
		}
		if on {
			return doneMsg{note: "point-in-time recovery on for " + table + ": restorable from now on"}
		}
		return doneMsg{note: "point-in-time recovery off for " + table + ": its history is gone"}
	}
	if on {
		return set
	}
	return kit.Msg(kit.ConfirmMsg{
		Title: "Point-in-time recovery off for " + table, Yes: "turn it off",
		Body: []string{"The table's history goes with it: no restore or export to a time before the moment it is on again."},
		Then: pitrOffMsg{run: set}, Table: table,
	})
}

// pitrOffMsg is the go-ahead to turn PITR off.
type pitrOffMsg struct{ run tea.Cmd }

// createBackup makes an on-demand backup named after the table and the
// engine's time.
func (p *Model) createBackup() tea.Cmd {
	table, api := p.Table(), p.api
	return p.change(func() doneMsg {
		name := table + "-" + kit.Now(api).UTC().Format("20060102-150405")
		out, err := api.CreateBackup(kit.Bg, &model.CreateBackupInput{TableName: table, BackupName: name})
		if err != nil {
			return doneMsg{err: err}
		}
		return doneMsg{note: "backup " + out.BackupDetails.BackupName + " of " + table + " made"}
	})
}

// askDeleteBackup asks before deleting the backup under the cursor.
func (p *Model) askDeleteBackup() tea.Cmd {
	if p.cursor >= len(p.backups) {
		return nil
	}
	if ro := kit.ReadOnly(p.api); ro != "" {
		return p.refuse(ro)
	}
	b := p.backups[p.cursor]
	return kit.Msg(kit.ConfirmMsg{
		Title: "Delete backup " + b.BackupName, Yes: "delete it",
		Body: []string{fmt.Sprintf("The backup of %s made %s (%s) is deleted; the table is not changed.", b.TableName, when(b.BackupCreationDateTime), kit.HumanBytes(b.BackupSizeBytes))},
		Then: deleteMsg{arn: b.BackupArn, name: b.BackupName}, Table: b.TableName,
	})
}

// deleteMsg is the go-ahead to delete a backup.
type deleteMsg struct{ arn, name string }

// askRestoreBackup names the new table, then asks before restoring the
// backup under the cursor into it.
func (p *Model) askRestoreBackup() tea.Cmd {
	if p.cursor >= len(p.backups) {
		return nil
	}
	if ro := kit.ReadOnly(p.api); ro != "" {
		return p.refuse(ro)
	}
	b, api := p.backups[p.cursor], p.api
	return func() tea.Msg {
		target, err := freeName(api, b.TableName+"-restored")
		if err != nil {
			return doneMsg{err: err}
		}
		return kit.ConfirmMsg{
			Title: "Restore backup " + b.BackupName, Yes: "restore into " + target,
			Body: []string{fmt.Sprintf("A new table %s is made with the items, indexes and settings %s had when the backup was made (%s); %s itself is not changed.",
				target, b.TableName, when(b.BackupCreationDateTime), b.TableName)},
			Then: restoreMsg{backup: b, source: b.TableName, target: target}, Table: b.TableName,
		}
	}
}

// askRestoreToTime asks before restoring the previewed time into a new
// table.
func (p *Model) askRestoreToTime() tea.Cmd {
	pv := p.preview
	if ro := kit.ReadOnly(p.api); ro != "" {
		return p.refuse(ro)
	}
	api, table := p.api, p.Table()
	return func() tea.Msg {
		target, err := freeName(api, table+"-"+pv.at.UTC().Format("150405"))
		if err != nil {
			return doneMsg{err: err}
		}
		return kit.ConfirmMsg{
			Title: "Restore " + table + " to " + stamp(pv.at), Yes: "restore into " + target,
			Body: []string{fmt.Sprintf("A new table %s is made with the %s %s held at %s (it holds %s now); %s itself is not changed.",
				target, kit.NItems(pv.then), table, stamp(pv.at), kit.NItems(pv.now), table)},
			Then: restoreMsg{at: pv.at, source: table, target: target}, Table: table,
		}
	}
}

// restore runs a restore the user agreed to.
func (p *Model) restore(r restoreMsg) tea.Cmd {
	api := p.api
	return func() tea.Msg {
		var d *model.TableDescription
		if r.backup.BackupArn != "" {
			out, err := api.RestoreTableFromBackup(kit.Bg, &model.RestoreTableFromBackupInput{TargetTableName: r.target, BackupArn: r.backup.BackupArn})
			if err != nil {
				return doneMsg{err: err}
			}
			d = out.TableDescription
		} else {
			at := float64(r.at.UnixMicro()) / 1e6
			out, err := api.RestoreTableToPointInTime(kit.Bg, &model.RestoreTableToPointInTimeInput{SourceTableName: r.source, TargetTableName: r.target, RestoreDateTime: &at})
			if err != nil {
				return doneMsg{err: err}
			}
			d = out.TableDescription
		}
		if out, err := api.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: d.TableName}); err == nil {
			d = out.Table
		}
		from := "backup " + r.backup.BackupName
		if r.backup.BackupArn == "" {
			from = r.source + " at " + stamp(r.at)
		}
		return doneMsg{note: fmt.Sprintf("restored %s into %s (%s)", from, d.TableName, kit.NItems(int(d.ItemCount))), newTable: d.TableName}
	}
}

// freeName is base, or base-2, base-3 … the first no table has.
func freeName(api engine.API, base string) (string, error) {
	taken := map[string]bool{}
	in := &model.ListTablesInput{}
	for {
		out, err := api.ListTables(kit.Bg, in)
		if err != nil {
			return "", err
		}
		for _, n := range out.TableNames {
			taken[n] = true
		}
		if out.LastEvaluatedTableName == "" {
			break
		}
		in.ExclusiveStartTableName = out.LastEvaluatedTableName
	}
	name := base
	for i := 2; taken[name]; i++ {
		name = fmt.Sprintf("%s-%d", base, i)
	}
	return name, nil
}

// when is a DynamoDB epoch time as the view shows it.
func when(epoch float64) string {
	return stamp(time.UnixMicro(int64(epoch * 1e6)))
}

// stamp is a time as the view shows it: "2026-11-22 10:41:07Z".
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05Z") }

// epochTime is a DynamoDB epoch time.
func epochTime(p *float64) time.Time {
	if p == nil {
		return time.Time{}
	}
	return time.UnixMicro(int64(*p * 1e6))
}

// parseTime reads the time typed: a duration before the latest
// restorable time ("5m", "1h30m", "2d"), a time of day on its day
// ("10:31", "10:31:07", UTC), or a whole RFC 3339 time.
func parseTime(s string, latest time.Time) (time.Time, error) {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "-"))
	if s == "" {
		return latest, nil
	}
	if d, err := kit.ParseSpan(s, kit.MaxSpan); err == nil { // 5m, 1h30m, 2d, 1d12h: the clock's spans
		return latest.Add(-d), nil
	}
	for _, layout := range []string{"15:04:05", "15:04"} {
		if c, err := time.Parse(layout, s); err == nil {
			y, m, d := latest.UTC().Date()
			return time.Date(y, m, d, c.Hour(), c.Minute(), c.Second(), 0, time.UTC), nil
		}
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05Z", "2006-01-02T15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not a time: type how long before the latest restorable time (5m, 1h30m, 2d, 1d12h), a time of day (10:31:07, UTC) or an RFC 3339 time", s)
}
