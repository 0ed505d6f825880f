package engine

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/export"
	"github.com/dynoscope/dynoscope/engine/s3dir"
	"github.com/dynoscope/dynoscope/model"
)

// Exports, imports and bulk puts are jobs: started by a request, run in
// the background against the S3 stand-in (Options.S3Dir), and described
// by DescribeExport, DescribeImport and DescribeBulkOperation. Each job's
// description is kept in the workspace (J/<arn>), written when the job
// starts and when it ends, so the lists survive a reopen; a job the
// workspace closed on (or a crash interrupted) is reported FAILED when the
// workspace opens again. Counters move in memory while a job runs.

// prefixJob is the key-space prefix of job descriptions.
const prefixJob = "J/"

// Job kinds.
const (
	jobExport = "export"
	jobImport = "import"
	jobBulk   = "bulk"
)

// Job statuses.
const (
	statusInProgress          = "IN_PROGRESS"
	statusCompleted           = "COMPLETED"
	statusCompletedWithErrors = "COMPLETED_WITH_ERRORS"
	statusFailed              = "FAILED"
	statusCancelling          = "CANCELLING"
	statusCancelled           = "CANCELLED"
)

// jobRecord is a job as stored.
type jobRecord struct {
	Kind   string                          `json:"Kind"`
	Seq    uint64                          `json:"Seq"`
	Export *model.ExportDescription        `json:"Export,omitempty"`
	Import *model.ImportTableDescription   `json:"Import,omitempty"`
	Bulk   *model.BulkOperationDescription `json:"Bulk,omitempty"`
	// Fingerprint is the request's parameters, for ClientToken reuse.
	Fingerprint string `json:"Fingerprint,omitempty"`
}

func (r *jobRecord) arn() string {
	switch r.Kind {
	case jobExport:
		return r.Export.ExportArn
	case jobImport:
		return r.Import.ImportArn
	}
	return r.Bulk.BulkOperationArn
}

// job is a job in memory.
type job struct {
	mu     sync.Mutex
	rec    jobRecord
	cancel context.CancelFunc
	done   chan struct{}
	// progress is how far a running job is (transfer_progress.go).
	progress atomic.Int64
}

// jobs is the engine's job registry.
type jobs struct {
	mu   sync.Mutex
	byID map[string]*job
	seq  uint64
	wg   sync.WaitGroup
	s3   *s3dir.Store
}

// store opens the S3 stand-in's folder (once).
func (e *Engine) s3Store() (*s3dir.Store, error) {
	e.jobs.mu.Lock()
	defer e.jobs.mu.Unlock()
	if e.jobs.s3 != nil {
		return e.jobs.s3, nil
	}
	if e.opts.S3Dir == "" {
		return nil, model.Validation("No S3 folder: start dynoscope with --s3-dir DIR to export to and import from Amazon S3")
	}
	st, err := s3dir.Open(e.opts.S3Dir)
	if err != nil {
		return nil, model.NewError(model.ErrInternalServer, "The S3 folder cannot be opened: %v", err)
	}
	e.jobs.s3 = st
	return st, nil
}

// S3Dir returns the S3 stand-in's folder ("" when there is none).
func (e *Engine) S3Dir() string { return e.opts.S3Dir }

// newJobID returns an id as DynamoDB makes export and import ids: the time
// in milliseconds (14 digits) and 8 hex digits.
func (e *Engine) newJobID() string { return export.NewExportID(e.now()) }

// newClientToken returns a token for a request that gave none.
func newClientToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// loadJobs reads the stored jobs at open; jobs that were running are
// FAILED now (the workspace closed, or the process died, under them), and
// so stored unless the workspace is open read-only (write false).
func (e *Engine) loadJobs(write bool) error {
	e.jobs.byID = map[string]*job{}
	var recs []jobRecord
	err := e.db.View(func(tx *buntdb.Tx) error {
		return tx.AscendGreaterOrEqual("", prefixJob, func(k, v string) bool {
			if !strings.HasPrefix(k, prefixJob) {
				return false
			}
			var r jobRecord
			if json.Unmarshal([]byte(v), &r) == nil && (r.Export != nil || r.Import != nil || r.Bulk != nil) {
				recs = append(recs, r)
			}
			return true
		})
	})
	if err != nil {
		return err
	}
	now := epoch(e.now())
	var stale []*job
	for _, r := range recs {
		j := &job{rec: r, done: make(chan struct{})}
		close(j.done)
		if r.Seq > e.jobs.seq {
			e.jobs.seq = r.Seq
		}
		msg := "The workspace was closed before the job finished; it was taken back"
		switch {
		case r.Export != nil && r.Export.ExportStatus == statusInProgress:
			r.Export.ExportStatus, r.Export.FailureCode, r.Export.FailureMessage, r.Export.EndTime = statusFailed, "InternalFailure", msg, &now
			stale = append(stale, j)
		case r.Import != nil && r.Import.ImportStatus == statusInProgress:
			// The load committed (its table is no longer marked) before the
			// process stopped: the import is whole.
			if t := e.tables[r.Import.TableCreationParameters.TableName]; t != nil && t.meta.Loading == "" && t.meta.Desc.TableArn == r.Import.TableArn && t.meta.Desc.TableId == r.Import.TableID {
				r.Import.ImportStatus, r.Import.EndTime = statusCompleted, &now
				r.Import.ImportedItemCount = t.stats.items.Load()
			} else {
				r.Import.ImportStatus, r.Import.FailureCode, r.Import.FailureMessage, r.Import.EndTime = statusFailed, "InternalFailure", msg, &now
				r.Import.ImportedItemCount = 0
			}
			stale = append(stale, j)
		case r.Bulk != nil && (r.Bulk.BulkOperationStatus == statusInProgress || r.Bulk.BulkOperationStatus == statusCancelling):
			r.Bulk.BulkOperationStatus, r.Bulk.FailureCode, r.Bulk.FailureMessage, r.Bulk.EndTime = statusFailed, "InternalFailure", "The workspace was closed before the bulk operation finished; the items it had written stay", &now
			stale = append(stale, j)
		}
		j.rec = r
		e.jobs.byID[r.arn()] = j
	}
	for _, j := range stale {
		if !write {
			break
		}
		if err := e.saveJob(&j.rec); err != nil {
			e.notes = append(e.notes, fmt.Sprintf("could not mark job %s failed: %v", j.rec.arn(), err))
		}
	}
	return nil
}

