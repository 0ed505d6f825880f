package engine

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dynoscope/dynoscope/engine/export"
	"github.com/dynoscope/dynoscope/engine/s3dir"
	"github.com/dynoscope/dynoscope/model"
)

// StartBulkPutItems starts loading the objects under an S3 stand-in
// prefix into an existing table (SDK 1.73.0, 2026-11): every
// {"Item":…} line of every object is a put (replacing an item with the
// same key), written in batches, each batch one transaction with its index
// entries, TTL entries and stream records. Like DynamoDB's bulk put it is
// not all or nothing: a bad item is counted (FailedItemCount, and an ERROR
// report object when OutputType asks for one) and the rest go on; a
// cancelled operation keeps what it wrote. It takes no write capacity;
// MaxWriteRequestUnits caps its rate (wall clock).
func (e *Engine) StartBulkPutItems(ctx context.Context, in *model.StartBulkPutItemsInput) (*model.StartBulkPutItemsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	if err := validateStartBulkPutItems(in); err != nil {
		return nil, err
	}
	name := *in.TableName
	if strings.HasPrefix(name, "arn:") {
		n, merr := e.tableOfArn(name)
		if merr != nil {
			return nil, merr
		}
		name = n
	}
	e.mu.RLock()
	t, merr := e.lookup(name)
	var tableID, tableArn string
	if merr == nil {
		tableID, tableArn = t.meta.Desc.TableId, t.meta.Desc.TableArn
	}
	e.mu.RUnlock()
	if merr != nil {
		return nil, merr
	}
	token := ""
	if in.ClientToken != nil {
		token = *in.ClientToken
	}
	fp := fingerprint(in)
	if token != "" {
		if j := e.jobByToken(jobBulk, token); j != nil {
			rec := j.snapshot()
			if rec.Fingerprint != fp {
				return nil, model.NewError(model.ErrIdempotentParameterMismatch, msgIdempotentMismatch)
			}
			return &model.StartBulkPutItemsOutput{BulkOperationDescription: rec.Bulk}, nil
		}
	} else {
		token = newClientToken()
	}
	store, err := e.s3Store()
	if err != nil {
		return nil, err
	}
	tier := "STANDARD"
	if in.PerformanceTier != nil {
		tier = *in.PerformanceTier
	}
	input := *in.InputS3Configuration
	if input.InputCompressionType == nil {
		none := export.CompressionNone
		input.InputCompressionType = &none
	}
	desc := &model.BulkOperationDescription{
		BulkOperationArn: tableArn + "/bulk-operation/" + e.newJobID(), BulkOperationStatus: statusInProgress,
		ClientToken: token, InputS3Configuration: &input, OutputS3Configuration: in.OutputS3Configuration,
		MaxWriteRequestUnits: in.MaxWriteRequestUnits, PerformanceTier: tier, StartTime: epoch(e.now()),
		TableDetails: []model.BulkOperationTableDetail{{TableID: tableID, TableName: name}},
	}
	j, err := e.addJob(jobRecord{Kind: jobBulk, Bulk: desc, Fingerprint: fp})
	if err != nil {
		return nil, err
	}
	rec := j.snapshot()
	run := &bulkRun{e: e, j: j, store: store, table: name, input: input, output: in.OutputS3Configuration, max: in.MaxWriteRequestUnits}
	e.runJob(j, run.run)
	return &model.StartBulkPutItemsOutput{BulkOperationDescription: rec.Bulk}, nil
}

