package ttl

import (
	"errors"
	"math"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// On a remote backend the TTL deletions are read from the table's stream
// (only when it has one; nothing is written): DescribeStream and
// GetRecords from TRIM_HORIZON, so the deletions of the stream's last 24
// hours show, then every second while the pane is on screen. A REMOVE
// record whose userIdentity is Type "Service", PrincipalId
// "dynamodb.amazonaws.com" is a TTL deletion (AWS: "Time to Live (TTL)
// and DynamoDB Streams": the records of TTL deletes carry that identity;
// a user's delete carries none).

// streamPollEvery is how often the stream is read once caught up.
const streamPollEvery = time.Second

// ttlStream is the pane's reading of a remote table's stream.
type ttlStream struct {
	table   string
	seq     int
	tail    *remoteapi.Tail
	none    bool // the table has no stream
	err     error
	started bool
	caught  bool // a read returned nothing new: the stream's past is read
	deleted []engine.TTLDeletion
	polling bool
}

// tailOpenedMsg carries the tail of a table's stream, from its start.
type tailOpenedMsg struct {
	seq  int
	tail *remoteapi.Tail
	err  error
}

// tailReadMsg carries one read of every shard of the tail.
type tailReadMsg struct {
	seq  int
	recs []model.Record
	err  error
}

// hasStream reports whether the table shown has a stream turned on.
func (p *Model) hasStream() bool {
	if p.info == nil || p.info.Desc == nil {
		return false
	}
	spec := p.info.Desc.StreamSpecification
	return spec != nil && spec.StreamEnabled
}

// followStream starts reading the table's stream from its start when the
// pane is on screen on a remote table with a stream, or goes on reading.
func (p *Model) followStream() tea.Cmd {
	if !kit.IsRemote(p.api) || !p.shown || p.table == "" {
		return nil
	}
	s := &p.stream
	if s.table != p.table {
		*s = ttlStream{table: p.table, seq: s.seq + 1}
	}
	if !p.hasStream() {
		s.none = true
		return nil
	}
	sa, ok := p.api.(kit.StreamsAPI)
	if !ok {
		s.none = true
		return nil
	}
	if s.tail != nil {
		return p.readStream(0)
	}
	if s.started {
		return nil
	}
	s.started = true
	seq, table := s.seq, p.table
	return func() tea.Msg {
		t, err := remoteapi.NewTailFromStart(kit.Bg, sa, table)
		return tailOpenedMsg{seq: seq, tail: t, err: err}
	}
}

// readStream reads every shard of the tail once, after delay.
func (p *Model) readStream(delay time.Duration) tea.Cmd {
	s := &p.stream
	if s.tail == nil || s.polling {
		return nil
	}
	s.polling = true
	t, seq := s.tail, s.seq
	read := func() tea.Msg {
		recs, err := t.Poll(kit.Bg)
		return tailReadMsg{seq: seq, recs: recs, err: err}
	}
	if delay <= 0 {
		return read
	}
	return tea.Tick(delay, func(time.Time) tea.Msg { return read() })
}

// onStream takes the tail and what it read: the TTL deletions are kept
// (the newest ttlLimit); reading goes on at once while the stream's past
// comes, then every second while the pane is on screen.
func (p *Model) onStream(msg tea.Msg) tea.Cmd {
	s := &p.stream
	switch msg := msg.(type) {
	case tailOpenedMsg:
		if msg.seq != s.seq {
			return nil
		}
		var me *model.Error
		switch {
		case errors.As(msg.err, &me) && me.Code == remoteapi.ErrNoStream:
			s.none = true
			return nil
		case msg.err != nil:
			s.err = msg.err
			return nil
		}
		s.tail = msg.tail
		return p.readStream(0)
	case tailReadMsg:
		if msg.seq != s.seq {
			return nil
		}
		s.polling = false
		for _, r := range msg.recs {
			if d, ok := ttlDeletion(r, p.table, p.ttlAttr()); ok {
				s.deleted = append(s.deleted, d)
			}
		}
		if n := len(s.deleted); n > ttlLimit {
			s.deleted = append([]engine.TTLDeletion(nil), s.deleted[n-ttlLimit:]...)
		}
		if msg.err != nil {
			s.err = msg.err
			return nil
		}
		if !p.shown || !p.ticks && s.caught {
			return nil
		}
		if len(msg.recs) > 0 {
			return p.readStream(0) // the stream's past: on at once
		}
		s.caught = true
		if !p.ticks {
			return nil
		}
		return p.readStream(streamPollEvery)
	}
	return nil
}

// ttlAttr is the table's TTL attribute on a remote backend ("" unknown).
func (p *Model) ttlAttr() string {
	if p.info != nil && p.info.TTL != nil {
		return p.info.TTL.AttributeName
	}
	return ""
}

// ttlDeletion is the TTL deletion a stream record tells, if it is one: a
// REMOVE by the service principal dynamodb.amazonaws.com. Its time is the
// record's ApproximateCreationDateTime; the expiry is read from the old
// image when the stream view has one.
func ttlDeletion(r model.Record, table, attr string) (engine.TTLDeletion, bool) {
	id := r.UserIdentity
	if r.EventName != model.EventRemove || id == nil || id.Type != "Service" || id.PrincipalID != "dynamodb.amazonaws.com" || r.Dynamodb == nil {
		return engine.TTLDeletion{}, false
	}
	d := engine.TTLDeletion{Table: table, Key: r.Dynamodb.Keys}
	if at := r.Dynamodb.ApproximateCreationDateTime; at > 0 {
		sec, frac := math.Modf(at)
		d.At = time.Unix(int64(sec), int64(frac*1e9)).UTC()
	}
	if v, ok := r.Dynamodb.OldImage[attr]; ok && attr != "" && v.Type == model.TypeN {
		d.Expiry = v.N
	}
	return d, true
}
