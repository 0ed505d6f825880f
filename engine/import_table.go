package engine

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/dynoscope/dynoscope/engine/export"
	"github.com/dynoscope/dynoscope/engine/s3dir"
	"github.com/dynoscope/dynoscope/model"
)

// ImportTable creates a table and fills it from objects in the S3
// stand-in (every object under S3BucketSource's S3KeyPrefix), in DynamoDB
// JSON or CSV, GZIP, ZSTD or uncompressed. The table is created at once,
// as DynamoDB creates it; the import runs in the background
// (DescribeImport follows it) as one load, all or nothing: a bad item is
// counted (ErrorCount) and written to the import's error log
// (ImportErrorLog: a file standing in for the CloudWatch Logs stream
// /aws-dynamodb/imports <import id>/error), and an import with any error
// ends FAILED (ItemValidationError, as DynamoDB reports it) with its table
// taken back. Items take no write capacity.
func (e *Engine) ImportTable(ctx context.Context, in *model.ImportTableInput) (*model.ImportTableOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	if err := validateImportTable(in); err != nil {
		return nil, err
	}
	token := ""
	if in.ClientToken != nil {
		token = *in.ClientToken
	}
	fp := fingerprint(in)
	if token != "" {
		if j := e.jobByToken(jobImport, token); j != nil {
			rec := j.snapshot()
			if rec.Fingerprint != fp {
				return nil, model.NewError(model.ErrImportConflict, "There was a conflict when importing from the specified S3 source. This can occur when the current import conflicts with a previous import request that had the same client token.")
			}
			return &model.ImportTableOutput{ImportTableDescription: rec.Import}, nil
		}
	} else {
		token = newClientToken()
	}
	store, err := e.s3Store()
	if err != nil {
		return nil, err
	}
	p := in.TableCreationParameters
	b := e.BeginLoad()
	out, err := b.CreateTable(ctx, &model.CreateTableInput{
		TableName: p.TableName, AttributeDefinitions: p.AttributeDefinitions, KeySchema: p.KeySchema,
		BillingMode: p.BillingMode, ProvisionedThroughput: p.ProvisionedThroughput,
		OnDemandThroughput: p.OnDemandThroughput, GlobalSecondaryIndexes: p.GlobalSecondaryIndexes,
	})
	if err != nil {
		b.Abort()
		return nil, err
	}
	td := out.TableDescription
	compression := export.CompressionNone
	if in.InputCompressionType != nil {
		compression = *in.InputCompressionType
	}
	id := e.newJobID()
	desc := &model.ImportTableDescription{
		ImportArn: td.TableArn + "/import/" + id, ImportStatus: statusInProgress,
		TableArn: td.TableArn, TableID: td.TableId, ClientToken: token,
		S3BucketSource:        in.S3BucketSource,
		CloudWatchLogGroupArn: fmt.Sprintf("arn:aws:logs:%s:%s:log-group:/aws-dynamodb/imports:*", e.opts.Region, e.opts.AccountID),
		InputFormat:           *in.InputFormat, InputFormatOptions: in.InputFormatOptions,
		InputCompressionType: compression, TableCreationParameters: p,
		StartTime: epoch(e.now()),
	}
	j, err := e.addJob(jobRecord{Kind: jobImport, Import: desc, Fingerprint: fp})
	if err != nil {
		b.Abort()
		return nil, err
	}
	rec := j.snapshot()
	run := &importRun{e: e, j: j, b: b, store: store, in: in, id: id, arn: desc.ImportArn, compression: compression}
	e.runJob(j, run.run)
	return &model.ImportTableOutput{ImportTableDescription: rec.Import}, nil
}

