package backups

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// exportBucket is the bucket of the S3 folder the view exports to; each
// table's exports go under its name.
const exportBucket = "dynoscope-exports"

// pollEvery is how often a running export or import is described.
var pollEvery = 250 * time.Millisecond

// transfer is an export or import under way or ended.
type transfer struct {
	kind   string // "export", "import"
	arn    string
	table  string // the table exported, or the new table of an import
	folder string // where on disk: the export's folder, the import's source
	// source is the import's "bucket/prefix" (an export's data folder for
	// the next import).
	source      string
	done, total int64 // items (export) or bytes (import)
	status      string
	note        string // the outcome, or the failure
	failed      bool
}

// transferStartedMsg is an export or import just started.
type transferStartedMsg struct {
	t   *transfer
	err error
}

// pollMsg asks for a running transfer's state.
type pollMsg struct{ arn string }

// transferMsg is a running transfer's state.
type transferMsg struct {
	arn    string
	done   int64
	status string
	note   string
	failed bool
	err    error
}

// export starts an export of the table as it is now to the S3 folder.
func (p *Model) export() tea.Cmd {
	ex, ok := p.api.(engine.ExportAPI)
	if !ok {
		return p.refuse("no export here: a remote table exports to your own S3 bucket (aws dynamodb export-table-to-point-in-time)")
	}
	if !p.pitrOn() {
		return p.refuse("an export reads the point-in-time history: P turns recovery on for " + p.Table() + " first")
	}
	if p.transfer != nil && p.transfer.status == "IN_PROGRESS" {
		return p.refuse("an " + p.transfer.kind + " is under way")
	}
	dir := s3Dir(p.api)
	d := p.desc
	return func() tea.Msg {
		bucket, prefix := exportBucket, d.TableName
		out, err := ex.ExportTableToPointInTime(kit.Bg, &model.ExportTableToPointInTimeInput{TableArn: &d.TableArn, S3Bucket: &bucket, S3Prefix: &prefix})
		if err != nil {
			return transferStartedMsg{err: err}
		}
		x := out.ExportDescription
		id := x.ExportArn[strings.LastIndex(x.ExportArn, "/")+1:]
		rel := path.Join(prefix, "AWSDynamoDB", id)
		return transferStartedMsg{t: &transfer{kind: "export", arn: x.ExportArn, table: d.TableName,
			folder: filepath.Join(dir, bucket, filepath.FromSlash(rel)), source: path.Join(bucket, rel, "data") + "/",
			total: d.ItemCount, status: x.ExportStatus}}
	}
}

// lastExportFolder is what the import field starts with: the data folder
// of the last export, or the table's exports.
func (p *Model) lastExportFolder() string {
	if p.transfer != nil && p.transfer.kind == "export" {
		return p.transfer.source
	}
	return exportBucket + "/" + p.Table() + "/"
}

// askImport reads what the folder holds, names the new table and asks
// before importing into it.
func (p *Model) askImport(source string) tea.Cmd {
	if _, ok := p.api.(engine.ImportAPI); !ok {
		return p.refuse("no import here: a remote table imports from your own S3 bucket (aws dynamodb import-table)")
	}
	if p.transfer != nil && p.transfer.status == "IN_PROGRESS" {
		return p.refuse("an " + p.transfer.kind + " is under way")
	}
	dir, d, api := s3Dir(p.api), p.desc, p.api
	return func() tea.Msg {
		src, err := scanSource(dir, source)
		if err != nil {
			return transferStartedMsg{err: err}
		}
		target, err := freeName(api, d.TableName+"-imported")
		if err != nil {
			return transferStartedMsg{err: err}
		}
		return kit.ConfirmMsg{
			Title: "Import " + source, Yes: "import into " + target,
			Body: []string{fmt.Sprintf("A new table %s with %s's keys and indexes is filled from %s (%d %s files, %s, %s): all or nothing; items that fail the table's checks are counted and logged.",
				target, d.TableName, src.folder, src.files, src.format, src.compression, kit.HumanBytes(src.bytes))},
			Then: importMsg{src: src, target: target},
		}
	}
}

