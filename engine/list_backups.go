package engine

import (
	"context"
	"sort"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// ListBackups lists backups, oldest first: of one table (TableName, a name
// or ARN) or all, of a BackupType (USER when left out; ALL for every
// type), created in [TimeRangeLowerBound, TimeRangeUpperBound), at most
// Limit (1 to 100) a page, from after ExclusiveStartBackupArn. A page that
// stops short of the end names its last backup in LastEvaluatedBackupArn.
func (e *Engine) ListBackups(ctx context.Context, in *model.ListBackupsInput) (*model.ListBackupsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	table := ""
	var merr *model.Error
	if in.TableName != "" {
		table, merr = e.tableNameOrArn(&c, in.TableName, "tableName")
	}
	if in.Limit != nil {
		switch l := *in.Limit; {
		case l < 1:
			c.add(l, "limit", "Member must have value greater than or equal to 1")
		case l > 100:
			c.add(l, "limit", "Member must have value less than or equal to 100")
		}
	}
	c.enum(in.BackupType, "backupType", model.BackupTypeUser, model.BackupTypeSystem, model.BackupTypeAWSBackup, model.BackupTypeAll)
	if in.ExclusiveStartBackupArn != "" {
		checkBackupArn(&c, in.ExclusiveStartBackupArn)
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	if merr != nil {
		return nil, merr
	}
	if lo, hi := in.TimeRangeLowerBound, in.TimeRangeUpperBound; lo != nil && hi != nil && *lo > *hi {
		return nil, model.Validation("TimeRangeUpperBound must be greater than or equal to TimeRangeLowerBound")
	}
	typ := in.BackupType
	if typ == "" {
		typ = model.BackupTypeUser
	}
	var all []*backupMeta
	err := e.db.View(func(tx *buntdb.Tx) error {
		var err error
		all, err = e.backups(tx)
		return err
	})
	if err != nil {
		return nil, asError(err)
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].Created != all[j].Created {
			return all[i].Created < all[j].Created
		}
		return all[i].Arn < all[j].Arn
	})
	limit := 100
	if in.Limit != nil {
		limit = *in.Limit
	}
	out := &model.ListBackupsOutput{BackupSummaries: []model.BackupSummary{}}
	started := in.ExclusiveStartBackupArn == ""
	now := epoch(e.now())
	for _, b := range all {
		if b.expired(now) {
			continue
		}
		if !started {
			started = b.Arn == in.ExclusiveStartBackupArn
			continue
		}
		d := &b.Source.Desc
		switch {
		case table != "" && d.TableName != table,
			typ != model.BackupTypeAll && b.Type != typ,
			in.TimeRangeLowerBound != nil && b.Created < *in.TimeRangeLowerBound,
			in.TimeRangeUpperBound != nil && b.Created >= *in.TimeRangeUpperBound:
			continue
		}
		if len(out.BackupSummaries) == limit {
			out.LastEvaluatedBackupArn = out.BackupSummaries[limit-1].BackupArn
			break
		}
		out.BackupSummaries = append(out.BackupSummaries, model.BackupSummary{TableName: d.TableName, TableId: d.TableId,
			TableArn: d.TableArn, BackupArn: b.Arn, BackupName: b.Name, BackupCreationDateTime: b.Created,
			BackupExpiryDateTime: b.Expiry, BackupStatus: model.BackupStatusAvailable, BackupType: b.Type, BackupSizeBytes: b.SizeBytes})
	}
	return out, nil
}
