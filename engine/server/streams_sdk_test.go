package server_test

// The TTL and Streams stories of seeds 001 and 004 through the HTTP
// endpoint, with the AWS SDK for Go v2: the dynamodb client for the table
// and the dynamodbstreams client, pointed at the same server, for the
// stream. The engine runs on a paused virtual clock and sweeps only when
// the test calls SweepTTL.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	sttypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/internal/sdkhttp"
	"github.com/dynoscope/dynoscope/model"
)

// streamsFixture is an engine on a manual clock served over httptest with
// the Streams API registered, and SDK clients for it.
type streamsFixture struct {
	eng     *engine.Engine
	clock   *engine.VirtualClock
	url     string
	db      *dynamodb.Client
	streams *dynamodbstreams.Client
}

func newStreamsFixture(t *testing.T, start time.Time) *streamsFixture {
	t.Helper()
	clock := engine.NewManualClock(start)
	eng, err := engine.Open(engine.Options{Clock: clock, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	srv := server.New(eng, server.Options{})
	server.RegisterStreams(srv, eng)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	creds := credentials.NewStaticCredentialsProvider("x", "y", "")
	return &streamsFixture{
		eng: eng, clock: clock, url: ts.URL,
		db: dynamodb.New(dynamodb.Options{Region: "us-east-1", Credentials: creds,
			BaseEndpoint: aws.String(ts.URL), Retryer: aws.NopRetryer{}, HTTPClient: sdkhttp.Client()}),
		streams: dynamodbstreams.New(dynamodbstreams.Options{Region: "us-east-1", Credentials: creds,
			BaseEndpoint: aws.String(ts.URL), Retryer: aws.NopRetryer{}, HTTPClient: sdkhttp.Client()}),
	}
}

// sdkOK(call(...))(t) returns call's result, failing t on its error.
func sdkOK[T any](v T, err error) func(t *testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func ddbS(v string) ddbtypes.AttributeValue { return &ddbtypes.AttributeValueMemberS{Value: v} }
func ddbN(v string) ddbtypes.AttributeValue { return &ddbtypes.AttributeValueMemberN{Value: v} }

func ddbAttr(name string, typ ddbtypes.ScalarAttributeType) ddbtypes.AttributeDefinition {
	return ddbtypes.AttributeDefinition{AttributeName: aws.String(name), AttributeType: typ}
}

func ddbHashKey(name string) []ddbtypes.KeySchemaElement {
	return []ddbtypes.KeySchemaElement{{AttributeName: aws.String(name), KeyType: ddbtypes.KeyTypeHash}}
}

// enableStream turns a table's stream on with UpdateTable.
func (f *streamsFixture) enableStream(t *testing.T, table string, view ddbtypes.StreamViewType) string {
	t.Helper()
	out := sdkOK(f.db.UpdateTable(context.Background(), &dynamodb.UpdateTableInput{TableName: aws.String(table),
		StreamSpecification: &ddbtypes.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: view}}))(t)
	return aws.ToString(out.TableDescription.LatestStreamArn)
}

// readStream reads a table's only stream from TRIM_HORIZON with the
// streams client: ListStreams, DescribeStream, GetShardIterator and
// GetRecords until a call returns nothing.
func (f *streamsFixture) readStream(t *testing.T, table string) []sttypes.Record {
	t.Helper()
	ctx := context.Background()
	list := sdkOK(f.streams.ListStreams(ctx, &dynamodbstreams.ListStreamsInput{TableName: aws.String(table)}))(t)
	if len(list.Streams) != 1 {
		t.Fatalf("ListStreams(%s) = %d streams", table, len(list.Streams))
	}
	arn := list.Streams[0].StreamArn
	desc := sdkOK(f.streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: arn}))(t)
	it := sdkOK(f.streams.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{StreamArn: arn,
		ShardId: desc.StreamDescription.Shards[0].ShardId, ShardIteratorType: sttypes.ShardIteratorTypeTrimHorizon}))(t).ShardIterator
	var recs []sttypes.Record
	for it != nil {
		out := sdkOK(f.streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: it}))(t)
		if len(out.Records) == 0 {
			break
		}
		recs = append(recs, out.Records...)
		it = out.NextShardIterator
	}
	return recs
}

