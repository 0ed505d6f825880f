package engine

import (
	"fmt"
	"math/rand"

	"github.com/dynoscope/dynoscope/model"
)

// randomTransaction runs one TransactWriteItems of two to six actions on
// distinct keys of the model test's "orders" table: puts, updates, deletes
// and condition checks, some of whose conditions fail (the whole
// transaction is cancelled) and some of whose items violate an index key
// type (cancelled too). It returns the transaction's error.
func randomTransaction(e *Engine, r *rand.Rand, randomItem func() model.Item) error {
	var actions []model.TransactWriteItem
	seen := map[string]bool{}
	n := 2 + r.Intn(5)
	for len(actions) < n {
		it := randomItem()
		k := it["cust"].S + "/" + it["id"].N
		if seen[k] {
			continue
		}
		seen[k] = true
		key := model.Item{"cust": it["cust"], "id": it["id"]}
		var cond string
		switch r.Intn(4) {
		case 0:
			cond = "attribute_exists(id)"
		case 1:
			cond = "attribute_not_exists(id)"
		}
		switch r.Intn(4) {
		case 0:
			actions = append(actions, model.TransactWriteItem{Put: &model.Put{TableName: "orders", Item: it, ConditionExpression: cond}})
		case 1:
			in := &model.Update{TableName: "orders", Key: key, ConditionExpression: cond}
			switch r.Intn(3) {
			case 0:
				in.UpdateExpression = "SET #s = :s, placed = :p"
				in.ExpressionAttributeNames = map[string]string{"#s": "status"}
				in.ExpressionAttributeValues = map[string]model.AttributeValue{":s": model.S([]string{"NEW", "DONE"}[r.Intn(2)]),
					":p": model.S(fmt.Sprintf("2026-1%d", r.Intn(3)))}
			case 1:
				in.UpdateExpression = "REMOVE #r, #t"
				in.ExpressionAttributeNames = map[string]string{"#r": "region", "#t": "total"}
			default:
				in.UpdateExpression = "ADD #t :t"
				in.ExpressionAttributeNames = map[string]string{"#t": "total"}
				in.ExpressionAttributeValues = map[string]model.AttributeValue{":t": model.N(fmt.Sprint(r.Intn(5)))}
			}
			actions = append(actions, model.TransactWriteItem{Update: in})
		case 2:
			actions = append(actions, model.TransactWriteItem{Delete: &model.Delete{TableName: "orders", Key: key, ConditionExpression: cond}})
		default:
			if cond == "" {
				cond = "attribute_exists(#s)"
			}
			cc := &model.ConditionCheck{TableName: "orders", Key: key, ConditionExpression: cond}
			if cond == "attribute_exists(#s)" {
				cc.ExpressionAttributeNames = map[string]string{"#s": "status"}
			}
			actions = append(actions, model.TransactWriteItem{ConditionCheck: cc})
		}
	}
	_, err := e.TransactWriteItems(ctx, &model.TransactWriteItemsInput{TransactItems: actions})
	return err
}
