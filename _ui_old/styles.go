package ui

import "github.com/charmbracelet/lipgloss"

// Styles is the one set of styles of the explorer. Colours are adaptive
// (light and dark terminals) and carry meaning consistently: partition key,
// sort key, not projected (dim), warning, error. Nothing is told by colour
// alone: a symbol or a word goes with every colour, so the explorer reads
// the same under NO_COLOR and in the ASCII profile the golden tests use.
type Styles struct {
	Title     lipgloss.Style
	Dim       lipgloss.Style
	Bold      lipgloss.Style
	Border    lipgloss.Style
	BorderOn  lipgloss.Style
	BoxTitle  lipgloss.Style
	TabOn     lipgloss.Style
	TabOff    lipgloss.Style
	TabLater  lipgloss.Style
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
	Field     lipgloss.Style
	FieldEdit lipgloss.Style
	Status    lipgloss.Style
	Key       lipgloss.Style
}

// DefaultStyles returns the explorer's styles.
func DefaultStyles() Styles {
	var (
		accent = lipgloss.AdaptiveColor{Light: "#5A3FC0", Dark: "#9F8CFF"}
		subtle = lipgloss.AdaptiveColor{Light: "#8A8A8A", Dark: "#6C6C6C"}
		pk     = lipgloss.AdaptiveColor{Light: "#0B6E99", Dark: "#5FD7FF"}
		sk     = lipgloss.AdaptiveColor{Light: "#7A5B00", Dark: "#FFD75F"}
		warn   = lipgloss.AdaptiveColor{Light: "#B35C00", Dark: "#FFAF5F"}
		bad    = lipgloss.AdaptiveColor{Light: "#C0001A", Dark: "#FF5F5F"}
		good   = lipgloss.AdaptiveColor{Light: "#1E7B1E", Dark: "#87D787"}
		sel    = lipgloss.AdaptiveColor{Light: "#E4DDFF", Dark: "#3A3356"}
	)
	return Styles{
		Title:     lipgloss.NewStyle().Bold(true).Foreground(accent),
		Dim:       lipgloss.NewStyle().Foreground(subtle),
		Bold:      lipgloss.NewStyle().Bold(true),
		Border:    lipgloss.NewStyle().Foreground(subtle),
		BorderOn:  lipgloss.NewStyle().Foreground(accent),
		BoxTitle:  lipgloss.NewStyle().Bold(true),
		TabOn:     lipgloss.NewStyle().Bold(true).Foreground(accent).Underline(true),
		TabOff:    lipgloss.NewStyle(),
		TabLater:  lipgloss.NewStyle().Foreground(subtle),
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
		Field:     lipgloss.NewStyle().Underline(true),
		FieldEdit: lipgloss.NewStyle().Background(sel),
		Status:    lipgloss.NewStyle().Foreground(subtle),
		Key:       lipgloss.NewStyle().Foreground(accent).Bold(true),
	}
}
