package engine

import (
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func TestUpdateItemReturnValuesAndCounters(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "prod", "", "")
	key := model.Item{"pk": model.S("p1")}
	// Upsert: the item does not exist yet.
	out, err := e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "prod", Key: key.Clone(),
		UpdateExpression:          "SET Price = :p, Tags = :t ADD Hits :one",
		ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.N("10"), ":t": model.SS("a"), ":one": model.N("1")},
		ReturnValues:              "ALL_NEW"})
	mustOK(t, err)
	want := model.Item{"pk": model.S("p1"), "Price": model.N("10"), "Tags": model.SS("a"), "Hits": model.N("1")}
	if !model.ItemsEqual(out.Attributes, want) {
		t.Fatalf("ALL_NEW = %v", out.Attributes)
	}
	// Atomic counter and UPDATED_OLD / UPDATED_NEW.
	out, err = e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "prod", Key: key.Clone(),
		UpdateExpression:          "SET Hits = Hits + :one",
		ExpressionAttributeValues: map[string]model.AttributeValue{":one": model.N("1")}, ReturnValues: "UPDATED_OLD"})
	mustOK(t, err)
	if !model.ItemsEqual(out.Attributes, model.Item{"Hits": model.N("1")}) {
		t.Fatalf("UPDATED_OLD = %v", out.Attributes)
	}
	out, err = e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "prod", Key: key.Clone(),
		UpdateExpression: "REMOVE Tags ADD Hits :one", ExpressionAttributeValues: map[string]model.AttributeValue{":one": model.N("5")},
		ReturnValues: "UPDATED_NEW"})
	mustOK(t, err)
	if !model.ItemsEqual(out.Attributes, model.Item{"Hits": model.N("7")}) {
		t.Fatalf("UPDATED_NEW = %v", out.Attributes)
	}
	// A REMOVE-only update does not create a missing item.
	_, err = e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "prod", Key: model.Item{"pk": model.S("ghost")}, UpdateExpression: "REMOVE Price"})
	mustOK(t, err)
	g, err := e.GetItem(ctx, &model.GetItemInput{TableName: "prod", Key: model.Item{"pk": model.S("ghost")}})
	mustOK(t, err)
	if g.Item != nil {
		t.Fatalf("REMOVE-only update created %v", g.Item)
	}
	// Updating a key attribute is refused.
	_, err = e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "prod", Key: key.Clone(), UpdateExpression: "SET pk = :v",
		ExpressionAttributeValues: map[string]model.AttributeValue{":v": model.S("x")}})
	wantError(t, err, model.ErrValidation, "One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key")
	// Legacy and expression parameters cannot be mixed.
	_, err = e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "prod", Key: key.Clone(), UpdateExpression: "SET a = :v",
		ExpressionAttributeValues: map[string]model.AttributeValue{":v": model.S("x")},
		AttributeUpdates:          map[string]model.AttributeValueUpdate{"b": {Action: "PUT", Value: &model.AttributeValue{Type: model.TypeS, S: "y"}}}})
	wantError(t, err, model.ErrValidation, "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}")
	// Legacy AttributeUpdates work on their own.
	_, err = e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "prod", Key: key.Clone(),
		AttributeUpdates: map[string]model.AttributeValueUpdate{"Price": {Action: "ADD", Value: &model.AttributeValue{Type: model.TypeN, N: "-2.5"}}}})
	mustOK(t, err)
	g, err = e.GetItem(ctx, &model.GetItemInput{TableName: "prod", Key: key.Clone()})
	mustOK(t, err)
	if g.Item["Price"].N != "7.5" {
		t.Fatalf("Price after legacy ADD = %v", g.Item["Price"])
	}
}

// TestSeed003OptimisticPriceUpdate is the seed's story of two clients
// updating a price: the second one, with a stale expected price, fails and
// changes nothing, yet still consumes write capacity.
func TestSeed003OptimisticPriceUpdate(t *testing.T) {
	e, _ := newTestEngine(t)
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "ProductCatalog", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("Id")}, AttributeDefinitions: []model.AttributeDefinition{ad("Id", "N")}})
	mustOK(t, err)
	put(t, e, "ProductCatalog", model.Item{"Id": model.N("1"), "Price": model.N("10")})
	update := func(expect, price string) (*model.UpdateItemOutput, error) {
		return e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "ProductCatalog", Key: model.Item{"Id": model.N("1")},
			UpdateExpression: "SET Price = :new", ConditionExpression: "Price = :expected",
			ExpressionAttributeValues: map[string]model.AttributeValue{":new": model.N(price), ":expected": model.N(expect)},
			ReturnConsumedCapacity:    "TOTAL", ReturnValuesOnConditionCheckFailure: "ALL_OLD"})
	}
	// Client 1 read price 10 and sets 8.
	if _, err := update("10", "8"); err != nil {
		t.Fatal(err)
	}
	// Client 2 also read 10 and sets 12: the condition fails.
	_, err = update("10", "12")
	wantError(t, err, model.ErrConditionalCheckFailed, "The conditional request failed")
	if me := err.(*model.Error); !model.ItemsEqual(me.Item, model.Item{"Id": model.N("1"), "Price": model.N("8")}) {
		t.Fatalf("ALL_OLD on failure = %v", me.Item)
	}
	last, _ := e.LastRequest()
	if last.Action != "UpdateItem" || last.Units != 1 || last.Error == "" {
		t.Fatalf("failed conditional write logged as %+v, want 1 WCU with the error", last)
	}
	g, err := e.GetItem(ctx, &model.GetItemInput{TableName: "ProductCatalog", Key: model.Item{"Id": model.N("1")}})
	mustOK(t, err)
	if g.Item["Price"].N != "8" {
		t.Fatalf("price = %v, want the first client's 8", g.Item["Price"])
	}
	// Insert-if-absent on PutItem and a conditional delete.
	_, err = e.PutItem(ctx, &model.PutItemInput{TableName: "ProductCatalog", Item: model.Item{"Id": model.N("1")}, ConditionExpression: "attribute_not_exists(Id)"})
	wantError(t, err, model.ErrConditionalCheckFailed, "The conditional request failed")
	_, err = e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "ProductCatalog", Key: model.Item{"Id": model.N("1")},
		ConditionExpression: "Price > :p", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.N("100")}})
	wantError(t, err, model.ErrConditionalCheckFailed, "The conditional request failed")
	_, err = e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "ProductCatalog", Key: model.Item{"Id": model.N("1")},
		Expected: map[string]model.ExpectedAttributeValue{"Price": {Value: &model.AttributeValue{Type: model.TypeN, N: "8"}}}})
	mustOK(t, err)
}
