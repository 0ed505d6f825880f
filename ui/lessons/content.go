package lessons

import (
	"fmt"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// The lessons, one per data-modeling building block, each on its demo data
// set (fixtures/data/<name>/). Requests come from the data sets' named
// examples where one fits, so a lesson reads exactly what the fixture
// tests check; the rest are written here. A lesson runs on its own copy of
// its data set, made when it starts: a step that changes something changes
// the copy, until r starts the lesson over on a fresh one.

// lessons returns the lessons in the order the pane lists them.
func lessons() []lesson {
	return []lesson{
		compositeSortKey(), multiTenancy(), sparseIndex(), timeToLive(), ttlArchival(),
		verticalPartitioning(), writeSharding(), lsiProjections(), indexKeySchema(), uniqueness(),
		compositeThenAndNow(), designFromPatterns(), similarItems(), pointInTimeRecovery(),
	}
}

// vals is a shorthand for ExpressionAttributeValues.
type vals = map[string]model.AttributeValue

// names is a shorthand for ExpressionAttributeNames.
type names = map[string]string

func compositeSortKey() lesson {
	const ds = "shopping-cart"
	return lesson{title: "Composite sort key", dataset: ds, table: "ShoppingCart", steps: []step{
		{title: "One item collection per shopper",
			text: "ShoppingCart is keyed by UserID (partition key) and SK (sort key). A shopper's items share the partition key and are stored together, sorted by SK: an item collection. A Query with the partition key alone reads the whole collection, in SK order.",
			act:  action{label: "Query ShoppingCart: UserID = u-1002", read: example(ds, "everything about a shopper")}},
		{title: "A path in the sort key",
			text: "The sort keys spell a hierarchy, PARENT#CHILD#GRANDCHILD: CART#ACTIVE#<product>, CART#SAVED#<product>, WISHLIST#<list>#<product>, PROFILE. begins_with walks down it from the left: CART# loads the whole cart at login, saved items included, and reads nothing else of the collection.",
			act:  action{label: `Query: UserID = u-1001 AND begins_with(SK, "CART#")`, read: example(ds, "the whole cart at login")}},
		{title: "One level deeper",
			text: "Checkout needs only what is being bought: CART#ACTIVE# narrows the same Query to three items. Every level of the path is one more access pattern served by a key condition, and each part of the app writes under its own prefix.",
			act:  action{label: `Query: begins_with(SK, "CART#ACTIVE#")`, read: example(ds, "checkout: the active cart only")}},
		{title: "A filter is not a key condition",
			text: "The saved items again, found with a FilterExpression instead of the CART#SAVED# prefix: DynamoDB reads all nine items of the collection (ScannedCount), charges for every one, and drops seven after reading. Select with the sort key; filter only to trim.",
			act:  action{label: "Query: UserID = u-1001, filter attribute_exists(SavedFrom)", read: example(ds, "a filter is not a key condition")}},
	}}
}

func multiTenancy() lesson {
	const ds = "photos"
	return lesson{title: "Multi-tenancy", dataset: ds, table: "Photos", steps: []step{
		{title: "One partition per tenant",
			text: "Photos is keyed by UserId, then PhotoId: each tenant's photos are their own item collection. Every access pattern starts with the tenant's key, so a Query cannot reach another tenant's items, and IAM can pin a caller to their own key (dynamodb:LeadingKeys).",
			act:  action{label: "Query Photos: UserId = ben.okafor", read: example(ds, "one tenant's photos")}},
		{title: "Time in the sort key",
			text: "PhotoId starts with the upload time, then a short id: a tenant's photos sort by date, and a month is a begins_with on the sort key.",
			act:  action{label: `Query: UserId = ana.costa AND begins_with(PhotoId, "2024-03")`, read: example(ds, "a tenant's photos from March 2024")}},
		{title: "Pages",
			text: "Newest first (ScanIndexForward false) with Limit 2: the profile page's strip reads two items, and LastEvaluatedKey marks where the next page starts.",
			act:  action{label: "Query: UserId = ana.costa, newest first, Limit 2", read: example(ds, "latest two uploads")}},
		{title: "An unknown tenant",
			text: "A partition key with no items is an empty result, not an error: there is no list of tenants to consult, and nobody learns whether a tenant exists from an error.",
			act:  action{label: "Query: UserId = eve.intruder", read: example(ds, "an unknown tenant sees nothing")}},
		{title: "Across tenants costs a Scan",
			text: "A question across tenants has no key to use: the Scan reads every tenant's photos to return the five in a Holidays album. The design makes this expensive on purpose; a real cross-tenant access pattern would get a GSI.",
			act:  action{label: "Scan Photos: filter Album = Holidays", read: example(ds, "holiday photos across tenants")}},
	}}
}

func sparseIndex() lesson {
	const ds = "iot-device-reports"
	return lesson{title: "Sparse index", dataset: ds, table: "DeviceReports", steps: []step{
		{title: "Only the rare case is indexed",
			text: "Twelve pumps report every 30 minutes: 300 reports. Only an escalated fault gets an EscalatedTo attribute, and EscalatedTo-index (EscalatedTo HASH, Timestamp RANGE) has an entry only for items that have its key: 7 entries. A Scan of the index reads those seven and nothing else.",
			act:  action{label: "Scan DeviceReports/EscalatedTo-index", read: example(ds, "the whole sparse index")}},
		{title: "Without the index",
			text: "The same seven faults found by scanning the table with attribute_exists(EscalatedTo): every one of the 300 reports is read and paid for, then filtered. Compare the read units with the index Scan.",
			act:  action{label: "Scan DeviceReports: filter attribute_exists(EscalatedTo)", read: example(ds, "the same faults without the index")}},
		{title: "Escalate a report",
			text: "Setting EscalatedTo on an ordinary report gives it an entry: the write is charged to the table and to the index, where the new entry costs 1 WCU.",
			act: action{label: "UpdateItem d#1005 at 08:00: SET EscalatedTo = tech-ana", write: func(time.Time) any {
				return &model.UpdateItemInput{TableName: "DeviceReports",
					Key:                       model.Item{"DeviceID": model.S("d#1005"), "Timestamp": model.S("2024-05-14T08:00:00Z")},
					UpdateExpression:          "SET EscalatedTo = :tech, FaultCode = :fault, DeviceStatus = :st",
					ConditionExpression:       "attribute_exists(DeviceID)",
					ExpressionAttributeValues: vals{":tech": model.S("tech-ana"), ":fault": model.S("FLOW_SENSOR_DRIFT"), ":st": model.S("FAULT")}}
			}}},
		{title: "A technician's queue",
			text: "tech-ana's open faults are one small Query on the index, in Timestamp order, each entry carrying the table key of the report it came from: now four, the new one included.",
			act:  action{label: "Query EscalatedTo-index: EscalatedTo = tech-ana", read: example(ds, "tech-ana's escalations")}},
		{title: "Ordinary writes cost the index nothing",
			text: "A new report that is OK has no EscalatedTo, so it gets no entry: the write is charged to the table alone. A sparse index costs writes and storage only for the items it holds.",
			act: action{label: "PutItem d#1001 at 12:30, DeviceStatus OK", write: func(time.Time) any {
				return &model.PutItemInput{TableName: "DeviceReports", Item: model.Item{
					"DeviceID": model.S("d#1001"), "Timestamp": model.S("2024-05-14T12:30:00Z"), "Site": model.S("north"),
					"DeviceStatus": model.S("OK"), "Temperature": model.N("21.4"), "Pressure": model.N("318.2"), "Battery": model.N("88")}}
			}}},
	}}
}

// lessonUser is the messages' user the TTL lessons write under.
const lessonUser = "ttl-lesson"

func timeToLive() lesson {
	const ds = "messages-ttl"
	inbox := func(now time.Time) any {
		return &model.QueryInput{TableName: "Messages", KeyConditionExpression: "UserId = :u",
			ExpressionAttributeValues: vals{":u": model.S(lessonUser)}}
	}
	delay := engine.DefaultTTLDeletionDelay
	return lesson{title: "Time to live", dataset: ds, table: "Messages", steps: []step{
		{title: "An expiry is a Number",
			text: "TTL is enabled on Messages for ExpiresAt: an item expires once ExpiresAt, a Number of epoch seconds, is in the past. Put a message that expires 30 seconds from now on the engine clock.",
			act: action{label: "PutItem Messages: ExpiresAt = now + 30 s", write: func(now time.Time) any {
				return &model.PutItemInput{TableName: "Messages", Item: model.Item{"UserId": model.S(lessonUser), "SentAt": rfc3339(now),
					"From": model.S("dynoscope"), "Body": model.S("This message deletes itself."), "ExpiresAt": epoch(now.Add(30 * time.Second))}}
			}}},
		{title: "Expired is not deleted",
			text: fmt.Sprintf("Jump the clock 40 seconds: the message expired 10 seconds ago, and the Query still returns it. DynamoDB deletes expired items in the background, typically within 48 hours (this workspace: %s after expiry); until then they are ordinary items.", delay),
			act:  action{label: "clock +40s, then Query Messages: UserId = " + lessonUser, advance: 40 * time.Second, read: inbox}},
		{title: "Filter out what has expired",
			text: "So reads filter on the expiry themselves, with the current epoch second: ExpiresAt > :now. Put a second message that expired 5 seconds ago and read the inbox so: the expired messages are read (ScannedCount) and dropped (Count); items without ExpiresAt would stay.",
			act: action{label: "PutItem (expired 5 s ago), then Query with filter ExpiresAt > :now", write: func(now time.Time) any {
				return &model.PutItemInput{TableName: "Messages", Item: model.Item{"UserId": model.S(lessonUser), "SentAt": rfc3339(now.Add(-time.Second)),
					"From": model.S("dynoscope"), "Body": model.S("Already expired."), "ExpiresAt": epoch(now.Add(-5 * time.Second))}}
			}, then: &action{read: func(now time.Time) any {
				return &model.QueryInput{TableName: "Messages", KeyConditionExpression: "UserId = :u",
					FilterExpression:          "attribute_not_exists(ExpiresAt) OR ExpiresAt > :now",
					ExpressionAttributeValues: vals{":u": model.S(lessonUser), ":now": epoch(now)}}
			}}}},
		{title: "The TTL pass",
			text: "Jump another minute and let the background deletion run: the message is gone. TTL deletes consume no write capacity, remove the item's index entries like a DeleteItem, and reach the stream (next lesson).",
			act:  action{label: "clock +1m, TTL pass, then Query again", advance: time.Minute, sweep: true, read: inbox}},
		{title: "What TTL ignores",
			text: "TTL never validates. A String ExpiresAt (maya's verification code), epoch milliseconds (liam's reminder, an expiry some 55,000 years away) or a time more than five years past (an imported message) are accepted and ignored forever.",
			act: action{label: "Scan Messages: ExpiresAt not a Number, in milliseconds, or older than 5 years", read: func(now time.Time) any {
				return &model.ScanInput{TableName: "Messages", ProjectionExpression: "UserId, SentAt, ExpiresAt",
					FilterExpression:          "attribute_type(ExpiresAt, :s) OR ExpiresAt > :far OR ExpiresAt < :old",
					ExpressionAttributeValues: vals{":s": model.S("S"), ":far": epoch(now.AddDate(100, 0, 0)), ":old": epoch(now.AddDate(-5, 0, 0))}}
			}}},
	}}
}

// archiveUser is the messages' user the archival lesson writes under.
const archiveUser = "archive-lesson"

func ttlArchival() lesson {
	const ds = "messages-ttl"
	return lesson{title: "TTL archival via stream", dataset: ds, table: "Messages", steps: []step{
		{title: "Every change is a record",
			text: "Messages has a stream (NEW_AND_OLD_IMAGES): every write appears once, in order per item, as INSERT, MODIFY or REMOVE, and stays readable for 24 hours. Read it from the trim horizon and look at the REMOVE records.",
			act:  action{label: "read the stream of Messages", stream: "Messages"}},
		{title: "Expire a message",
			text: "Put a message whose ExpiresAt passed a minute ago. It is an ordinary item until the TTL pass comes by (DynamoDB: within a couple of days; this workspace: within seconds).",
			act: action{label: "PutItem Messages: ExpiresAt = now - 60 s", write: func(now time.Time) any {
				return &model.PutItemInput{TableName: "Messages", Item: model.Item{"UserId": model.S(archiveUser), "SentAt": rfc3339(now),
					"From": model.S("dynoscope"), "Body": model.S("Archive me."), "ExpiresAt": epoch(now.Add(-time.Minute))}}
			}}},
		{title: "The service's REMOVE",
			text: "Run the TTL pass. The deletion reaches the stream as a REMOVE with the old image and userIdentity {Type: Service, PrincipalId: dynamodb.amazonaws.com}: an archiver (a Lambda on the stream) copies OldImage to cold storage before it is gone for good.",
			act:  action{label: "clock +1s, TTL pass, read the stream", advance: time.Second, sweep: true, stream: "Messages"}},
		{title: "A client's delete looks different",
			text: "Put a note and delete it yourself: DeleteItem's REMOVE has no userIdentity. That is how the archiver tells expiry from deletion; a Lambda event filter on userIdentity.principalId = dynamodb.amazonaws.com archives only the expired.",
			act: action{label: "PutItem + DeleteItem a note, read the stream", write: func(now time.Time) any {
				return &model.PutItemInput{TableName: "Messages", Item: model.Item{"UserId": model.S(archiveUser), "SentAt": model.S("note"), "Body": model.S("deleted by hand")}}
			}, then: &action{write: func(time.Time) any {
				return &model.DeleteItemInput{TableName: "Messages", Key: model.Item{"UserId": model.S(archiveUser), "SentAt": model.S("note")}}
			}, then: &action{stream: "Messages"}}}},
	}}
}

func verticalPartitioning() lesson {
	const ds = "vertical-partitioning"
	return lesson{title: "Vertical partitioning", dataset: ds, table: "CustomerDocuments", steps: []step{
		{title: "A document as items",
			text: "A customer's document is split into items under one partition key, CUSTOMER#c-1001, whose sort keys name the parts: PROFILE, LOYALTY, ADDRESS#…, PAYMENT#…, ORDER#<date>#<id>, SUPPORT#…. One Query still returns the whole document, in sort-key order.",
			act:  action{label: "Query CustomerDocuments: PK = CUSTOMER#c-1001", read: example(ds, "the whole document")}},
		{title: "One part is a key lookup",
			text: "The full key reads one small item instead of the whole document: a read is charged by the bytes it reads, rounded up to 4 KB.",
			act:  action{label: "Query: PK = CUSTOMER#c-1001 AND SK = PROFILE", read: example(ds, "just the profile")}},
		{title: "Update one part alone",
			text: "Adding loyalty points rewrites only the LOYALTY item, for 1 WCU per KB of that item. Kept as one nested document, every small change would rewrite (and pay for) all of it, and the document could not grow past 400 KB.",
			act: action{label: "UpdateItem LOYALTY: SET Points = Points + 150", write: func(time.Time) any {
				return &model.UpdateItemInput{TableName: "CustomerDocuments",
					Key:                       model.Item{"PK": model.S("CUSTOMER#c-1001"), "SK": model.S("LOYALTY")},
					UpdateExpression:          "SET Points = Points + :n",
					ExpressionAttributeValues: vals{":n": model.N("150")}}
			}}},
		{title: "A family of parts",
			text: "Dated sort keys make a period one key condition: ORDER#2024-01 to ORDER#2024-04 returns the first quarter's orders, and begins_with(SK, ADDRESS#shipping#) the shipping addresses.",
			act:  action{label: "Query: SK BETWEEN ORDER#2024-01 AND ORDER#2024-04", read: example(ds, "orders in the first quarter of 2024")}},
	}}
}

func writeSharding() lesson {
	const ds = "write-sharding"
	shards := func(time.Time) any {
		keys := make([]model.Item, 20)
		for i := range keys {
			keys[i] = model.Item{"Contestant": model.S(fmt.Sprintf("Ava#%d", i))}
		}
		return &model.BatchGetItemInput{RequestItems: map[string]model.KeysAndAttributes{"Votes": {Keys: keys}}}
	}
	return lesson{title: "Write sharding", dataset: ds, table: "Votes", steps: []step{
		{title: "The scoreboard",
			text: "Votes is provisioned at 20,000 WCU, which DynamoDB spreads over 21 partitions; yet one partition takes at most 1,000 WCU a second. The scoreboard reads each contestant's total from a plain key, written by an aggregator.",
			act:  action{label: "Query Votes: Contestant = Ava", read: example(ds, "Ava's live total")}},
		{title: "A hot key",
			text: "Send 2,000 votes a second to one key, Zoe, for five seconds of engine time: every vote lands on one partition, which throttles above 1,000 WCU a second while the rest of the table's capacity sits idle. DynamoDB says so in each throttle's ThrottlingReasons: TableWriteKeyRangeThroughputExceeded, one key range (a partition) over its limit, not the table. (4 Capacity marks the throttles K.)",
			act:  action{label: "traffic: 2,000 writes/s on Zoe for 5 s", traffic: &engine.Workload{Kind: engine.WorkloadHotKey, Table: "Votes", Rate: 2000, Key: "Zoe", Consent: true}, trafficSeconds: 5}},
		{title: "Sharded",
			text: "The same 2,000 votes a second, each written to one of Zoe#0 … Zoe#19 (a random suffix in an app; round-robin here), land on many partitions: nothing is throttled, and no KeyRangeThroughputExceeded is left.",
			act:  action{label: "traffic: 2,000 writes/s over Zoe#0..19 for 5 s", traffic: &engine.Workload{Kind: engine.WorkloadSharded, Table: "Votes", Rate: 2000, Key: "Zoe", Shards: 20, Consent: true}, trafficSeconds: 5}},
		{title: "Reading the shards back",
			text: "The aggregator knows the 20 keys, so one BatchGetItem reads them (each item rounded up to 4 KB, eventually consistent by default), then writes the sum to the plain key.",
			act:  action{label: "BatchGetItem Votes: Ava#0 … Ava#19", write: shards}},
		{title: "What not knowing the keys costs",
			text: "Finding the shards without their keys scans the whole table, every contestant and every shard, to return Ava's 20.",
			act:  action{label: `Scan Votes: filter begins_with(Contestant, "Ava#")`, read: example(ds, "all of Ava's shards by Scan")}},
	}}
}

func lsiProjections() lesson {
	const ds = "forum"
	rds := func(proj string, consistent bool) func(time.Time) any {
		return func(time.Time) any {
			in := &model.QueryInput{TableName: "Thread", IndexName: "LastPostIndex", KeyConditionExpression: "ForumName = :f",
				ProjectionExpression: proj, ExpressionAttributeValues: vals{":f": model.S("RDS")}}
			if consistent {
				yes := true
				in.ConsistentRead = &yes
			}
			return in
		}
	}
	return lesson{title: "LSI projections, fetches", dataset: ds, table: "Thread", steps: []step{
		{title: "Another order for the same partition",
			text: "LastPostIndex is a local secondary index: Thread's partition key (ForumName) with LastPostDateTime as its sort key, projecting Replies (INCLUDE). Asking only for what it holds, the Query is served by the index alone: one 4 KB read for the entries, halved for eventual consistency.",
			act:  action{label: "Query LastPostIndex: ForumName = RDS, projected attributes only", read: rds("ForumName, Subject, LastPostDateTime, Replies", false)}},
		{title: "Asking for more fetches from the table",
			text: "Ask for Tags too, which the index does not project: DynamoDB reads the entries, then fetches each whole item from the table. The charge is the entries (1 × 4 KB) plus 4 KB per fetched item: (1 + 4) × 0.5 = 2.5 RCU.",
			act:  action{label: "Query LastPostIndex: ForumName = RDS, with Tags", read: rds("ForumName, Subject, LastPostDateTime, Replies, Tags", false)}},
		{title: "The guide's query",
			text: "The Developer Guide's query (legacy KeyConditions: EC2 threads posted between two dates) asks for Tags as well: six entries in one 4 KB read plus six fetches, halved.",
			act:  action{label: "Query LastPostIndex: ForumName EQ EC2, LastPostDateTime BETWEEN", read: example(ds, "EC2 threads with posts between two dates (the guide's query)")}},
		{title: "An LSI is sparse too",
			text: "The RDS forum has five threads, but the pinned announcement has no LastPostDateTime, so it has no entry: the index returns four. An item is in an index only when it has every index key attribute.",
			act:  action{label: "Query LastPostIndex: ForumName = RDS", read: example(ds, "RDS threads in LastPostIndex: the pinned one is missing")}},
		{title: "Strongly consistent, fetches included",
			text: "Unlike a GSI, an LSI lives with its table's partition, so it can be read strongly consistent (ConsistentRead), fetches included: the query with Tags costs twice as much.",
			act:  action{label: "Query LastPostIndex with Tags, ConsistentRead", read: rds("ForumName, Subject, LastPostDateTime, Replies, Tags", true)}},
	}}
}

func indexKeySchema() lesson {
	const ds = "schema-demo"
	zuzi := model.Item{"pk": model.S("ZUZ001")}
	return lesson{title: "Index key schema", dataset: ds, table: "schema-demo", steps: []step{
		{title: "Schema only on keys",
			text: "DynamoDB checks the type of an attribute only when it is a key of the table or of an index. animal_type (type HASH S, admitted RANGE N) was created after the data existed: only Freddie, whose admitted is a Number, made it in (and his ttl, a Number in the past, has TTL delete him soon after the workspace loads).",
			act:  action{label: "Scan schema-demo/animal_type", read: example(ds, "animal_type holds Freddie alone")}},
		{title: "What the backfill skipped",
			text: "Zuzi's and Otis's admitted are Strings: the backfill left them out without failing. Ed and Scampi have no admitted at all: simply not in the index (sparse), not a violation. o opens the list in the items pane.",
			act:  action{label: "list the items animal_type leaves out", leftOut: [2]string{"schema-demo", "animal_type"}}},
		{title: "An unrelated update is refused",
			text: "Setting temperament on Zuzi touches no key, yet DynamoDB refuses it: after the write the item would still violate animal_type's key schema. Nothing is changed.",
			act: action{label: `UpdateItem ZUZ001: SET temperament = "FRIENDLY"`, write: func(time.Time) any {
				return &model.UpdateItemInput{TableName: "schema-demo", Key: zuzi.Clone(), UpdateExpression: "SET #t = :t",
					ExpressionAttributeNames: names{"#t": "temperament"}, ExpressionAttributeValues: vals{":t": model.S("FRIENDLY")}}
			}}},
		{title: "A put says more",
			text: "Putting Zuzi back exactly as she is fails too, this time with the attribute, the types and the index named. A client that reads, changes and puts whole items meets this one.",
			act: action{label: "PutItem ZUZ001 unchanged", write: func(time.Time) any {
				return &model.PutItemInput{TableName: "schema-demo", Item: model.Item{"pk": model.S("ZUZ001"), "type": model.S("Dog"),
					"name": model.S("Zuzi"), "admitted": model.S("1672563600")}}
			}}},
		{title: "Fix the type",
			text: "A write that fixes the attribute is allowed: admitted as the Number 1672563600. From now on Zuzi is an ordinary item with an entry in animal_type.",
			act: action{label: "UpdateItem ZUZ001: SET admitted = 1672563600 (N)", write: func(time.Time) any {
				return &model.UpdateItemInput{TableName: "schema-demo", Key: zuzi.Clone(), UpdateExpression: "SET admitted = :n",
					ExpressionAttributeValues: vals{":n": model.N("1672563600")}}
			}}},
		{title: "The index now",
			text: "The same Scan of animal_type: Zuzi is in it now (with Freddie, unless TTL has deleted him). Otis still waits for his admitted to be fixed or removed.",
			act:  action{label: "Scan schema-demo/animal_type", read: example(ds, "animal_type holds Freddie alone")}},
	}}
}
