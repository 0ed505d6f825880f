package server_test

// Secondary indexes through the HTTP endpoint with the AWS SDK for Go v2
// (issue 4): the seed 001 story of a GSI created after the data, the
// seed 000 LSI query with table fetches and its capacity, and the seed 004
// sparse index. engine/index_test.go has the in-process versions.

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// sdkDescribe returns the table description.
func sdkDescribe(t *testing.T, c *dynamodb.Client, table string) *types.TableDescription {
	t.Helper()
	out, err := c.DescribeTable(context.Background(), &dynamodb.DescribeTableInput{TableName: aws.String(table)})
	if err != nil {
		t.Fatal(err)
	}
	return out.Table
}

// gsiNamed returns the description of one GSI, or nil.
func gsiNamed(d *types.TableDescription, name string) *types.GlobalSecondaryIndexDescription {
	for i := range d.GlobalSecondaryIndexes {
		if aws.ToString(d.GlobalSecondaryIndexes[i].IndexName) == name {
			return &d.GlobalSecondaryIndexes[i]
		}
	}
	return nil
}

// attributeDefs renders AttributeDefinitions as "name:type" in order.
func attributeDefs(d *types.TableDescription) []string {
	var out []string
	for _, a := range d.AttributeDefinitions {
		out = append(out, aws.ToString(a.AttributeName)+":"+string(a.AttributeType))
	}
	return out
}

