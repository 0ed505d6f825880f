package schema

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// newBed hosts the Schema pane of api as the root does in a 120x40
// terminal, on screen.
func newBed(t *testing.T, api engine.API) *host.Bed {
	t.Helper()
	pw, ph := uitest.PaneSize(120, 40)
	b := host.New(t, New(kit.NewStyles(true), keymap.DefaultKeyMap(), api), api, pw, ph)
	b.Show(true)
	return b
}

// The Schema pane lists an index's key attributes in KeySchema order with
// their roles, and the table's and each GSI's on-demand maximum and warm
// throughput as DescribeTable tells them.
func TestSchemaPaneKeysAndThroughput(t *testing.T) {
	eng := uitest.DemoEngine(t, "composite-sort-keys")
	uitest.OrdersTable(t, eng)
	m := newBed(t, eng)
	m.Select("Orders", "ByTenant")
	f := m.Flat()
	for _, s := range []string{
		"Throughput on-demand maximum 1 RRU/s, 10 WRU/s · warm 15,000 reads/s, 5,000 writes/s (ACTIVE)",
		"▸ ByTenant GSI partition Tenant (S), Region (S) · sort OrderDate (S)",
		"throughput: on-demand maximum 5 WRU/s (reads: none) · warm 12,000 reads/s, 4,000 writes/s (ACTIVE)",
	} {
		if !strings.Contains(f, s) {
			t.Errorf("schema lacks %q:\n%s", s, m.Text())
		}
	}
	m.Select("CartLines", "PositionIndex")
	f = m.Flat()
	for _, s := range []string{
		"Throughput no on-demand maximum · warm 12,000 reads/s, 4,000 writes/s (ACTIVE)",
		"LineKeyIndex GSI UserID (S) · LineKey (S)",
		"▸ PositionIndex GSI partition UserID (S) · sort Section (S), Status (S), Position (N)",
	} {
		if !strings.Contains(f, s) {
			t.Errorf("schema lacks %q:\n%s", s, m.Text())
		}
	}
	// a provisioned table: its warm throughput follows its RCU/WCU
	m.Select("CartLines", "")
	out, err := eng.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: "CartLines"})
	if err != nil {
		t.Fatal(err)
	}
	if d := out.Table; d.WarmThroughput == nil || d.WarmThroughput.ReadUnitsPerSecond != 12000 {
		t.Fatalf("CartLines' warm throughput %+v", d.WarmThroughput)
	}
}

// The schema pane lists the tags of a table of the embedded engine too.
func TestSchemaTagsOnTheEngine(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	out, err := eng.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: "Forum"})
	if err != nil {
		t.Fatal(err)
	}
	d := out.Table
	var tags []model.Tag
	for i := 50; i > 0; i-- {
		tags = append(tags, model.Tag{Key: fmt.Sprintf("k%02d", i), Value: "v"})
	}
	if _, err := eng.TagResource(context.Background(), &model.TagResourceInput{ResourceArn: &d.TableArn, Tags: tags}); err != nil {
		t.Fatal(err)
	}
	m := newBed(t, eng)
	m.Select("Forum", "")
	s := m.Flat()
	if !strings.Contains(s, "Tags k01=v · k02=v · k03=v") || !strings.Contains(s, "k49=v · k50=v") {
		t.Fatalf("tags:\n%s", m.Text())
	}
}