// validateImportTable checks ImportTable's parameters.
func validateImportTable(in *model.ImportTableInput) *model.Error {
	var c constraints
	if in.S3BucketSource == nil {
		c.add(nil, "s3BucketSource", "Member must not be null")
	} else if in.S3BucketSource.S3Bucket == "" {
		c.add(nil, "s3BucketSource.s3Bucket", "Member must not be null")
	}
	if in.InputFormat == nil {
		c.add(nil, "inputFormat", "Member must not be null")
	} else {
		c.enum(*in.InputFormat, "inputFormat", "DYNAMODB_JSON", "ION", "CSV")
	}
	if in.InputCompressionType != nil {
		c.enum(*in.InputCompressionType, "inputCompressionType", "GZIP", "ZSTD", "NONE")
	}
	if in.TableCreationParameters == nil {
		c.add(nil, "tableCreationParameters", "Member must not be null")
	}
	if o := in.InputFormatOptions; o != nil && o.Csv != nil {
		if d := o.Csv.Delimiter; d != nil && (len(*d) != 1 || !strings.Contains(",;:|\t ", *d)) {
			c.add(*d, "inputFormatOptions.csv.delimiter", "Member must satisfy regular expression pattern: [,;:|\\t ]")
		}
		if n := len(o.Csv.HeaderList); n > 255 {
			c.add(o.Csv.HeaderList, "inputFormatOptions.csv.headerList", "Member must have length less than or equal to 255")
		}
	}
	if err := c.err(); err != nil {
		return err
	}
	if *in.InputFormat == "ION" {
		return model.Validation("dynoscope does not import Amazon Ion (ION): no maintained Go library reads it. Import DYNAMODB_JSON or CSV")
	}
	if in.InputFormatOptions != nil && in.InputFormatOptions.Csv != nil && *in.InputFormat != "CSV" {
		return model.Validation("InputFormatOptions.Csv can only be given for the CSV input format")
	}
	return nil
}

