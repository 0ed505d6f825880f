package lessons

import (
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// The uniqueness constraint (lesson 10), on the vertical-partitioning data
// set's CustomerDocuments: a generic PK/SK table, as single-table designs
// have. DynamoDB keeps only the primary key unique; a second attribute is
// made unique by giving it an item of its own, keyed by the value, written
// in the same transaction as the item that carries it (the pattern of
// AWS's "Simulating Amazon DynamoDB unique constraints using
// transactions").

// The customers and addresses of the lesson.
const (
	uniqueEmail = "ana.costa@example.com"
	movedEmail  = "ana@costa.example"
)

// signUp writes a customer's profile and claims the email, each only if
// its key is free; the email item returns what holds it when it is not.
func signUp(customer, name, email string) func(time.Time) *model.TransactWriteItemsInput {
	return func(time.Time) *model.TransactWriteItemsInput {
		return &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
			{Put: &model.Put{TableName: "CustomerDocuments", Item: model.Item{"PK": model.S("CUSTOMER#" + customer),
				"SK": model.S("PROFILE"), "Name": model.S(name), "Email": model.S(email)},
				ConditionExpression: "attribute_not_exists(PK)"}},
			{Put: &model.Put{TableName: "CustomerDocuments", Item: model.Item{"PK": model.S("EMAIL#" + email),
				"SK": model.S("EMAIL"), "CustomerId": model.S(customer)},
				ConditionExpression: "attribute_not_exists(PK)", ReturnValuesOnConditionCheckFailure: model.ReturnValuesAllOld}},
		}}
	}
}

// changeEmail moves a customer's email: the profile, the old claim and
// the new one change together, each under a condition.
func changeEmail(time.Time) *model.TransactWriteItemsInput {
	return &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
		{Update: &model.Update{TableName: "CustomerDocuments", Key: model.Item{"PK": model.S("CUSTOMER#c-2001"), "SK": model.S("PROFILE")},
			UpdateExpression: "SET Email = :new", ConditionExpression: "Email = :old",
			ExpressionAttributeValues: vals{":new": model.S(movedEmail), ":old": model.S(uniqueEmail)}}},
		{Delete: &model.Delete{TableName: "CustomerDocuments", Key: model.Item{"PK": model.S("EMAIL#" + uniqueEmail), "SK": model.S("EMAIL")},
			ConditionExpression: "CustomerId = :c", ExpressionAttributeValues: vals{":c": model.S("c-2001")}}},
		{Put: &model.Put{TableName: "CustomerDocuments", Item: model.Item{"PK": model.S("EMAIL#" + movedEmail),
			"SK": model.S("EMAIL"), "CustomerId": model.S("c-2001")}, ConditionExpression: "attribute_not_exists(PK)"}},
	}}
}

func uniqueness() lesson {
	const ds = "vertical-partitioning"
	return lesson{title: "Uniqueness constraint", dataset: ds, table: "CustomerDocuments", steps: []step{
		{title: "One sign-up, two items",
			text: "DynamoDB keeps only the primary key unique. To make an email unique too, the sign-up writes two items in one transaction: the profile, and an item keyed by the email (EMAIL#…) that says whose it is, each put only if its key is free. Both are written, or neither; each costs twice a plain write.",
			act:  action{label: "TransactWriteItems: Put PROFILE of c-2001 + Put EMAIL#" + uniqueEmail, transact: signUp("c-2001", "Ana Costa", uniqueEmail)}},
		{title: "The same email again",
			text: "A second customer, c-2002, signs up with the same email. Their profile could be written, but the email item exists: that condition fails and the whole transaction is cancelled. The reasons come in request order, one per action: None for the profile, ConditionalCheckFailed for the email, with the item that holds it (ALL_OLD).",
			act:  action{label: "TransactWriteItems: Put PROFILE of c-2002 + Put EMAIL#" + uniqueEmail, transact: signUp("c-2002", "Ana Costa-Silva", uniqueEmail)}},
		{title: "Nothing half-written",
			text: "c-2002's profile passed its own condition, yet it is not there: a cancelled transaction writes nothing at all. Without the transaction, the profile would exist with an email someone else owns.",
			act: action{label: "Query CustomerDocuments: PK = CUSTOMER#c-2002", read: func(time.Time) any {
				return &model.QueryInput{TableName: "CustomerDocuments", KeyConditionExpression: "PK = :pk",
					ExpressionAttributeValues: vals{":pk": model.S("CUSTOMER#c-2002")}}
			}}},
		{title: "Who has this email? Key or Scan",
			text: "The email item makes the lookup by email a key read. The same question in PartiQL, twice: WHERE PK = 'EMAIL#…' pins the partition key, so the SELECT becomes a Query that reads one item; WHERE Email = … does not, so it is a Scan that reads every item. This table fits in one 4 KB read either way; as it grows, the Query still reads one item.",
			act: action{label: "ExecuteStatement: with the partition key, then on Email", compare: []string{
				`SELECT * FROM "CustomerDocuments" WHERE PK = 'EMAIL#` + uniqueEmail + `'`,
				`SELECT * FROM "CustomerDocuments" WHERE Email = '` + uniqueEmail + `'`}}},
		{title: "Changing the email",
			text: "A new address moves the claim: update the profile (if it still has the old email), delete the old email item (if it is c-2001's) and put the new one (if it is free), in one transaction of three actions.",
			act:  action{label: "TransactWriteItems: Update PROFILE + Delete EMAIL#old + Put EMAIL#new", transact: changeEmail}},
		{title: "The old address is free again",
			text: "With the old email item deleted, c-2002's sign-up from step 2, unchanged, now goes through.",
			act:  action{label: "TransactWriteItems: Put PROFILE of c-2002 + Put EMAIL#" + uniqueEmail, transact: signUp("c-2002", "Ana Costa-Silva", uniqueEmail)}},
	}}
}
