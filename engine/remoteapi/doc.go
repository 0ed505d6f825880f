// Package remoteapi declares what a remote backend (engine/remote: AWS, or
// any DynamoDB-compatible endpoint) offers beyond engine.API, as small
// interfaces and the plain types they speak, so that the explorer's panes
// use it with type assertions, as they use the embedded engine's extras,
// without linking the remote backend (the AWS SDK):
//
//	Located          where it points and whether it may write (Location)
//	ScanEstimator    the price of reading a table whole (ScanEstimate)
//	TableSurveyor    that read, with progress (Survey, ReadProgress)
//	MetricsReader    CloudWatch's metrics of a table (TableMetrics)
//	ConsumptionMeter what the backend itself consumed (Consumption)
//	StreamReader     the DynamoDB Streams calls a Tail follows
//	SliceCopier      a copy of a table's slice into the embedded engine
//
// and the few helpers that need nothing but these: AccountOf, IsReadOnly,
// EstimateScanOf, NewTail, ListAllTags. engine/remote implements the
// interfaces and names every type here under its old name too.
package remoteapi

import (
	"context"
	"errors"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// ErrReadOnly is the Code of a write refused by a backend opened without
// --write; ReadOnlyMessage completes "read-only: " in the refusal.
const (
	ErrReadOnly     = "read-only"
	ReadOnlyMessage = "start with --write to change this table"
)

// IsReadOnly reports whether err is a backend's read-only refusal.
func IsReadOnly(err error) bool {
	var me *model.Error
	return errors.As(err, &me) && me.Code == ErrReadOnly
}

// DefaultCopyLimit is how many items a slice copy takes unless told.
const DefaultCopyLimit = 1000

// SliceCopier copies a table's schema and a slice of its items into the
// embedded engine dst.
type SliceCopier interface {
	CopySlice(ctx context.Context, dst *engine.Engine, opts CopyOptions) (*CopyReport, error)
}

// Consumption is a backend's meter of its own requests.
type Consumption interface {
	// Totals are what it counted since the backend opened.
	Totals() Totals
	// PerSecond is the last n seconds of table ("" for all tables).
	PerSecond(table string, n int) []Second
}

// ConsumptionMeter is the part of a backend that meters its own requests.
type ConsumptionMeter interface {
	Consumption() Consumption
}

// ListAllTags reads every page of a table's tags (the ARN is the table's
// TableArn).
func ListAllTags(ctx context.Context, api interface {
	ListTagsOfResource(context.Context, *model.ListTagsOfResourceInput) (*model.ListTagsOfResourceOutput, error)
}, arn string) ([]model.Tag, error) {
	var tags []model.Tag
	in := &model.ListTagsOfResourceInput{ResourceArn: &arn}
	for {
		out, err := api.ListTagsOfResource(ctx, in)
		if err != nil {
			return tags, err
		}
		tags = append(tags, out.Tags...)
		if out.NextToken == "" {
			return tags, nil
		}
		in = &model.ListTagsOfResourceInput{ResourceArn: &arn, NextToken: out.NextToken}
	}
}