// validateStartBulkPutItems checks StartBulkPutItems' parameters.
func validateStartBulkPutItems(in *model.StartBulkPutItemsInput) *model.Error {
	var c constraints
	if in.InputS3Configuration == nil {
		c.add(nil, "inputS3Configuration", "Member must not be null")
	} else {
		if in.InputS3Configuration.S3Bucket == nil {
			c.add(nil, "inputS3Configuration.s3Bucket", "Member must not be null")
		}
		if f := in.InputS3Configuration.InputFormat; f == nil {
			c.add(nil, "inputS3Configuration.inputFormat", "Member must not be null")
		} else {
			c.enum(*f, "inputS3Configuration.inputFormat", "DYNAMODB_JSON", "ION")
		}
		if ct := in.InputS3Configuration.InputCompressionType; ct != nil {
			c.enum(*ct, "inputS3Configuration.inputCompressionType", "GZIP", "ZSTD", "NONE")
		}
	}
	if in.OutputS3Configuration == nil {
		c.add(nil, "outputS3Configuration", "Member must not be null")
	} else {
		if len(in.OutputS3Configuration.OutputType) == 0 {
			c.add(nil, "outputS3Configuration.outputType", "Member must not be null")
		}
		for i, t := range in.OutputS3Configuration.OutputType {
			c.enum(t, fmt.Sprintf("outputS3Configuration.outputType.%d.member", i+1), "ERROR", "CONDITION_CHECK_FAILURE")
		}
	}
	if in.TableName == nil {
		c.add(nil, "tableName", "Member must not be null")
	} else if n := len(*in.TableName); n < 1 || n > 1024 {
		c.add(*in.TableName, "tableName", "Member must have length "+lengthRule(n, 1, 1024))
	}
	if in.MaxWriteRequestUnits != nil && *in.MaxWriteRequestUnits < 1024 {
		c.add(*in.MaxWriteRequestUnits, "maxWriteRequestUnits", "Member must have value greater than or equal to 1024")
	}
	if in.PerformanceTier != nil {
		c.enum(*in.PerformanceTier, "performanceTier", "STANDARD", "ACCELERATED")
	}
	if err := c.err(); err != nil {
		return err
	}
	if *in.InputS3Configuration.InputFormat == "ION" {
		return model.Validation("dynoscope does not read Amazon Ion (ION): no maintained Go library reads it. Use DYNAMODB_JSON")
	}
	if in.TableName != nil && !strings.HasPrefix(*in.TableName, "arn:") {
		return validateTableNameParam(*in.TableName)
	}
	return nil
}

// bulkRun is one bulk put's background work.
type bulkRun struct {
	e      *Engine
	j      *job
	store  *s3dir.Store
	table  string
	input  model.InputS3Configuration
	output *model.OutputS3Configuration
	max    *int64

	batch      []pending
	errors     []byte // ERROR report lines
	written    int64  // table bytes written
	second     time.Time
	unitsInSec float64
}

// bulkBatch is how many items one transaction of a bulk put writes.
const bulkBatch = 1000

func (r *bulkRun) run(ctx context.Context) {
	code, msg := r.load(ctx)
	if r.e.closed.Load() && ctx.Err() != nil {
		return // the next open marks the operation FAILED
	}
	r.report()
	end := epoch(r.e.now())
	r.e.finishJob(r.j, func(rec *jobRecord) {
		d := rec.Bulk
		d.EndTime = &end
		bytes := r.written
		d.BulkOperationUsage = []model.BulkOperationUsage{{TableName: r.table, BulkPutBytes: &bytes, Table: &model.BulkOperationBytes{BulkPutBytes: &bytes}}}
		switch {
		case code == "cancelled":
			d.BulkOperationStatus, d.FailureCode, d.FailureMessage = statusCancelled, "BulkOperationCancelled", "The bulk operation was cancelled; the items written before it stopped stay in the table"
		case code != "":
			d.BulkOperationStatus, d.FailureCode, d.FailureMessage = statusFailed, code, msg
		case d.FailedItemCount > 0:
			d.BulkOperationStatus = statusCompletedWithErrors
		default:
			d.BulkOperationStatus = statusCompleted
		}
	})
}

// cancelled reports whether CancelBulkOperation asked the run to stop.
func (r *bulkRun) cancelled() bool {
	r.j.mu.Lock()
	defer r.j.mu.Unlock()
	return r.j.rec.Bulk.BulkOperationStatus == statusCancelling
}

