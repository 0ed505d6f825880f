package backups

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// previewLimit is how many items of each side a preview reads at most.
const previewLimit = 100_000

// previewRows is how many changed items a preview lists.
const previewRows = 8

// previewMsg is the table at a time against the table now: counts, and
// the items added, deleted and changed since, the first few listed with
// what differs.
type previewMsg struct {
	table       string
	at, latest  time.Time
	then, now   int
	added       int
	deleted     int
	changed     int
	rows        []string // "~ ThreadId=3 · Price 100 → 1", sorted by key
	partial     bool     // a side holds more than previewLimit items: counted up to it
	err         error
	keyNames    []string
	windowStart time.Time
}

// errPreviewFull stops a read at previewLimit items.
var errPreviewFull = errors.New("preview limit")

// deleteBackup deletes a backup the user agreed to.
func (p *Model) deleteBackup(d deleteMsg) tea.Cmd {
	api := p.api
	return func() tea.Msg {
		if _, err := api.DeleteBackup(kit.Bg, &model.DeleteBackupInput{BackupArn: d.arn}); err != nil {
			return doneMsg{err: err}
		}
		return doneMsg{note: "backup " + d.name + " deleted"}
	}
}

// previewAt reads the table at the time typed and now, and compares them.
func (p *Model) previewAt(typed string) tea.Cmd {
	hr, ok := p.api.(historyReader)
	table := p.Table()
	if !ok {
		return p.refuse("no preview on a remote backend: DynamoDB has no read of a table's past; restore it and compare the tables")
	}
	keys := kit.NonEmpty([]string{model.HashKey(p.desc.KeySchema), model.RangeKey(p.desc.KeySchema)})
	return func() tea.Msg {
		// the window as it is now (the clock may have moved since it was
		// shown), to the nanosecond
		earliest, latest, err := hr.RestorableWindow(table)
		if err != nil {
			return previewMsg{table: table, err: err}
		}
		at, err := parseTime(typed, latest)
		if err != nil {
			return previewMsg{table: table, err: err}
		}
		// a time typed to the second means the window's end within it
		if at.Before(earliest) && earliest.Sub(at) < time.Second {
			at = earliest
		}
		if at.After(latest) && at.Sub(latest) < time.Second {
			at = latest
		}
		if at.Before(earliest) || at.After(latest) {
			return previewMsg{table: table, err: fmt.Errorf("%s is outside the restorable window %s to %s", stamp(at), stamp(earliest), stamp(latest))}
		}
		pv := previewMsg{table: table, at: at, latest: latest, keyNames: keys, windowStart: earliest}
		read := func(t time.Time) (map[string]model.Item, error) {
			items := map[string]model.Item{}
			err := hr.ItemsAt(kit.Bg, table, t, func(it model.Item) error {
				if len(items) >= previewLimit {
					pv.partial = true
					return errPreviewFull
				}
				items[string(model.AppendItemJSON(nil, kit.KeyOf(it, keys...)))] = it
				return nil
			})
			if errors.Is(err, errPreviewFull) {
				err = nil
			}
			return items, err
		}
		then, err := read(at)
		if err != nil {
			return previewMsg{table: table, err: err}
		}
		now, err := read(latest)
		if err != nil {
			return previewMsg{table: table, err: err}
		}
		pv.then, pv.now = len(then), len(now)
		type row struct{ key, text string }
		var rows []row
		for k, old := range then {
			cur, ok := now[k]
			switch {
			case !ok:
				pv.deleted++
				rows = append(rows, row{k, "− " + kit.KeyText(kit.KeyOf(old, keys...), keys...) + "  deleted since"})
			case !kit.SameItem(old, cur):
				pv.changed++
				rows = append(rows, row{k, "~ " + kit.KeyText(kit.KeyOf(old, keys...), keys...) + "  " + diff(old, cur)})
			}
		}
		for k, cur := range now {
			if _, ok := then[k]; !ok {
				pv.added++
				rows = append(rows, row{k, "+ " + kit.KeyText(kit.KeyOf(cur, keys...), keys...) + "  added since"})
			}
		}
		sort.Slice(rows, func(i, j int) bool { return rows[i].key < rows[j].key })
		for i := 0; i < len(rows) && i < previewRows; i++ {
			pv.rows = append(pv.rows, rows[i].text)
		}
		return pv
	}
}

// diff is what changed in an item between then and now: "Price 100 → 1 ·
// +Tag · −Note".
func diff(then, now model.Item) string {
	var parts []string
	for _, n := range kit.SortedKeys(then) {
		v, ok := now[n]
		switch {
		case !ok:
			parts = append(parts, "−"+n)
		case !kit.SameItem(model.Item{n: then[n]}, model.Item{n: v}):
			parts = append(parts, n+" "+kit.Cell(then[n])+" → "+kit.Cell(v))
		}
	}
	for _, n := range kit.SortedKeys(now) {
		if _, ok := then[n]; !ok {
			parts = append(parts, "+"+n+" "+kit.Cell(now[n]))
		}
	}
	return strings.Join(parts, " · ")
}
