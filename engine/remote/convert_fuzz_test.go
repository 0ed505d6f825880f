package remote

import (
	"encoding/json"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// Any item the model accepts converts to the SDK's values and back
// unchanged; any it rejects is refused with the model's own error rather
// than sent half-converted. Seeds in testdata/fuzz/FuzzValueRoundTrip.
func FuzzValueRoundTrip(f *testing.F) {
	for _, s := range []string{
		`{"s":{"S":"x"},"n":{"N":"-1.5E3"},"b":{"B":"AAE="},"t":{"BOOL":true},"z":{"NULL":true}}`,
		`{"l":{"L":[{"S":""},{"M":{"k":{"NS":["1","2"]}}},{"L":[]}]},"ss":{"SS":["a","b"]},"bs":{"BS":["AA==",""]}}`,
		`{"m":{"M":{}},"e":{"B":""}}`,
		`{"x":{}}`,
		`{"x":{"NULL":false}}`,
		`{"x":{"S":"a","N":"1"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var it model.Item
		if json.Unmarshal(data, &it) != nil {
			return
		}
		sdk, err := toItemAlways(it)
		if model.NormalizeItem(it.Clone()) != nil {
			// Values the model rejects for their type may still convert
			// (an empty set, a bad number: the service answers for those);
			// the ones without an SDK form must be refused.
			if err != nil {
				if _, ok := err.(*model.Error); !ok {
					t.Fatalf("refusal is %T: %v", err, err)
				}
			}
			return
		}
		if err != nil {
			t.Fatalf("a valid item did not convert: %v", err)
		}
		back, err := fromItemAlways(sdk)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := json.Marshal(back)
		w, _ := json.Marshal(it)
		if string(g) != string(w) {
			t.Fatalf("round trip changed the item:\n%s\n%s", g, w)
		}
	})
}