// TestSDKSeed001SchemaValidationOfIndexKeys is seed 001 end to end through
// the SDK: the schema-demo table and its key-type errors, the four animals
// with inconsistent "admitted" types, the animal_type GSI created
// afterwards that holds only Freddie, the writes refused on the violating
// items (vaguely for UpdateItem, precisely for PutItem), the reads and
// deletes still allowed, and the fixes that succeed.
func TestSDKSeed001SchemaValidationOfIndexKeys(t *testing.T) {
	eng, c := sdkEngine(t)
	ctx := context.Background()
	table := aws.String("schema-demo")
	const validation = "ValidationException"

	// An AttributeDefinition no key uses is refused.
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: table, BillingMode: types.BillingModePayPerRequest,
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS), keyDef("ix_pk", types.ScalarAttributeTypeS)},
	})
	wantAPIError(t, err, validation, "One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions")

	// With a GSI on ix_pk it succeeds.
	sdkCreate(t, c, &dynamodb.CreateTableInput{
		TableName: table, BillingMode: types.BillingModePayPerRequest,
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS), keyDef("ix_pk", types.ScalarAttributeTypeS)},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{
			IndexName:  aws.String("gsi"),
			KeySchema:  []types.KeySchemaElement{keyElem("ix_pk", types.KeyTypeHash)},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		}},
	})
	if g := gsiNamed(sdkDescribe(t, c, "schema-demo"), "gsi"); g == nil || g.IndexStatus != types.IndexStatusActive || g.Backfilling != nil {
		t.Fatalf("gsi created with the table: %+v", g)
	}

	// Simple validation: the table key, a GSI key on Put, a GSI key on Update.
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: sdkItem{"pk": avN("123")}})
	wantAPIError(t, err, validation, "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N")
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: sdkItem{"pk": avS("test"), "ix_pk": avN("123")}})
	wantAPIError(t, err, validation, "One or more parameter values were invalid: Type mismatch for Index Key ix_pk Expected: S Actual: N IndexName: gsi")
	testItem := sdkItem{"pk": avS("test"), "ix_pk": avS("test")}
	sdkPut(t, c, "schema-demo", testItem)
	_, err = c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: table, Key: sdkItem{"pk": avS("test")},
		UpdateExpression: aws.String("SET ix_pk = :ix_pk"), ExpressionAttributeValues: sdkItem{":ix_pk": avN("123")}})
	wantAPIError(t, err, validation, "One or more parameter values were invalid: Type mismatch for Index Key ix_pk Expected: S Actual: N IndexName: gsi")
	wantItem(t, "test after the refused update", sdkGet(t, c, "schema-demo", sdkItem{"pk": avS("test")}), sdkItem{"pk": avS("test"), "ix_pk": avS("test")})

	// The animal rescue: admitted as a number, as a string of digits, as an
	// ISO timestamp, and not at all.
	freddie := sdkItem{"pk": avS("FRE001"), "type": avS("Dog"), "name": avS("Freddie"), "admitted": avN("174099600")}
	zuzi := sdkItem{"pk": avS("ZUZ001"), "type": avS("Dog"), "name": avS("Zuzi"), "admitted": avS("1672563600")}
	otis := sdkItem{"pk": avS("OTI001"), "type": avS("Rat"), "name": avS("Otis"), "admitted": avS("2024-03-27T07:00:00+0000")}
	ed := sdkItem{"pk": avS("ED_001"), "type": avS("Rat"), "name": avS("Ed")}
	var animals []types.WriteRequest
	for _, a := range []sdkItem{freddie, zuzi, otis, ed} {
		animals = append(animals, types.WriteRequest{PutRequest: &types.PutRequest{Item: a}})
	}
	bw, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"schema-demo": animals}})
	if err != nil {
		t.Fatal(err)
	}
	if len(bw.UnprocessedItems) != 0 {
		t.Fatalf("UnprocessedItems %v", bw.UnprocessedItems)
	}
	// Not in the seed: one more violating animal, to show that deletes of
	// violating items work while Otis shows a fix by removal.
	milo := sdkItem{"pk": avS("MIL001"), "type": avS("Cat"), "name": avS("Milo"), "admitted": avS("yesterday")}
	sdkPut(t, c, "schema-demo", milo)

	// The GSI on type/admitted, created afterwards with the definitions it
	// needs.
	up, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{
		TableName:            table,
		AttributeDefinitions: []types.AttributeDefinition{keyDef("type", types.ScalarAttributeTypeS), keyDef("admitted", types.ScalarAttributeTypeN)},
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
			IndexName:  aws.String("animal_type"),
			KeySchema:  []types.KeySchemaElement{keyElem("type", types.KeyTypeHash), keyElem("admitted", types.KeyTypeRange)},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	d := up.TableDescription
	if d.TableStatus != types.TableStatusUpdating {
		t.Errorf("TableStatus during the GSI creation: %s, want UPDATING", d.TableStatus)
	}
	if g := gsiNamed(d, "animal_type"); g == nil || g.IndexStatus != types.IndexStatusCreating || g.Backfilling == nil || *g.Backfilling {
		t.Errorf("animal_type in the UpdateTable reply: %+v, want CREATING with Backfilling false", g)
	}
	if got, want := attributeDefs(d), []string{"pk:S", "ix_pk:S", "type:S", "admitted:N"}; !slices.Equal(got, want) {
		t.Errorf("AttributeDefinitions %v, want %v", got, want)
	}
	eng.WaitBackgroundIndexWork()
	waitActive(t, c, "schema-demo")
	d = sdkDescribe(t, c, "schema-demo")
	g := gsiNamed(d, "animal_type")
	if g == nil || g.IndexStatus != types.IndexStatusActive || g.Backfilling != nil || aws.ToInt64(g.ItemCount) != 1 {
		t.Fatalf("animal_type after the backfill: %+v", g)
	}
	if aws.ToString(g.IndexArn) != "arn:aws:dynamodb:us-east-1:000000000000:table/schema-demo/index/animal_type" {
		t.Errorf("IndexArn %q", aws.ToString(g.IndexArn))
	}

	// Only Freddie made it into the index.
	scan, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: table, IndexName: aws.String("animal_type")})
	if err != nil {
		t.Fatal(err)
	}
	if scan.Count != 1 || scan.ScannedCount != 1 || len(scan.Items) != 1 || scan.ConsumedCapacity != nil || scan.LastEvaluatedKey != nil {
		t.Fatalf("Scan of animal_type: Count %d ScannedCount %d Items %v", scan.Count, scan.ScannedCount, scan.Items)
	}
	wantItem(t, "the animal_type index", scan.Items[0], sdkItem{"pk": avS("FRE001"), "admitted": avN("174099600"), "name": avS("Freddie"), "type": avS("Dog")})
	// The base table still holds everything.
	base, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: table, Select: types.SelectCount})
	if err != nil || base.Count != 6 {
		t.Fatalf("Scan of the table: %v items, %v", base.Count, err)
	}

	// An unrelated update of a violating item fails, vaguely.
	zuziKey := sdkItem{"pk": avS("ZUZ001")}
	_, err = c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: table, Key: zuziKey,
		UpdateExpression: aws.String("SET temperament = :temperament"), ExpressionAttributeValues: sdkItem{":temperament": avS("FRIENDLY")}})
	wantAPIError(t, err, validation, "The update expression attempted to update the secondary index key to unsupported type")
	// Get and Put it back unmodified: refused with the precise message.
	got := sdkGet(t, c, "schema-demo", zuziKey)
	wantItem(t, "Zuzi after the refused update", got, sdkItem{"admitted": avS("1672563600"), "pk": avS("ZUZ001"), "name": avS("Zuzi"), "type": avS("Dog")})
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: got})
	wantAPIError(t, err, validation, "One or more parameter values were invalid: Type mismatch for Index Key admitted Expected: N Actual: S IndexName: animal_type")
	// So is a new item in violation, even one without the other key part.
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: sdkItem{"pk": avS("NEW001"), "admitted": avS("today")}})
	wantAPIError(t, err, validation, "One or more parameter values were invalid: Type mismatch for Index Key admitted Expected: N Actual: S IndexName: animal_type")
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: sdkItem{"pk": avS("NEW001"), "type": avN("7")}})
	wantAPIError(t, err, validation, "One or more parameter values were invalid: Type mismatch for Index Key type Expected: S Actual: N IndexName: animal_type")

	// Reads of violating items work: GetItem, BatchGetItem, Query and Scan
	// of the table.
	bg, err := c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
		"schema-demo": {Keys: []map[string]types.AttributeValue{zuziKey, {"pk": avS("OTI001")}}, ProjectionExpression: aws.String("#n"),
			ExpressionAttributeNames: map[string]string{"#n": "name"}}}})
	if err != nil {
		t.Fatal(err)
	}
	names := attrTexts(bg.Responses["schema-demo"], "name")
	sort.Strings(names)
	if !slices.Equal(names, []string{"Otis", "Zuzi"}) {
		t.Errorf("BatchGetItem of violating items: %v", names)
	}
	q, err := c.Query(ctx, &dynamodb.QueryInput{TableName: table, KeyConditionExpression: aws.String("pk = :pk"),
		ExpressionAttributeValues: sdkItem{":pk": avS("OTI001")}})
	if err != nil || q.Count != 1 {
		t.Errorf("Query of a violating item: %v, %v", q, err)
	}

	// Deleting a violating item works.
	del, err := c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: table, Key: sdkItem{"pk": avS("MIL001")}, ReturnValues: types.ReturnValueAllOld})
	if err != nil {
		t.Fatal(err)
	}
	wantItem(t, "DeleteItem of a violating item, ALL_OLD", del.Attributes, milo)

	// Fixing the type lets the write through, and the item enters the index.
	fixed, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: table, Key: zuziKey,
		UpdateExpression:          aws.String("SET admitted = :admitted, temperament = :temperament"),
		ExpressionAttributeValues: sdkItem{":admitted": avN("1672563600"), ":temperament": avS("FRIENDLY")},
		ReturnValues:              types.ReturnValueAllNew})
	if err != nil {
		t.Fatal(err)
	}
	wantItem(t, "Zuzi fixed", fixed.Attributes, sdkItem{"pk": avS("ZUZ001"), "type": avS("Dog"), "name": avS("Zuzi"), "admitted": avN("1672563600"), "temperament": avS("FRIENDLY")})
	// Removing the attribute fixes Otis too; he stays out of the sparse
	// index. Afterwards other updates go through.
	if _, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: table, Key: sdkItem{"pk": avS("OTI001")}, UpdateExpression: aws.String("REMOVE admitted")}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: table, Key: sdkItem{"pk": avS("OTI001")},
		UpdateExpression: aws.String("SET temperament = :t"), ExpressionAttributeValues: sdkItem{":t": avS("SHY")}}); err != nil {
		t.Fatal(err)
	}
	// And a Put of a fixed item works as well.
	sdkPut(t, c, "schema-demo", sdkItem{"pk": avS("ED_001"), "type": avS("Rat"), "name": avS("Ed"), "admitted": avN("1700000000")})

	// The dogs by admission date, through the index ("type" is a reserved
	// word).
	dogsIn := &dynamodb.QueryInput{TableName: table, IndexName: aws.String("animal_type"),
		KeyConditionExpression:    aws.String("type = :dog"),
		ExpressionAttributeValues: sdkItem{":dog": avS("Dog")},
		ReturnConsumedCapacity:    types.ReturnConsumedCapacityIndexes}
	_, err = c.Query(ctx, dogsIn)
	wantAPIError(t, err, validation, "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: type")
	dogsIn.KeyConditionExpression = aws.String("#type = :dog")
	dogsIn.ProjectionExpression = aws.String("#name, admitted")
	dogsIn.ExpressionAttributeNames = map[string]string{"#type": "type", "#name": "name"}
	dogs, err := c.Query(ctx, dogsIn)
	if err != nil {
		t.Fatal(err)
	}
	wantDogs := []sdkItem{{"name": avS("Freddie"), "admitted": avN("174099600")}, {"name": avS("Zuzi"), "admitted": avN("1672563600")}}
	if !reflect.DeepEqual(dogs.Items, wantDogs) {
		t.Errorf("dogs by admission: %v, want Freddie then Zuzi", attrTexts(dogs.Items, "name"))
	}
	wantConsumed(t, "Query of animal_type", dogs.ConsumedCapacity,
		capacityWant{table: "schema-demo", total: 0.5, part: capUnits(0), gsi: map[string]float64{"animal_type": 0.5}})
	if g := gsiNamed(sdkDescribe(t, c, "schema-demo"), "animal_type"); aws.ToInt64(g.ItemCount) != 3 {
		t.Errorf("animal_type ItemCount %d after the fixes, want 3 (Freddie, Zuzi, Ed)", aws.ToInt64(g.ItemCount))
	}

	// Deleting the GSI drops the definitions only it used.
	up, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: table,
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Delete: &types.DeleteGlobalSecondaryIndexAction{IndexName: aws.String("animal_type")}}}})
	if err != nil {
		t.Fatal(err)
	}
	if g := gsiNamed(up.TableDescription, "animal_type"); g == nil || g.IndexStatus != types.IndexStatusDeleting {
		t.Errorf("animal_type in the delete reply: %+v, want DELETING", g)
	}
	eng.WaitBackgroundIndexWork()
	waitActive(t, c, "schema-demo")
	d = sdkDescribe(t, c, "schema-demo")
	if got, want := attributeDefs(d), []string{"pk:S", "ix_pk:S"}; !slices.Equal(got, want) || len(d.GlobalSecondaryIndexes) != 1 {
		t.Errorf("after deleting animal_type: AttributeDefinitions %v (want %v), %d GSIs", got, want, len(d.GlobalSecondaryIndexes))
	}
	// Without the index, any admitted type is accepted again.
	sdkPut(t, c, "schema-demo", sdkItem{"pk": avS("NEW001"), "admitted": avS("today")})
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: table, IndexName: aws.String("animal_type"),
		KeyConditionExpression: aws.String("#type = :dog"), ExpressionAttributeNames: map[string]string{"#type": "type"},
		ExpressionAttributeValues: sdkItem{":dog": avS("Dog")}})
	wantAPIError(t, err, validation, "The table does not have the specified index: animal_type")
}

