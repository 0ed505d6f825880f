package engine

import (
	"context"
	"time"

	"github.com/dynoscope/dynoscope/engine/export"
	"github.com/dynoscope/dynoscope/engine/s3dir"
	"github.com/dynoscope/dynoscope/model"
)

// ExportTableToPointInTime exports a table with point-in-time recovery on
// to the S3 stand-in, in DynamoDB's layout ([S3Prefix/]AWSDynamoDB/<export
// id>/ with manifest-summary.json, manifest-files.json, their checksums,
// _started and data/*.json.gz). A FULL_EXPORT is the table as it was at
// ExportTime (default: now); an INCREMENTAL_EXPORT the changes between
// ExportFromTime and ExportToTime, one record per item changed
// (NEW_AND_OLD_IMAGES or NEW_IMAGE). Both are read from the table's PITR
// history (point_in_time.go); the export runs in the background and
// DescribeExport follows it. Amazon Ion is refused.
func (e *Engine) ExportTableToPointInTime(ctx context.Context, in *model.ExportTableToPointInTimeInput) (*model.ExportTableToPointInTimeOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	if err := validateExport(in); err != nil {
		return nil, err
	}
	name, merr := e.tableOfArn(*in.TableArn)
	if merr != nil {
		return nil, merr
	}
	e.mu.RLock()
	t := e.tables[name]
	var tableID string
	if t != nil {
		tableID = t.meta.Desc.TableId
	}
	e.mu.RUnlock()
	if t == nil {
		return nil, tableNotFound(*in.TableArn)
	}
	earliest, latest, err := e.RestorableWindow(name)
	if err != nil {
		return nil, err
	}
	incremental := in.ExportType != nil && *in.ExportType == export.ExportIncremental
	var at, from, to time.Time
	view := ""
	if incremental {
		spec := in.IncrementalExportSpecification
		from = timeOf(*spec.ExportFromTime)
		to = latest
		if spec.ExportToTime != nil {
			to = timeOf(*spec.ExportToTime)
		}
		view = export.ViewNewAndOld
		if spec.ExportViewType != "" {
			view = spec.ExportViewType
		}
		switch d := to.Sub(from); {
		case d < 15*time.Minute:
			return nil, model.Validation("The incremental export period must be at least 15 minutes: ExportFromTime %s, ExportToTime %s", from.UTC().Format(time.RFC3339), to.UTC().Format(time.RFC3339))
		case d > 24*time.Hour:
			return nil, model.Validation("The incremental export period must be at most 24 hours: ExportFromTime %s, ExportToTime %s", from.UTC().Format(time.RFC3339), to.UTC().Format(time.RFC3339))
		}
		if from.Before(earliest) || to.After(latest) {
			return nil, model.NewError(model.ErrInvalidExportTime, "The export period %s to %s is outside the table's point-in-time recovery window (%s to %s)", rfc(from), rfc(to), rfc(earliest), rfc(latest))
		}
	} else {
		at = latest
		if in.ExportTime != nil {
			at = timeOf(*in.ExportTime)
		}
		if at.Before(earliest) || at.After(latest) {
			return nil, model.NewError(model.ErrInvalidExportTime, "Export time %s is outside the table's point-in-time recovery window (%s to %s)", rfc(at), rfc(earliest), rfc(latest))
		}
	}
	token := ""
	if in.ClientToken != nil {
		token = *in.ClientToken
	}
	fp := fingerprint(in)
	if token != "" {
		if j := e.jobByToken(jobExport, token); j != nil {
			rec := j.snapshot()
			if rec.Fingerprint != fp {
				return nil, model.NewError(model.ErrExportConflict, "There was a conflict when writing to the specified S3 bucket.")
			}
			return &model.ExportTableToPointInTimeOutput{ExportDescription: rec.Export}, nil
		}
	} else {
		token = newClientToken()
	}
	store, err := e.s3Store()
	if err != nil {
		return nil, err
	}
	start := e.now()
	id := export.NewExportID(start)
	d := &model.ExportDescription{
		ExportArn: *in.TableArn + "/export/" + id, ExportStatus: statusInProgress, StartTime: epoch(start),
		TableArn: *in.TableArn, TableID: tableID, ClientToken: token, S3Bucket: *in.S3Bucket,
		S3SseAlgorithm: "AES256", ExportFormat: export.FormatDynamoDBJSON, ExportType: export.ExportFull,
	}
	if in.S3BucketOwner != nil {
		d.S3BucketOwner = *in.S3BucketOwner
	}
	prefix := ""
	if in.S3Prefix != nil {
		prefix = *in.S3Prefix
		d.S3Prefix = prefix
	}
	if in.S3SseAlgorithm != nil {
		d.S3SseAlgorithm = *in.S3SseAlgorithm
	}
	if in.S3SseKmsKeyID != nil {
		d.S3SseKmsKeyID = *in.S3SseKmsKeyID
	}
	if incremental {
		f, tt := epoch(from), epoch(to)
		d.ExportType = export.ExportIncremental
		d.IncrementalExportSpecification = &model.IncrementalExportSpecification{ExportFromTime: &f, ExportToTime: &tt, ExportViewType: view}
	} else {
		a := epoch(at)
		d.ExportTime = &a
	}
	j, err := e.addJob(jobRecord{Kind: jobExport, Export: d, Fingerprint: fp})
	if err != nil {
		return nil, err
	}
	rec := j.snapshot()
	spec := export.Spec{
		ExportID: id, ExportArn: d.ExportArn, TableArn: d.TableArn, TableID: tableID,
		Bucket: d.S3Bucket, Prefix: prefix, StartTime: start, ExportTime: at, View: view,
		Now: e.now,
	}
	sink := export.NewBucket(store, d.S3Bucket)
	e.runJob(j, func(ctx context.Context) {
		var res *export.Result
		var err error
		if incremental {
			res, err = e.exportChanges(ctx, sink, spec, name, from, to)
		} else {
			res, err = export.WriteFull(sink, spec, func(fn func(model.EncodedItem, int) error) error {
				return e.storedAt(ctx, name, at, func(_, stored string) error {
					size, n := uvarintString(stored)
					if n == 0 {
						return errCorrupt
					}
					j.progress.Add(1)
					return fn(model.EncodedItem(stored[n:]), int(size))
				})
			})
		}
		if err != nil && e.closed.Load() {
			return // the next open marks the export FAILED
		}
		end := epoch(e.now())
		e.finishJob(j, func(r *jobRecord) {
			x := r.Export
			x.EndTime = &end
			if err != nil {
				x.ExportStatus, x.FailureCode, x.FailureMessage = statusFailed, "InternalFailure", err.Error()
				return
			}
			x.ExportStatus, x.ExportManifest = statusCompleted, res.SummaryKey
			x.ItemCount, x.BilledSizeBytes = &res.ItemCount, &res.BilledSizeBytes
		})
	})
	return &model.ExportTableToPointInTimeOutput{ExportDescription: rec.Export}, nil
}

