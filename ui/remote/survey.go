package remote

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Surveys are the reads of whole tables of one workspace: what each found
// (by table) and the one running.
type Surveys struct {
	api     engine.API
	loc     *remoteapi.Location
	states  map[string]*kit.SurveyState // by table
	running *surveyRun
}

// NewSurveys returns the surveys of the workspace api (loc: where a remote
// backend points, nil for an engine).
func NewSurveys(api engine.API, loc *remoteapi.Location) *Surveys {
	return &Surveys{api: api, loc: loc, states: map[string]*kit.SurveyState{}}
}

// surveyRun is the survey running.
type surveyRun struct {
	table    string
	cancel   context.CancelFunc
	ch       chan remoteapi.ReadProgress
	stopping bool // S was pressed: the read ends after its page in flight
}

// SurveyMsg announces the survey of a table as it now stands (asked,
// running, or over); Note is what the status bar flashes ("" for none).
type SurveyMsg struct {
	State *kit.SurveyState
	Note  string
}

// estimateMsg carries what reading a table whole would cost.
type estimateMsg struct {
	table string
	est   remoteapi.ScanEstimate
	err   error
}

// startMsg: the user agreed to read the table whole.
type startMsg struct {
	table string
	est   remoteapi.ScanEstimate
}

// progressMsg is how far the survey has come.
type progressMsg struct {
	run *surveyRun
	p   remoteapi.ReadProgress
	ok  bool // false: the channel closed (the survey returned)
}

// doneMsg is the survey's end.
type doneMsg struct {
	run *surveyRun
	s   *remoteapi.Survey
	err error
}

// Of is the survey of table, or nil.
func (s *Surveys) Of(table string) *kit.SurveyState { return s.states[table] }

// Running reports whether a survey is running.
func (s *Surveys) Running() bool { return s.running != nil }

// StatusText is the status bar's account of the survey running ("" when
// none is).
func (s *Surveys) StatusText() string {
	if s.running == nil {
		return ""
	}
	if s.running.stopping {
		return "stopping the read of " + s.running.table + "…"
	}
	if st := s.states[s.running.table]; st != nil {
		return "S stops · " + st.StatusText()
	}
	return ""
}

// Close stops the survey running.
func (s *Surveys) Close() {
	if s.running != nil {
		s.running.cancel()
	}
}

func flash(text string) tea.Cmd { return kit.Msg(kit.FlashMsg{Text: text}) }

// Toggle is S: it stops the survey running, or asks about reading table.
func (s *Surveys) Toggle(table string) tea.Cmd {
	if s.running != nil {
		return s.Stop()
	}
	return s.Ask(table)
}

// Ask prices a read of table and asks before it; on a running survey, it
// says how to stop it.
func (s *Surveys) Ask(table string) tea.Cmd {
	est, ok := s.api.(remoteapi.ScanEstimator)
	if _, surveys := s.api.(remoteapi.TableSurveyor); !ok || !surveys {
		return flash("S reads a remote table whole: the embedded engine's panes know this without reading")
	}
	if table == "" {
		return flash("select a table first")
	}
	if r := s.running; r != nil {
		return flash("reading " + r.table + " already: S stops it")
	}
	return func() tea.Msg {
		e, err := est.EstimateScan(kit.Bg, table, "")
		return estimateMsg{table: table, est: e, err: err}
	}
}

// Stop stops the survey running. Its status says so until the survey's
// end says what was read: a flash here would race that end (both come
// from commands), and could land after it and hide it.
func (s *Surveys) Stop() tea.Cmd {
	if r := s.running; r != nil {
		r.stopping = true
		r.cancel()
	}
	return nil
}

// Update takes the estimate, the answer, the progress and the end of a
// survey.
func (s *Surveys) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case estimateMsg:
		return s.onEstimate(msg)
	case startMsg:
		return s.start(msg)
	case progressMsg:
		return s.onProgress(msg)
	case doneMsg:
		return s.onDone(msg)
	}
	return nil
}