// threadDates are the LastPostDateTime values of the EC2 threads in the
// seed 000 tests, oldest first.
var threadDates = []string{"2012-08-31T10:11:00.000Z", "2012-09-02T08:40:12.000Z", "2012-10-15T12:00:00.000Z", "2012-11-20T09:30:00.000Z", "2013-01-05T00:00:00.000Z"}

// sdkThreadTable creates seed 000's Thread table (ForumName/Subject, 10 RCU
// and 5 WCU) with the LastPostIndex LSI on LastPostDateTime projecting
// Replies, and fills it: five EC2 threads, one S3 thread and one EC2 thread
// with no LastPostDateTime (not in the index).
func sdkThreadTable(t *testing.T, c *dynamodb.Client) []sdkItem {
	t.Helper()
	sdkCreate(t, c, &dynamodb.CreateTableInput{
		TableName:             aws.String("Thread"),
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(10), WriteCapacityUnits: aws.Int64(5)},
		KeySchema:             []types.KeySchemaElement{keyElem("ForumName", types.KeyTypeHash), keyElem("Subject", types.KeyTypeRange)},
		AttributeDefinitions: []types.AttributeDefinition{keyDef("ForumName", types.ScalarAttributeTypeS), keyDef("Subject", types.ScalarAttributeTypeS),
			keyDef("LastPostDateTime", types.ScalarAttributeTypeS)},
		LocalSecondaryIndexes: []types.LocalSecondaryIndex{{
			IndexName:  aws.String("LastPostIndex"),
			KeySchema:  []types.KeySchemaElement{keyElem("ForumName", types.KeyTypeHash), keyElem("LastPostDateTime", types.KeyTypeRange)},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeInclude, NonKeyAttributes: []string{"Replies"}},
		}},
	})
	var threads []sdkItem
	for i, d := range threadDates {
		threads = append(threads, sdkItem{
			"ForumName": avS("EC2"), "Subject": avS(fmt.Sprintf("Subject %d", i)), "LastPostDateTime": avS(d),
			"Replies": avN(fmt.Sprint(i + 1)), "Tags": avSS("ec2", fmt.Sprintf("tag%d", i)), "Message": avS(strings.Repeat("m", 100)),
		})
	}
	all := append(slices.Clone(threads),
		sdkItem{"ForumName": avS("S3"), "Subject": avS("x"), "LastPostDateTime": avS("2012-09-01T00:00:00.000Z"), "Tags": avSS("s3")},
		sdkItem{"ForumName": avS("EC2"), "Subject": avS("no date"), "Tags": avSS("sparse")})
	sdkPutAll(t, c, "Thread", all)
	return threads
}

