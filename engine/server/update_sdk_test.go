package server_test

// UpdateItem and conditional writes through the HTTP endpoint with the AWS
// SDK for Go v2 (issue 3): the seed 003 story of two clients and a stale
// expected price, ReturnValues shapes, atomic counters, list and set
// updates, and the errors of malformed updates.
// engine/update_item_test.go has the in-process versions.

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// TestSDKSeed003OptimisticPriceUpdate is seed 003's conditional write story
// with two SDK clients of one server: both read the book at $10; client 1
// sets $8 expecting $10 and succeeds; client 2 sets $12 expecting $10 and
// gets a ConditionalCheckFailedException, and nothing changes. Client 2
// learns the current item from the exception (ReturnValuesOnConditionCheck
// Failure ALL_OLD), retries with the right expectation and succeeds.
// Sending a conditional write again has no further effect. The failed
// write still consumes write capacity (1 WCU for a missing item, else by
// the item's size), though no ConsumedCapacity comes back with the error.
func TestSDKSeed003OptimisticPriceUpdate(t *testing.T) {
	eng, url := sdkServe(t)
	ctx := context.Background()
	client1, client2 := sdkClientFor(url), sdkClientFor(url)
	sdkCreateTable(t, client1, "ProductCatalog", "Id", "N", "", "")
	table := aws.String("ProductCatalog")
	key := sdkItem{"Id": avN("1")}
	book := sdkItem{"Id": avN("1"), "Title": avS("Book 101 Title"), "ISBN": avS("111-1111111111"), "Price": avN("10"), "ProductCategory": avS("Book")}
	sdkPut(t, client1, "ProductCatalog", book)

	// Both clients read the item.
	for _, c := range []*dynamodb.Client{client1, client2} {
		if got := sdkGet(t, c, "ProductCatalog", key); avText(got["Price"]) != "10" {
			t.Fatalf("initial price %v", got["Price"])
		}
	}
	setPrice := func(c *dynamodb.Client, expected, price string, mod ...func(*dynamodb.UpdateItemInput)) (*dynamodb.UpdateItemOutput, error) {
		in := &dynamodb.UpdateItemInput{
			TableName:                 table,
			Key:                       key,
			UpdateExpression:          aws.String("SET Price = :new"),
			ConditionExpression:       aws.String("Price = :expected"),
			ExpressionAttributeValues: sdkItem{":new": avN(price), ":expected": avN(expected)},
			ReturnConsumedCapacity:    types.ReturnConsumedCapacityTotal,
		}
		for _, m := range mod {
			m(in)
		}
		return c.UpdateItem(ctx, in)
	}
	withBook := func(price string) sdkItem {
		it := sdkItem{}
		for k, v := range book {
			it[k] = v
		}
		it["Price"] = avN(price)
		return it
	}

	// Client 1: $10 → $8.
	out, err := setPrice(client1, "10", "8", func(in *dynamodb.UpdateItemInput) { in.ReturnValues = types.ReturnValueUpdatedNew })
	if err != nil {
		t.Fatal(err)
	}
	wantItem(t, "client 1 UPDATED_NEW", out.Attributes, sdkItem{"Price": avN("8")})
	wantConsumed(t, "client 1", out.ConsumedCapacity, capacityWant{table: "ProductCatalog", total: 1})

	// Client 2: $10 → $12 with a stale expectation.
	out, err = setPrice(client2, "10", "12")
	ccf, ok := errors.AsType[*types.ConditionalCheckFailedException](err)
	if !ok {
		t.Fatalf("client 2: %v (%T), want *types.ConditionalCheckFailedException", err, err)
	}
	wantAPIError(t, err, "ConditionalCheckFailedException", "The conditional request failed")
	if ccf.Item != nil || out != nil {
		t.Errorf("failed update without ReturnValuesOnConditionCheckFailure: Item %v, output %v", ccf.Item, out)
	}
	if last, _ := eng.LastRequest(); last.Action != "UpdateItem" || last.Units != 1 || last.Error == "" {
		t.Errorf("failed conditional write logged as %+v, want 1 WCU with the error", last)
	}
	wantItem(t, "after client 2's failed update", sdkGet(t, client2, "ProductCatalog", key), withBook("8"))

	// With ALL_OLD the exception carries the item as it is.
	_, err = setPrice(client2, "10", "12", func(in *dynamodb.UpdateItemInput) {
		in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	})
	ccf, ok = errors.AsType[*types.ConditionalCheckFailedException](err)
	if !ok {
		t.Fatalf("client 2 with ALL_OLD: %v (%T)", err, err)
	}
	wantAPIError(t, err, "ConditionalCheckFailedException", "The conditional request failed")
	wantItem(t, "ConditionalCheckFailedException.Item", ccf.Item, withBook("8"))

	// Client 2 retries with the price it now knows.
	if _, err := setPrice(client2, avText(ccf.Item["Price"]), "12"); err != nil {
		t.Fatalf("client 2 retry: %v", err)
	}
	// Client 1's request, sent again, has no further effect.
	_, err = setPrice(client1, "10", "8")
	if _, ok := errors.AsType[*types.ConditionalCheckFailedException](err); !ok {
		t.Fatalf("client 1 resent: %v", err)
	}
	wantItem(t, "final item", sdkGet(t, client1, "ProductCatalog", key), withBook("12"))

	// The legacy Expected form of the same checks.
	_, err = client2.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: table, Key: key,
		AttributeUpdates: map[string]types.AttributeValueUpdate{"Price": {Action: types.AttributeActionPut, Value: avN("15")}},
		Expected:         map[string]types.ExpectedAttributeValue{"Price": {Value: avN("10")}}})
	wantAPIError(t, err, "ConditionalCheckFailedException", "The conditional request failed")
	if _, err := client2.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: table, Key: key,
		AttributeUpdates: map[string]types.AttributeValueUpdate{"Price": {Action: types.AttributeActionPut, Value: avN("15")}},
		Expected: map[string]types.ExpectedAttributeValue{"Price": {ComparisonOperator: types.ComparisonOperatorEq,
			AttributeValueList: []types.AttributeValue{avN("12")}}}}); err != nil {
		t.Fatalf("legacy Expected: %v", err)
	}

	// Insert if absent: a PutItem of an existing key fails, with the
	// existing item when asked.
	_, err = client1.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: sdkItem{"Id": avN("1"), "Title": avS("other")},
		ConditionExpression: aws.String("attribute_not_exists(Id)"), ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld})
	ccf, ok = errors.AsType[*types.ConditionalCheckFailedException](err)
	if !ok {
		t.Fatalf("insert if absent: %v (%T)", err, err)
	}
	wantItem(t, "PutItem failure Item", ccf.Item, withBook("15"))
	if _, err := client1.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: sdkItem{"Id": avN("2"), "Title": avS("new")},
		ConditionExpression: aws.String("attribute_not_exists(Id)")}); err != nil {
		t.Fatalf("insert of a new key: %v", err)
	}
	// A failed condition on a missing item costs 1 WCU and returns no Item.
	_, err = client1.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: table, Key: sdkItem{"Id": avN("3")},
		UpdateExpression: aws.String("SET Price = :p"), ConditionExpression: aws.String("attribute_exists(Id)"),
		ExpressionAttributeValues: sdkItem{":p": avN("1")}, ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld})
	ccf, ok = errors.AsType[*types.ConditionalCheckFailedException](err)
	if !ok || ccf.Item != nil {
		t.Errorf("update of a missing item: %v, Item %v", err, ccf)
	}
	if last, _ := eng.LastRequest(); last.Units != 1 {
		t.Errorf("failed condition on a missing item: %v WCU, want 1", last.Units)
	}
	if got := sdkGet(t, client1, "ProductCatalog", sdkItem{"Id": avN("3")}); got != nil {
		t.Errorf("failed update created %s", formatItem(got))
	}
	// On an item of about 2.5 KB a failed condition costs 3 WCU.
	big := sdkItem{"Id": avN("4"), "Payload": avS(string(make([]byte, 2490)))}
	sdkPut(t, client1, "ProductCatalog", big)
	_, err = client1.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: table, Key: sdkItem{"Id": avN("4")},
		ConditionExpression: aws.String("attribute_not_exists(Payload)")})
	wantAPIError(t, err, "ConditionalCheckFailedException", "The conditional request failed")
	if last, _ := eng.LastRequest(); last.Action != "DeleteItem" || last.Units != 3 {
		t.Errorf("failed conditional delete of a 2,500 B item logged as %+v, want 3 WCU", last)
	}
	// A conditional delete that holds.
	del, err := client2.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: table, Key: key, ConditionExpression: aws.String("Price = :p"),
		ExpressionAttributeValues: sdkItem{":p": avN("15")}, ReturnValues: types.ReturnValueAllOld})
	if err != nil {
		t.Fatal(err)
	}
	wantItem(t, "conditional delete ALL_OLD", del.Attributes, withBook("15"))
}

