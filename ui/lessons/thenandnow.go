package lessons

import (
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// Composite sort keys, then and now (lesson 11), on the composite-sort-keys
// data set: seed 004's shopping cart, whose lines a shopper orders by
// Position, read through two GSIs over the same items. LineKeyIndex is how
// it was done before multi-attribute keys (DynamoDB, November 2025): the
// application writes a synthetic LineKey = Section#Status#Position and the
// index sorts it as a String. PositionIndex has a multi-attribute sort key,
// Section, Status and Position, each ordered by its own type.

// skipStatus is a Query on PositionIndex that names Position but skips
// Status: DynamoDB refuses it.
func skipStatus(time.Time) any {
	return &model.QueryInput{TableName: "CartLines", IndexName: "PositionIndex",
		KeyConditionExpression:   "UserID = :u AND #sec = :c AND #pos >= :from",
		ExpressionAttributeNames: names{"#sec": "Section", "#pos": "Position"},
		ExpressionAttributeValues: vals{":u": model.S("u-1001"), ":c": model.S("CART"),
			":from": model.N("9")}}
}

// newLine is a thirteenth active line of u-1001's cart, with the
// synthetic LineKey the concatenated index needs and the three attributes
// the multi-attribute one reads.
func newLine(time.Time) any {
	return &model.PutItemInput{TableName: "CartLines", Item: model.Item{
		"UserID": model.S("u-1001"), "SK": model.S("CART#ACTIVE#p-5530"),
		"Section": model.S("CART"), "Status": model.S("ACTIVE"), "Position": model.N("13"),
		"LineKey":   model.S("CART#ACTIVE#13"),
		"ProductId": model.S("p-5530"), "ProductName": model.S("Trail map"), "UnitPrice": model.N("14.90"), "Quantity": model.N("1")}}
}

func compositeThenAndNow() lesson {
	const ds = "composite-sort-keys"
	then := func(name string) sideRead { return sideRead{label: "then", read: example(ds, name)} }
	now := func(name string) sideRead { return sideRead{label: "now", read: example(ds, name)} }
	position := []string{"Position"}
	return lesson{title: "Composite sort keys, then and now", dataset: ds, table: "CartLines", steps: []step{
		{title: "Two ways to sort a cart",
			text: "CartLines is seed 004's shopping cart: UserID, then SK = CART#ACTIVE#<product>; Position is the shopper's order of the lines, a Number. Before November 2025 a GSI had one sort attribute, so LineKeyIndex sorts a String the application builds, LineKey = Section#Status#Position. PositionIndex has a multi-attribute sort key: Section, Status and Position, taken together, each ordered by its own type. The active cart in position order, from each:",
			act: action{label: "Query both indexes: u-1001's active cart", side: []sideRead{
				then("then: the active cart in position order"), now("now: the active cart in position order")}, show: position}},
		{title: "The number-ordering trap",
			text: "As Strings, CART#ACTIVE#10 sorts before CART#ACTIVE#9: LineKeyIndex lists 1, 10, 11, 12, 2, … and a range from position 9 on finds 9 alone. PositionIndex compares Position as a Number and returns 9 to 12. The usual repair, padding every position to a fixed width (CART#ACTIVE#0009), must be agreed by every writer, and the items already written rewritten.",
			act: action{label: "Query both: from position 9 on", side: []sideRead{
				then("then: from position 9 on"), now("now: from position 9 on")}, show: position}},
		{title: "Pinning fewer attributes",
			text: "A Query pins the sort attributes from the left. Section alone reads the whole cart, the active lines, then the saved ones, each group by position, and leaves the wish list out. The index browser and the results show an index's key attributes as its first columns, in order: Section ▲1, Status ▲2, Position ▲3.",
			act:  action{label: "Query PositionIndex: UserID = u-1001 AND Section = CART", read: example(ds, "now: the whole cart, active then saved")}},
		{title: "Left to right, or refused",
			text: "Skip Status and put a condition on Position: DynamoDB refuses the Query and names the attribute that needs an equality condition. Only the last sort attribute named may have a range condition, and none may be skipped. o opens the request in the query builder: its Position field says why DynamoDB will refuse it.",
			act:  action{label: "Query PositionIndex: Section = CART AND Position >= 9", read: skipStatus}},
		{title: "What a line costs to write",
			text: "Add a thirteenth line: the PutItem writes the item and one entry in each index, 1 WCU apiece for an item this small. Only the concatenation makes the item carry LineKey, a copy of three attributes it already has, stored in the table and again in LineKeyIndex, which every writer must build the same way.",
			act:  action{label: "PutItem CartLines: line 13 (p-5530)", write: newLine}},
		{title: "Where the new line goes",
			text: "Both indexes took the new line. In LineKeyIndex CART#ACTIVE#13 files between 12 and 2; in PositionIndex position 13 comes after 12. The same Query, the same cost, two different answers to \"the cart in the shopper's order\".",
			act: action{label: "Query both indexes again: the active cart", side: []sideRead{
				then("then: the active cart in position order"), now("now: the active cart in position order")}, show: position}},
	}}
}