// TestSDKSeed000LSIQueryWithFetch is seed 000's Query through the SDK: the
// BETWEEN on LastPostDateTime of LastPostIndex with AttributesToGet naming
// Tags, which the index does not project. The items come back in index
// order with the fetched Tags, and the capacity is the seed's formula: the
// index entries summed and rounded up to 4 KB (1 × 4 KB, 0.5 RCU
// eventually consistent, reported under LocalSecondaryIndexes) plus each
// fetched item rounded up on its own (4 × 4 KB, 2 RCU, under Table): 20 KB,
// as in the seed's 4-item example.
func TestSDKSeed000LSIQueryWithFetch(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	threads := sdkThreadTable(t, c)
	seedQuery := func() *dynamodb.QueryInput {
		return &dynamodb.QueryInput{
			TableName: aws.String("Thread"),
			IndexName: aws.String("LastPostIndex"),
			KeyConditions: map[string]types.Condition{
				"ForumName": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{avS("EC2")}},
				"LastPostDateTime": {ComparisonOperator: types.ComparisonOperatorBetween,
					AttributeValueList: []types.AttributeValue{avS("2012-08-31T00:00:00.000Z"), avS("2012-11-31T00:00:00.000Z")}},
			},
			AttributesToGet:        []string{"Subject", "LastPostDateTime", "Replies", "Tags"},
			ConsistentRead:         aws.Bool(false),
			ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes,
		}
	}
	pick := func(it sdkItem, names ...string) sdkItem {
		out := sdkItem{}
		for _, n := range names {
			if v, ok := it[n]; ok {
				out[n] = v
			}
		}
		return out
	}
	lsi := func(u float64) map[string]float64 { return map[string]float64{"LastPostIndex": u} }

	out, err := c.Query(ctx, seedQuery())
	if err != nil {
		t.Fatal(err)
	}
	if out.Count != 4 || out.ScannedCount != 4 || len(out.Items) != 4 || out.LastEvaluatedKey != nil {
		t.Fatalf("Count %d ScannedCount %d items %d LastEvaluatedKey %v", out.Count, out.ScannedCount, len(out.Items), out.LastEvaluatedKey)
	}
	for i, it := range out.Items {
		wantItem(t, fmt.Sprintf("item %d", i), it, pick(threads[i], "Subject", "LastPostDateTime", "Replies", "Tags"))
	}
	wantConsumed(t, "seed query", out.ConsumedCapacity, capacityWant{table: "Thread", total: 2.5, part: capUnits(2), lsi: lsi(0.5)})

	// Strongly consistent: twice as much, the LSI allows it.
	in := seedQuery()
	in.ConsistentRead = aws.Bool(true)
	if out, err = c.Query(ctx, in); err != nil {
		t.Fatal(err)
	}
	wantConsumed(t, "strongly consistent", out.ConsumedCapacity, capacityWant{table: "Thread", total: 5, part: capUnits(4), lsi: lsi(1)})
	// TOTAL reports the same sum without the parts.
	in = seedQuery()
	in.ReturnConsumedCapacity = types.ReturnConsumedCapacityTotal
	if out, err = c.Query(ctx, in); err != nil {
		t.Fatal(err)
	}
	wantConsumed(t, "TOTAL", out.ConsumedCapacity, capacityWant{table: "Thread", total: 2.5})
	// Asking only for projected attributes needs no fetch.
	in = seedQuery()
	in.AttributesToGet = []string{"Subject", "LastPostDateTime", "Replies"}
	if out, err = c.Query(ctx, in); err != nil {
		t.Fatal(err)
	}
	for i, it := range out.Items {
		wantItem(t, fmt.Sprintf("projected item %d", i), it, pick(threads[i], "Subject", "LastPostDateTime", "Replies"))
	}
	wantConsumed(t, "projected only", out.ConsumedCapacity, capacityWant{table: "Thread", total: 0.5, part: capUnits(0), lsi: lsi(0.5)})
	// Select ALL_ATTRIBUTES on an LSI fetches whole items.
	in = seedQuery()
	in.AttributesToGet, in.Select = nil, types.SelectAllAttributes
	if out, err = c.Query(ctx, in); err != nil {
		t.Fatal(err)
	}
	for i, it := range out.Items {
		wantItem(t, fmt.Sprintf("ALL_ATTRIBUTES item %d", i), it, threads[i])
	}
	wantConsumed(t, "ALL_ATTRIBUTES", out.ConsumedCapacity, capacityWant{table: "Thread", total: 2.5, part: capUnits(2), lsi: lsi(0.5)})

	// Paging the index newest first: each LastEvaluatedKey carries the
	// table key and the index key, and resumes the walk; the thread with
	// no LastPostDateTime is not in the index.
	var start sdkItem
	var subjects []string
	for page := 1; ; page++ {
		out, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("Thread"), IndexName: aws.String("LastPostIndex"),
			KeyConditionExpression: aws.String("ForumName = :f"), ExpressionAttributeValues: sdkItem{":f": avS("EC2")},
			ScanIndexForward: aws.Bool(false), Limit: aws.Int32(2), ExclusiveStartKey: start})
		if err != nil {
			t.Fatal(err)
		}
		subjects = append(subjects, attrTexts(out.Items, "Subject")...)
		if out.LastEvaluatedKey == nil {
			break
		}
		last := threads[4-len(subjects)+1]
		wantLastKey(t, fmt.Sprintf("page %d", page), out.LastEvaluatedKey, pick(last, "ForumName", "Subject", "LastPostDateTime"))
		wantItem(t, fmt.Sprintf("page %d last entry", page), out.Items[len(out.Items)-1], pick(last, "ForumName", "Subject", "LastPostDateTime", "Replies"))
		start = out.LastEvaluatedKey
		if page > 5 {
			t.Fatal("paging does not end")
		}
	}
	if want := []string{"Subject 4", "Subject 3", "Subject 2", "Subject 1", "Subject 0"}; !slices.Equal(subjects, want) {
		t.Errorf("index newest first: %v, want %v", subjects, want)
	}
	d := sdkDescribe(t, c, "Thread")
	if aws.ToInt64(d.ItemCount) != 7 || len(d.LocalSecondaryIndexes) != 1 || aws.ToInt64(d.LocalSecondaryIndexes[0].ItemCount) != 6 {
		t.Errorf("ItemCount: table %d, LSI %v", aws.ToInt64(d.ItemCount), d.LocalSecondaryIndexes)
	}

	// Entries with equal index keys all come back.
	sdkPutAll(t, c, "Thread", []sdkItem{
		{"ForumName": avS("RDS"), "Subject": avS("a"), "LastPostDateTime": avS("2013-02-01T00:00:00.000Z")},
		{"ForumName": avS("RDS"), "Subject": avS("b"), "LastPostDateTime": avS("2013-02-01T00:00:00.000Z")},
		{"ForumName": avS("RDS"), "Subject": avS("c"), "LastPostDateTime": avS("2013-02-02T00:00:00.000Z")},
	})
	out, err = c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("Thread"), IndexName: aws.String("LastPostIndex"),
		KeyConditionExpression:    aws.String("ForumName = :f AND LastPostDateTime = :d"),
		ExpressionAttributeValues: sdkItem{":f": avS("RDS"), ":d": avS("2013-02-01T00:00:00.000Z")}})
	if err != nil {
		t.Fatal(err)
	}
	got := attrTexts(out.Items, "Subject")
	sort.Strings(got) // "not returned in any particular order"
	if !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("equal index keys: %v, want a and b", got)
	}

	// The index key keeps its declared type on writes.
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Thread"),
		Item: sdkItem{"ForumName": avS("EC2"), "Subject": avS("bad"), "LastPostDateTime": avN("20120831")}})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: Type mismatch for Index Key LastPostDateTime Expected: S Actual: N IndexName: LastPostIndex")

	// The item collection of the updated item, as in the seed's UpdateItem.
	upd, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("Thread"),
		Key:                         sdkItem{"ForumName": avS("EC2"), "Subject": avS("Subject 0")},
		UpdateExpression:            aws.String("ADD Replies :one"),
		ExpressionAttributeValues:   sdkItem{":one": avN("1")},
		ReturnItemCollectionMetrics: types.ReturnItemCollectionMetricsSize,
		ReturnConsumedCapacity:      types.ReturnConsumedCapacityIndexes,
	})
	if err != nil {
		t.Fatal(err)
	}
	if m := upd.ItemCollectionMetrics; m == nil || !reflect.DeepEqual(m.ItemCollectionKey, sdkItem{"ForumName": avS("EC2")}) ||
		!slices.Equal(m.SizeEstimateRangeGB, []float64{0, 1}) {
		t.Errorf("ItemCollectionMetrics %+v, want ForumName EC2 and [0 1]", m)
	}
	// Replies is projected: the table write plus one LSI entry write.
	wantConsumed(t, "UpdateItem of a projected attribute", upd.ConsumedCapacity, capacityWant{table: "Thread", total: 2, part: capUnits(1), lsi: lsi(1)})
}