// pkList lists the pk of items, sorted.
func pkList(items []map[string]ddbtypes.AttributeValue) string {
	var out []string
	for _, it := range items {
		out = append(out, it["pk"].(*ddbtypes.AttributeValueMemberS).Value)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

// TestSDKSeed001TTLIsNotSchema is seed 001's TTL demonstration: FRE001's
// Number ttl expires and the sweeper deletes it from the table and from
// both GSIs; ED_001's and SCA001's String ttl are accepted and ignored
// forever. Seed 004's archival building block: the deletion reaches the
// stream as a REMOVE by the dynamodb.amazonaws.com service principal.
func TestSDKSeed001TTLIsNotSchema(t *testing.T) {
	ctx := context.Background()
	f := newStreamsFixture(t, time.Date(2023, 12, 31, 0, 0, 0, 0, time.UTC))
	sdkOK(f.db.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: aws.String("schema-demo"), BillingMode: ddbtypes.BillingModePayPerRequest,
		KeySchema:            ddbHashKey("pk"),
		AttributeDefinitions: []ddbtypes.AttributeDefinition{ddbAttr("pk", ddbtypes.ScalarAttributeTypeS), ddbAttr("ix_pk", ddbtypes.ScalarAttributeTypeS)},
		GlobalSecondaryIndexes: []ddbtypes.GlobalSecondaryIndex{{IndexName: aws.String("gsi"), KeySchema: ddbHashKey("ix_pk"),
			Projection: &ddbtypes.Projection{ProjectionType: ddbtypes.ProjectionTypeAll}}},
	}))(t)
	f.enableStream(t, "schema-demo", ddbtypes.StreamViewTypeNewAndOldImages)
	animal := func(pk, typ, name string, extra map[string]ddbtypes.AttributeValue) ddbtypes.WriteRequest {
		item := map[string]ddbtypes.AttributeValue{"pk": ddbS(pk), "type": ddbS(typ), "name": ddbS(name)}
		for k, v := range extra {
			item[k] = v
		}
		return ddbtypes.WriteRequest{PutRequest: &ddbtypes.PutRequest{Item: item}}
	}
	sdkOK(f.db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]ddbtypes.WriteRequest{"schema-demo": {
		animal("FRE001", "Dog", "Freddie", map[string]ddbtypes.AttributeValue{"admitted": ddbN("174099600"), "ix_pk": ddbS("dogs")}),
		animal("ZUZ001", "Dog", "Zuzi", map[string]ddbtypes.AttributeValue{"admitted": ddbS("1672563600")}),
		animal("OTI001", "Rat", "Otis", map[string]ddbtypes.AttributeValue{"admitted": ddbS("2024-03-27T07:00:00+0000")}),
		animal("ED_001", "Rat", "Ed", map[string]ddbtypes.AttributeValue{"ix_pk": ddbS("rats")}),
	}}}))(t)
	sdkOK(f.db.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("schema-demo"),
		AttributeDefinitions: []ddbtypes.AttributeDefinition{ddbAttr("type", ddbtypes.ScalarAttributeTypeS), ddbAttr("admitted", ddbtypes.ScalarAttributeTypeN)},
		GlobalSecondaryIndexUpdates: []ddbtypes.GlobalSecondaryIndexUpdate{{Create: &ddbtypes.CreateGlobalSecondaryIndexAction{
			IndexName: aws.String("animal_type"),
			KeySchema: []ddbtypes.KeySchemaElement{{AttributeName: aws.String("type"), KeyType: ddbtypes.KeyTypeHash},
				{AttributeName: aws.String("admitted"), KeyType: ddbtypes.KeyTypeRange}},
			Projection: &ddbtypes.Projection{ProjectionType: ddbtypes.ProjectionTypeAll}}}},
	}))(t)
	f.eng.WaitBackgroundIndexWork()
	scanIndex := func(index string) string {
		t.Helper()
		in := &dynamodb.ScanInput{TableName: aws.String("schema-demo")}
		if index != "" {
			in.IndexName = aws.String(index)
		}
		return pkList(sdkOK(f.db.Scan(ctx, in))(t).Items)
	}
	if got := scanIndex("animal_type"); got != "FRE001" {
		t.Fatalf("animal_type after backfill = %s, want FRE001 only", got)
	}

	// The seed's TTL demo: a Number ttl on FRE001, a String one on ED_001.
	setTTL := func(pk string, v ddbtypes.AttributeValue) {
		sdkOK(f.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("schema-demo"),
			Key: map[string]ddbtypes.AttributeValue{"pk": ddbS(pk)}, UpdateExpression: aws.String("SET #ttl = :ttl"),
			ExpressionAttributeNames: map[string]string{"#ttl": "ttl"}, ExpressionAttributeValues: map[string]ddbtypes.AttributeValue{":ttl": v}}))(t)
	}
	setTTL("FRE001", ddbN("1704067200"))
	setTTL("ED_001", ddbS("1704067200"))
	ttlOut := sdkOK(f.db.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: aws.String("schema-demo"),
		TimeToLiveSpecification: &ddbtypes.TimeToLiveSpecification{Enabled: aws.Bool(true), AttributeName: aws.String("ttl")}}))(t)
	if !aws.ToBool(ttlOut.TimeToLiveSpecification.Enabled) || aws.ToString(ttlOut.TimeToLiveSpecification.AttributeName) != "ttl" {
		t.Fatalf("UpdateTimeToLive echoed %+v", ttlOut.TimeToLiveSpecification)
	}
	// A new item in "violation" is accepted: TTL is not schema.
	sdkOK(f.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("schema-demo"), Item: map[string]ddbtypes.AttributeValue{
		"pk": ddbS("SCA001"), "name": ddbS("Scampi"), "type": ddbS("Hamster"), "ix_pk": ddbS("hamsters"),
		"ttl": ddbS("A string obviously won't work!")}}))(t)
	desc := sdkOK(f.db.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String("schema-demo")}))(t)
	if desc.TimeToLiveDescription.TimeToLiveStatus != ddbtypes.TimeToLiveStatusEnabled || aws.ToString(desc.TimeToLiveDescription.AttributeName) != "ttl" {
		t.Fatalf("DescribeTimeToLive = %+v", desc.TimeToLiveDescription)
	}
	if n := f.eng.SweepTTL(); n != 0 {
		t.Fatalf("swept %d before 2024-01-01", n)
	}

	// 2024-01-01T00:00:00Z: FRE001 has expired, but reads still return it
	// until the sweeper deletes it.
	f.clock.Advance(24 * time.Hour)
	if n := f.eng.SweepTTL(); n != 0 {
		t.Fatalf("swept %d within the deletion delay", n)
	}
	fre := sdkOK(f.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("schema-demo"), Key: map[string]ddbtypes.AttributeValue{"pk": ddbS("FRE001")}}))(t)
	if fre.Item == nil {
		t.Fatal("GetItem hid FRE001 before the sweep")
	}
	if !f.eng.IsExpiredPending("schema-demo", model.Item{"pk": model.S("FRE001"), "ttl": model.N("1704067200")}) {
		t.Fatal("IsExpiredPending(FRE001) is false between expiry and sweep")
	}
	q := sdkOK(f.db.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("schema-demo"), IndexName: aws.String("animal_type"),
		KeyConditionExpression: aws.String("#t = :dog"), ExpressionAttributeNames: map[string]string{"#t": "type"},
		ExpressionAttributeValues: map[string]ddbtypes.AttributeValue{":dog": ddbS("Dog")}}))(t)
	if pkList(q.Items) != "FRE001" {
		t.Fatalf("Query animal_type before the sweep = %s", pkList(q.Items))
	}

	f.clock.Advance(engine.DefaultTTLDeletionDelay)
	if n := f.eng.SweepTTL(); n != 1 {
		t.Fatalf("swept %d, want FRE001 only", n)
	}
	fre = sdkOK(f.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("schema-demo"), Key: map[string]ddbtypes.AttributeValue{"pk": ddbS("FRE001")}}))(t)
	if fre.Item != nil {
		t.Fatal("FRE001 is still in the table after the sweep")
	}
	check := func(when string) {
		t.Helper()
		for index, want := range map[string]string{"": "ED_001,OTI001,SCA001,ZUZ001", "gsi": "ED_001,SCA001", "animal_type": ""} {
			if got := scanIndex(index); got != want {
				t.Fatalf("%s: scan of %q = %s, want %s", when, index, got, want)
			}
		}
		d := sdkOK(f.db.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("schema-demo")}))(t)
		if aws.ToInt64(d.Table.ItemCount) != 4 {
			t.Fatalf("%s: ItemCount %d", when, aws.ToInt64(d.Table.ItemCount))
		}
		for _, g := range d.Table.GlobalSecondaryIndexes {
			want := map[string]int64{"gsi": 2, "animal_type": 0}[aws.ToString(g.IndexName)]
			if aws.ToInt64(g.ItemCount) != want {
				t.Fatalf("%s: index %s ItemCount %d, want %d", when, aws.ToString(g.IndexName), aws.ToInt64(g.ItemCount), want)
			}
		}
	}
	check("after the sweep")

	// Seed 004: the TTL delete is in the stream, marked as the service's.
	recs := f.readStream(t, "schema-demo")
	var byService []string
	for _, r := range recs {
		if r.UserIdentity != nil {
			byService = append(byService, fmt.Sprintf("%s %s %s/%s", r.EventName, r.Dynamodb.Keys["pk"].(*sttypes.AttributeValueMemberS).Value,
				aws.ToString(r.UserIdentity.Type), aws.ToString(r.UserIdentity.PrincipalId)))
		}
	}
	if fmt.Sprint(byService) != "[REMOVE FRE001 Service/dynamodb.amazonaws.com]" {
		t.Fatalf("records with a userIdentity: %v", byService)
	}
	last := recs[len(recs)-1]
	if last.Dynamodb.OldImage["ttl"].(*sttypes.AttributeValueMemberN).Value != "1704067200" || last.Dynamodb.NewImage != nil {
		t.Fatalf("TTL REMOVE images: old %v, new %v", last.Dynamodb.OldImage, last.Dynamodb.NewImage)
	}

	// The String ttls are ignored forever.
	f.clock.Advance(10 * 365 * 24 * time.Hour)
	if n := f.eng.SweepTTL(); n != 0 {
		t.Fatalf("swept %d items with a String ttl", n)
	}
	check("ten years later")
}