// rvBase is the item the ReturnValues tests start from, and rvNew the item
// rvUpdate makes of it.
func rvBase() sdkItem {
	return sdkItem{
		"pk": avS("k"),
		"a":  avN("1"),
		"b":  avS("x"),
		"l":  avL(avN("1"), avN("2"), avN("3")),
		"m":  avM(sdkItem{"x": avN("1"), "y": avS("keep")}),
		"s":  avSS("a", "b"),
	}
}

const rvUpdate = "SET a = a + :one, c = :c, m.x = :nine, l[1] = :nine REMOVE b ADD s :more"

func rvValues() sdkItem {
	return sdkItem{":one": avN("1"), ":c": avS("new"), ":nine": avN("9"), ":more": avSS("c")}
}

func rvNew() sdkItem {
	return sdkItem{
		"pk": avS("k"),
		"a":  avN("2"),
		"c":  avS("new"),
		"l":  avL(avN("1"), avN("9"), avN("3")),
		"m":  avM(sdkItem{"x": avN("9"), "y": avS("keep")}),
		"s":  avSS("a", "b", "c"),
	}
}

// TestSDKUpdateItemReturnValues checks the exact Attributes of each
// ReturnValues: none, the whole item before or after, or only the updated
// paths before or after — nested ones inside their enclosing map or list,
// removed ones only before, new ones only after.
func TestSDKUpdateItemReturnValues(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreateTable(t, c, "retvals", "pk", "S", "", "")
	key := sdkItem{"pk": avS("k")}
	tests := []struct {
		rv   types.ReturnValue
		want sdkItem
	}{
		{"", nil},
		{types.ReturnValueNone, nil},
		{types.ReturnValueAllOld, rvBase()},
		{types.ReturnValueUpdatedOld, sdkItem{"a": avN("1"), "b": avS("x"), "l": avL(avN("2")), "m": avM(sdkItem{"x": avN("1")}), "s": avSS("a", "b")}},
		{types.ReturnValueAllNew, rvNew()},
		{types.ReturnValueUpdatedNew, sdkItem{"a": avN("2"), "c": avS("new"), "l": avL(avN("9")), "m": avM(sdkItem{"x": avN("9")}), "s": avSS("a", "b", "c")}},
	}
	for _, tt := range tests {
		t.Run(string(tt.rv), func(t *testing.T) {
			sdkPut(t, c, "retvals", rvBase())
			out, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("retvals"), Key: key,
				UpdateExpression: aws.String(rvUpdate), ExpressionAttributeValues: rvValues(), ReturnValues: tt.rv})
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == nil {
				if out.Attributes != nil {
					t.Errorf("Attributes %s, want none", formatItem(out.Attributes))
				}
			} else {
				wantItem(t, "Attributes", out.Attributes, tt.want)
			}
			if out.ConsumedCapacity != nil || out.ItemCollectionMetrics != nil {
				t.Errorf("unasked ConsumedCapacity %+v ItemCollectionMetrics %+v", out.ConsumedCapacity, out.ItemCollectionMetrics)
			}
			wantItem(t, "stored item", sdkGet(t, c, "retvals", key), rvNew())
		})
	}

	// On a missing item (an upsert) there is nothing old.
	for _, tt := range []struct {
		rv   types.ReturnValue
		want sdkItem
	}{
		{types.ReturnValueAllOld, nil},
		{types.ReturnValueUpdatedOld, nil},
		{types.ReturnValueAllNew, sdkItem{"pk": avS("new"), "c": avS("new"), "n": avN("1")}},
		{types.ReturnValueUpdatedNew, sdkItem{"c": avS("new"), "n": avN("1")}},
	} {
		newKey := sdkItem{"pk": avS("new")}
		if _, err := c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("retvals"), Key: newKey}); err != nil {
			t.Fatal(err)
		}
		out, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("retvals"), Key: newKey,
			UpdateExpression: aws.String("SET c = :c ADD n :one"), ExpressionAttributeValues: sdkItem{":c": avS("new"), ":one": avN("1")},
			ReturnValues: tt.rv})
		if err != nil {
			t.Fatal(err)
		}
		if tt.want == nil && out.Attributes != nil {
			t.Errorf("upsert %s: Attributes %s, want none", tt.rv, formatItem(out.Attributes))
		} else if tt.want != nil {
			wantItem(t, "upsert "+string(tt.rv), out.Attributes, tt.want)
		}
	}
	// An update that only removes does not create the item.
	out, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("retvals"), Key: sdkItem{"pk": avS("ghost")},
		UpdateExpression: aws.String("REMOVE a"), ReturnValues: types.ReturnValueAllNew})
	if err != nil || out.Attributes != nil {
		t.Errorf("REMOVE on a missing item: %v, %v", out.Attributes, err)
	}
	if got := sdkGet(t, c, "retvals", sdkItem{"pk": avS("ghost")}); got != nil {
		t.Errorf("REMOVE-only update created %s", formatItem(got))
	}
}