// TestSDKLSIFilterOnNonProjectedAttribute: a filter on an attribute the LSI
// does not project makes the Query fetch the table items (and pay for
// them), but the default Select of an index read stays
// ALL_PROJECTED_ATTRIBUTES — "Retrieves all attributes that have been
// projected into the index" (API Reference, Query, Select) — so the items
// come back with the projected attributes only (dynalite, too, projects
// INCLUDE index reads to the index's attributes unless Select is
// ALL_ATTRIBUTES).
func TestSDKLSIFilterOnNonProjectedAttribute(t *testing.T) {
	_, c := sdkEngine(t)
	threads := sdkThreadTable(t, c)
	out, err := c.Query(context.Background(), &dynamodb.QueryInput{
		TableName:                 aws.String("Thread"),
		IndexName:                 aws.String("LastPostIndex"),
		KeyConditionExpression:    aws.String("ForumName = :f"),
		FilterExpression:          aws.String("contains(Tags, :tag)"),
		ExpressionAttributeValues: sdkItem{":f": avS("EC2"), ":tag": avS("tag2")},
		ReturnConsumedCapacity:    types.ReturnConsumedCapacityIndexes,
	})
	if err != nil {
		t.Fatal(err)
	}
	if out.Count != 1 || out.ScannedCount != 5 || len(out.Items) != 1 {
		t.Fatalf("Count %d ScannedCount %d items %v, want 1 of 5", out.Count, out.ScannedCount, out.Items)
	}
	want := sdkItem{}
	for _, n := range []string{"ForumName", "Subject", "LastPostDateTime", "Replies"} {
		want[n] = threads[2][n]
	}
	wantItem(t, "filtered item", out.Items[0], want)
	// Five entries (one 4 KB read) and five fetched items.
	wantConsumed(t, "filter on a fetched attribute", out.ConsumedCapacity,
		capacityWant{table: "Thread", total: 3, part: capUnits(2.5), lsi: map[string]float64{"LastPostIndex": 0.5}})
}

