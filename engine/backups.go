package engine

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// On-demand backups are kept in the workspace itself (in memory for a
// memory workspace), under two prefixes:
//
//	K/<backup id>            the backup's description (backupMeta, JSON)
//	B/<backup id>/<suffix>   each item, stored bytes as under D/<table>/
//
// A backup is written in one transaction that copies the table's items,
// so it is a consistent snapshot; it outlives its source table.
const (
	prefixBackup     = "K/"
	prefixBackupData = "B/"
)

// systemBackupRetention is how long the SYSTEM backup of a table deleted
// with PITR on is kept.
const systemBackupRetention = 35 * 24 * time.Hour

// backupMeta is a backup as stored.
type backupMeta struct {
	Arn       string   `json:"Arn"`
	Name      string   `json:"Name"`
	Type      string   `json:"Type"` // USER or SYSTEM
	Created   float64  `json:"Created"`
	Expiry    *float64 `json:"Expiry,omitempty"`
	SizeBytes int64    `json:"SizeBytes"`
	ItemCount int64    `json:"ItemCount"`
	// Source is the table's metadata when the backup was taken.
	Source tableMeta `json:"Source"`
}

// backupID returns the id part of a backup ARN's last segment.
func backupIDOf(arn string) string {
	return arn[strings.LastIndexByte(arn, '/')+1:]
}

// newBackupArn returns a new backup ARN for a table, with DynamoDB's id
// shape: the creation time in milliseconds (14 digits), a dash and 8 hex
// digits.
func (e *Engine) newBackupArn(tableArn string, createdMillis int64) string {
	var b [4]byte
	rand.Read(b[:])
	return fmt.Sprintf("%s/backup/%014d-%s", tableArn, createdMillis, hex.EncodeToString(b[:]))
}

// backupDataPrefix is B/<id>/.
func backupDataPrefix(id string) string { return prefixBackupData + id + "/" }