func (r *bulkRun) load(ctx context.Context) (code, msg string) {
	prefix := ""
	if r.input.S3KeyPrefix != nil {
		prefix = *r.input.S3KeyPrefix
	}
	objs, err := r.store.List(*r.input.S3Bucket, prefix)
	if err != nil {
		return "S3NoSuchBucket", "The specified bucket does not exist (Service: Amazon S3; Status Code: 404; Error Code: NoSuchBucket)"
	}
	if len(objs) > 50000 {
		return "InvalidParameter", fmt.Sprintf("The input holds %d objects; a bulk operation takes at most 50,000", len(objs))
	}
	var total int64
	for _, o := range objs {
		total += o.Size
	}
	r.update(func(d *model.BulkOperationDescription) { d.TotalInputBytes = &total })
	for _, o := range objs {
		if ctx.Err() != nil {
			return "InternalFailure", "The bulk operation was stopped"
		}
		if r.cancelled() {
			return "cancelled", ""
		}
		if err := r.object(ctx, o); err != nil {
			if err == errBulkCancelled {
				return "cancelled", ""
			}
			return "InternalFailure", err.Error()
		}
	}
	if err := r.flush(ctx); err != nil {
		if err == errBulkCancelled {
			return "cancelled", ""
		}
		return "InternalFailure", err.Error()
	}
	return "", ""
}

var errBulkCancelled = fmt.Errorf("cancelled")

// update changes the operation's description under its lock.
func (r *bulkRun) update(fn func(d *model.BulkOperationDescription)) {
	r.j.mu.Lock()
	fn(r.j.rec.Bulk)
	r.j.mu.Unlock()
}

// object puts one object's items. A malformed object (not of its
// compression) is one failed item, and the rest of it is skipped.
func (r *bulkRun) object(ctx context.Context, o s3dir.Object) error {
	f, _, err := r.store.Open(*r.input.S3Bucket, o.Key)
	if err != nil {
		return err
	}
	defer f.Close()
	var read int64
	defer func() {
		r.update(func(d *model.BulkOperationDescription) {
			n := read
			if d.ProcessedInputBytes != nil {
				n += *d.ProcessedInputBytes
			}
			d.ProcessedInputBytes = &n
		})
	}()
	zr, err := export.Decompress(countingReader{r: f, n: &read}, *r.input.InputCompressionType)
	if err != nil {
		r.fail(o.Key, 0, nil, err.Error())
		return nil
	}
	defer zr.Close()
	lr := export.NewLineReader(zr)
	for index := 0; ; index++ {
		line, err := lr.Next()
		if err == io.EOF {
			return nil
		}
		if err == export.ErrLineTooLong {
			r.fail(o.Key, index, nil, "Item size has exceeded the maximum allowed size")
			continue
		}
		if err != nil {
			r.fail(o.Key, index, nil, "The object could not be read: "+err.Error())
			return nil
		}
		item, err := export.DecodeItemLine(line)
		if err != nil {
			r.fail(o.Key, index, line, itemError(err))
			continue
		}
		if merr := r.e.checkItem(r.table, item); merr != nil {
			r.fail(o.Key, index, line, merr.Message)
			continue
		}
		r.batch = append(r.batch, pending{item: item, key: o.Key, index: index})
		if len(r.batch) >= bulkBatch {
			if err := r.flush(ctx); err != nil {
				return err
			}
		}
	}
}

// flush writes the batch in one transaction; an item the engine refuses
// is counted, reported and left out.
func (r *bulkRun) flush(ctx context.Context) error {
	if r.cancelled() {
		return errBulkCancelled
	}
	batch := r.batch
	r.batch = nil
	for len(batch) > 0 {
		// Two puts of one key in a batch: the later one wins, written in
		// the next transaction.
		seen := map[string]bool{}
		var now, later []pending
		for _, p := range batch {
			k := string(model.AppendItemJSON(nil, r.keyOf(p.item)))
			if seen[k] {
				later = append(later, p)
				continue
			}
			seen[k] = true
			now = append(now, p)
		}
		n, err := r.write(ctx, now)
		if err != nil {
			return err
		}
		r.update(func(d *model.BulkOperationDescription) { d.ProcessedItemCount += int64(n) })
		batch = later
	}
	return nil
}

// keyOf returns an item's key attributes (those it has).
func (r *bulkRun) keyOf(item model.Item) model.Item {
	r.e.mu.RLock()
	t := r.e.tables[r.table]
	r.e.mu.RUnlock()
	k := model.Item{}
	if t == nil {
		return k
	}
	for _, ka := range t.meta.Desc.KeySchema {
		if v, ok := item[ka.AttributeName]; ok {
			k[ka.AttributeName] = v
		}
	}
	return k
}