// sdkDeviceReports creates seed 004's sparse-index table: reports keyed by
// device and timestamp, of which only the escalated ones carry
// EscalatedTo, the partition key of the EscalatedIndex GSI (ALL). It
// returns the escalated reports, oldest first.
func sdkDeviceReports(t *testing.T, c *dynamodb.Client) []sdkItem {
	t.Helper()
	sdkCreate(t, c, &dynamodb.CreateTableInput{
		TableName:   aws.String("DeviceReports"),
		BillingMode: types.BillingModePayPerRequest,
		KeySchema:   []types.KeySchemaElement{keyElem("DeviceId", types.KeyTypeHash), keyElem("Timestamp", types.KeyTypeRange)},
		AttributeDefinitions: []types.AttributeDefinition{keyDef("DeviceId", types.ScalarAttributeTypeS), keyDef("Timestamp", types.ScalarAttributeTypeS),
			keyDef("EscalatedTo", types.ScalarAttributeTypeS)},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{
			IndexName:  aws.String("EscalatedIndex"),
			KeySchema:  []types.KeySchemaElement{keyElem("EscalatedTo", types.KeyTypeHash), keyElem("Timestamp", types.KeyTypeRange)},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		}},
	})
	var reports, escalated []sdkItem
	for i := range 300 {
		it := sdkItem{
			"DeviceId":    avS(fmt.Sprintf("device-%02d", i%30)),
			"Timestamp":   avS(fmt.Sprintf("2026-11-%02dT%02d:00:00Z", 1+i/24, i%24)),
			"Temperature": avN(fmt.Sprint(20 + i%15)),
			"Status":      avS("OK"),
		}
		if i%50 == 7 {
			it["EscalatedTo"] = avS("oncall@example.com")
			it["Status"] = avS("FAULT")
			escalated = append(escalated, it)
		}
		reports = append(reports, it)
	}
	sdkPutAll(t, c, "DeviceReports", reports)
	return escalated
}

