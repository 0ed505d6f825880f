package ttl

import (
	"fmt"
	"sort"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// remoteLines draws the TTL pane on a remote backend: the setting, then
// the states of the items read (when the table was read whole), or how to
// learn them.
func (p *Model) remoteLines() []string {
	st := p.st
	status, attr := "DISABLED", ""
	if p.info != nil && p.info.TTL != nil {
		if p.info.TTL.TimeToLiveStatus != "" {
			status = p.info.TTL.TimeToLiveStatus
		}
		attr = p.info.TTL.AttributeName
	}
	var out []string
	add := func(s ...string) { out = append(out, s...) }
	if status != ttlEnabled && status != "ENABLING" {
		add(kit.TitleLine(st, p.table, "TTL "+status, p.w), "")
		add(kit.Wrap("Time to live is off for this table: no item expires, whatever its attributes say.", p.w)...)
		return out
	}
	add(kit.TitleLine(st, p.table, "TTL "+status+" on "+attr+" · DynamoDB deletes expired items within a few days", p.w))
	sv := p.survey
	lines := kit.SurveyLines(st, sv, p.w)
	if sv == nil || (sv.Survey == nil && !sv.Running && sv.Err == nil) {
		add("")
		add(kit.Wrap("Which items are due, expired but still returned by reads, or ignored (not a Number, or more than five years past) is known only by reading every item of the table. S says what that costs and asks before reading.", p.w)...)
		return append(out, p.remoteRecentLines()...)
	}
	add(lines...)
	if sv.Survey == nil || sv.Survey.TTL == nil {
		return append(out, p.remoteRecentLines()...)
	}
	res := p.res
	if res == nil {
		return out
	}
	c := res.Counts
	add(kit.Cut(fmt.Sprintf("%s due · %s · %s · %s · %s without %s", kit.FmtInt(int64(c.DueLater)),
		st.Warn.Render(fmt.Sprintf("! %s expired, still returned by reads until deleted", kit.FmtInt(int64(c.ExpiredPending)))),
		st.Dim.Render(fmt.Sprintf("~ %s too old", kit.FmtInt(int64(c.TooOld)))), st.Dim.Render("- "+kit.FmtInt(int64(c.NotNumber))+" not a Number"),
		kit.FmtInt(sv.Survey.TTL.Without), attr), p.w))
	if listed := len(res.Items) + len(res.NotNumber); int64(listed) < int64(c.DueLater+c.ExpiredPending+c.TooOld+c.NotNumber) {
		add(st.Dim.Render(kit.Cut(fmt.Sprintf("the first %s of each state are listed", kit.FmtInt(int64(kit.LeftOutLimit))), p.w)))
	}
	add("")
	add(st.Header.Render(p.row(" ", "state", "expires (UTC)", "countdown", "key ("+joinKeys(p.keyNs)+")")))
	for _, it := range res.Items {
		add(p.itemLine(it))
	}
	for _, it := range res.NotNumber {
		add(p.itemLine(it))
	}
	if len(res.Items)+len(res.NotNumber) == 0 {
		add(st.Dim.Render("  No item read has a " + attr + " attribute."))
	}
	return append(out, p.remoteRecentLines()...)
}

// judge works out the TTL view of the survey's items at the pane's wall
// time (on a remote backend).
func (p *Model) judge() {
	p.res = nil
	if p.survey != nil && p.survey.Survey != nil && p.survey.Survey.TTL != nil {
		p.res = p.fromSurvey(p.survey.Survey.TTL)
	}
}

// fromSurvey is the TTL view of the items read, their states judged again
// at the pane's wall time (an item due when read may have expired since).
func (p *Model) fromSurvey(t *remoteapi.TTLSurvey) *engine.TTLViewResult {
	now := p.now
	if now.IsZero() {
		now = t.Now
	}
	res := &engine.TTLViewResult{Table: p.table, Status: t.Status, AttributeName: t.AttributeName, Now: now}
	for _, state := range []string{engine.TTLDueLater, engine.TTLExpiredPending, engine.TTLTooOld, engine.TTLNotNumber} {
		for _, it := range t.Items[state] {
			it.State, it.Expiry = engine.TTLStateOf(it.Value, now)
			if it.State == engine.TTLNotNumber {
				res.NotNumber = append(res.NotNumber, it)
			} else {
				res.Items = append(res.Items, it)
			}
		}
	}
	sort.SliceStable(res.Items, func(i, j int) bool { return res.Items[i].Expiry.Before(res.Items[j].Expiry) })
	// the counts are over every item read; the states move with time only
	// for the items listed, so a count moves from due to expired as the
	// listed items pass their expiry
	c := &res.Counts
	c.DueLater, c.ExpiredPending = int(t.Counts[engine.TTLDueLater]), int(t.Counts[engine.TTLExpiredPending])
	c.TooOld, c.NotNumber, c.NotNumberComplete = int(t.Counts[engine.TTLTooOld]), int(t.Counts[engine.TTLNotNumber]), true
	for _, it := range t.Items[engine.TTLDueLater] {
		if s, _ := engine.TTLStateOf(it.Value, now); s != engine.TTLDueLater {
			c.DueLater--
			c.ExpiredPending++
		}
	}
	return res
}

// remoteRecentLines are the TTL deletions read from the table's stream
// (its last 24 hours, then as they come), or why there are none to read.
func (p *Model) remoteRecentLines() []string {
	st := p.st
	s := &p.stream
	out := append([]string{""}, kit.HeadNote(st, "Deleted by TTL", "(REMOVE records by dynamodb.amazonaws.com in the table's stream)", p.w)...)
	switch {
	case s.none || !p.hasStream():
		return append(out, kit.WrapIndented(st.Dim, "  ", "This table has no stream, so its TTL deletions cannot be read: a stream (UpdateTable StreamSpecification) records them from the moment it is on.", p.w)...)
	case s.err != nil:
		return append(out, kit.ErrorBox(st, kit.AsModelError(s.err), p.w)...)
	case s.tail == nil || (!s.caught && len(s.deleted) == 0):
		return append(out, st.Dim.Render(kit.Cut("  reading the stream (the records of its last 24 hours)…", p.w)))
	}
	if len(s.deleted) == 0 {
		return append(out, st.Dim.Render(kit.Cut("  none in the stream's last 24 hours", p.w)))
	}
	now := p.now // the wall time of the pane's last look
	if now.IsZero() {
		now = s.deleted[len(s.deleted)-1].At
	}
	return append(out, p.deletionLines(s.deleted, now)...)
}

func joinKeys(names []string) string {
	out := ""
	for i, n := range kit.NonEmpty(names) {
		if i > 0 {
			out += " · "
		}
		out += n
	}
	return out
}
