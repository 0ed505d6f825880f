package engine

// JobProgress is how far a running export or import is, for a progress
// bar (DescribeExport reports no count until an export ends, and
// DescribeImport its counts at the end): for an export the items written
// so far, for an import the bytes of its S3 objects read so far (as of its
// last written batch). ok is false for an ARN no job has.
func (e *Engine) JobProgress(arn string) (done int64, ok bool) {
	e.jobs.mu.Lock()
	j := e.jobs.byID[arn]
	e.jobs.mu.Unlock()
	if j == nil {
		return 0, false
	}
	return j.progress.Load(), true
}