// onEstimate asks whether to read the table, saying what it costs.
func (s *Surveys) onEstimate(msg estimateMsg) tea.Cmd {
	if msg.err != nil {
		return flash("cannot price a read of " + msg.table + ": " + msg.err.Error())
	}
	where := "the endpoint " + s.loc.Endpoint
	if s.loc.Endpoint == "" {
		where = "AWS " + s.loc.Region + ": the read units are billed (on a provisioned table they count against its read capacity, and may throttle other readers)"
	}
	body := []string{
		msg.est.String(),
		"",
		"Reading every item of " + msg.table + " tells what DynamoDB does not: the items each index leaves out and why, each index's sparse ratio, and the TTL state of every item. It reads eventually consistent Scan pages of up to 1 MB from " + where + ".",
		"",
		"The estimate comes from DynamoDB's approximate item count and size. S (or esc in the pane showing it) stops the read at any time; what was read is kept.",
	}
	return kit.Msg(kit.ConfirmMsg{Title: "Read all of " + msg.table + "?", Yes: "read it", Body: body,
		Then: startMsg{table: msg.table, est: msg.est}})
}

// start reads the table whole in a command; progress comes through a
// channel another command reads.
func (s *Surveys) start(msg startMsg) tea.Cmd {
	sv, ok := s.api.(remoteapi.TableSurveyor)
	if !ok || s.running != nil {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := &surveyRun{table: msg.table, cancel: cancel, ch: make(chan remoteapi.ReadProgress, 1)}
	s.running = run
	st := &kit.SurveyState{Table: msg.table, Estimate: msg.est, Running: true,
		Progress: remoteapi.ReadProgress{Table: msg.table, EstimatedItems: msg.est.Items}}
	announce := s.set(st, "")
	read := func() tea.Msg {
		found, err := sv.SurveyTable(ctx, run.table, remoteapi.SurveyOptions{Limit: kit.LeftOutLimit, Now: time.Now()}, func(p remoteapi.ReadProgress) {
			select { // the newest progress replaces one not read yet
			case run.ch <- p:
			default:
				select {
				case <-run.ch:
				default:
				}
				select {
				case run.ch <- p:
				default:
				}
			}
		})
		close(run.ch)
		return doneMsg{run: run, s: found, err: err}
	}
	return tea.Batch(announce, read, wait(run))
}

// wait reads the survey's next progress.
func wait(run *surveyRun) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-run.ch
		return progressMsg{run: run, p: p, ok: ok}
	}
}

// onProgress moves the progress on.
func (s *Surveys) onProgress(msg progressMsg) tea.Cmd {
	if !msg.ok || s.running != msg.run {
		return nil
	}
	prev := s.states[msg.run.table]
	if prev == nil || !prev.Running {
		return nil
	}
	st := *prev
	st.Progress = msg.p
	return tea.Batch(s.set(&st, ""), wait(msg.run))
}

// onDone keeps what the survey found (all of it, or what was read before
// it was stopped).
func (s *Surveys) onDone(msg doneMsg) tea.Cmd {
	if s.running == msg.run {
		s.running = nil
	}
	msg.run.cancel()
	prev := s.states[msg.run.table]
	st := &kit.SurveyState{Table: msg.run.table, Survey: msg.s}
	if prev != nil {
		st.Estimate = prev.Estimate
		st.Progress = prev.Progress
	}
	if msg.s != nil {
		st.Progress = msg.s.Progress
	}
	switch {
	case errors.Is(msg.err, context.Canceled):
		st.Stopped = true
	case msg.err != nil:
		st.Err = msg.err
	}
	return s.set(st, st.StatusText())
}

// set keeps a table's survey and announces it.
func (s *Surveys) set(st *kit.SurveyState, note string) tea.Cmd {
	s.states[st.Table] = st
	return kit.Msg(SurveyMsg{State: st, Note: note})
}