// source is an import's folder as read.
type source struct {
	bucket, prefix, folder string
	files                  int
	bytes                  int64
	format, compression    string
}

// importMsg is the go-ahead of an import.
type importMsg struct {
	src    source
	target string
}

// scanSource reads "bucket/prefix" of the S3 folder: its files, their
// size, the format and compression their names say.
func scanSource(dir, rel string) (source, error) {
	rel = strings.TrimPrefix(strings.TrimSpace(rel), "/")
	bucket, prefix, _ := strings.Cut(rel, "/")
	s := source{bucket: bucket, prefix: prefix, format: "DYNAMODB_JSON", compression: "NONE"}
	if bucket == "" || strings.Contains(rel, "..") {
		return s, fmt.Errorf("%q is not a folder of the S3 folder: type bucket/prefix", rel)
	}
	s.folder = filepath.Join(dir, bucket, filepath.FromSlash(prefix))
	root := filepath.Join(dir, bucket)
	gz, zst, csv := 0, 0, 0
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(root, p)
		r = filepath.ToSlash(r)
		if e.IsDir() || !strings.HasPrefix(r, prefix) || strings.HasPrefix(e.Name(), ".") {
			return nil
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		s.files++
		s.bytes += info.Size()
		n := strings.ToLower(e.Name())
		switch {
		case strings.HasSuffix(n, ".gz"):
			gz++
			n = strings.TrimSuffix(n, ".gz")
		case strings.HasSuffix(n, ".zst"):
			zst++
			n = strings.TrimSuffix(n, ".zst")
		}
		if strings.HasSuffix(n, ".csv") {
			csv++
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		return s, err
	}
	if s.files == 0 {
		return s, fmt.Errorf("nothing to import in %s", s.folder)
	}
	switch {
	case gz == s.files:
		s.compression = "GZIP"
	case zst == s.files:
		s.compression = "ZSTD"
	}
	if csv == s.files {
		s.format = "CSV"
	}
	return s, nil
}

// startImport starts an import the user agreed to.
func (p *Model) startImport(m importMsg) tea.Cmd {
	im := p.api.(engine.ImportAPI)
	d := p.desc
	return func() tea.Msg {
		params := creationParameters(d, m.target)
		format, comp := m.src.format, m.src.compression
		in := &model.ImportTableInput{S3BucketSource: &model.S3BucketSource{S3Bucket: m.src.bucket, S3KeyPrefix: m.src.prefix},
			InputFormat: &format, InputCompressionType: &comp, TableCreationParameters: params}
		out, err := im.ImportTable(kit.Bg, in)
		if err != nil {
			return transferStartedMsg{err: err}
		}
		x := out.ImportTableDescription
		return transferStartedMsg{t: &transfer{kind: "import", arn: x.ImportArn, table: m.target, folder: m.src.folder,
			source: m.src.bucket + "/" + m.src.prefix, total: m.src.bytes, status: x.ImportStatus}}
	}
}

// creationParameters is an import's new table: the keys, attribute
// definitions, billing and GSIs of d.
func creationParameters(d *model.TableDescription, name string) *model.TableCreationParameters {
	p := &model.TableCreationParameters{TableName: name, KeySchema: d.KeySchema, AttributeDefinitions: d.AttributeDefinitions, BillingMode: model.BillingPayPerRequest}
	provisioned := d.BillingModeSummary == nil || d.BillingModeSummary.BillingMode != model.BillingPayPerRequest
	pt := func(x *model.ProvisionedThroughputDescription) *model.ProvisionedThroughput {
		if x == nil || x.ReadCapacityUnits == 0 {
			r, w := int64(5), int64(5)
			return &model.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}
		}
		r, w := x.ReadCapacityUnits, x.WriteCapacityUnits
		return &model.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}
	}
	if provisioned {
		p.BillingMode = model.BillingProvisioned
		p.ProvisionedThroughput = pt(d.ProvisionedThroughput)
	}
	for _, g := range d.GlobalSecondaryIndexes {
		gi := model.GlobalSecondaryIndex{IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection}
		if provisioned {
			gi.ProvisionedThroughput = pt(g.ProvisionedThroughput)
		}
		p.GlobalSecondaryIndexes = append(p.GlobalSecondaryIndexes, gi)
	}
	return p
}