// fingerprint identifies a request's parameters (without its token).
func fingerprint(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// importRun is one import's background work.
type importRun struct {
	e           *Engine
	j           *job
	b           *BulkLoad
	store       *s3dir.Store
	in          *model.ImportTableInput
	id, arn     string
	compression string

	table string
	// logMu guards the error log and the error count: both goroutines
	// of an import (load) log failures.
	logMu  sync.Mutex
	log    *os.File
	logErr error
	// batch and inBatch are the reader's batch in the making; out takes
	// each full one to the writer.
	batch   []importItem
	inBatch map[string]int
	out     chan<- readBatch
	// tc and enc are the reader's: DynamoDB JSON lines are transcoded
	// straight to the stored encoding (see prepareJSON).
	tc  model.ItemTranscoder
	enc []byte
	// counts: processed and bytes are the reader's, imported the
	// writer's, errors under logMu; all read once both have ended.
	counts struct{ processed, imported, errors, bytes int64 }
}

// readBatch is a batch of checked items on its way from the reader to
// the writer, with the bytes of the S3 objects read up to its last item.
type readBatch struct {
	items []importItem
	read  int64
}

// pending is an item waiting in a batch, with where it came from (a bulk
// put's).
type pending struct {
	item  model.Item
	key   string // S3 object key
	index int    // the item's position in its object
}

// importItem is an import's item waiting in a batch, checked and ready to
// write, with where it came from.
type importItem struct {
	w     itemWrite
	key   string // S3 object key
	index int    // the item's position in its object
}

// importBatch is how many items one write transaction takes.
const importBatch = 2000

func (r *importRun) run(ctx context.Context) {
	e := r.e
	p := r.in.TableCreationParameters
	r.table = p.TableName
	code, msg := r.load(ctx)
	if r.log != nil {
		r.log.Close()
	}
	if code == "" && r.counts.errors > 0 {
		code, msg = "ItemValidationError", "Some of the items failed validation checks and were not imported. Please check CloudWatch error logs for more details."
	}
	if code == "" {
		if err := r.b.Commit(ctx); err != nil {
			code, msg = "InternalFailure", fmt.Sprintf("The import could not be committed: %v", err)
		}
	}
	if code != "" {
		if ctx.Err() != nil && e.closed.Load() {
			return // the workspace closed: the next open takes the load back and marks the import FAILED
		}
		r.b.Abort()
	}
	end := epoch(e.now())
	e.finishJob(r.j, func(rec *jobRecord) {
		d := rec.Import
		d.EndTime = &end
		d.ProcessedItemCount, d.ErrorCount, d.ProcessedSizeBytes = r.counts.processed, r.counts.errors, r.counts.bytes
		if code != "" {
			d.ImportStatus, d.FailureCode, d.FailureMessage, d.ImportedItemCount = statusFailed, code, msg, 0
			return
		}
		d.ImportStatus, d.ImportedItemCount = statusCompleted, r.counts.imported
	})
}

// load reads every object and writes its items; it returns a failure code
// and message for a failure of the whole import.
func (r *importRun) load(ctx context.Context) (code, msg string) {
	src := r.in.S3BucketSource
	objs, err := r.store.List(src.S3Bucket, src.S3KeyPrefix)
	if err != nil {
		if s3dir.CheckBucket(src.S3Bucket) != nil || strings.Contains(err.Error(), "NoSuchBucket") {
			return "S3NoSuchBucket", "The specified bucket does not exist (Service: Amazon S3; Status Code: 404; Error Code: NoSuchBucket)"
		}
		return "InternalFailure", err.Error()
	}
	if len(objs) > 50000 {
		return "InvalidParameter", fmt.Sprintf("The import source holds %d objects; an import takes at most 50,000", len(objs))
	}
	if err := r.waitActive(ctx); err != nil {
		return "InternalFailure", err.Error()
	}
	// Two goroutines: this one writes; the reader decompresses, decodes
	// and checks the items of the next batches meanwhile (a batch of
	// 2,000 takes as long to decode and check as to write).
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	batches := make(chan readBatch, 2)
	r.out = batches
	r.inBatch = map[string]int{}
	var readErr error
	go func() {
		defer close(batches)
		readErr = r.read(ctx, objs)
	}()
	var writeErr error
	for b := range batches {
		if writeErr != nil {
			continue // the reader stops at its next batch
		}
		if writeErr = r.flush(ctx, b.items); writeErr != nil {
			cancel()
			continue
		}
		r.j.progress.Store(b.read)
	}
	switch {
	case writeErr != nil:
		return "InternalFailure", writeErr.Error()
	case readErr != nil:
		return "InternalFailure", readErr.Error()
	}
	return "", ""
}

// read reads every object into batches for the writer (load), the last
// one whatever its size.
func (r *importRun) read(ctx context.Context, objs []s3dir.Object) error {
	for _, o := range objs {
		if ctx.Err() != nil {
			return errors.New("The import was stopped")
		}
		if err := r.object(ctx, o); err != nil {
			return err
		}
	}
	return r.send(ctx)
}

// send hands the batch to the writer and starts the next.
func (r *importRun) send(ctx context.Context) error {
	if len(r.batch) == 0 {
		return nil
	}
	select {
	case r.out <- readBatch{items: r.batch, read: r.counts.bytes}:
	case <-ctx.Done():
		return errors.New("The import was stopped")
	}
	r.batch, r.inBatch = make([]importItem, 0, importBatch), map[string]int{}
	return nil
}

// waitActive waits for the new table to leave CREATING.
func (r *importRun) waitActive(ctx context.Context) error {
	for {
		out, err := r.e.DescribeTable(ctx, &model.DescribeTableInput{TableName: r.table})
		if err != nil {
			return err
		}
		if out.Table.TableStatus == model.StatusActive {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Millisecond):
		}
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += int64(n)
	return n, err
}

// object imports one S3 object. A malformed object (not of its
// compression, a broken CSV header) is one error, and the rest of it is
// skipped, as DynamoDB does.
func (r *importRun) object(ctx context.Context, o s3dir.Object) error {
	bucket := r.in.S3BucketSource.S3Bucket
	f, _, err := r.store.Open(bucket, o.Key)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := export.Decompress(countingReader{r: f, n: &r.counts.bytes}, r.compression)
	if err != nil {
		r.fail(o.Key, 0, err.Error())
		return nil
	}
	defer zr.Close()
	if *r.in.InputFormat == "CSV" {
		return r.csv(ctx, o.Key, zr)
	}
	lr := export.NewLineReader(zr)
	for index := 0; ; index++ {
		line, err := lr.Next()
		if err == io.EOF {
			return nil
		}
		r.counts.processed++
		if err == export.ErrLineTooLong {
			r.fail(o.Key, index, "Item size has exceeded the maximum allowed size")
			continue
		}
		if err != nil {
			r.fail(o.Key, index, "The object could not be read: "+err.Error())
			return nil
		}
		w, ok := r.prepareJSON(line)
		if !ok {
			item, err := export.DecodeItemLine(line)
			if err != nil {
				r.fail(o.Key, index, itemError(err))
				continue
			}
			var merr *model.Error
			if w, merr = r.prepare(item); merr != nil {
				r.fail(o.Key, index, merr.Message)
				continue
			}
		}
		if err := r.add(ctx, importItem{w: w, key: o.Key, index: index}); err != nil {
			return err
		}
	}
}

func (r *importRun) csv(ctx context.Context, key string, zr io.Reader) error {
	opts := export.CSVOptions{}
	if o := r.in.InputFormatOptions; o != nil && o.Csv != nil {
		if o.Csv.Delimiter != nil {
			opts.Delimiter = *o.Csv.Delimiter
		}
		opts.HeaderList = o.Csv.HeaderList
	}
	types := map[string]model.Type{}
	for _, d := range r.in.TableCreationParameters.AttributeDefinitions {
		if t, ok := model.ParseType(d.AttributeType); ok {
			types[d.AttributeName] = t
		}
	}
	cr, err := export.NewCSVReader(zr, opts, types)
	if err != nil {
		r.fail(key, 0, err.Error())
		return nil
	}
	for index := 0; ; index++ {
		item, err := cr.Next()
		if err == io.EOF {
			return nil
		}
		r.counts.processed++
		if err != nil {
			r.fail(key, index, err.Error())
			if strings.HasPrefix(err.Error(), "header:") {
				return nil
			}
			continue
		}
		w, merr := r.prepare(item)
		if merr != nil {
			r.fail(key, index, merr.Message)
			continue
		}
		if err := r.add(ctx, importItem{w: w, key: key, index: index}); err != nil {
			return err
		}
	}
}

// itemError is the message logged for an item that cannot be read.
func itemError(err error) string {
	if me, ok := err.(*model.Error); ok {
		return me.Message
	}
	return err.Error()
}

// add puts a checked item in the batch; an item whose key is already in
// the batch replaces it (DynamoDB's import overwrites duplicates silently).
func (r *importRun) add(ctx context.Context, p importItem) error {
	if i, ok := r.inBatch[p.w.key]; ok {
		r.batch[i] = p
		return nil
	}
	r.inBatch[p.w.key] = len(r.batch)
	r.batch = append(r.batch, p)
	if len(r.batch) >= importBatch {
		return r.send(ctx)
	}
	return nil
}

// flush writes a batch of checked items (the reader checked each as
// PutItem and BatchWriteItem do; see prepare); an item the engine still
// refuses is counted and logged, and the rest written.
func (r *importRun) flush(ctx context.Context, batch []importItem) error {
	for len(batch) > 0 {
		ws := make([]*itemWrite, len(batch))
		for i := range batch {
			ws[i] = &batch[i].w
		}
		err := r.b.writeChecked(ctx, r.table, ws)
		if err == nil {
			r.counts.imported += int64(len(batch))
			return nil
		}
		le, ok := err.(*LoadError)
		if !ok || le.Index < 0 || le.Index >= len(batch) {
			return err
		}
		bad := batch[le.Index]
		r.fail(bad.key, bad.index, itemError(le.Err))
		batch = append(batch[:le.Index:le.Index], batch[le.Index+1:]...)
	}
	return nil
}

// importLogLine is a line of the error log, as DynamoDB writes the
// messages of its CloudWatch Logs stream.
type importLogLine struct {
	ItemS3Pointer struct {
		Bucket    string `json:"bucket"`
		Key       string `json:"key"`
		ItemIndex int    `json:"itemIndex"`
	} `json:"itemS3Pointer"`
	ImportArn     string   `json:"importArn"`
	ErrorMessages []string `json:"errorMessages"`
}

// fail counts and logs a bad item.
func (r *importRun) fail(key string, index int, msg string) {
	r.logMu.Lock()
	defer r.logMu.Unlock()
	r.counts.errors++
	if r.log == nil && r.logErr == nil {
		path := r.e.ImportErrorLog(r.arn)
		if r.logErr = os.MkdirAll(filepath.Dir(path), 0o755); r.logErr == nil {
			r.log, r.logErr = os.Create(path)
		}
	}
	if r.log == nil {
		return
	}
	var l importLogLine
	l.ItemS3Pointer.Bucket, l.ItemS3Pointer.Key, l.ItemS3Pointer.ItemIndex = r.in.S3BucketSource.S3Bucket, key, index
	l.ImportArn, l.ErrorMessages = r.arn, []string{msg}
	b, _ := json.Marshal(l)
	r.log.Write(append(b, '\n'))
}

// ImportErrorLog is the file standing in for an import's CloudWatch Logs
// stream (log group /aws-dynamodb/imports, stream <import id>/error):
// DIR/.cloudwatch/aws-dynamodb/imports/<import id>/error under the S3
// folder (a name no bucket can have).
func (e *Engine) ImportErrorLog(importArn string) string {
	id := importArn[strings.LastIndex(importArn, "/")+1:]
	return filepath.Join(e.opts.S3Dir, ".cloudwatch", "aws-dynamodb", "imports", id, "error")
}

// prepare checks an item for the import's table and returns its write:
// checked first as PutItem checks an item (checkItem, whose messages the
// error log shows), then as a BatchWriteItem put (its values normalised,
// its key, index keys and size), in the order the import has always
// reported them.
func (r *importRun) prepare(item model.Item) (itemWrite, *model.Error) {
	if err := r.e.checkItem(r.table, item); err != nil {
		return itemWrite{}, err
	}
	if _, err := model.NormalizeItemSize(item); err != nil {
		return itemWrite{}, err
	}
	t := r.tableNow()
	if t == nil {
		return itemWrite{}, model.ResourceNotFound()
	}
	w, err := t.batchWrite(model.WriteRequest{PutRequest: &model.PutRequest{Item: item}})
	if err != nil {
		return itemWrite{}, err
	}
	return *w, nil
}

// prepareJSON is prepare for a DynamoDB JSON line, without building the
// item: the line is transcoded straight to the stored encoding
// (model.ItemTranscoder) and its key attributes checked; the item is
// decoded (from its stored bytes) only when the table's indexes, TTL,
// stream or PITR read it. It returns false for any line it does not take
// — anything with an error among them — and the caller reads that line
// the slow way (DecodeItemLine, prepare), for the exact error.
func (r *importRun) prepareJSON(line []byte) (itemWrite, bool) {
	inner, ok := export.ItemObject(line)
	if !ok {
		return itemWrite{}, false
	}
	t := r.tableNow()
	if t == nil {
		return itemWrite{}, false
	}
	enc, size, ok := r.tc.Append(r.enc[:0], inner)
	r.enc = enc
	if !ok || size > model.MaxItemSize {
		return itemWrite{}, false
	}
	var sb strings.Builder
	sb.Grow(binary.MaxVarintLen64 + len(enc))
	var n [binary.MaxVarintLen64]byte
	sb.Write(n[:binary.PutUvarint(n[:], uint64(size))])
	sb.Write(enc)
	w := itemWrite{stored: sb.String(), newSize: size, new: presentItem}
	_, ttl := t.ttlAttr()
	_, stream := t.streamEnabled()
	item := model.Item{}
	if len(t.indexes) > 0 || ttl || stream || t.meta.PITR != nil {
		full, err := model.DecodeItem(enc)
		if err != nil {
			return itemWrite{}, false
		}
		item, w.new = full, full
	} else {
		for _, ka := range []keyAttr{t.hash, t.rng} {
			if ka.name == "" {
				continue
			}
			if v, ok := r.tc.Attr(ka.name); ok {
				item[ka.name] = v
			}
		}
	}
	if t.validateItemKey(item) != nil || t.validateBatchItemKey(item) != nil || t.checkIndexKeysForPut(item) != nil {
		return itemWrite{}, false
	}
	w.key = t.itemStorageKey(item)
	return w, true
}

// tableNow is the import's table as the engine holds it now.
func (r *importRun) tableNow() *table {
	r.e.mu.RLock()
	defer r.e.mu.RUnlock()
	return r.e.tables[r.table]
}

// checkItem checks an item for a table as PutItem checks one (its key, its
// index keys, its size), with PutItem's messages, which DynamoDB's import
// logs ("One or more parameter values were invalid: Missing the key pk in
// the item").
func (e *Engine) checkItem(table string, item model.Item) *model.Error {
	e.mu.RLock()
	t := e.tables[table]
	e.mu.RUnlock()
	if t == nil {
		return model.ResourceNotFound()
	}
	if err := t.validateItemKey(item); err != nil {
		return err
	}
	if err := t.checkIndexKeysForPut(item); err != nil {
		return err
	}
	if model.ItemSize(item) > model.MaxItemSize {
		return model.Validation("Item size has exceeded the maximum allowed size")
	}
	return nil
}
