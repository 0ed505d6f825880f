package engine

import (
	"fmt"
	"strings"

	"github.com/tidwall/buntdb"
)

// prefixBackfill is the key-space prefix of the backfill cursors: one key
// per GSI or vector index being built, F/<table>/<index>, written in the
// same transaction as each backfill batch, so a workspace reopened in the
// middle of a build resumes it where the last batch ended (with its
// counts) instead of reading the table again from its first item.
const prefixBackfill = "F/"

// backfillKey is the cursor key of index on table.
func backfillKey(table, index string) string { return prefixBackfill + table + "/" + index }

// encodeBackfillCursor writes the counts and the last data key read:
// "scanned indexed skipped sparse total\n" then the key's bytes as they
// are.
func encodeBackfillCursor(p BackfillProgress, cursor string) string {
	return fmt.Sprintf("%d %d %d %d %d\n", p.Scanned, p.Indexed, p.Skipped, p.Sparse, p.Total) + cursor
}

// decodeBackfillCursor reads what encodeBackfillCursor wrote; ok is false
// for anything else.
func decodeBackfillCursor(v string) (p BackfillProgress, cursor string, ok bool) {
	head, cursor, found := strings.Cut(v, "\n")
	if !found {
		return p, "", false
	}
	if _, err := fmt.Sscanf(head, "%d %d %d %d %d", &p.Scanned, &p.Indexed, &p.Skipped, &p.Sparse, &p.Total); err != nil {
		return BackfillProgress{}, "", false
	}
	return p, cursor, true
}

// savedBackfill is where a build of index stopped when the workspace was
// closed: its counts and the last data key it read (under dataPrefix).
func (e *Engine) savedBackfill(table, index, dataPrefix string) (BackfillProgress, string, bool) {
	var v string
	err := e.db.View(func(tx *buntdb.Tx) error {
		var err error
		v, err = tx.Get(backfillKey(table, index))
		return err
	})
	if err != nil {
		return BackfillProgress{}, "", false
	}
	p, cursor, ok := decodeBackfillCursor(v)
	if !ok || !strings.HasPrefix(cursor, dataPrefix) {
		return BackfillProgress{}, "", false
	}
	return p, cursor, true
}

// dropBackfillCursor deletes the cursor of index on table, if any.
func dropBackfillCursor(tx *wtx, table, index string) error {
	_, err := tx.Delete(backfillKey(table, index))
	if err == buntdb.ErrNotFound {
		return nil
	}
	return err
}
