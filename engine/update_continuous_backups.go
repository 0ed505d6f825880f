package engine

import (
	"context"
	"fmt"

	"github.com/dynoscope/dynoscope/model"
)

// UpdateContinuousBackups turns point-in-time recovery on or off, with a
// recovery period of 1 to 35 days (RecoveryPeriodInDays, 35 when left
// out). Turning it on starts the table's history now; turning it off
// removes the history; changing the period of a table with PITR on keeps
// the history (a shorter period drops what falls out of it as the table is
// written).
func (e *Engine) UpdateContinuousBackups(ctx context.Context, in *model.UpdateContinuousBackupsInput) (*model.UpdateContinuousBackupsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	name, merr := e.tableNameOrArn(&c, in.TableName, "tableName")
	spec := in.PointInTimeRecoverySpecification
	switch {
	case spec == nil:
		c.add(nil, "pointInTimeRecoverySpecification", "Member must not be null")
	case spec.PointInTimeRecoveryEnabled == nil:
		c.add(nil, "pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled", "Member must not be null")
	}
	if spec != nil && spec.RecoveryPeriodInDays != nil {
		switch d := *spec.RecoveryPeriodInDays; {
		case d < 1:
			c.add(d, "pointInTimeRecoverySpecification.recoveryPeriodInDays", "Member must have value greater than or equal to 1")
		case d > 35:
			c.add(d, "pointInTimeRecoverySpecification.recoveryPeriodInDays", "Member must have value less than or equal to 35")
		}
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	if merr != nil {
		return nil, merr
	}
	enable := *spec.PointInTimeRecoveryEnabled
	if !enable && spec.RecoveryPeriodInDays != nil {
		return nil, model.Validation("RecoveryPeriodInDays can only be specified when PointInTimeRecoveryEnabled is true")
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	t := e.tables[name]
	if t == nil || t.meta.Desc.TableStatus == model.StatusCreating {
		return nil, tableNotFound(name)
	}
	var p *pitrMeta
	if enable {
		days := defaultRecoveryPeriodDays
		if spec.RecoveryPeriodInDays != nil {
			days = *spec.RecoveryPeriodInDays
		}
		p = &pitrMeta{PeriodDays: days, EnabledAt: e.now().UnixNano()}
		if old := t.meta.PITR; old != nil {
			p.EnabledAt, p.Schemas = old.EnabledAt, old.Schemas
		} else {
			p.Schemas = []pitrSchema{{At: p.EnabledAt, Schema: restorableSchema(&t.meta.Desc)}}
		}
	}
	nt, err := e.setPITR(t, p)
	if err != nil {
		return nil, asError(fmt.Errorf("saving the table's point-in-time recovery: %w", err))
	}
	return &model.UpdateContinuousBackupsOutput{ContinuousBackupsDescription: e.continuousBackups(nt)}, nil
}