// streamS and streamN read an S or N member of a stream image.
func streamS(img map[string]sttypes.AttributeValue, name string) string {
	if v, ok := img[name].(*sttypes.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}

func streamN(img map[string]sttypes.AttributeValue, name string) string {
	if v, ok := img[name].(*sttypes.AttributeValueMemberN); ok {
		return v.Value
	}
	return ""
}

// describeImage renders an image as pk=v, or "-" when absent.
func describeImage(img map[string]sttypes.AttributeValue) string {
	if img == nil {
		return "-"
	}
	return streamS(img, "pk") + "=" + streamN(img, "v")
}

// TestSDKStreamRecordsPerViewType writes a put, an update, a delete and a
// TTL delete to a table of each view type and reads the records back with
// the SDK's streams client.
func TestSDKStreamRecordsPerViewType(t *testing.T) {
	ctx := context.Background()
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	f := newStreamsFixture(t, start)
	want := map[ddbtypes.StreamViewType][2]string{ // new images, old images of the five records
		ddbtypes.StreamViewTypeKeysOnly:        {"- - - - -", "- - - - -"},
		ddbtypes.StreamViewTypeNewImage:        {"a=1 a=2 - b=1 -", "- - - - -"},
		ddbtypes.StreamViewTypeOldImage:        {"- - - - -", "- a=1 a=2 - b=1"},
		ddbtypes.StreamViewTypeNewAndOldImages: {"a=1 a=2 - b=1 -", "- a=1 a=2 - b=1"},
	}
	for view := range want {
		table := "view-" + strings.ToLower(string(view))
		sdkOK(f.db.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(table), BillingMode: ddbtypes.BillingModePayPerRequest,
			KeySchema: ddbHashKey("pk"), AttributeDefinitions: []ddbtypes.AttributeDefinition{ddbAttr("pk", ddbtypes.ScalarAttributeTypeS)}}))(t)
		f.enableStream(t, table, view)
		sdkOK(f.db.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: aws.String(table),
			TimeToLiveSpecification: &ddbtypes.TimeToLiveSpecification{Enabled: aws.Bool(true), AttributeName: aws.String("exp")}}))(t)
		key := map[string]ddbtypes.AttributeValue{"pk": ddbS("a")}
		sdkOK(f.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: map[string]ddbtypes.AttributeValue{"pk": ddbS("a"), "v": ddbN("1")}}))(t)
		sdkOK(f.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(table), Key: key, UpdateExpression: aws.String("SET v = :two"),
			ExpressionAttributeValues: map[string]ddbtypes.AttributeValue{":two": ddbN("2")}}))(t)
		// An update that changes nothing writes no record.
		sdkOK(f.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(table), Key: key, UpdateExpression: aws.String("SET v = :two"),
			ExpressionAttributeValues: map[string]ddbtypes.AttributeValue{":two": ddbN("2")}}))(t)
		sdkOK(f.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(table), Key: key}))(t)
		sdkOK(f.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: map[string]ddbtypes.AttributeValue{
			"pk": ddbS("b"), "v": ddbN("1"), "exp": ddbN(fmt.Sprint(start.Unix()))}}))(t)
	}
	f.clock.Advance(time.Minute)
	if n := f.eng.SweepTTL(); n != len(want) {
		t.Fatalf("swept %d, want one per table", n)
	}
	for view, images := range want {
		table := "view-" + strings.ToLower(string(view))
		recs := f.readStream(t, table)
		var names, keys, news, olds []string
		prevSeq := ""
		for i, r := range recs {
			names = append(names, string(r.EventName))
			keys = append(keys, streamS(r.Dynamodb.Keys, "pk"))
			news = append(news, describeImage(r.Dynamodb.NewImage))
			olds = append(olds, describeImage(r.Dynamodb.OldImage))
			seq := aws.ToString(r.Dynamodb.SequenceNumber)
			if seq <= prevSeq || aws.ToInt64(r.Dynamodb.SizeBytes) <= 0 || r.Dynamodb.StreamViewType != sttypes.StreamViewType(view) ||
				aws.ToString(r.EventSource) != "aws:dynamodb" || aws.ToString(r.EventVersion) != "1.1" ||
				aws.ToString(r.AwsRegion) != "us-east-1" || aws.ToString(r.EventID) == "" || len(r.Dynamodb.Keys) != 1 {
				t.Fatalf("%s record %d: %+v %+v", view, i, r, r.Dynamodb)
			}
			prevSeq = seq
			at := start
			if i == 4 {
				at = start.Add(time.Minute)
			}
			if !aws.ToTime(r.Dynamodb.ApproximateCreationDateTime).Equal(at) {
				t.Fatalf("%s record %d written at %v, want %v", view, i, r.Dynamodb.ApproximateCreationDateTime, at)
			}
			if (r.UserIdentity != nil) != (i == 4) {
				t.Fatalf("%s record %d: userIdentity %+v", view, i, r.UserIdentity)
			}
		}
		got := [4]string{strings.Join(names, " "), strings.Join(keys, " "), strings.Join(news, " "), strings.Join(olds, " ")}
		if got != [4]string{"INSERT MODIFY REMOVE INSERT REMOVE", "a a a b b", images[0], images[1]} {
			t.Fatalf("%s stream:\n events %s\n keys   %s\n new    %s\n old    %s", view, got[0], got[1], got[2], got[3])
		}
		ttl := recs[4].UserIdentity
		if aws.ToString(ttl.Type) != "Service" || aws.ToString(ttl.PrincipalId) != "dynamodb.amazonaws.com" {
			t.Fatalf("%s TTL identity = %s/%s", view, aws.ToString(ttl.Type), aws.ToString(ttl.PrincipalId))
		}
		arn := sdkOK(f.streams.ListStreams(ctx, &dynamodbstreams.ListStreamsInput{TableName: aws.String(table)}))(t).Streams[0].StreamArn
		d := sdkOK(f.streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: arn}))(t).StreamDescription
		if d.StreamStatus != sttypes.StreamStatusEnabled || d.StreamViewType != sttypes.StreamViewType(view) || aws.ToString(d.TableName) != table ||
			len(d.KeySchema) != 1 || len(d.Shards) != 1 || d.Shards[0].SequenceNumberRange.EndingSequenceNumber != nil ||
			aws.ToString(d.Shards[0].SequenceNumberRange.StartingSequenceNumber) != aws.ToString(recs[0].Dynamodb.SequenceNumber) {
			t.Fatalf("DescribeStream(%s) = %+v", table, d)
		}
	}
}

