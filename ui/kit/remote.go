package kit

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/progress"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remote"
	"github.com/dynoscope/dynoscope/model"
)

// A remote backend (engine/remote: AWS, or any DynamoDB-compatible
// endpoint) has none of the embedded engine's extras; it has its own,
// declared in engine/remote and named here so the panes need no other
// import: where it points and whether it may write, what the explorer
// itself consumed, CloudWatch's metrics, the price of reading a table whole
// and the survey that does it, and a tail of the table's stream.
type (
	// Location tells where a remote backend points.
	Location = remote.Location
	// Located is a remote backend.
	Located = remote.Located
	// ScanEstimate is what reading a whole table would cost.
	ScanEstimate = remote.ScanEstimate
	// ScanEstimator prices a whole-table read.
	ScanEstimator = remote.ScanEstimator
	// Survey is what one read of a whole table found.
	Survey = remote.Survey
	// IndexSurvey is what an index holds of the items read.
	IndexSurvey = remote.IndexSurvey
	// TTLSurvey is the TTL state of the items read.
	TTLSurvey = remote.TTLSurvey
	// ReadProgress is how far a whole-table read has come.
	ReadProgress = remote.ReadProgress
	// SurveyOptions tune a survey.
	SurveyOptions = remote.SurveyOptions
	// TableSurveyor reads a whole table with progress, and can be stopped.
	TableSurveyor = remote.TableSurveyor
	// MetricsReader reads CloudWatch's metrics of a table.
	MetricsReader = remote.MetricsReader
	// TableMetrics are a table's and its GSIs' CloudWatch series.
	TableMetrics = remote.TableMetrics
	// MetricSeries is one CloudWatch metric.
	MetricSeries = remote.MetricSeries
	// MetricPoint is one minute of a CloudWatch metric.
	MetricPoint = remote.MetricPoint
	// MetricsUnavailable says why CloudWatch cannot be read.
	MetricsUnavailable = remote.MetricsUnavailable
	// ConsumptionMeter meters the backend's own requests.
	ConsumptionMeter = remote.ConsumptionMeter
	// Second is one second of the backend's own consumption.
	Second = remote.Second
	// Totals are what the backend consumed since it opened.
	Totals = remote.Totals
	// Tail follows every open shard of a table's stream.
	Tail = remote.Tail
	// TailShard is one shard as a tail sees it.
	TailShard = remote.TailShard
)

// Metric names of CloudWatch's DynamoDB metrics.
const (
	MetricConsumedRead   = remote.MetricConsumedRead
	MetricConsumedWrite  = remote.MetricConsumedWrite
	MetricThrottled      = remote.MetricThrottled
	MetricReadThrottles  = remote.MetricReadThrottles
	MetricWriteThrottles = remote.MetricWriteThrottles
)

// ErrNoStream is the Code of NewTail's error for a table without a stream.
const ErrNoStream = remote.ErrNoStream

// ReadOnlyText is the one-line refusal of a write on a read-only remote
// backend.
const ReadOnlyText = remote.ErrReadOnly + ": " + remote.ReadOnlyMessage

// LocationOf tells where api points when it is a remote backend.
func LocationOf(api engine.API) (Location, bool) {
	l, ok := api.(Located)
	if !ok {
		return Location{}, false
	}
	return l.Location(), true
}

// IsRemote reports whether api is a remote backend.
func IsRemote(api engine.API) bool {
	_, ok := api.(Located)
	return ok
}

// ReadOnly is why api refuses every write ("" when it may write): a
// remote backend opened without --write.
func ReadOnly(api engine.API) string {
	if l, ok := LocationOf(api); ok && !l.Write {
		return ReadOnlyText
	}
	return ""
}

// IsReadOnly reports whether err is a remote backend's read-only refusal.
func IsReadOnly(err error) bool { return remote.IsReadOnly(err) }

// AccountOf is the account ID in a DynamoDB ARN ("" when it has none).
func AccountOf(arn string) string { return remote.AccountOf(arn) }

// NewTail starts following a table's latest stream from LATEST.
func NewTail(ctx context.Context, api remote.StreamReader, table string) (*Tail, error) {
	return remote.NewTail(ctx, api, table)
}

// EstimateOf prices a Scan of a whole table (index "") or index from its
// description (DynamoDB's approximate counts).
func EstimateOf(d *model.TableDescription, index string) (ScanEstimate, error) {
	return remote.EstimateScanOf(d, index)
}

// ListAllTags reads every page of a table's tags (arn is its TableArn).
func ListAllTags(ctx context.Context, api engine.API, arn string) ([]model.Tag, error) {
	return remote.ListAllTags(ctx, api, arn)
}

// Writable returns the bindings of actions that write (edit, delete,
// create, add or drop an index, TTL) as they apply on api: unchanged when
// it may write; on a read-only backend, in the short help one binding that
// says so instead ("read-only --write to change"), and in the full help
// each with the reason. The keys still reach the pane: the root refuses
// them with ReadOnlyText.
func Writable(api engine.API, short bool, bs ...key.Binding) []key.Binding {
	return RefusedKeys(ReadOnly(api), short, bs...)
}