// write applies puts to the table in one transaction, leaving out (and
// reporting) the ones the engine refuses; it returns how many it
// processed.
func (r *bulkRun) write(ctx context.Context, ps []pending) (int, error) {
	e := r.e
	processed := 0
	for len(ps) > 0 {
		if err := e.checkOpen(ctx); err != nil {
			return processed, err
		}
		reqs := make([]model.WriteRequest, len(ps))
		for i, p := range ps {
			reqs[i] = model.WriteRequest{PutRequest: &model.PutRequest{Item: p.item}}
		}
		units, bytes, err := e.bulkPut(r.table, reqs)
		if err == nil {
			processed += len(ps)
			r.written += bytes
			r.pace(units)
			return processed, nil
		}
		le, ok := err.(*LoadError)
		if !ok || le.Index < 0 || le.Index >= len(ps) {
			return processed, err
		}
		bad := ps[le.Index]
		r.fail(bad.key, bad.index, nil, itemError(le.Err))
		processed++
		ps = append(ps[:le.Index:le.Index], ps[le.Index+1:]...)
	}
	return processed, nil
}

// pace keeps the operation under MaxWriteRequestUnits a second.
func (r *bulkRun) pace(units float64) {
	if r.max == nil {
		return
	}
	now := time.Now()
	if now.Sub(r.second) >= time.Second {
		r.second, r.unitsInSec = now, 0
	}
	r.unitsInSec += units
	if r.unitsInSec >= float64(*r.max) {
		time.Sleep(time.Second - now.Sub(r.second))
		r.second, r.unitsInSec = time.Now(), 0
	}
}

// bulkPut writes puts into an existing table in one transaction, without
// capacity, and returns their write units and table bytes.
func (e *Engine) bulkPut(table string, reqs []model.WriteRequest) (float64, int64, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	t, merr := e.lookup(table)
	if merr != nil {
		return 0, 0, merr
	}
	ws, err := t.bulkWrites(reqs)
	if err != nil {
		return 0, 0, err
	}
	var fx writeEffects
	err = e.update(func(tx *wtx) error { return e.applyBulk(tx, t, ws, &fx) })
	if err != nil {
		fx.revert()
		return 0, 0, asError(err)
	}
	e.commit(t, &fx)
	var units float64
	var bytes int64
	for _, w := range ws {
		units += tableWriteUnits(w)
		bytes += int64(w.newSize)
	}
	return units, bytes, nil
}

// fail counts a failed item and keeps its ERROR report line.
func (r *bulkRun) fail(key string, index int, line []byte, msg string) {
	r.update(func(d *model.BulkOperationDescription) {
		d.FailedItemCount++
		d.ProcessedItemCount++
	})
	rec := fmt.Sprintf(`{"bucket":%q,"key":%q,"itemIndex":%d,"errorMessage":%q}`, *r.input.S3Bucket, key, index, msg)
	r.errors = append(append(r.errors, rec...), '\n')
}

// report writes the ERROR report: one object of JSON lines under the
// output prefix, BulkOperations/<operation id>/errors.json.
func (r *bulkRun) report() {
	out := r.output
	if len(r.errors) == 0 || out == nil || out.S3Bucket == nil {
		return
	}
	wantErrors := false
	for _, t := range out.OutputType {
		wantErrors = wantErrors || t == "ERROR"
	}
	if !wantErrors {
		return
	}
	arn := r.j.snapshot().Bulk.BulkOperationArn
	id := arn[strings.LastIndex(arn, "/")+1:]
	prefix := ""
	if out.S3KeyPrefix != nil {
		prefix = strings.TrimSuffix(*out.S3KeyPrefix, "/") + "/"
	}
	if err := r.store.Put(*out.S3Bucket, prefix+"BulkOperations/"+id+"/errors.json", r.errors); err != nil {
		r.update(func(d *model.BulkOperationDescription) {
			d.FailureMessage = "The ERROR report could not be written: " + err.Error()
		})
	}
}