// TestSDKStreamErrors: the streams client decodes the engine's errors into
// its typed exceptions.
func TestSDKStreamErrors(t *testing.T) {
	ctx := context.Background()
	f := newStreamsFixture(t, time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
	sdkOK(f.db.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String("errs"), BillingMode: ddbtypes.BillingModePayPerRequest,
		KeySchema: ddbHashKey("pk"), AttributeDefinitions: []ddbtypes.AttributeDefinition{ddbAttr("pk", ddbtypes.ScalarAttributeTypeS)}}))(t)
	arn := f.enableStream(t, "errs", ddbtypes.StreamViewTypeKeysOnly)
	sdkOK(f.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("errs"), Item: map[string]ddbtypes.AttributeValue{"pk": ddbS("a")}}))(t)
	shard := sdkOK(f.streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: aws.String(arn)}))(t).StreamDescription.Shards[0].ShardId
	iter := func(typ sttypes.ShardIteratorType, seq *string) (*dynamodbstreams.GetShardIteratorOutput, error) {
		return f.streams.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{StreamArn: aws.String(arn), ShardId: shard,
			ShardIteratorType: typ, SequenceNumber: seq})
	}

	missing := strings.Replace(arn, "table/errs/", "table/gone/", 1)
	_, err := f.streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: aws.String(missing)})
	var notFound *sttypes.ResourceNotFoundException
	if !errors.As(err, &notFound) || notFound.ErrorMessage() != "Requested resource not found: Stream: "+missing+" not found" {
		t.Fatalf("DescribeStream of a missing stream: %v", err)
	}

	it := sdkOK(iter(sttypes.ShardIteratorTypeTrimHorizon, nil))(t).ShardIterator
	recs := sdkOK(f.streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: it}))(t).Records
	seq := recs[0].Dynamodb.SequenceNumber
	f.clock.Advance(16 * time.Minute)
	_, err = f.streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: it})
	var expired *sttypes.ExpiredIteratorException
	if !errors.As(err, &expired) {
		t.Fatalf("GetRecords with a 16-minute-old iterator: %v", err)
	}

	f.clock.Advance(24 * time.Hour)
	_, err = iter(sttypes.ShardIteratorTypeAtSequenceNumber, seq)
	var trimmed *sttypes.TrimmedDataAccessException
	if !errors.As(err, &trimmed) || trimmed.ErrorMessage() != "The data you are trying to access has been trimmed" {
		t.Fatalf("GetShardIterator at a trimmed record: %v", err)
	}

	// A disabled stream's shard is closed: read to its end, there is no
	// next iterator.
	sdkOK(f.db.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("errs"),
		StreamSpecification: &ddbtypes.StreamSpecification{StreamEnabled: aws.Bool(false)}}))(t)
	it = sdkOK(iter(sttypes.ShardIteratorTypeTrimHorizon, nil))(t).ShardIterator
	out := sdkOK(f.streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: it}))(t)
	if len(out.Records) != 0 || out.NextShardIterator != nil {
		t.Fatalf("closed, trimmed shard: %d records, next %v", len(out.Records), out.NextShardIterator)
	}
	d := sdkOK(f.streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: aws.String(arn)}))(t).StreamDescription
	if d.StreamStatus != sttypes.StreamStatusDisabled || d.Shards[0].SequenceNumberRange.EndingSequenceNumber == nil {
		t.Fatalf("disabled stream described as %s, range %+v", d.StreamStatus, d.Shards[0].SequenceNumberRange)
	}
}

