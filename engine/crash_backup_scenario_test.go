package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine/s3dir"
	"github.com/dynoscope/dynoscope/model"
)

// The crash harness's scenarios of issue 26's state (TestCrashScenarios):
// backups and restores from them, restores to a point in time, exports
// and imports. Each step writes what a real use writes (items of 1 KB,
// restores and imports of a few hundred items in several transactions);
// each check is the feature's "never half" rule after a cut or a kill -9:
// a restored or imported table is whole or absent, a backup lists with its
// table's items, a job is never left IN_PROGRESS.

// scenarioItems is how many items the scenarios' source tables hold.
const scenarioItems = 300

// scenarioSource creates table src with scenarioItems items of 1 KB.
func scenarioSource(t testing.TB, e *Engine, pitr bool) {
	createSimple(t, e, "src", "", "")
	if pitr {
		on := true
		_, err := e.UpdateContinuousBackups(ctx, &model.UpdateContinuousBackupsInput{TableName: "src",
			PointInTimeRecoverySpecification: &model.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: &on}})
		mustOK(t, err)
	}
	b := e.BeginLoad()
	mustOK(t, b.Write(ctx, "src", putReqs(0, scenarioItems, model.Item{"blob": model.S(strings.Repeat("b", 1000))})))
	mustOK(t, b.Commit(ctx))
}

// wholeTables checks that every table whose name starts with prefix holds
// want items (want(name) < 0: any count), read by a Scan.
func wholeTables(t testing.TB, e *Engine, prefix string, want func(name string) int) {
	t.Helper()
	out, err := e.ListTables(ctx, &model.ListTablesInput{})
	mustOK(t, err)
	for _, name := range out.TableNames {
		if !strings.HasPrefix(name, prefix) {
			continue
		}
		n := 0
		in := &model.ScanInput{TableName: name, Select: "COUNT"}
		for {
			page, err := e.Scan(ctx, in)
			mustOK(t, err)
			n += int(page.Count)
			if len(page.LastEvaluatedKey) == 0 {
				break
			}
			in.ExclusiveStartKey = page.LastEvaluatedKey
		}
		if w := want(name); w >= 0 && n != w {
			t.Fatalf("table %s holds %d items, want %d: half a table", name, n, w)
		}
	}
}

// noJobInProgress checks that the workspace, reopened, reports no export
// or import IN_PROGRESS (one the process died under reads FAILED).
func noJobInProgress(t testing.TB, e *Engine) {
	t.Helper()
	ex, err := e.ListExports(ctx, &model.ListExportsInput{})
	mustOK(t, err)
	for _, x := range ex.ExportSummaries {
		if x.ExportStatus == statusInProgress {
			t.Fatalf("export %s reads IN_PROGRESS after reopen", x.ExportArn)
		}
	}
	im, err := e.ListImports(ctx, &model.ListImportsInput{})
	mustOK(t, err)
	for _, x := range im.ImportSummaryList {
		if x.ImportStatus == statusInProgress {
			t.Fatalf("import %s reads IN_PROGRESS after reopen", x.ImportArn)
		}
	}
}

