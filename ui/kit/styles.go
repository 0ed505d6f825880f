package kit

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Styles is the one set of styles of the explorer, shared by pointer so a
// change of background (light or dark) reaches every pane. Colours carry
// meaning consistently: partition key, sort key, not projected (dim),
// warning, error. Nothing is told by colour alone: a symbol or a word goes
// with every colour, so the explorer reads the same under NO_COLOR and in
// the golden tests, which strip the escape codes.
type Styles struct {
	Title     lipgloss.Style
	Dim       lipgloss.Style
	Bold      lipgloss.Style
	Border    lipgloss.Style
	BorderOn  lipgloss.Style
	BoxTitle  lipgloss.Style
	TabOn     lipgloss.Style
	TabOff    lipgloss.Style
	Cursor    lipgloss.Style
	Selected  lipgloss.Style
	Header    lipgloss.Style
	PK        lipgloss.Style
	SK        lipgloss.Style
	Absent    lipgloss.Style
	Warn      lipgloss.Style
	Error     lipgloss.Style
	ErrorBox  lipgloss.Style
	OK        lipgloss.Style
	Type      lipgloss.Style
	FieldEdit lipgloss.Style
	Status    lipgloss.Style
	Key       lipgloss.Style
	// Fill is the colour of progress bars.
	Fill color.Color
}

// NewStyles returns the explorer's styles for a dark (or light) terminal
// background.
func NewStyles(dark bool) *Styles {
	ld := lipgloss.LightDark(dark)
	c := func(light, dark string) color.Color { return ld(lipgloss.Color(light), lipgloss.Color(dark)) }
	var (
		accent = c("#5A3FC0", "#9F8CFF")
		subtle = c("#8A8A8A", "#6C6C6C")
		pk     = c("#0B6E99", "#5FD7FF")
		sk     = c("#7A5B00", "#FFD75F")
		warn   = c("#B35C00", "#FFAF5F")
		bad    = c("#C0001A", "#FF5F5F")
		good   = c("#1E7B1E", "#87D787")
		sel    = c("#E4DDFF", "#3A3356")
	)
	return &Styles{
		Title:     lipgloss.NewStyle().Bold(true).Foreground(accent),
		Dim:       lipgloss.NewStyle().Foreground(subtle),
		Bold:      lipgloss.NewStyle().Bold(true),
		Border:    lipgloss.NewStyle().Foreground(subtle),
		BorderOn:  lipgloss.NewStyle().Foreground(accent),
		BoxTitle:  lipgloss.NewStyle().Bold(true),
		TabOn:     lipgloss.NewStyle().Bold(true).Foreground(accent).Underline(true),
		TabOff:    lipgloss.NewStyle(),
		Cursor:    lipgloss.NewStyle().Background(sel).Bold(true),
		Selected:  lipgloss.NewStyle().Foreground(accent).Bold(true),
		Header:    lipgloss.NewStyle().Bold(true),
		PK:        lipgloss.NewStyle().Foreground(pk),
		SK:        lipgloss.NewStyle().Foreground(sk),
		Absent:    lipgloss.NewStyle().Foreground(subtle),
		Warn:      lipgloss.NewStyle().Foreground(warn),
		Error:     lipgloss.NewStyle().Foreground(bad).Bold(true),
		ErrorBox:  lipgloss.NewStyle().Foreground(bad),
		OK:        lipgloss.NewStyle().Foreground(good),
		Type:      lipgloss.NewStyle().Foreground(subtle),
		FieldEdit: lipgloss.NewStyle().Background(sel),
		Status:    lipgloss.NewStyle().Foreground(subtle),
		Key:       lipgloss.NewStyle().Foreground(accent).Bold(true),
		Fill:      good,
	}
}