// TestStreamsWireCasing pins the JSON member names of GetRecords on the
// wire: the record's own members in lower camel case, the TTL identity's
// members in Pascal case, as the service model spells them.
func TestStreamsWireCasing(t *testing.T) {
	ctx := context.Background()
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	f := newStreamsFixture(t, start)
	sdkOK(f.db.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String("wire"), BillingMode: ddbtypes.BillingModePayPerRequest,
		KeySchema: ddbHashKey("pk"), AttributeDefinitions: []ddbtypes.AttributeDefinition{ddbAttr("pk", ddbtypes.ScalarAttributeTypeS)}}))(t)
	arn := f.enableStream(t, "wire", ddbtypes.StreamViewTypeKeysOnly)
	sdkOK(f.db.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: aws.String("wire"),
		TimeToLiveSpecification: &ddbtypes.TimeToLiveSpecification{Enabled: aws.Bool(true), AttributeName: aws.String("exp")}}))(t)
	sdkOK(f.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("wire"), Item: map[string]ddbtypes.AttributeValue{
		"pk": ddbS("a"), "exp": ddbN(fmt.Sprint(start.Unix()))}}))(t)
	f.clock.Advance(time.Minute)
	f.eng.SweepTTL()
	shard := sdkOK(f.streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: aws.String(arn)}))(t).StreamDescription.Shards[0].ShardId
	it := sdkOK(f.streams.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{StreamArn: aws.String(arn), ShardId: shard,
		ShardIteratorType: sttypes.ShardIteratorTypeTrimHorizon}))(t).ShardIterator
	req, _ := http.NewRequest(http.MethodPost, f.url, strings.NewReader(`{"ShardIterator":"`+aws.ToString(it)+`"}`))
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	req.Header.Set("X-Amz-Target", "DynamoDBStreams_20120810.GetRecords")
	resp := sdkOK(http.DefaultClient.Do(req))(t)
	defer resp.Body.Close()
	body := string(sdkOK(io.ReadAll(resp.Body))(t))
	for _, want := range []string{`"Records":[{"eventID":"`, `"eventName":"INSERT"`, `"eventName":"REMOVE"`, `"eventSource":"aws:dynamodb"`,
		`"eventVersion":"1.1"`, `"awsRegion":"us-east-1"`, `"dynamodb":{"ApproximateCreationDateTime":`, `"Keys":{"pk":{"S":"a"}}`,
		`"SequenceNumber":"`, `"SizeBytes":`, `"StreamViewType":"KEYS_ONLY"`,
		`"userIdentity":{"Type":"Service","PrincipalId":"dynamodb.amazonaws.com"}`, `"NextShardIterator":"`} {
		if !strings.Contains(body, want) {
			t.Errorf("GetRecords body lacks %s:\n%s", want, body)
		}
	}
}
