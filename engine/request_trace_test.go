package engine

import (
	"context"
	"reflect"
	"sync"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// A traced request (a Query, Scan, SELECT, single-item read or write, a
// PartiQL write as the PutItem it became, a batch, a transaction) gets its
// own record,
// itemised as the log has it, however many other requests run meanwhile; a
// request refused before it ran has none.
func TestRequestTrace(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "Thread", "sk", "S")
	for i := 0; i < 5; i++ {
		put(t, e, "Thread", model.Item{"pk": model.S("a"), "sk": model.S(string(rune('a' + i)))})
	}
	bg := context.Background()
	yes := true
	query := &model.QueryInput{TableName: "Thread", KeyConditionExpression: "pk = :p",
		ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("a")}}
	tests := []struct {
		name   string
		run    func(ctx context.Context) error
		action string
		items  int
		units  float64
		// lines, when set, are the record's itemised lines
		lines []string
		// err, for a request refused before it ran, is DynamoDB's message
		err string
	}{
		{"Query", func(ctx context.Context) error { _, err := e.Query(ctx, query); return err }, "Query", 5, 0.5, nil, ""},
		{"Scan", func(ctx context.Context) error {
			_, err := e.Scan(ctx, &model.ScanInput{TableName: "Thread"})
			return err
		}, "Scan", 5, 0.5, nil, ""},
		{"SELECT", func(ctx context.Context) error {
			_, err := e.ExecuteStatement(ctx, &model.ExecuteStatementInput{Statement: `SELECT * FROM "Thread" WHERE pk = 'a'`})
			return err
		}, "ExecuteStatement", 5, 0.5, nil, ""},
		{"PutItem", func(ctx context.Context) error {
			_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "Thread", Item: model.Item{"pk": model.S("b"), "sk": model.S("a")}})
			return err
		}, "PutItem", 1, 1, nil, ""},
		{"UpdateItem", func(ctx context.Context) error {
			_, err := e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Thread", Key: model.Item{"pk": model.S("b"), "sk": model.S("a")},
				UpdateExpression: "SET n = :n", ExpressionAttributeValues: map[string]model.AttributeValue{":n": model.N("1")}})
			return err
		}, "UpdateItem", 1, 1, nil, ""},
		{"an INSERT becomes a PutItem", func(ctx context.Context) error {
			_, err := e.ExecuteStatement(ctx, &model.ExecuteStatementInput{Statement: `INSERT INTO "Thread" VALUE {'pk': 'c', 'sk': 'a'}`})
			return err
		}, "PutItem", 1, 1, nil, ""},
		{"TransactWriteItems", func(ctx context.Context) error {
			_, err := e.TransactWriteItems(ctx, &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
				{Delete: &model.Delete{TableName: "Thread", Key: model.Item{"pk": model.S("c"), "sk": model.S("a")}}}}})
			return err
		}, "TransactWriteItems", 1, 2, nil, ""},
		{"DeleteItem", func(ctx context.Context) error {
			_, err := e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "Thread", Key: model.Item{"pk": model.S("b"), "sk": model.S("a")}})
			return err
		}, "DeleteItem", 1, 1, nil, ""},
		{"GetItem", func(ctx context.Context) error {
			_, err := e.GetItem(ctx, &model.GetItemInput{TableName: "Thread", Key: model.Item{"pk": model.S("a"), "sk": model.S("a")}})
			return err
		}, "GetItem", 1, 0.5, []string{"GetItem on Thread: 6 B → 1 × 4 KB, eventually consistent × 0.5 = 0.5 RCU"}, ""},
		{"BatchGetItem", func(ctx context.Context) error {
			_, err := e.BatchGetItem(ctx, &model.BatchGetItemInput{RequestItems: map[string]model.KeysAndAttributes{"Thread": {
				Keys: []model.Item{{"pk": model.S("a"), "sk": model.S("a")}, {"pk": model.S("a"), "sk": model.S("b")}}, ConsistentRead: &yes}}})
			return err
		}, "BatchGetItem", 2, 2, []string{"BatchGetItem on Thread: 2 keys, each rounded up to 4 KB, strongly consistent = 2 RCU"}, ""},
		{"BatchWriteItem", func(ctx context.Context) error {
			_, err := e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"Thread": {
				{PutRequest: &model.PutRequest{Item: model.Item{"pk": model.S("d"), "sk": model.S("a")}}},
				{PutRequest: &model.PutRequest{Item: model.Item{"pk": model.S("d"), "sk": model.S("b")}}},
				{DeleteRequest: &model.DeleteRequest{Key: model.Item{"pk": model.S("a"), "sk": model.S("e")}}}}}})
			return err
		}, "BatchWriteItem", 3, 3, []string{"BatchWriteItem on Thread: each item rounded up to 1 KB = 3 WCU"}, ""},
		{"TransactGetItems", func(ctx context.Context) error {
			_, err := e.TransactGetItems(ctx, &model.TransactGetItemsInput{TransactItems: []model.TransactGetItem{
				{Get: &model.Get{TableName: "Thread", Key: model.Item{"pk": model.S("a"), "sk": model.S("a")}}},
				{Get: &model.Get{TableName: "Thread", Key: model.Item{"pk": model.S("d"), "sk": model.S("b")}}},
				{Get: &model.Get{TableName: "Thread", Key: model.Item{"pk": model.S("x"), "sk": model.S("x")}}}}})
			return err
		}, "TransactGetItems", 2, 6, []string{
			"TransactGetItems Get on Thread: 6 B → 1 × 4 KB = 1 RCU (strongly consistent), transactional × 2 = 2 RCU",
			"TransactGetItems Get on Thread: 6 B → 1 × 4 KB = 1 RCU (strongly consistent), transactional × 2 = 2 RCU",
			"TransactGetItems Get on Thread: 0 B → 1 × 4 KB = 1 RCU (strongly consistent), transactional × 2 = 2 RCU", // the missing item is read and paid for too
		}, ""},
		{"Query refused", func(ctx context.Context) error {
			_, err := e.Query(ctx, &model.QueryInput{TableName: "Thread", KeyConditionExpression: "pk = :p", Limit: i32(2),
				ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("a")}, ExclusiveStartKey: model.Item{"pk": model.S("a")}})
			return err
		}, "", 0, 0, nil, "The provided starting key is invalid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// other requests run while the traced one does
			var wg sync.WaitGroup
			stop := make(chan struct{})
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 100 { // fewer than the log keeps, so the traced record stays in it
					select {
					case <-stop:
						return
					default:
						_, _ = e.Scan(bg, &model.ScanInput{TableName: "Thread", Limit: i32(1)})
					}
				}
			}()
			ctx, trace := WithRequestTrace(bg)
			err := tt.run(ctx)
			close(stop)
			wg.Wait()
			recs := trace.Records()
			if tt.err != "" {
				// refused before it read: the log has no record of it either
				wantError(t, err, model.ErrValidation, tt.err)
				if len(recs) != 0 {
					t.Fatalf("records %+v", recs)
				}
				return
			}
			mustOK(t, err)
			if len(recs) != 1 {
				t.Fatalf("%d records, want 1: %+v", len(recs), recs)
			}
			r := recs[0]
			if r.Action != tt.action || r.Table != "Thread" || r.Items != tt.items || r.Units != tt.units || len(r.Lines) == 0 {
				t.Fatalf("record %+v", r)
			}
			if tt.lines != nil && !reflect.DeepEqual(r.Lines, tt.lines) {
				t.Fatalf("itemised %q, want %q", r.Lines, tt.lines)
			}
			last, ok := trace.Last()
			if !ok || !reflect.DeepEqual(last, r) {
				t.Fatalf("Last %+v %v", last, ok)
			}
			// the log holds the same record, explained the same way
			found := false
			for _, l := range e.RecentRequests() {
				if l.Action == r.Action && l.At.Equal(r.At) && l.Items == r.Items && reflect.DeepEqual(l.Lines, r.Lines) {
					found = true
				}
			}
			if !found {
				t.Fatalf("the log has no record like %+v", r)
			}
		})
	}
	var none *RequestTrace
	none.add(RequestRecord{}) // a context without a trace keeps nothing
}

