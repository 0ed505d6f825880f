package model

import (
	"encoding/json"
	"testing"
)

func TestQueryScanOutputItemsOnTheWire(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"empty query", QueryOutput{Items: []Item{}}, `{"Items":[],"Count":0,"ScannedCount":0}`},
		{"count query", QueryOutput{Count: 3, ScannedCount: 5}, `{"Count":3,"ScannedCount":5}`},
		{"scan with an item", ScanOutput{Items: []Item{{"a": S("x")}}, Count: 1, ScannedCount: 1}, `{"Items":[{"a":{"S":"x"}}],"Count":1,"ScannedCount":1}`},
		{"count scan", ScanOutput{Count: 2, ScannedCount: 2, LastEvaluatedKey: Item{"k": N("1")}}, `{"Count":2,"ScannedCount":2,"LastEvaluatedKey":{"k":{"N":"1"}}}`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(tt.v)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, b, tt.want)
		}
	}
}

func TestUnitsOnTheWire(t *testing.T) {
	for _, tt := range []struct {
		u    Units
		want string
	}{{1, "1.0"}, {2.5, "2.5"}, {0.5, "0.5"}, {24, "24.0"}, {0, "0.0"}} {
		b, _ := json.Marshal(ConsumedCapacity{TableName: "t", CapacityUnits: tt.u})
		if want := `{"TableName":"t","CapacityUnits":` + tt.want + `}`; string(b) != want {
			t.Errorf("%v: %s, want %s", float64(tt.u), b, want)
		}
	}
}
