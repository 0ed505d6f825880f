package remote

import (
	"context"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// A backend opened without Write refuses every action that could change a
// table before sending anything, with the one-line reason the explorer
// shows; reads go through.
func TestReadOnlyRefusesEveryWrite(t *testing.T) {
	tw := newTwins(t)
	ctx := context.Background()
	if _, err := tw.served.CreateTable(ctx, plainTable()); err != nil {
		t.Fatal(err)
	}
	item := model.Item{"id": model.S("x")}
	if _, err := tw.served.PutItem(ctx, &model.PutItemInput{TableName: "Plain", Item: item}); err != nil {
		t.Fatal(err)
	}
	before := len(tw.served.RecentRequests())
	writes := []struct {
		name string
		call func() error
	}{
		{"CreateTable", func() error { _, err := tw.ro.CreateTable(ctx, ordersTable()); return err }},
		{"DeleteTable", func() error {
			_, err := tw.ro.DeleteTable(ctx, &model.DeleteTableInput{TableName: "Plain"})
			return err
		}},
		{"UpdateTable", func() error {
			_, err := tw.ro.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Plain", BillingMode: model.BillingProvisioned})
			return err
		}},
		{"PutItem", func() error {
			_, err := tw.ro.PutItem(ctx, &model.PutItemInput{TableName: "Plain", Item: model.Item{"id": model.S("y")}})
			return err
		}},
		{"UpdateItem", func() error {
			_, err := tw.ro.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Plain", Key: item, UpdateExpression: "SET a = :a",
				ExpressionAttributeValues: map[string]model.AttributeValue{":a": model.N("1")}})
			return err
		}},
		{"DeleteItem", func() error {
			_, err := tw.ro.DeleteItem(ctx, &model.DeleteItemInput{TableName: "Plain", Key: item})
			return err
		}},
		{"BatchWriteItem", func() error {
			_, err := tw.ro.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{
				"Plain": {{DeleteRequest: &model.DeleteRequest{Key: item}}}}})
			return err
		}},
		{"UpdateTimeToLive", func() error {
			_, err := tw.ro.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: "Plain",
				TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: true, AttributeName: "exp"}})
			return err
		}},
		{"TagResource", func() error {
			_, err := tw.ro.TagResource(ctx, &model.TagResourceInput{ResourceArn: ptr("arn:aws:dynamodb:us-east-1:000000000000:table/Plain"),
				Tags: []model.Tag{{Key: "k", Value: "v"}}})
			return err
		}},
		{"UntagResource", func() error {
			_, err := tw.ro.UntagResource(ctx, &model.UntagResourceInput{ResourceArn: ptr("arn:aws:dynamodb:us-east-1:000000000000:table/Plain"),
				TagKeys: []string{"k"}})
			return err
		}},
	}
	for _, w := range writes {
		t.Run(w.name, func(t *testing.T) {
			err := w.call()
			if err == nil || err.Error() != "read-only: start with --write to change this table" {
				t.Fatalf("err = %v", err)
			}
			me, ok := err.(*model.Error)
			if !ok || me.Code != ErrReadOnly || me.Message != ReadOnlyMessage || !IsReadOnly(err) {
				t.Fatalf("err = %#v", err)
			}
		})
	}
	if after := len(tw.served.RecentRequests()); after != before {
		t.Fatalf("the refused writes reached the server: %d requests logged, %d before", after, before)
	}
	if _, err := tw.served.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Orders"}); err == nil {
		t.Fatal("a refused CreateTable created the table")
	}
	d, err := tw.served.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Plain"})
	if err != nil || d.Table.ItemCount != 1 || d.Table.BillingModeSummary.BillingMode != model.BillingPayPerRequest {
		t.Fatalf("the table changed: %+v, %v", d, err)
	}
	got, err := tw.ro.GetItem(ctx, &model.GetItemInput{TableName: "Plain", Key: item})
	if err != nil || got.Item["id"].S != "x" {
		t.Fatalf("GetItem on a read-only backend: %v, %v", got, err)
	}
	if loc := tw.ro.Location(); loc.Write || loc.String() != tw.url+", read-only" {
		t.Fatalf("location %+v says %q", loc, loc.String())
	}
	if loc := tw.rw.Location(); !loc.Write || loc.String() != tw.url+", writes allowed" {
		t.Fatalf("location %+v says %q", loc, loc.String())
	}
}