// takeBackup writes a backup of t in one transaction: its description and
// a copy of every item. The caller holds e.mu (read or write).
func (e *Engine) takeBackup(t *table, name, typ string, expiry *float64) (*backupMeta, error) {
	now := e.now()
	b := &backupMeta{Arn: e.newBackupArn(t.meta.Desc.TableArn, now.UnixMilli()), Name: name, Type: typ,
		Created: epoch(now), Expiry: expiry, Source: *cloneMeta(&t.meta)}
	b.Source.Desc = *t.describe()
	b.Source.Desc.RestoreSummary = nil
	b.Source.PITR, b.Source.Loading, b.Source.Design = nil, "", nil
	b.ItemCount, b.SizeBytes = b.Source.Desc.ItemCount, b.Source.Desc.TableSizeBytes
	prefix := backupDataPrefix(backupIDOf(b.Arn))
	err := e.update(func(tx *wtx) error {
		var keys, values []string
		tx.AscendGreaterOrEqual("", t.dataPrefix, func(k, v string) bool {
			if !strings.HasPrefix(k, t.dataPrefix) {
				return false
			}
			keys = append(keys, k[len(t.dataPrefix):])
			values = append(values, v)
			return true
		})
		for i, k := range keys {
			if _, _, err := tx.Set(prefix+k, values[i], nil); err != nil {
				return err
			}
		}
		v, err := json.Marshal(b)
		if err != nil {
			return err
		}
		if _, _, err = tx.Set(prefixBackup+backupIDOf(b.Arn), string(v), nil); err != nil {
			return err
		}
		return e.dropExpiredBackups(tx, b.Created)
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// dropExpiredBackups deletes, in tx, the backups whose expiry (a SYSTEM
// backup's) is past at now (epoch seconds).
func (e *Engine) dropExpiredBackups(tx *wtx, now float64) error {
	all, err := e.backups(tx.Tx)
	if err != nil {
		return err
	}
	for _, b := range all {
		if b.Expiry != nil && *b.Expiry <= now {
			if err := dropBackup(tx, backupIDOf(b.Arn)); err != nil {
				return err
			}
		}
	}
	return nil
}

// expired reports whether a backup's expiry is past at now (epoch seconds).
func (b *backupMeta) expired(now float64) bool { return b.Expiry != nil && *b.Expiry <= now }

// readBackup returns the backup an ARN names, or nil.
func (e *Engine) readBackup(tx *buntdb.Tx, arn string) (*backupMeta, error) {
	if !strings.Contains(arn, "/backup/") {
		return nil, nil
	}
	v, err := tx.Get(prefixBackup + backupIDOf(arn))
	if err == buntdb.ErrNotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var b backupMeta
	if err := json.Unmarshal([]byte(v), &b); err != nil {
		return nil, fmt.Errorf("the description of backup %s cannot be read: %w", arn, err)
	}
	if b.Arn != arn || b.expired(epoch(e.now())) {
		return nil, nil
	}
	return &b, nil
}

// backups returns every backup, in the order they were stored (by id).
func (e *Engine) backups(tx *buntdb.Tx) ([]*backupMeta, error) {
	var out []*backupMeta
	var bad error
	tx.AscendGreaterOrEqual("", prefixBackup, func(k, v string) bool {
		if !strings.HasPrefix(k, prefixBackup) {
			return false
		}
		var b backupMeta
		if err := json.Unmarshal([]byte(v), &b); err != nil {
			bad = fmt.Errorf("the description of backup %s cannot be read: %w", k[len(prefixBackup):], err)
			return false
		}
		out = append(out, &b)
		return true
	})
	return out, bad
}

// backupNotFound is BackupNotFoundException.
func backupNotFound(arn string) *model.Error {
	return model.NewError(model.ErrBackupNotFound, "Backup not found: %s", arn)
}

// details is the BackupDetails of a backup.
func (b *backupMeta) details(status string) *model.BackupDetails {
	size := b.SizeBytes
	return &model.BackupDetails{BackupArn: b.Arn, BackupName: b.Name, BackupSizeBytes: &size, BackupStatus: status,
		BackupType: b.Type, BackupCreationDateTime: b.Created, BackupExpiryDateTime: b.Expiry}
}

// description is the BackupDescription of a backup.
func (b *backupMeta) description(status string) *model.BackupDescription {
	d := &b.Source.Desc
	src := &model.SourceTableDetails{TableName: d.TableName, TableId: d.TableId, TableArn: d.TableArn,
		TableSizeBytes: b.SizeBytes, KeySchema: d.KeySchema, TableCreationDateTime: d.CreationDateTime,
		ItemCount: b.ItemCount, BillingMode: model.BillingProvisioned}
	if d.BillingModeSummary != nil {
		src.BillingMode = d.BillingModeSummary.BillingMode
	}
	r, w := int64(0), int64(0)
	if d.ProvisionedThroughput != nil {
		r, w = d.ProvisionedThroughput.ReadCapacityUnits, d.ProvisionedThroughput.WriteCapacityUnits
	}
	src.ProvisionedThroughput = &model.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}
	if src.BillingMode == model.BillingPayPerRequest {
		src.OnDemandThroughput = d.OnDemandThroughput
	}
	f := &model.SourceTableFeatureDetails{}
	for _, l := range d.LocalSecondaryIndexes {
		f.LocalSecondaryIndexes = append(f.LocalSecondaryIndexes, model.LocalSecondaryIndexInfo{IndexName: l.IndexName, KeySchema: l.KeySchema, Projection: l.Projection})
	}
	for _, g := range d.GlobalSecondaryIndexes {
		gi := model.GlobalSecondaryIndexInfo{IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection}
		if pt := g.ProvisionedThroughput; pt != nil {
			r, w := pt.ReadCapacityUnits, pt.WriteCapacityUnits
			gi.ProvisionedThroughput = &model.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}
		}
		gi.OnDemandThroughput = g.OnDemandThroughput
		f.GlobalSecondaryIndexes = append(f.GlobalSecondaryIndexes, gi)
	}
	if s := d.StreamSpecification; s != nil && s.StreamEnabled {
		cp := *s
		f.StreamDescription = &cp
	}
	if (b.Source.TTL.Status == ttlEnabled || b.Source.TTL.Status == ttlEnabling) && b.Source.TTL.AttributeName != "" {
		f.TimeToLiveDescription = &model.TimeToLiveDescription{TimeToLiveStatus: model.StatusEnabled, AttributeName: b.Source.TTL.AttributeName}
	}
	return &model.BackupDescription{BackupDetails: b.details(status), SourceTableDetails: src, SourceTableFeatureDetails: f}
}

// checkBackupArn checks a BackupArn parameter (into c): given, 37 to 1024
// characters.
func checkBackupArn(c *constraints, arn string) {
	switch n := len([]rune(arn)); {
	case arn == "":
		c.add(nil, "backupArn", "Member must not be null")
	case n < 37:
		c.add(arn, "backupArn", "Member must have length greater than or equal to 37")
	case n > 1024:
		c.add(arn, "backupArn", "Member must have length less than or equal to 1024")
	}
}
