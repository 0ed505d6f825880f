// Package endpoints is the explorer's endpoint switcher on a remote
// workspace (O): a profile of the user's AWS configuration, a region and
// an endpoint URL to open instead of the one open, or one of the
// endpoints opened recently (internal/recent, in the user's configuration
// directory). It is a form over the pane (a forms.Modal); enter announces
// kit.ReopenMsg and the root opens the backend — read-only unless the
// explorer was started with --write, as at the start — and replaces the
// remote workspace with it. The profiles and the recent list are read in
// commands; Update and View do no I/O.
package endpoints

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/internal/recent"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The rows of the switcher, then one row per recent endpoint.
const (
	rowProfile = iota
	rowRegion
	rowEndpoint
	rowOpen
	rowRecent // the first recent endpoint
)

// Switcher is the endpoint switcher.
type Switcher struct {
	st   *kit.Styles
	keys keymap.TransferKeyMap
	ek   keymap.EditKeyMap
	fk   keymap.FieldKeyMap
	cur  remoteapi.Location // where the workspace points now

	profiles  []remoteapi.Profile
	profErr   error
	profile   int // 0: none named (the SDK's default chain), else profiles[profile-1]
	region    kit.Field
	endpoint  kit.Field
	recent    []recent.Endpoint
	recentErr error
	file      string // the recent list's file ("" none)

	row  int
	why  string
	w, h int
}

// Messages of the switcher's commands.
type (
	profilesMsg struct {
		list []remoteapi.Profile
		err  error
	}
	recentMsg struct {
		list []recent.Endpoint
		err  error
	}
)

// New opens the switcher of a workspace at cur; profiles lists the user's
// AWS profiles (nil: none known) and file is the recent list's file.
func New(st *kit.Styles, km keymap.KeyMap, cur remoteapi.Location, profiles func() ([]remoteapi.Profile, error), file string) (*Switcher, tea.Cmd) {
	s := &Switcher{st: st, keys: km.Transfer, ek: km.Editing, fk: km.Field, cur: cur, file: file,
		region: kit.NewField(cur.Region), endpoint: kit.NewField(cur.Endpoint), row: rowOpen}
	var cmds []tea.Cmd
	if profiles != nil {
		cmds = append(cmds, func() tea.Msg {
			list, err := profiles()
			return profilesMsg{list: list, err: err}
		})
	}
	if file != "" {
		cmds = append(cmds, loadRecent(file))
	}
	return s, tea.Batch(cmds...)
}

func loadRecent(file string) tea.Cmd {
	return func() tea.Msg {
		list, err := recent.Load(file)
		return recentMsg{list: list, err: err}
	}
}

// Capturing reports that the switcher has every key (its fields are
// typed into).
func (s *Switcher) Capturing() bool { return true }

// SetSize sets the inner size.
func (s *Switcher) SetSize(w, h int) { s.w, s.h = w, h }

// rows is how many rows there are.
func (s *Switcher) rows() int { return rowRecent + len(s.recent) }

// field is the text field of the row under the cursor, or nil.
func (s *Switcher) field() *kit.Field {
	switch s.row {
	case rowRegion:
		return &s.region
	case rowEndpoint:
		return &s.endpoint
	}
	return nil
}

// profileName is the profile chosen ("" for none).
func (s *Switcher) profileName() string {
	if s.profile <= 0 || s.profile > len(s.profiles) {
		return ""
	}
	return s.profiles[s.profile-1].Name
}

// Target is the location the form describes.
func (s *Switcher) Target() remoteapi.Location {
	return remoteapi.Location{Profile: s.profileName(), Region: strings.TrimSpace(s.region.String()), Endpoint: strings.TrimSpace(s.endpoint.String())}
}

// Update takes keys and the lists read.
func (s *Switcher) Update(msg tea.Msg) (forms.Modal, tea.Cmd) {
	switch msg := msg.(type) {
	case profilesMsg:
		s.profiles, s.profErr = msg.list, msg.err
		for i, p := range s.profiles {
			if p.Name == s.cur.Profile {
				s.profile = i + 1
			}
		}
	case recentMsg:
		s.recent, s.recentErr = msg.list, msg.err
		s.row = min(s.row, s.rows()-1)
	case tea.PasteMsg:
		if f := s.field(); f != nil {
			f.Paste(msg.Content)
			s.why = ""
		}
	case tea.KeyPressMsg:
		return s.key(msg)
	}
	return s, nil
}

// key takes a key press.
func (s *Switcher) key(msg tea.KeyPressMsg) (forms.Modal, tea.Cmd) {
	switch {
	case key.Matches(msg, s.keys.Stop):
		return nil, nil
	case key.Matches(msg, s.ek.NextField):
		s.row = (s.row + 1) % s.rows()
		return s, nil
	case key.Matches(msg, s.ek.PrevField):
		s.row = (s.row + s.rows() - 1) % s.rows()
		return s, nil
	case key.Matches(msg, s.keys.Pick):
		return s.open()
	case s.row >= rowRecent && key.Matches(msg, s.keys.Forget):
		e := s.recent[s.row-rowRecent]
		file := s.file
		return s, func() tea.Msg {
			if err := recent.Forget(file, e); err != nil {
				return recentMsg{err: err}
			}
			list, err := recent.Load(file)
			return recentMsg{list: list, err: err}
		}
	case s.row == rowProfile && key.Matches(msg, s.ek.Choice):
		n := len(s.profiles) + 1
		prev := s.profile
		if key.Matches(msg, s.ek.ChoiceBack) {
			s.profile = (s.profile + n - 1) % n
		} else {
			s.profile = (s.profile + 1) % n
		}
		s.followRegion(prev)
		return s, nil
	}
	if f := s.field(); f != nil && f.Update(msg) {
		s.why = ""
	}
	return s, nil
}

// followRegion puts the chosen profile's region in the region field when
// the field holds the previous profile's (or nothing).
func (s *Switcher) followRegion(prev int) {
	old := ""
	if prev > 0 && prev <= len(s.profiles) {
		old = s.profiles[prev-1].Region
	}
	if r := strings.TrimSpace(s.region.String()); r != "" && r != old {
		return
	}
	if s.profile > 0 && s.profiles[s.profile-1].Region != "" {
		s.region.Set(s.profiles[s.profile-1].Region)
	}
}

// open announces the endpoint to open: the recent one under the cursor,
// or the form's.
func (s *Switcher) open() (forms.Modal, tea.Cmd) {
	to := s.Target()
	if s.row >= rowRecent {
		to = s.recent[s.row-rowRecent].Location()
	}
	if to.Region == "" && to.Endpoint == "" && to.Profile == "" {
		s.why = "name a region, a profile or an endpoint URL"
		return s, nil
	}
	if to.Endpoint != "" && !strings.Contains(to.Endpoint, "://") {
		s.why = fmt.Sprintf("an endpoint URL starts with http:// or https:// (got %q)", to.Endpoint)
		return s, nil
	}
	if to == (remoteapi.Location{Region: s.cur.Region, Profile: s.cur.Profile, Endpoint: s.cur.Endpoint}) {
		s.why = "that is where the workspace points now"
		return s, nil
	}
	return nil, kit.Msg(kit.ReopenMsg{Loc: to})
}