// TestSDKSeed004SparseIndex is seed 004's sparse index through the SDK: of
// 300 device reports only the 6 escalated ones are in EscalatedIndex, and a
// Query of it with ScanIndexForward false lists them newest first, with a
// sort-key condition narrowing them to the recent ones.
func TestSDKSeed004SparseIndex(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	escalated := sdkDeviceReports(t, c)
	newestFirst := slices.Clone(escalated)
	slices.Reverse(newestFirst)
	query := func(mod func(*dynamodb.QueryInput)) (*dynamodb.QueryOutput, error) {
		in := &dynamodb.QueryInput{
			TableName:                 aws.String("DeviceReports"),
			IndexName:                 aws.String("EscalatedIndex"),
			KeyConditionExpression:    aws.String("EscalatedTo = :who"),
			ExpressionAttributeValues: sdkItem{":who": avS("oncall@example.com")},
			ScanIndexForward:          aws.Bool(false),
		}
		mod(in)
		return c.Query(ctx, in)
	}
	out, err := query(func(in *dynamodb.QueryInput) { in.ReturnConsumedCapacity = types.ReturnConsumedCapacityIndexes })
	if err != nil {
		t.Fatal(err)
	}
	if out.Count != 6 || out.ScannedCount != 6 || len(out.Items) != 6 || out.LastEvaluatedKey != nil {
		t.Fatalf("Count %d ScannedCount %d items %d", out.Count, out.ScannedCount, len(out.Items))
	}
	if got, want := attrTexts(out.Items, "Timestamp"), attrTexts(newestFirst, "Timestamp"); !slices.Equal(got, want) {
		t.Errorf("escalated reports newest first: %v, want %v", got, want)
	}
	for i, it := range out.Items {
		wantItem(t, fmt.Sprintf("report %d", i), it, newestFirst[i]) // ALL projection: the whole item
	}
	// The GSI is read, the table is not.
	wantConsumed(t, "sparse index query", out.ConsumedCapacity,
		capacityWant{table: "DeviceReports", total: 0.5, part: capUnits(0), gsi: map[string]float64{"EscalatedIndex": 0.5}})

	// "SK > 5 minutes ago, ScanIndexForward: False"; Timestamp is a
	// reserved word.
	_, err = query(func(in *dynamodb.QueryInput) {
		in.KeyConditionExpression = aws.String("EscalatedTo = :who AND Timestamp > :since")
		in.ExpressionAttributeValues[":since"] = avS("2026-11-05T00:00:00Z")
	})
	wantAPIError(t, err, "ValidationException", "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: Timestamp")
	out, err = query(func(in *dynamodb.QueryInput) {
		in.KeyConditionExpression = aws.String("EscalatedTo = :who AND #ts > :since")
		in.ExpressionAttributeNames = map[string]string{"#ts": "Timestamp"}
		in.ExpressionAttributeValues[":since"] = avS("2026-11-05T00:00:00Z")
		in.ProjectionExpression = aws.String("DeviceId, #ts")
	})
	if err != nil {
		t.Fatal(err)
	}
	var recent []sdkItem
	for _, it := range newestFirst[:4] {
		recent = append(recent, sdkItem{"DeviceId": it["DeviceId"], "Timestamp": it["Timestamp"]})
	}
	if !reflect.DeepEqual(out.Items, recent) {
		t.Errorf("recent escalations: %v, want %v", attrTexts(out.Items, "Timestamp"), attrTexts(recent, "Timestamp"))
	}

	// Pages of a GSI query: the LastEvaluatedKey holds the table key and
	// the index key.
	out, err = query(func(in *dynamodb.QueryInput) { in.Limit = aws.Int32(4) })
	if err != nil {
		t.Fatal(err)
	}
	fourth := newestFirst[3]
	wantLastKey(t, "page 1", out.LastEvaluatedKey, sdkItem{"DeviceId": fourth["DeviceId"], "Timestamp": fourth["Timestamp"], "EscalatedTo": fourth["EscalatedTo"]})
	start := out.LastEvaluatedKey
	out, err = query(func(in *dynamodb.QueryInput) { in.Limit, in.ExclusiveStartKey = aws.Int32(4), start })
	if err != nil {
		t.Fatal(err)
	}
	if got := attrTexts(out.Items, "Timestamp"); !slices.Equal(got, attrTexts(newestFirst[4:], "Timestamp")) || out.LastEvaluatedKey != nil {
		t.Errorf("page 2: %v, LastEvaluatedKey %v", got, out.LastEvaluatedKey)
	}
	// A table-only key does not restart an index query.
	// A start key without the key attributes read gets the short text,
	// before the key condition is checked (dynalite test/query.js "should
	// return ValidationException if ExclusiveStartKey is invalid for global
	// index"; dynamodb-conformance tier3 query.test.ts, captured in 2026).
	_, err = query(func(in *dynamodb.QueryInput) {
		in.ExclusiveStartKey = sdkItem{"DeviceId": fourth["DeviceId"], "Timestamp": fourth["Timestamp"]}
	})
	wantAPIError(t, err, "ValidationException", "The provided starting key is invalid")

	d := sdkDescribe(t, c, "DeviceReports")
	if g := gsiNamed(d, "EscalatedIndex"); aws.ToInt64(d.ItemCount) != 300 || g == nil || aws.ToInt64(g.ItemCount) != 6 {
		t.Errorf("ItemCount: table %d, sparse index %+v", aws.ToInt64(d.ItemCount), g)
	}
	_, err = query(func(in *dynamodb.QueryInput) { in.ConsistentRead = aws.Bool(true) })
	wantAPIError(t, err, "ValidationException", "Consistent reads are not supported on global secondary indexes")

	// Only escalated reports cost index writes: a plain report writes the
	// table alone, an escalated one its GSI entry as well.
	put := func(item sdkItem) *types.ConsumedCapacity {
		t.Helper()
		out, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("DeviceReports"), Item: item, ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes})
		if err != nil {
			t.Fatal(err)
		}
		return out.ConsumedCapacity
	}
	wantConsumed(t, "plain report", put(sdkItem{"DeviceId": avS("device-99"), "Timestamp": avS("2026-12-01T00:00:00Z"), "Status": avS("OK")}),
		capacityWant{table: "DeviceReports", total: 1, part: capUnits(1)})
	wantConsumed(t, "escalated report", put(sdkItem{"DeviceId": avS("device-99"), "Timestamp": avS("2026-12-01T01:00:00Z"), "Status": avS("FAULT"), "EscalatedTo": avS("oncall-eu@example.com")}),
		capacityWant{table: "DeviceReports", total: 2, part: capUnits(1), gsi: map[string]float64{"EscalatedIndex": 1}})
	// Reports of two devices escalated at the same moment share an index
	// key; both come back.
	put(sdkItem{"DeviceId": avS("device-98"), "Timestamp": avS("2026-12-01T01:00:00Z"), "Status": avS("FAULT"), "EscalatedTo": avS("oncall-eu@example.com")})
	out, err = query(func(in *dynamodb.QueryInput) {
		in.ExpressionAttributeValues = sdkItem{":who": avS("oncall-eu@example.com")}
	})
	if err != nil {
		t.Fatal(err)
	}
	got := attrTexts(out.Items, "DeviceId")
	sort.Strings(got)
	if !slices.Equal(got, []string{"device-98", "device-99"}) {
		t.Errorf("equal GSI keys: %v", got)
	}
	// De-escalating removes the report from the index.
	_, err = c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("DeviceReports"),
		Key:              sdkItem{"DeviceId": avS("device-99"), "Timestamp": avS("2026-12-01T01:00:00Z")},
		UpdateExpression: aws.String("REMOVE EscalatedTo SET #s = :ok"), ExpressionAttributeNames: map[string]string{"#s": "Status"},
		ExpressionAttributeValues: sdkItem{":ok": avS("OK")}})
	if err != nil {
		t.Fatal(err)
	}
	out, err = query(func(in *dynamodb.QueryInput) {
		in.ExpressionAttributeValues = sdkItem{":who": avS("oncall-eu@example.com")}
	})
	if err != nil || !slices.Equal(attrTexts(out.Items, "DeviceId"), []string{"device-98"}) {
		t.Errorf("after de-escalation: %v, %v", attrTexts(out.Items, "DeviceId"), err)
	}
}

