package remote

import (
	"context"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
)

// The extras of a remote backend are declared in engine/remoteapi (so the
// explorer's panes need not link this package); they keep their names
// here.
type (
	Location           = remoteapi.Location
	Located            = remoteapi.Located
	ScanEstimator      = remoteapi.ScanEstimator
	ScanEstimate       = remoteapi.ScanEstimate
	ReadProgress       = remoteapi.ReadProgress
	TableSurveyor      = remoteapi.TableSurveyor
	SurveyOptions      = remoteapi.SurveyOptions
	Survey             = remoteapi.Survey
	IndexSurvey        = remoteapi.IndexSurvey
	TTLSurvey          = remoteapi.TTLSurvey
	MetricsReader      = remoteapi.MetricsReader
	TableMetrics       = remoteapi.TableMetrics
	MetricSeries       = remoteapi.MetricSeries
	MetricPoint        = remoteapi.MetricPoint
	MetricsUnavailable = remoteapi.MetricsUnavailable
	ConsumptionMeter   = remoteapi.ConsumptionMeter
	Totals             = remoteapi.Totals
	Second             = remoteapi.Second
	IndexUnits         = remoteapi.IndexUnits
	CopyOptions        = remoteapi.CopyOptions
	CopyProgress       = remoteapi.CopyProgress
	CopyReport         = remoteapi.CopyReport
	StreamReader       = remoteapi.StreamReader
	Tail               = remoteapi.Tail
	TailShard          = remoteapi.TailShard
)

// ErrNoStream is the Code of NewTail's error for a table without a stream.
const ErrNoStream = remoteapi.ErrNoStream

// AccountOf returns the account ID in a DynamoDB ARN, or "".
func AccountOf(arn string) string { return remoteapi.AccountOf(arn) }

// EstimateScanOf prices a Scan of a whole table (index "") or index from
// its description.
func EstimateScanOf(d *model.TableDescription, index string) (ScanEstimate, error) {
	return remoteapi.EstimateScanOf(d, index)
}

// EstimateScanFromPage prices a Scan from a first page's item sizes.
func EstimateScanFromPage(d *model.TableDescription, index string, page []model.Item, more bool) (ScanEstimate, error) {
	return remoteapi.EstimateScanFromPage(d, index, page, more)
}

// NewTail starts following a table's latest stream from LATEST.
func NewTail(ctx context.Context, api StreamReader, table string) (*Tail, error) {
	return remoteapi.NewTail(ctx, api, table)
}

var _ remoteapi.SliceCopier = (*Backend)(nil)

// CopySlice copies a table's schema and a slice of its items into dst (see
// the function CopySlice).
func (b *Backend) CopySlice(ctx context.Context, dst *engine.Engine, opts CopyOptions) (*CopyReport, error) {
	return CopySlice(ctx, b, dst, opts)
}
