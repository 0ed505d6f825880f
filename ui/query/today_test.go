package query

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The builder gives each partition attribute of a multi-attribute GSI key
// its own field, all with =, and sends them all.
func TestBuilderTwoPartitionAttributes(t *testing.T) {
	eng := uitest.DemoEngine(t, "composite-sort-keys")
	uitest.OrdersTable(t, eng)
	m := newBed(t, eng, 120, 40)
	// two partition attributes: two fields, both =, both sent
	for i := 0; i < 3; i++ {
		if _, err := eng.PutItem(context.Background(), &model.PutItemInput{TableName: "Orders", Item: model.Item{"id": model.S(fmt.Sprint(i)),
			"Tenant": model.S("acme"), "Region": model.S([]string{"eu", "us", "eu"}[i]), "OrderDate": model.S(fmt.Sprintf("2026-01-0%d", 3-i))}}); err != nil {
			t.Fatal(err)
		}
	}
	m.Select("Orders", "ByTenant")
	m.Show(true)
	q := m.q
	if got := keyFields(q); !reflect.DeepEqual(got, []string{"Tenant =", "Region =", "OrderDate"}) {
		t.Fatalf("fields %q", got)
	}
	gotoRow(t, m, "partition 1 of 2")
	typeText(t, m, "acme")
	gotoRow(t, m, "partition 2 of 2")
	typeText(t, m, "eu")
	press(t, m, "r")
	res := q.Result()
	if res == nil || res.Err != nil || len(res.Items) != 2 || res.Items[0]["id"].S != "2" || res.Items[1]["id"].S != "0" ||
		res.In.(*model.QueryInput).KeyConditionExpression != "#pk1 = :pk1 AND #pk2 = :pk2" {
		t.Fatalf("result %+v", res)
	}
	if !strings.Contains(m.lineWith("partition 2 of 2"), "partition 2 of 2 Region (S)  =  eu") {
		t.Fatalf("row:\n%s", screen(m))
	}
}