// TestSDKGSIProjections reads GSIs of each projection type through the SDK:
// KEYS_ONLY entries hold the table key and the index key, INCLUDE adds its
// NonKeyAttributes, a GSI cannot be asked for ALL_ATTRIBUTES unless it
// projects ALL nor for attributes it does not hold (no fetches from the
// table, unlike an LSI), and index Scans page with LastEvaluatedKeys that
// carry both keys.
func TestSDKGSIProjections(t *testing.T) {
	_, c := sdkEngine(t)
	ctx := context.Background()
	sdkCreate(t, c, &dynamodb.CreateTableInput{
		TableName:   aws.String("Orders"),
		BillingMode: types.BillingModePayPerRequest,
		KeySchema:   []types.KeySchemaElement{keyElem("OrderId", types.KeyTypeHash)},
		AttributeDefinitions: []types.AttributeDefinition{keyDef("OrderId", types.ScalarAttributeTypeS), keyDef("Customer", types.ScalarAttributeTypeS),
			keyDef("Placed", types.ScalarAttributeTypeN)},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{
			{IndexName: aws.String("ByCustomerKeys"), KeySchema: []types.KeySchemaElement{keyElem("Customer", types.KeyTypeHash), keyElem("Placed", types.KeyTypeRange)},
				Projection: &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly}},
			{IndexName: aws.String("ByCustomerAmounts"), KeySchema: []types.KeySchemaElement{keyElem("Customer", types.KeyTypeHash), keyElem("Placed", types.KeyTypeRange)},
				Projection: &types.Projection{ProjectionType: types.ProjectionTypeInclude, NonKeyAttributes: []string{"Amount"}}},
		},
	})
	var orders []sdkItem
	for i := range 6 {
		orders = append(orders, sdkItem{"OrderId": avS(fmt.Sprintf("o%d", i)), "Customer": avS([]string{"ann", "bob"}[i%2]),
			"Placed": avN(fmt.Sprint(1000 + i)), "Amount": avN(fmt.Sprint(10 * i)), "Notes": avS("leave at door")})
	}
	sdkPutAll(t, c, "Orders", orders)
	query := func(index string, mod func(*dynamodb.QueryInput)) (*dynamodb.QueryOutput, error) {
		in := &dynamodb.QueryInput{TableName: aws.String("Orders"), IndexName: aws.String(index),
			KeyConditionExpression: aws.String("Customer = :c"), ExpressionAttributeValues: sdkItem{":c": avS("ann")}}
		if mod != nil {
			mod(in)
		}
		return c.Query(ctx, in)
	}
	pick := func(it sdkItem, names ...string) sdkItem {
		out := sdkItem{}
		for _, n := range names {
			out[n] = it[n]
		}
		return out
	}
	out, err := query("ByCustomerKeys", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []sdkItem{pick(orders[0], "OrderId", "Customer", "Placed"), pick(orders[2], "OrderId", "Customer", "Placed"), pick(orders[4], "OrderId", "Customer", "Placed")}
	if !reflect.DeepEqual(out.Items, want) {
		t.Errorf("KEYS_ONLY entries %v", out.Items)
	}
	out, err = query("ByCustomerAmounts", func(in *dynamodb.QueryInput) { in.ScanIndexForward = aws.Bool(false) })
	if err != nil {
		t.Fatal(err)
	}
	want = []sdkItem{pick(orders[4], "OrderId", "Customer", "Placed", "Amount"), pick(orders[2], "OrderId", "Customer", "Placed", "Amount"),
		pick(orders[0], "OrderId", "Customer", "Placed", "Amount")}
	if !reflect.DeepEqual(out.Items, want) {
		t.Errorf("INCLUDE entries %v", out.Items)
	}
	_, err = query("ByCustomerKeys", func(in *dynamodb.QueryInput) { in.Select = types.SelectAllAttributes })
	wantAPIError(t, err, "ValidationException",
		"One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index ByCustomerKeys because its projection type is not ALL")
	// Asking a GSI for an attribute it does not project is refused (the
	// exact text is not confirmed; the code is).
	_, err = query("ByCustomerAmounts", func(in *dynamodb.QueryInput) { in.ProjectionExpression = aws.String("OrderId, Notes") })
	var apiErr interface{ ErrorCode() string }
	if !errors.As(err, &apiErr) || apiErr.ErrorCode() != "ValidationException" {
		t.Errorf("GSI asked for a non-projected attribute: %v, want ValidationException", err)
	}
	// Projected attributes only: fine.
	out, err = query("ByCustomerAmounts", func(in *dynamodb.QueryInput) {
		in.ProjectionExpression = aws.String("Amount")
		in.FilterExpression = aws.String("Amount > :z")
		in.ExpressionAttributeValues[":z"] = avN("0")
	})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(out.Items, []sdkItem{{"Amount": avN("20")}, {"Amount": avN("40")}}) || out.ScannedCount != 3 {
		t.Errorf("INCLUDE with filter and projection: %v (%d scanned)", out.Items, out.ScannedCount)
	}

	// An index Scan in pages of 4 returns each entry once; the
	// LastEvaluatedKey holds the table key and the index key.
	var start sdkItem
	seen := map[string]bool{}
	for page := 1; ; page++ {
		s, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("Orders"), IndexName: aws.String("ByCustomerKeys"), Limit: aws.Int32(4), ExclusiveStartKey: start})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range s.Items {
			if len(it) != 3 {
				t.Errorf("KEYS_ONLY scan entry %s", formatItem(it))
			}
			seen[avText(it["OrderId"])] = true
		}
		if s.LastEvaluatedKey == nil {
			break
		}
		wantLastKey(t, fmt.Sprintf("index scan page %d", page), s.LastEvaluatedKey, s.Items[len(s.Items)-1])
		start = s.LastEvaluatedKey
		if page > 3 {
			t.Fatal("index scan does not end")
		}
	}
	if len(seen) != 6 {
		t.Errorf("index scan saw %d of 6 orders", len(seen))
	}
	_, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("Orders"), IndexName: aws.String("ByCustomerKeys"), ConsistentRead: aws.Bool(true)})
	wantAPIError(t, err, "ValidationException", "Consistent reads are not supported on global secondary indexes")
}
