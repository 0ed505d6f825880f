package engine

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/dynoscope/dynoscope/engine/history"
	"github.com/dynoscope/dynoscope/model"
)

// Shared by the continuous-backup, backup and restore actions: table
// parameters that take a name or an ARN, and the description of a table's
// continuous backups.

// maxTableNameOrArnLen is the length limit of a TableName that may be an
// ARN (UpdateContinuousBackups, DescribeContinuousBackups, CreateBackup).
const maxTableNameOrArnLen = 1024

// tableNameOrArn checks a TableName parameter that may also be the table's
// ARN (into c) and returns the table name it names.
func (e *Engine) tableNameOrArn(c *constraints, value, path string) (string, *model.Error) {
	if value == "" {
		c.add(nil, path, "Member must not be null")
		return "", nil
	}
	if strings.HasPrefix(value, "arn:") {
		if utf8.RuneCountInString(value) > maxTableNameOrArnLen {
			c.add(value, path, "Member must have length less than or equal to 1024")
			return "", nil
		}
		return e.tableOfArn(value)
	}
	c.name(value, path, true)
	return value, nil
}

// tableNotFound is TableNotFoundException, as the backup and PITR actions
// answer for a table that does not exist.
func tableNotFound(name string) *model.Error {
	return model.NewError(model.ErrTableNotFound, "Table not found: %s", name)
}

// continuousBackups describes a table's continuous backups: always
// ENABLED (as DynamoDB reports for every table), with PITR's state and,
// when on, its period and restorable window.
func (e *Engine) continuousBackups(t *table) *model.ContinuousBackupsDescription {
	d := &model.ContinuousBackupsDescription{ContinuousBackupsStatus: model.StatusEnabled}
	earliest, latest, ok := e.window(t)
	if !ok {
		d.PointInTimeRecoveryDescription = &model.PointInTimeRecoveryDescription{PointInTimeRecoveryStatus: model.StatusDisabled}
		return d
	}
	days := t.meta.PITR.PeriodDays
	first, last := epoch(earliest), epoch(latest)
	d.PointInTimeRecoveryDescription = &model.PointInTimeRecoveryDescription{
		PointInTimeRecoveryStatus:  model.StatusEnabled,
		RecoveryPeriodInDays:       &days,
		EarliestRestorableDateTime: &first,
		LatestRestorableDateTime:   &last,
	}
	return d
}

// setPITR replaces the table's PITR setting (nil: off) and, when turning it
// off, removes its history, in one transaction. The caller holds e.mu for
// writing.
func (e *Engine) setPITR(t *table, p *pitrMeta) (*table, error) {
	m := cloneMeta(&t.meta)
	m.PITR = p
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	err = e.update(func(tx *wtx) error {
		if p == nil {
			if _, err := history.Drop(tx, t.name); err != nil {
				return err
			}
		}
		_, _, err := tx.Set(prefixTable+t.name, string(b), nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	t.stats.histOldest.Store(0)
	nt := e.newTable(m, t.stats)
	e.tables[t.name] = nt
	return nt, nil
}
