package engine

import (
	"fmt"
	"sync"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// TestConcurrentWritersAndReaders runs writers, readers, scans and table
// creation at once (run with -race) and then checks the counts add up.
func TestConcurrentWritersAndReaders(t *testing.T) {
	e, _ := newTestEngine(t)
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "busy", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{hk("pk"), rk("sk")},
		AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("sk", "N"), ad("g", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byG", KeySchema: []model.KeySchemaElement{hk("g")},
			Projection: model.Projection{ProjectionType: "ALL"}}}})
	mustOK(t, err)
	const writers, perWriter = 4, 200
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < perWriter; i++ {
				item := model.Item{"pk": model.S(fmt.Sprintf("w%d", w)), "sk": model.N(fmt.Sprint(i)), "g": model.S(fmt.Sprint(i % 7))}
				if _, err := e.PutItem(ctx, &model.PutItemInput{TableName: "busy", Item: item}); err != nil {
					errs <- err
					return
				}
				if i%3 == 0 {
					if _, err := e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "busy", Key: model.Item{"pk": model.S(fmt.Sprintf("w%d", w)), "sk": model.N(fmt.Sprint(i))}}); err != nil {
						errs <- err
						return
					}
				}
			}
		}(w)
	}
	for r := 0; r < 3; r++ {
		wg.Add(1)
		go func(r int) {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				if _, err := e.GetItem(ctx, &model.GetItemInput{TableName: "busy", Key: model.Item{"pk": model.S("w0"), "sk": model.N(fmt.Sprint(i))}}); err != nil {
					errs <- err
					return
				}
				if _, err := e.Scan(ctx, &model.ScanInput{TableName: "busy", IndexName: "byG", Limit: i32(20)}); err != nil {
					errs <- err
					return
				}
				if _, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "busy"}); err != nil {
					errs <- err
					return
				}
			}
		}(r)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 10; i++ {
			createSimple(t, e, fmt.Sprintf("side%d", i), "", "")
		}
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	want := int64(writers * (perWriter - (perWriter+2)/3))
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "busy"})
	mustOK(t, err)
	if d.Table.ItemCount != want || d.Table.GlobalSecondaryIndexes[0].ItemCount != want {
		t.Fatalf("items = %d, index entries = %d, want %d", d.Table.ItemCount, d.Table.GlobalSecondaryIndexes[0].ItemCount, want)
	}
}
