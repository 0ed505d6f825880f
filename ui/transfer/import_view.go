package transfer

import (
	"fmt"

	"charm.land/bubbles/v2/key"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// View draws the dialog: the path, the format and CSV's numbers; the
// question; the progress; the outcome.
func (im *Import) View() string {
	st, w := im.st, im.w
	if im.stage == stageAsk && im.ask != nil {
		return im.ask.View()
	}
	out := header(st, "Import a file into "+im.desc.TableName, w)
	switch im.stage {
	case stagePath:
		format := "[told by the name or first line]"
		if im.format != "" {
			format = formatChoice(im.format)
		}
		infer := "off: every cell but the keys is a string, as DynamoDB's import from S3 reads CSV"
		if im.infer {
			infer = "on: cells written as numbers (12, -3.5, not 007) are numbers"
		}
		out = append(out, fieldLine(st, "from file: ", im.path, w), kit.Cut("format:    "+format, w))
		out = append(out, kit.Wrap("CSV numbers: "+infer, w)...)
		out = append(out, kit.WrapStyled(st.Dim, "tab changes the format · ctrl+n turns CSV numbers on or off", w)...)
		out = append(out, "")
		if im.why != "" {
			out = append(out, kit.WrapStyled(st.Warn, "not loaded: "+im.why, w)...)
			out = append(out, "")
		}
		if im.checking {
			out = append(out, st.Dim.Render(kit.Cut("reading the file…", w)), "")
		}
		about := "Plain JSON Lines, DynamoDB JSON Lines or CSV, as 'dynoscope export' writes them. The file is read and checked whole first; then it goes in as one load, all or nothing, as 'dynoscope load FILE --table " + im.desc.TableName + "' does. Key attributes take the table's types."
		if im.target == nil {
			about = "Plain JSON Lines, DynamoDB JSON Lines or CSV, as 'dynoscope export' writes them. The file is read and checked whole first, as 'dynoscope load' checks it, on a scratch copy of the table; then, once the table's name is typed, its items are sent in BatchWriteItem calls of 25 — not all or nothing: a remote table has no such load."
		}
		out = append(out, kit.Wrap(about, w)...)
		out = append(out, "")
		out = append(out, kit.WrapStyled(st.Dim, "enter reads the file (and asks before writing into a table that holds items) · esc cancels", w)...)
	case stageRunning:
		c := im.checked
		out = append(out, kit.Wrap(fmt.Sprintf("loading %s (%s) into %s", c.path, c.format, im.desc.TableName), w)...)
		out = append(out, "")
		switch {
		case c.remote && c.items > 0:
			out = append(out, kit.ProgressBar(st, min(float64(im.prog.Items)/float64(c.items), 1), w))
		case im.prog.Total > 0:
			out = append(out, kit.ProgressBar(st, min(float64(im.prog.Bytes)/float64(im.prog.Total), 1), w))
		}
		if c.remote {
			out = append(out, kit.Cut(fmt.Sprintf("%s of %s written", kit.FmtInt(int64(im.prog.Items)), kit.NItems(c.items)), w), "")
		} else {
			out = append(out, kit.Cut(fmt.Sprintf("%s of %s taken · %s of %s read", kit.FmtInt(int64(im.prog.Items)), kit.NItems(c.items),
				kit.HumanBytes(im.prog.Bytes), kit.HumanBytes(c.size)), w), "")
		}
		switch {
		case im.run != nil && im.run.stopping && c.remote:
			out = append(out, st.Warn.Render(kit.Cut("stopping after the call in flight…", w)))
		case im.run != nil && im.run.stopping:
			out = append(out, st.Warn.Render(kit.Cut("stopping: taking the load back…", w)))
		case c.remote:
			out = append(out, kit.WrapStyled(st.Dim, "esc stops after the call in flight (the items written stay)", w)...)
		default:
			out = append(out, kit.WrapStyled(st.Dim, "esc stops and takes the load back (nothing is written)", w)...)
		}
	case stageDone:
		style := st.OK
		if im.end.err != nil {
			style = st.Warn
		}
		out = append(out, kit.WrapStyled(style, im.summary(), w)...)
		out = append(out, "", st.Dim.Render(kit.Cut("enter or esc closes", w)))
	}
	return fit(out, im.h)
}

// ShortHelp is the dialog's keys at its stage.
func (im *Import) ShortHelp() []key.Binding {
	k := im.keys
	switch im.stage {
	case stageAsk:
		return im.ask.ShortHelp()
	case stageRunning:
		stop := k.Stop
		stop.SetHelp(stop.Help().Key, "stop and take back")
		if im.target == nil {
			stop.SetHelp(stop.Help().Key, "stop after the call in flight")
		}
		return []key.Binding{stop}
	case stageDone:
		return []key.Binding{closeKey(k)}
	}
	start, stop := k.Start, k.Stop
	start.SetHelp(start.Help().Key, "read and load")
	stop.SetHelp(stop.Help().Key, "cancel")
	return []key.Binding{start, k.Format, k.InferNumbers, stop}
}

// FullHelp is the dialog's keys.
func (im *Import) FullHelp() [][]key.Binding { return [][]key.Binding{im.ShortHelp()} }

// closeKey is enter or esc, closing a dialog whose work is over.
func closeKey(k keymap.TransferKeyMap) key.Binding {
	return key.NewBinding(key.WithKeys(append(k.Start.Keys(), k.Stop.Keys()...)...), key.WithHelp("enter/esc", "close"))
}