// TestSDKAtomicCounters: SET n = n + :d and ADD are applied atomically and
// in arrival order, 100 increments from 20 concurrent clients give 100;
// decimal arithmetic is exact to 38 digits.
func TestSDKAtomicCounters(t *testing.T) {
	_, url := sdkServe(t)
	ctx := context.Background()
	c := sdkClientFor(url)
	sdkCreateTable(t, c, "counters", "pk", "S", "", "")
	table := aws.String("counters")
	update := func(c *dynamodb.Client, pk, expr string, values sdkItem) (sdkItem, error) {
		out, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: table, Key: sdkItem{"pk": avS(pk)},
			UpdateExpression: aws.String(expr), ExpressionAttributeValues: values, ReturnValues: types.ReturnValueUpdatedNew})
		if err != nil {
			return nil, err
		}
		return out.Attributes, nil
	}

	// A counter that does not exist yet cannot be read by SET, but
	// if_not_exists and ADD start it from zero.
	_, err := update(c, "visits", "SET n = n + :one", sdkItem{":one": avN("1")})
	wantAPIError(t, err, "ValidationException", "The provided expression refers to an attribute that does not exist in the item")
	var wg sync.WaitGroup
	errs := make([]error, 20)
	for g := range 20 {
		wg.Go(func() {
			cg := sdkClientFor(url)
			for i := range 5 {
				expr := "SET n = if_not_exists(n, :zero) + :one"
				if i%2 == 1 {
					expr = "ADD n :one"
				}
				values := sdkItem{":one": avN("1")}
				if i%2 == 0 {
					values[":zero"] = avN("0")
				}
				if _, err := update(cg, "visits", expr, values); err != nil {
					errs[g] = err
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if got := sdkGet(t, c, "counters", sdkItem{"pk": avS("visits")}); avText(got["n"]) != "100" {
		t.Fatalf("after 100 concurrent increments: %s", formatItem(got))
	}
	for _, tt := range []struct {
		expr   string
		values sdkItem
		want   string
	}{
		{"SET n = n - :d", sdkItem{":d": avN("101")}, "-1"},
		{"ADD n :d", sdkItem{":d": avN("-2.5")}, "-3.5"},
		{"SET n = :a + :b", sdkItem{":a": avN("0.1"), ":b": avN("0.2")}, "0.3"},
		{"SET n = :a", sdkItem{":a": avN("99999999999999999999999999999999999999")}, "99999999999999999999999999999999999999"},
		{"ADD n :d", sdkItem{":d": avN("1")}, "100000000000000000000000000000000000000"},
		{"SET n = n - :d", sdkItem{":d": avN("1E38")}, "0"},
		{"ADD n :d", sdkItem{":d": avN("1.50")}, "1.5"},
	} {
		got, err := update(c, "visits", tt.expr, tt.values)
		if err != nil {
			t.Fatalf("%s: %v", tt.expr, err)
		}
		wantItem(t, tt.expr, got, sdkItem{"n": avN(tt.want)})
	}
	// ADD on a missing item creates it.
	got, err := update(c, "fresh", "ADD n :five", sdkItem{":five": avN("5")})
	if err != nil {
		t.Fatal(err)
	}
	wantItem(t, "ADD on a missing item", got, sdkItem{"n": avN("5")})
	wantItem(t, "the created item", sdkGet(t, c, "counters", sdkItem{"pk": avS("fresh")}), sdkItem{"pk": avS("fresh"), "n": avN("5")})
}

// TestSDKUpdateListsAndSets walks one item through list_append,
// if_not_exists, list element SET and REMOVE, and set ADD and DELETE,
// checking the exact attribute after each step.
func TestSDKUpdateListsAndSets(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreateTable(t, c, "docs", "pk", "S", "", "")
	key := sdkItem{"pk": avS("d")}
	sdkPut(t, c, "docs", sdkItem{"pk": avS("d"), "entries": avL(avS("a"), avS("b")), "kind": avS("doc")})
	letters := func(s ...string) types.AttributeValue {
		var l []types.AttributeValue
		for _, x := range s {
			l = append(l, avS(x))
		}
		return avL(l...)
	}
	// want is the UPDATED_NEW reply; steps whose UPDATED_NEW is not
	// obvious (list elements that move) ask for NONE and are checked by
	// the item after them.
	steps := []struct {
		expr   string
		values sdkItem
		rv     types.ReturnValue
		want   sdkItem
		after  types.AttributeValue // entries after the step, when not nil
	}{
		{"SET entries = list_append(entries, :more)", sdkItem{":more": letters("c", "d")}, types.ReturnValueUpdatedNew, sdkItem{"entries": letters("a", "b", "c", "d")}, nil},
		{"SET entries = list_append(:front, entries)", sdkItem{":front": letters("z")}, types.ReturnValueUpdatedNew, sdkItem{"entries": letters("z", "a", "b", "c", "d")}, nil},
		{"SET history = list_append(if_not_exists(history, :empty), :entry)", sdkItem{":empty": avL(), ":entry": letters("x")}, types.ReturnValueUpdatedNew, sdkItem{"history": letters("x")}, nil},
		{"SET history = list_append(if_not_exists(history, :empty), :entry)", sdkItem{":empty": avL(), ":entry": letters("y")}, types.ReturnValueUpdatedNew, sdkItem{"history": letters("x", "y")}, nil},
		{"SET kind = if_not_exists(kind, :k), owner2 = if_not_exists(owner2, :o)", sdkItem{":k": avS("other"), ":o": avS("ann")}, types.ReturnValueUpdatedNew,
			sdkItem{"kind": avS("doc"), "owner2": avS("ann")}, nil},
		// Indexes name elements of the list before the removal.
		{"REMOVE entries[0], entries[2]", nil, types.ReturnValueNone, nil, letters("a", "c", "d")},
		{"REMOVE entries[10]", nil, types.ReturnValueNone, nil, letters("a", "c", "d")},
		// SET past the end appends.
		{"SET entries[10] = :e", sdkItem{":e": avS("e")}, types.ReturnValueNone, nil, letters("a", "c", "d", "e")},
		{"SET entries[1] = :C", sdkItem{":C": avS("C")}, types.ReturnValueUpdatedNew, sdkItem{"entries": letters("C")}, letters("a", "C", "d", "e")},
		{"ADD tags :t", sdkItem{":t": avSS("red", "blue")}, types.ReturnValueUpdatedNew, sdkItem{"tags": avSS("blue", "red")}, nil},
		{"ADD tags :t", sdkItem{":t": avSS("green", "red")}, types.ReturnValueUpdatedNew, sdkItem{"tags": avSS("blue", "green", "red")}, nil},
		{"DELETE tags :t", sdkItem{":t": avSS("blue", "purple")}, types.ReturnValueUpdatedNew, sdkItem{"tags": avSS("green", "red")}, nil},
		{"ADD nums :n", sdkItem{":n": avNS("1", "2")}, types.ReturnValueUpdatedNew, sdkItem{"nums": avNS("1", "2")}, nil},
		{"ADD nums :n", sdkItem{":n": avNS("2.0", "3")}, types.ReturnValueUpdatedNew, sdkItem{"nums": avNS("1", "2", "3")}, nil},
		{"ADD bins :b", sdkItem{":b": avBS([]byte{1}, []byte{2, 3})}, types.ReturnValueUpdatedNew, sdkItem{"bins": avBS([]byte{1}, []byte{2, 3})}, nil},
		{"DELETE bins :b", sdkItem{":b": avBS([]byte{1})}, types.ReturnValueUpdatedNew, sdkItem{"bins": avBS([]byte{2, 3})}, nil},
		// Deleting every element removes the attribute; deleting from a
		// missing attribute does nothing.
		{"DELETE tags :t", sdkItem{":t": avSS("green", "red")}, types.ReturnValueUpdatedNew, nil, nil},
		{"DELETE absent :t", sdkItem{":t": avSS("x")}, types.ReturnValueUpdatedNew, nil, nil},
	}
	for i, st := range steps {
		out, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("docs"), Key: key,
			UpdateExpression: aws.String(st.expr), ExpressionAttributeValues: st.values, ReturnValues: st.rv})
		if err != nil {
			t.Fatalf("step %d %s: %v", i, st.expr, err)
		}
		what := fmt.Sprintf("step %d %s", i, st.expr)
		if st.want == nil {
			if out.Attributes != nil {
				t.Errorf("%s: %s %s, want none", what, st.rv, formatItem(out.Attributes))
			}
		} else {
			wantItem(t, what, out.Attributes, st.want)
		}
		if st.after != nil {
			wantItem(t, what+": entries", sdkItem{"entries": sdkGet(t, c, "docs", key)["entries"]}, sdkItem{"entries": st.after})
		}
	}
	wantItem(t, "final item", sdkGet(t, c, "docs", key), sdkItem{
		"pk": avS("d"), "kind": avS("doc"), "owner2": avS("ann"),
		"entries": letters("a", "C", "d", "e"),
		"history": letters("x", "y"),
		"nums":    avNS("1", "2", "3"),
		"bins":    avBS([]byte{2, 3}),
	})
}

// TestSDKUpdateItemErrors sends malformed updates and checks DynamoDB's
// exact messages; none of them changes the item.
func TestSDKUpdateItemErrors(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreateTable(t, c, "uerr", "pk", "S", "sk", "N")
	key := sdkItem{"pk": avS("p"), "sk": avN("1")}
	item := sdkItem{"pk": avS("p"), "sk": avN("1"), "s": avS("text"), "n": avN("1"), "m": avM(sdkItem{"x": avN("1")}), "l": avL(avN("1"))}
	sdkPut(t, c, "uerr", item)
	update := func(expr string, values sdkItem, mod ...func(*dynamodb.UpdateItemInput)) func(context.Context, *dynamodb.Client) error {
		return func(ctx context.Context, c *dynamodb.Client) error {
			in := &dynamodb.UpdateItemInput{TableName: aws.String("uerr"), Key: key, ExpressionAttributeValues: values}
			if expr != "" {
				in.UpdateExpression = aws.String(expr)
			}
			for _, m := range mod {
				m(in)
			}
			_, err := c.UpdateItem(ctx, in)
			return err
		}
	}
	const validation = "ValidationException"
	one, str := avN("1"), avS("x")
	cases := []sdkErrorCase{
		{"SET of a key attribute", validation, "One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key",
			update("SET pk = :v", sdkItem{":v": str})},
		{"SET of the sort key", validation, "One or more parameter values were invalid: Cannot update attribute sk. This attribute is part of the key",
			update("SET sk = :v", sdkItem{":v": one})},
		{"reserved word", validation, "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: name",
			update("SET name = :v", sdkItem{":v": str})},
		{"two SET clauses", validation, `Invalid UpdateExpression: The "SET" section can only be used once in an update expression;`,
			update("SET a = :v SET b = :v", sdkItem{":v": str})},
		{"overlapping paths", validation,
			"Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [m], path two: [m, x]",
			update("SET m = :v, m.x = :v", sdkItem{":v": one})},
		{"ADD of a string", validation, "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: STRING",
			update("ADD n :v", sdkItem{":v": str})},
		{"DELETE of a number", validation, "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER",
			update("DELETE n :v", sdkItem{":v": one})},
		{"list_append of a string", validation,
			"Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: list_append, operand type: S",
			update("SET l = list_append(l, :v)", sdkItem{":v": str})},
		{"unknown function", validation, "Invalid UpdateExpression: Invalid function name; function: foo",
			update("SET a = foo(n)", nil)},
		{"+ on a string attribute", validation, "An operand in the update expression has an incorrect data type",
			update("SET n = s + :v", sdkItem{":v": one})},
		{"ADD to a string attribute", validation, "An operand in the update expression has an incorrect data type",
			update("ADD s :v", sdkItem{":v": one})},
		{"reading a missing attribute", validation, "The provided expression refers to an attribute that does not exist in the item",
			update("SET a = absentAttr", nil)},
		{"a path through a missing map", validation, "The document path provided in the update expression is invalid for update",
			update("SET nope.deeper = :v", sdkItem{":v": one})},
		{"undefined value", validation,
			"Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :nope",
			update("SET a = :nope", nil)},
		{"unused value", validation, "Value provided in ExpressionAttributeValues unused in expressions: keys: {:extra}",
			update("SET a = :v", sdkItem{":v": one, ":extra": one})},
		{"unused name", validation, "Value provided in ExpressionAttributeNames unused in expressions: keys: {#x}",
			update("SET a = :v", sdkItem{":v": one}, func(in *dynamodb.UpdateItemInput) { in.ExpressionAttributeNames = map[string]string{"#x": "x"} })},
		{"expression and legacy parameters", validation,
			"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}",
			update("SET a = :v", sdkItem{":v": one}, func(in *dynamodb.UpdateItemInput) {
				in.AttributeUpdates = map[string]types.AttributeValueUpdate{"b": {Action: types.AttributeActionPut, Value: str}}
			})},
		{"key of the wrong type", validation, "The provided key element does not match the schema",
			update("SET a = :v", sdkItem{":v": one}, func(in *dynamodb.UpdateItemInput) { in.Key = sdkItem{"pk": avS("p"), "sk": avS("1")} })},
		{"key missing the sort key", validation, "The provided key element does not match the schema",
			update("SET a = :v", sdkItem{":v": one}, func(in *dynamodb.UpdateItemInput) { in.Key = sdkItem{"pk": avS("p")} })},
		{"bad ReturnValues", validation,
			"1 validation error detected: Value 'ALL' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
			update("SET a = :v", sdkItem{":v": one}, func(in *dynamodb.UpdateItemInput) { in.ReturnValues = "ALL" })},
		{"PutItem with ReturnValues ALL_NEW", validation, "ReturnValues can only be ALL_OLD or NONE",
			func(ctx context.Context, c *dynamodb.Client) error {
				_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("uerr"), Item: item, ReturnValues: types.ReturnValueAllNew})
				return err
			}},
	}
	runErrorCases(t, c, cases)
	wantItem(t, "item after the refused updates", sdkGet(t, c, "uerr", key), item)
	_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("nope"), Key: key,
		UpdateExpression: aws.String("SET a = :v"), ExpressionAttributeValues: sdkItem{":v": one}})
	if _, ok := errors.AsType[*types.ResourceNotFoundException](err); !ok {
		t.Errorf("UpdateItem on a missing table: %v (%T), want *types.ResourceNotFoundException", err, err)
	}
}