// started shows a transfer just started and polls it.
func (p *Model) started(msg transferStartedMsg) tea.Cmd {
	if msg.err != nil {
		p.result, p.resultErr = "", msg.err
		return nil
	}
	p.transfer = msg.t
	p.result, p.resultErr = "", nil
	return p.pollLater(msg.t.arn)
}

// pollLater describes the transfer after pollEvery.
func (p *Model) pollLater(arn string) tea.Cmd {
	return tea.Tick(pollEvery, func(time.Time) tea.Msg { return pollMsg{arn: arn} })
}

// poll describes the running transfer.
func (p *Model) poll(msg pollMsg) tea.Cmd {
	t := p.transfer
	if t == nil || t.arn != msg.arn {
		return nil
	}
	api, kind, arn := p.api, t.kind, t.arn
	return func() tea.Msg {
		out := transferMsg{arn: arn}
		if jp, ok := api.(jobProgress); ok {
			out.done, _ = jp.JobProgress(arn)
		}
		if kind == "export" {
			d, err := api.(engine.ExportAPI).DescribeExport(kit.Bg, &model.DescribeExportInput{ExportArn: &arn})
			if err != nil {
				out.err = err
				return out
			}
			x := d.ExportDescription
			out.status = x.ExportStatus
			switch x.ExportStatus {
			case "COMPLETED":
				out.note = fmt.Sprintf("exported %s (%s) with manifest-summary.json and manifest-files.json", kit.NItems(int(deref(x.ItemCount))), kit.HumanBytes(deref(x.BilledSizeBytes)))
			case "FAILED":
				out.note, out.failed = x.FailureCode+": "+x.FailureMessage, true
			}
			return out
		}
		d, err := api.(engine.ImportAPI).DescribeImport(kit.Bg, &model.DescribeImportInput{ImportArn: &arn})
		if err != nil {
			out.err = err
			return out
		}
		x := d.ImportTableDescription
		out.status = x.ImportStatus
		switch x.ImportStatus {
		case "COMPLETED":
			out.note = fmt.Sprintf("imported %s of %s processed (%d errors)", kit.FmtInt(x.ImportedItemCount), kit.FmtInt(x.ProcessedItemCount), x.ErrorCount)
		case "FAILED":
			out.note, out.failed = fmt.Sprintf("%s: %s (%d of %d items failed; nothing imported)", x.FailureCode, x.FailureMessage, x.ErrorCount, x.ProcessedItemCount), true
		}
		return out
	}
}

// progressed shows a transfer's state; polls again while it runs.
func (p *Model) progressed(msg transferMsg) tea.Cmd {
	t := p.transfer
	if t == nil || t.arn != msg.arn {
		return nil
	}
	if msg.err != nil {
		t.status, t.note, t.failed = "FAILED", msg.err.Error(), true
		return nil
	}
	t.done, t.status, t.note, t.failed = msg.done, msg.status, msg.note, msg.failed
	switch msg.status {
	case "IN_PROGRESS":
		return p.pollLater(t.arn)
	case "COMPLETED":
		if t.kind == "import" {
			return kit.Msg(kit.ChangedMsg{Note: "import into " + t.table + " done"})
		}
	}
	return nil
}

// s3Dir is the S3 folder ("" when there is none).
func s3Dir(api engine.API) string {
	if s, ok := api.(s3Folder); ok {
		return s.S3Dir()
	}
	return ""
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}