// saveJob stores a job's record.
func (e *Engine) saveJob(r *jobRecord) error {
	v, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return e.update(func(tx *wtx) error {
		_, _, err := tx.Set(prefixJob+r.arn(), string(v), nil)
		return err
	})
}

// addJob registers a new job and stores it.
func (e *Engine) addJob(r jobRecord) (*job, error) {
	e.jobs.mu.Lock()
	e.jobs.seq++
	r.Seq = e.jobs.seq
	e.jobs.mu.Unlock()
	if err := e.saveJob(&r); err != nil {
		return nil, asError(err)
	}
	j := &job{rec: r, done: make(chan struct{})}
	e.jobs.mu.Lock()
	e.jobs.byID[r.arn()] = j
	e.jobs.mu.Unlock()
	return j, nil
}

// findJob returns a job by ARN and kind.
func (e *Engine) findJob(arn, kind string) *job {
	e.jobs.mu.Lock()
	defer e.jobs.mu.Unlock()
	j := e.jobs.byID[arn]
	if j == nil || j.rec.Kind != kind {
		return nil
	}
	return j
}

// jobByToken returns the job of kind a ClientToken started, if any.
func (e *Engine) jobByToken(kind, token string) *job {
	e.jobs.mu.Lock()
	defer e.jobs.mu.Unlock()
	for _, j := range e.jobs.byID {
		if j.rec.Kind != kind {
			continue
		}
		var t string
		switch kind {
		case jobExport:
			t = j.rec.Export.ClientToken
		case jobImport:
			t = j.rec.Import.ClientToken
		default:
			t = j.rec.Bulk.ClientToken
		}
		if t == token {
			return j
		}
	}
	return nil
}

// listJobs returns the jobs of a kind, oldest first.
func (e *Engine) listJobs(kind string) []*job {
	e.jobs.mu.Lock()
	var out []*job
	for _, j := range e.jobs.byID {
		if j.rec.Kind == kind {
			out = append(out, j)
		}
	}
	e.jobs.mu.Unlock()
	sort.Slice(out, func(a, b int) bool { return out[a].rec.Seq < out[b].rec.Seq })
	return out
}

// runJob runs fn in the background, stopping it when the engine closes.
func (e *Engine) runJob(j *job, fn func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(context.Background())
	j.cancel = cancel
	e.jobs.wg.Add(1)
	go func() {
		defer e.jobs.wg.Done()
		defer close(j.done)
		defer cancel()
		stop := make(chan struct{})
		defer close(stop)
		go func() {
			select {
			case <-e.stop:
				cancel()
			case <-stop:
			}
		}()
		fn(ctx)
	}()
}

// WaitJobs waits until every export, import and bulk put has ended.
func (e *Engine) WaitJobs() { e.jobs.wg.Wait() }

// finishJob stores a job's final record.
func (e *Engine) finishJob(j *job, update func(r *jobRecord)) {
	j.mu.Lock()
	update(&j.rec)
	rec := j.rec
	j.mu.Unlock()
	if e.closed.Load() {
		return
	}
	if err := e.saveJob(&rec); err != nil {
		e.notes = append(e.notes, fmt.Sprintf("could not store the end of job %s: %v", rec.arn(), err))
	}
}

// snapshot returns a copy of a job's record.
func (j *job) snapshot() jobRecord {
	j.mu.Lock()
	defer j.mu.Unlock()
	return cloneRecord(j.rec)
}

func cloneRecord(r jobRecord) jobRecord {
	b, _ := json.Marshal(r)
	var c jobRecord
	_ = json.Unmarshal(b, &c)
	return c
}

// pageOf returns the page of items from a NextToken (an index) and the
// token of the next page.
func pageOf[T any](all []T, token *string, size int) ([]T, string, *model.Error) {
	start := 0
	if token != nil && *token != "" {
		n, err := fmt.Sscanf(*token, "%d", &start)
		if err != nil || n != 1 || start < 0 || start > len(all) || fmt.Sprint(start) != *token {
			return nil, "", model.Validation("Invalid NextToken")
		}
	}
	end := min(start+size, len(all))
	next := ""
	if end < len(all) {
		next = fmt.Sprint(end)
	}
	return all[start:end], next, nil
}

// timeOf converts epoch seconds to a time.
func timeOf(secs float64) time.Time {
	return time.UnixMilli(int64(secs * 1000))
}