func init() {
	// A backup, then restores of it into new tables, one per step, and a
	// backup more on every third.
	registerCrashScenario("backup and restore from a backup", crashScenario{
		setup: func(t testing.TB, e *Engine) {
			scenarioSource(t, e, false)
			_, err := e.CreateBackup(ctx, &model.CreateBackupInput{TableName: "src", BackupName: "first"})
			mustOK(t, err)
		},
		step: func(e *Engine, n int) error {
			if n%3 == 2 {
				if _, err := e.CreateBackup(ctx, &model.CreateBackupInput{TableName: "src", BackupName: fmt.Sprintf("backup%d", n)}); err != nil {
					return err
				}
			}
			out, err := e.ListBackups(ctx, &model.ListBackupsInput{TableName: "src"})
			if err != nil {
				return err
			}
			_, err = e.RestoreTableFromBackup(ctx, &model.RestoreTableFromBackupInput{TargetTableName: fmt.Sprintf("restored%d", n),
				BackupArn: out.BackupSummaries[0].BackupArn})
			return err
		},
		check: func(t testing.TB, e *Engine) {
			out, err := e.ListBackups(ctx, &model.ListBackupsInput{TableName: "src"})
			mustOK(t, err)
			if len(out.BackupSummaries) == 0 {
				t.Fatal("the backup made at setup is gone")
			}
			for _, b := range out.BackupSummaries {
				if b.BackupStatus != model.BackupStatusAvailable {
					t.Fatalf("backup %s is %s after reopen", b.BackupName, b.BackupStatus)
				}
			}
			wholeTables(t, e, "restored", func(string) int { return scenarioItems })
		},
	})

	// PITR on; each step changes an item and restores the table as it is
	// at the latest restorable time into a new table.
	registerCrashScenario("restore to a point in time", crashScenario{
		setup: func(t testing.TB, e *Engine) { scenarioSource(t, e, true) },
		step: func(e *Engine, n int) error {
			if _, err := e.PutItem(ctx, &model.PutItemInput{TableName: "src", Item: model.Item{"pk": model.S(fmt.Sprintf("k%06d", n%scenarioItems)),
				"blob": model.S(strings.Repeat(fmt.Sprint(n%10), 1000))}}); err != nil {
				return err
			}
			latest := true
			_, err := e.RestoreTableToPointInTime(ctx, &model.RestoreTableToPointInTimeInput{SourceTableName: "src",
				TargetTableName: fmt.Sprintf("pit%d", n), UseLatestRestorableTime: &latest})
			return err
		},
		check: func(t testing.TB, e *Engine) {
			// the steps change items, never add one: every restore holds all
			wholeTables(t, e, "pit", func(string) int { return scenarioItems })
			wholeTables(t, e, "src", func(string) int { return scenarioItems })
		},
	})

	// PITR on; each step exports the table to the S3 stand-in and waits
	// for the job.
	registerCrashScenario("export to the S3 stand-in", crashScenario{
		setup: func(t testing.TB, e *Engine) { scenarioSource(t, e, true) },
		step: func(e *Engine, n int) error {
			arn := e.tables["src"].meta.Desc.TableArn
			bucket, prefix := "exports", fmt.Sprintf("step%d", n)
			if _, err := e.ExportTableToPointInTime(ctx, &model.ExportTableToPointInTimeInput{TableArn: &arn, S3Bucket: &bucket, S3Prefix: &prefix}); err != nil {
				return err
			}
			e.WaitJobs()
			return nil
		},
		check: func(t testing.TB, e *Engine) {
			noJobInProgress(t, e)
			wholeTables(t, e, "src", func(string) int { return scenarioItems })
		},
	})

	// A DynamoDB JSON file of scenarioItems items in the S3 stand-in; each
	// step imports it into a new table and waits for the job.
	registerCrashScenario("import from the S3 stand-in", crashScenario{
		setup: func(t testing.TB, e *Engine) {
			st, err := s3dir.Open(e.S3Dir())
			mustOK(t, err)
			defer st.Close()
			var lines strings.Builder
			for i := 0; i < scenarioItems; i++ {
				fmt.Fprintf(&lines, `{"Item":{"pk":{"S":"k%06d"},"blob":{"S":"%s"}}}`+"\n", i, strings.Repeat("i", 1000))
			}
			mustOK(t, st.Put("source", "data/items.json", []byte(lines.String())))
		},
		step: func(e *Engine, n int) error {
			format := "DYNAMODB_JSON"
			if _, err := e.ImportTable(ctx, &model.ImportTableInput{
				S3BucketSource: &model.S3BucketSource{S3Bucket: "source", S3KeyPrefix: "data/"}, InputFormat: &format,
				TableCreationParameters: &model.TableCreationParameters{TableName: fmt.Sprintf("imported%d", n),
					AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S")}, KeySchema: []model.KeySchemaElement{hk("pk")},
					BillingMode: model.BillingPayPerRequest},
			}); err != nil {
				return err
			}
			e.WaitJobs()
			return nil
		},
		check: func(t testing.TB, e *Engine) {
			noJobInProgress(t, e)
			wholeTables(t, e, "imported", func(string) int { return scenarioItems })
		},
	})
}