// RefusedKeys is Writable for a component that knows the refusal (why,
// "" when writes are allowed) rather than the backend.
func RefusedKeys(why string, short bool, bs ...key.Binding) []key.Binding {
	if why == "" {
		return bs
	}
	var keys []string
	out := make([]key.Binding, 0, len(bs))
	for _, b := range bs {
		if !b.Enabled() {
			continue
		}
		keys = append(keys, b.Keys()...)
		b.SetHelp(b.Help().Key, b.Help().Desc+" (refused: read-only, start with --write)")
		out = append(out, b)
	}
	if !short {
		return out
	}
	if len(keys) == 0 {
		return nil
	}
	return []key.Binding{key.NewBinding(key.WithKeys(keys...), key.WithHelp("read-only", "(--write)"))}
}

// Approx is a count DynamoDB gives approximately ("~48,000"); exact counts
// (the embedded engine's) are plain.
func Approx(api engine.API, n int64) string {
	if IsRemote(api) {
		return "~" + FmtInt(n)
	}
	return FmtInt(n)
}

// ApproxNote says where a remote backend's counts come from.
const ApproxNote = "~ DynamoDB's counts, refreshed about every 6 hours"

// SurveyState is how far the survey of one table has come: asked, running
// (Progress moves), or over — done, stopped (the items read so far are
// counted), or failed.
type SurveyState struct {
	Table    string
	Estimate ScanEstimate
	Running  bool
	Progress ReadProgress
	// Survey is nil while running, then what was read (Complete false when
	// stopped).
	Survey  *Survey
	Stopped bool
	Err     error
}

// Index is the survey of one index, or nil.
func (s *SurveyState) Index(name string) *IndexSurvey {
	if s == nil || s.Survey == nil {
		return nil
	}
	for i := range s.Survey.Indexes {
		if s.Survey.Indexes[i].Index == name {
			return &s.Survey.Indexes[i]
		}
	}
	return nil
}

// StatusText is a one-line account: "reading Orders: 12,000 of ~48,000
// items · 375 RCU", "read 48,000 items of Orders · 1,500 RCU", "stopped
// after 12,000 items · 375 RCU".
func (s *SurveyState) StatusText() string {
	p := s.Progress
	units := Units(p.Units) + " RCU"
	switch {
	case s.Running:
		of := ""
		if p.EstimatedItems > 0 {
			of = " of ~" + FmtInt(p.EstimatedItems)
		}
		return "reading " + s.Table + ": " + FmtInt(p.Items) + of + " items · " + units
	case s.Err != nil:
		return "reading " + s.Table + " failed after " + Plural(p.Items, "item", "") + " · " + units
	case s.Stopped:
		return "stopped after " + Plural(p.Items, "item", "") + " of " + s.Table + " · " + units
	}
	return "read all " + Plural(p.Items, "item", "") + " of " + s.Table + " · " + units
}

// SurveyMsg asks the root to read Table whole (saying first what that
// costs) to tell what only a read of every item tells on a remote backend:
// the items each index leaves out, the sparse ratios, the TTL states.
type SurveyMsg struct{ Table string }

// StopSurveyMsg asks the root to stop the survey that is running.
type StopSurveyMsg struct{}

// SurveySink takes the survey of a table whenever it changes.
type SurveySink interface {
	SetSurvey(s *SurveyState) tea.Cmd
}

// ProgressBar draws a bubbles/progress bar w cells wide (its percentage
// included) filled to f, rendered statically.
func ProgressBar(st *Styles, f float64, w int) string {
	bar := progress.New(progress.WithColors(st.Fill), progress.WithFillCharacters('█', '░'), progress.WithWidth(max(w, 10)))
	return bar.ViewAs(f)
}

// SurveyLines are the lines a pane shows of a survey that runs or was
// stopped: what it reads, a progress bar, and the stop key.
func SurveyLines(st *Styles, s *SurveyState, w int) []string {
	if s == nil {
		return nil
	}
	switch {
	case s.Running:
		return []string{Cut(s.StatusText(), w), ProgressBar(st, s.Progress.Fraction(), w),
			st.Dim.Render(Cut("S or esc stops (what was read so far is kept)", w))}
	case s.Err != nil:
		return append([]string{Cut(s.StatusText(), w)}, ErrorBox(st, AsModelError(s.Err), w)...)
	case s.Stopped:
		return []string{st.Warn.Render(Cut(s.StatusText()+" · counts cover the items read · S reads it all again", w))}
	}
	return nil
}

// CapacityLines are the lines of a ConsumedCapacity with its share per
// index ("table 0.5 RCU · GSI byDate 0.5 RCU"), for a backend that gives no
// itemised explanation.
func CapacityLines(cc *model.ConsumedCapacity, read bool) []string {
	if cc == nil {
		return nil
	}
	unit := "WCU"
	if read {
		unit = "RCU"
	}
	parts := []string{}
	if cc.Table != nil {
		parts = append(parts, "table "+Units(float64(cc.Table.CapacityUnits))+" "+unit)
	}
	for _, n := range SortedKeys(cc.GlobalSecondaryIndexes) {
		parts = append(parts, "GSI "+n+" "+Units(float64(cc.GlobalSecondaryIndexes[n].CapacityUnits))+" "+unit)
	}
	for _, n := range SortedKeys(cc.LocalSecondaryIndexes) {
		parts = append(parts, "LSI "+n+" "+Units(float64(cc.LocalSecondaryIndexes[n].CapacityUnits))+" "+unit)
	}
	if len(parts) == 0 {
		return nil
	}
	return []string{"consumed (as DynamoDB reported it): " + strings.Join(parts, " · ")}
}
