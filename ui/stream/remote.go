package stream

import (
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// pollEvery is how often the tail reads the stream's shards while the
// pane is on screen (GetRecords on each open shard).
const pollEvery = time.Second

// remote reports whether the backend is a remote one: the pane tails the
// stream itself (no engine events come).
func (p *Model) remote() bool { return kit.IsRemote(p.api) }

// tailMsg carries a new tail of a table's stream.
type tailMsg struct {
	seq  int
	tail *remoteapi.Tail
	err  error
}

// pollMsg carries what one poll of the tail read.
type pollMsg struct {
	seq, polls int
	recs       []model.Record
	shards     []remoteapi.TailShard
	err        error
}

// showRemote starts the tail (or its polling) when the pane comes on
// screen, and stops polling when it leaves.
func (p *Model) showRemote(on bool) tea.Cmd {
	was := p.shown
	p.shown = on
	if !on || was || p.table == "" {
		if !on {
			p.polls++
		}
		return nil
	}
	if p.tail == nil {
		return p.startTail()
	}
	return p.Refresh()
}

// startTail follows the table's latest stream from LATEST.
func (p *Model) startTail() tea.Cmd {
	sa, ok := p.api.(kit.StreamsAPI)
	if !ok {
		return nil
	}
	p.seq++
	seq, table := p.seq, p.table
	return func() tea.Msg {
		t, err := remoteapi.NewTail(kit.Bg, sa, table)
		return tailMsg{seq: seq, tail: t, err: err}
	}
}

// onTail takes a new tail and starts polling it.
func (p *Model) onTail(msg tailMsg) tea.Cmd {
	if msg.seq != p.seq {
		return nil
	}
	p.loaded = true
	var me *model.Error
	switch {
	case errors.As(msg.err, &me) && me.Code == remoteapi.ErrNoStream:
		p.info = streamInfo{}
		return nil
	case msg.err != nil:
		p.err = msg.err
		return nil
	}
	p.tail = msg.tail
	p.info = streamInfo{enabled: true, view: p.view, arn: msg.tail.StreamArn()}
	p.shards = msg.tail.Shards()
	p.polls++
	if !p.shown {
		return nil
	}
	if !p.ticks {
		return p.poll(0)
	}
	return p.poll(pollEvery)
}

// Refresh polls a remote stream's tail once now (the embedded engine's
// records come as events).
func (p *Model) Refresh() tea.Cmd {
	if !p.remote() || p.tail == nil {
		return nil
	}
	p.polls++
	return p.poll(0)
}

// poll reads every shard of the tail once, after delay.
func (p *Model) poll(delay time.Duration) tea.Cmd {
	t, seq, polls := p.tail, p.seq, p.polls
	if t == nil {
		return nil
	}
	read := func() tea.Msg {
		recs, err := t.Poll(kit.Bg)
		return pollMsg{seq: seq, polls: polls, recs: recs, shards: t.Shards(), err: err}
	}
	if delay <= 0 {
		return read
	}
	return tea.Tick(delay, func(time.Time) tea.Msg { return read() })
}

// onPoll appends what a poll read and polls again while on screen.
func (p *Model) onPoll(msg pollMsg) tea.Cmd {
	if msg.seq != p.seq {
		return nil
	}
	p.shards = msg.shards
	for i := range msg.recs {
		p.append(msg.recs[i])
	}
	if msg.err != nil {
		p.err = msg.err
		return nil
	}
	if msg.polls != p.polls || !p.shown || !p.ticks {
		return nil
	}
	return p.poll(pollEvery)
}

// remoteHeader names the stream, how it is read, and the shards.
func (p *Model) remoteHeader() []string {
	st := p.st
	if p.tail == nil {
		return append([]string{kit.TitleLine(st, p.table, "no stream", p.w)},
			kit.WrapStyled(st.Dim, "This table has no stream: UpdateTable with StreamSpecification StreamEnabled=true turns one on.", p.w)...)
	}
	reading, closed := 0, 0
	for _, s := range p.shards {
		if s.Reading {
			reading++
		} else {
			closed++
		}
	}
	right := "stream " + p.info.view + " · " + kit.Plural(int64(len(p.recs)), "record", "")
	l2 := fmt.Sprintf("from LATEST: records written since the pane opened · %s read every second", kit.Plural(int64(reading), "open shard", ""))
	if closed > 0 {
		l2 += fmt.Sprintf(" · %d closed", closed)
	}
	if p.back > 0 {
		l2 = st.Warn.Render(fmt.Sprintf("‖ scrolled %s up · f follows", kit.Plural(int64(p.back), "line", ""))) + " · " + l2
	} else {
		l2 = st.OK.Render("●") + " " + l2
	}
	return []string{kit.TitleLine(st, p.table, right, p.w), kit.Cut(l2, p.w)}
}
