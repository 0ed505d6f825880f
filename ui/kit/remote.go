package kit

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/progress"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
)

// A remote backend (engine/remote: AWS, or any DynamoDB-compatible
// endpoint) has none of the embedded engine's extras; it has its own,
// declared as small interfaces in engine/remoteapi, which the panes check
// with type assertions as they check the engine's. Here: the few helpers
// every pane shares over them.

// ReadOnlyText is the one-line refusal of a write on a read-only remote
// backend.
const ReadOnlyText = remoteapi.ErrReadOnly + ": " + remoteapi.ReadOnlyMessage

// LocationOf tells where api points when it is a remote backend.
func LocationOf(api engine.API) (remoteapi.Location, bool) {
	l, ok := api.(remoteapi.Located)
	if !ok {
		return remoteapi.Location{}, false
	}
	return l.Location(), true
}

// IsRemote reports whether api is a remote backend.
func IsRemote(api engine.API) bool {
	_, ok := api.(remoteapi.Located)
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
	Estimate remoteapi.ScanEstimate
	Running  bool
	Progress remoteapi.ReadProgress
	// Survey is nil while running, then what was read (Complete false when
	// stopped).
	Survey  *remoteapi.Survey
	Stopped bool
	Err     error
}

// Index is the survey of one index, or nil.
func (s *SurveyState) Index(name string) *remoteapi.IndexSurvey {
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
