package model

import (
	"reflect"
	"testing"
)

func TestTransactWriteItemAction(t *testing.T) {
	item := Item{"pk": {Type: TypeS, S: "a"}, "n": {Type: TypeN, N: "1"}}
	key := Item{"pk": {Type: TypeS, S: "a"}}
	tests := []struct {
		name        string
		ti          TransactWriteItem
		action, tbl string
		want        Item
	}{
		{"put", TransactWriteItem{Put: &Put{TableName: "t", Item: item}}, "Put", "t", item},
		{"update", TransactWriteItem{Update: &Update{TableName: "u", Key: key}}, "Update", "u", key},
		{"delete", TransactWriteItem{Delete: &Delete{TableName: "d", Key: key}}, "Delete", "d", key},
		{"condition check", TransactWriteItem{ConditionCheck: &ConditionCheck{TableName: "c", Key: key}}, "ConditionCheck", "c", key},
		{"none", TransactWriteItem{}, "", "", nil},
		{"several: Put first", TransactWriteItem{Delete: &Delete{TableName: "d", Key: key}, Put: &Put{TableName: "t", Item: item}}, "Put", "t", item},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			action, table, got := tt.ti.Action()
			if action != tt.action || table != tt.tbl || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Action() = %q, %q, %v; want %q, %q, %v", action, table, got, tt.action, tt.tbl, tt.want)
			}
		})
	}
}
