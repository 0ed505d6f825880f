package transfer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// A remote table (with --write) has no bulk load: the import checks the
// file first as the load does — into a scratch copy of the table on the
// embedded engine (its keys, attribute definitions and indexes), so a bad
// item, a duplicate key or a wrong key type refuses the file before
// anything is sent — then, after the table's name is typed, sends the
// items in BatchWriteItem calls of 25, unprocessed items sent again.
// Those calls are not one transaction: stopped or refused half way, the
// items written before stay, and the summary says how many.

// batchSize is how many PutRequests one BatchWriteItem call carries
// (DynamoDB's limit).
const batchSize = 25

// retries is how many times a call's unprocessed (or throttled) items are
// sent again, waiting twice as long each time from retryDelay.
const retries = 8

var retryDelay = 50 * time.Millisecond

// checkRemoteImport loads the file into a scratch copy of the table, as
// 'dynoscope load' would, and counts its items, their write units and
// the BatchWriteItem calls.
func checkRemoteImport(desc *model.TableDescription, path string, given itemfmt.Format, infer bool) tea.Cmd {
	return func() tea.Msg {
		c := importChecked{path: path, tableItems: desc.ItemCount, remote: true}
		if err := c.statFile(given); err != nil {
			return importCheckedMsg{c: c, err: err}
		}
		scratch, err := engine.Open(engine.Options{DisableThrottling: true, DisableMetrics: true, DisableTTLSweeper: true})
		if err != nil {
			return importCheckedMsg{c: c, err: err}
		}
		defer scratch.Close()
		if _, err := scratch.CreateTable(kit.Bg, model.ScratchTableInput(desc)); err != nil {
			return importCheckedMsg{c: c, err: fmt.Errorf("copying the table's schema to check the file: %w", err)}
		}
		l := fixtures.Loader{API: scratch}
		if _, err := l.ItemFiles(kit.Bg, desc.TableName, []string{path}, fixtures.ItemFileOptions{Format: c.format, InferNumbers: infer}); err != nil {
			return importCheckedMsg{c: c, err: err}
		}
		var start model.Item
		for {
			out, err := scratch.Scan(kit.Bg, &model.ScanInput{TableName: desc.TableName, ExclusiveStartKey: start})
			if err != nil {
				return importCheckedMsg{c: c, err: err}
			}
			for _, it := range out.Items {
				c.items++
				c.units += float64((model.ItemSize(it) + 1023) / 1024)
			}
			if len(out.LastEvaluatedKey) == 0 {
				break
			}
			start = out.LastEvaluatedKey
		}
		return importCheckedMsg{c: c}
	}
}

// remoteBody is the question before writing to a remote table.
func (im *Import) remoteBody(c importChecked) []string {
	t := im.desc.TableName
	calls := (c.items + batchSize - 1) / batchSize
	return []string{
		fmt.Sprintf("%s (%s, %s) checked: %s, every one valid for %s.", c.path, c.format, kit.HumanBytes(c.size), kit.NItems(c.items), t),
		"",
		fmt.Sprintf("They go to %s in %s of up to 25 PutRequests: at least %s WCU (1 per KB of each item, rounded up; each index an item lands in is charged too). An item whose key %s holds (%s now) is replaced.",
			t, kit.Plural(int64(calls), "BatchWriteItem call", ""), kit.Units(c.units), t, kit.Approx(im.api, c.tableItems)+" items"),
		"",
		"A remote table has no all-or-nothing load: the calls are not one transaction. Stopped (esc) or refused half way, the items written before stay in " + t + ", and the summary says how many.",
	}
}

// writeRemote reads the file again, as it was checked, and sends its items
// in BatchWriteItem calls.
func writeRemote(ctx context.Context, api engine.API, table, path string, f itemfmt.Format, opts itemfmt.ReadOptions, progress func(fixtures.Progress)) (int, float64, error) {
	fh, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer fh.Close()
	r := itemfmt.NewReader(fh, f, opts)
	written, units := 0, 0.0
	batch := make([]model.WriteRequest, 0, batchSize)
	send := func() error {
		pending := batch
		for try := 0; len(pending) > 0; try++ {
			if try > retries {
				return fmt.Errorf("DynamoDB left %s unprocessed %d times", kit.NItems(len(pending)), retries+1)
			}
			if try > 0 {
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(retryDelay << (try - 1)):
				}
			}
			out, err := api.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{table: pending},
				ReturnConsumedCapacity: model.ReturnCapacityTotal})
			if err != nil {
				if capacity.IsThrottle(kit.AsModelError(err)) {
					continue // the whole call throttled: every item again
				}
				return err
			}
			for _, cc := range out.ConsumedCapacity {
				units += float64(cc.CapacityUnits)
			}
			left := out.UnprocessedItems[table]
			written += len(pending) - len(left)
			pending = left
		}
		batch = batch[:0]
		progress(fixtures.Progress{Items: written})
		return nil
	}
	for {
		if err := ctx.Err(); err != nil {
			return written, units, err
		}
		it, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return written, units, err
		}
		batch = append(batch, model.WriteRequest{PutRequest: &model.PutRequest{Item: it}})
		if len(batch) == batchSize {
			if err := send(); err != nil {
				return written, units, err
			}
		}
	}
	if len(batch) > 0 {
		if err := send(); err != nil {
			return written, units, err
		}
	}
	return written, units, nil
}