// TestRequestTraceSearchVectors: a traced SearchVectors gets its own
// record, its charge itemised in bytes (VectorSearchRequestBytes, not read
// units: Units 0), the same record the log keeps; a refused one has none.
func TestRequestTraceSearchVectors(t *testing.T) {
	e, _ := newTestEngine(t)
	vecTable(t, e, "Vecs", 2, model.DistanceCosine)
	put(t, e, "Vecs", model.Item{"pk": model.S("a"), "emb": vecValue([]float32{1, 0})})
	put(t, e, "Vecs", model.Item{"pk": model.S("b"), "emb": vecValue([]float32{0, 1})})
	index := "all"
	search := func(ctx context.Context, topK int64) error {
		_, err := e.SearchVectors(ctx, &model.SearchVectorsInput{TableName: "Vecs", IndexName: &index, SearchVector: numbers([]float32{1, 1}), TopK: i64(topK)})
		return err
	}
	ctx, trace := WithRequestTrace(context.Background())
	mustOK(t, search(ctx, 5))
	recs := trace.Records()
	want := []string{
		"SearchVectors on all: examined ~2 of 2 vectors (4·max(TopK,10)·⌈log2(n+1)⌉, at most n) × 8 B (2 dims × 4 B) = 16 B",
		"returned 2 items: 6 B",
		"22 B is under the 1 KB minimum per request: 1024 B",
	}
	if len(recs) != 1 {
		t.Fatalf("%d records, want 1: %+v", len(recs), recs)
	}
	r := recs[0]
	if r.Action != "SearchVectors" || r.Table != "Vecs" || r.Index != "all" || !r.Read || r.Items != 2 || r.Units != 0 || r.Error != "" {
		t.Fatalf("record %+v", r)
	}
	if !reflect.DeepEqual(r.Lines, want) {
		t.Fatalf("itemised %q, want %q", r.Lines, want)
	}
	if last, ok := e.LastRequest(); !ok || !reflect.DeepEqual(last, r) {
		t.Fatalf("the log's last record %+v, want %+v", last, r)
	}
	ctx, trace = WithRequestTrace(context.Background())
	wantError(t, search(ctx, 101), model.ErrValidation, "Provided TopK value '101' is out of valid range. The value must be between 1 and 100 inclusive")
	if recs := trace.Records(); len(recs) != 0 {
		t.Fatalf("a refused search left records %+v", recs)
	}
}