// exportChanges writes an incremental export of the changes after from
// and at or before to.
func (e *Engine) exportChanges(ctx context.Context, sink export.Sink, spec export.Spec, table string, from, to time.Time) (*export.Result, error) {
	var raw []export.RawChange
	err := e.ChangesBetween(ctx, table, from, to, func(c ItemChange) error {
		raw = append(raw, export.RawChange{At: c.At, Keys: c.Keys, Old: c.Old, New: c.New})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return export.WriteIncremental(sink, spec, export.Compact(raw))
}

func rfc(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// validateExport checks ExportTableToPointInTime's parameters.
func validateExport(in *model.ExportTableToPointInTimeInput) *model.Error {
	var c constraints
	if in.TableArn == nil {
		c.add(nil, "tableArn", "Member must not be null")
	}
	if in.S3Bucket == nil {
		c.add(nil, "s3Bucket", "Member must not be null")
	} else if len(*in.S3Bucket) > 255 {
		c.add(*in.S3Bucket, "s3Bucket", "Member must have length less than or equal to 255")
	}
	if in.ExportFormat != nil {
		c.enum(*in.ExportFormat, "exportFormat", "DYNAMODB_JSON", "ION")
	}
	if in.ExportType != nil {
		c.enum(*in.ExportType, "exportType", "FULL_EXPORT", "INCREMENTAL_EXPORT")
	}
	if in.S3SseAlgorithm != nil {
		c.enum(*in.S3SseAlgorithm, "s3SseAlgorithm", "AES256", "KMS")
	}
	if s := in.IncrementalExportSpecification; s != nil {
		c.enum(s.ExportViewType, "incrementalExportSpecification.exportViewType", "NEW_IMAGE", "NEW_AND_OLD_IMAGES")
	}
	if err := c.err(); err != nil {
		return err
	}
	if in.ExportFormat != nil && *in.ExportFormat == export.FormatION {
		return model.Validation("dynoscope does not export Amazon Ion (ION): no maintained Go library writes it. Export DYNAMODB_JSON")
	}
	if err := checkBucketName(*in.S3Bucket); err != nil {
		return err
	}
	incremental := in.ExportType != nil && *in.ExportType == export.ExportIncremental
	if incremental {
		if in.ExportTime != nil {
			return model.Validation("ExportTime cannot be given for an incremental export: give IncrementalExportSpecification's ExportFromTime and ExportToTime")
		}
		if in.IncrementalExportSpecification == nil || in.IncrementalExportSpecification.ExportFromTime == nil {
			return model.Validation("IncrementalExportSpecification.ExportFromTime is required for an incremental export")
		}
	} else if in.IncrementalExportSpecification != nil {
		return model.Validation("IncrementalExportSpecification can only be given for an incremental export (ExportType INCREMENTAL_EXPORT)")
	}
	return nil
}

// checkBucketName refuses a bucket name S3 (and so the stand-in's folder)
// would not take.
func checkBucketName(name string) *model.Error {
	if err := s3dir.CheckBucket(name); err != nil {
		return model.Validation("%v", err)
	}
	return nil
}
