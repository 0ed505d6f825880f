package keymap

import "charm.land/bubbles/v2/key"

// BackupsKeyMap is the bindings of Backups & recovery, the view of a
// table's point-in-time recovery, backups, restores, export and import
// that 1 Schema opens (b). KeyMap carries it as its Backups field. The
// clock's keys (p + - ] } >) work there as everywhere, so point-in-time
// recovery is P.
type BackupsKeyMap struct {
	// Open shows Backups & recovery of the selected table (from 1 Schema).
	Open key.Binding

	// In the view.
	PITR          key.Binding // point-in-time recovery on/off
	CreateBackup  key.Binding
	DeleteBackup  key.Binding // asks first
	RestoreBackup key.Binding // the backup under the cursor into a new table (asks first)
	RestoreToTime key.Binding // a time typed, its preview, then the restore (asks first)
	Export        key.Binding // to the S3 folder
	Import        key.Binding // a folder of the S3 folder into a new table (asks first)
	Reload        key.Binding
	Accept        key.Binding // in the time or folder field
	Cancel        key.Binding // leaves the field, the preview, or the view
}

// DefaultBackupsKeyMap returns the Backups & recovery bindings.
func DefaultBackupsKeyMap() BackupsKeyMap {
	return BackupsKeyMap{
		Open: key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "backups & recovery")),

		PITR:          key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "point-in-time recovery on/off")),
		CreateBackup:  key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "create a backup")),
		DeleteBackup:  key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "delete the backup (asks)")),
		RestoreBackup: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "restore the backup to a new table (asks)")),
		RestoreToTime: key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "restore to a time: preview, then restore (asks)")),
		Export:        key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "export to the S3 folder")),
		Import:        key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "import a folder into a new table (asks)")),
		Reload:        key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "read again")),
		Accept:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "preview / go on")),
		Cancel:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}
