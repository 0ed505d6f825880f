package itemfmt

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// FuzzRead reads any bytes in each format, with and without key types and
// number inference: no panic; every item read is valid (it normalises) and
// survives being written in the format and read again.
func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"Item":{"pk":{"S":"a"},"n":{"N":"1"}}}`+"\n"), uint8(1))
	f.Add([]byte(`{"pk":"a","n":1.50,"l":[1,"x",null,true],"m":{"k":{}}}`+"\n"), uint8(0))
	f.Add([]byte("pk,n,m\na,1,\"{\"\"k\"\":1}\"\n"), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		format := Formats[int(mode)%len(Formats)]
		opts := ReadOptions{InferNumbers: mode&4 != 0}
		if mode&8 != 0 {
			opts.Types = map[string]model.Type{"pk": model.TypeS, "n": model.TypeN, "b": model.TypeB}
		}
		items, err := ReadAll(bytes.NewReader(data), format, opts)
		if err != nil {
			var re *ReadError
			if !errors.As(err, &re) && !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Logf("refused without a line: %v", err)
			}
		}
		for _, it := range items {
			c := cloneItem(it)
			if nerr := model.NormalizeItem(c); nerr != nil {
				t.Fatalf("read an invalid item %s: %v", model.AppendItemJSON(nil, it), nerr)
			}
			var buf bytes.Buffer
			w := NewWriter(&buf, DynamoDBJSON, WriteOptions{})
			if err := w.Write(it); err != nil {
				t.Fatal(err)
			}
			w.Close()
			back, err := ReadAll(&buf, DynamoDBJSON, ReadOptions{})
			if err != nil || len(back) != 1 || !model.ItemsEqual(back[0], it) {
				t.Fatalf("%s did not survive DynamoDB JSON: %v", model.AppendItemJSON(nil, it), err)
			}
			plain := PlainJSON(it, "")
			again, err := FromPlain(plain, it)
			if err != nil || !model.ItemsEqual(again, it) {
				t.Fatalf("%s did not survive plain JSON with itself as template (%s): %v", model.AppendItemJSON(nil, it), plain, err)
			}
		}
	})
}

// FuzzFromPlain reads any bytes as an item edited in plain JSON, against a
// template of every type: no panic; what is accepted is a valid item.
func FuzzFromPlain(f *testing.F) {
	f.Add([]byte(`{"Id":"a","Tags":["x"],"Bin":"AAE=","Nums":["1",2]}`))
	f.Add([]byte(`{"Map":{"k":"2","s":5},"List":[1,{"a":[]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		it, err := FromPlain(data, sample())
		if err != nil {
			return
		}
		if nerr := model.NormalizeItem(cloneItem(it)); nerr != nil {
			t.Fatalf("accepted an invalid item %s: %v", model.AppendItemJSON(nil, it), nerr)
		}
	})
}

func cloneItem(it model.Item) model.Item {
	var c model.Item
	if err := c.UnmarshalJSON(model.AppendItemJSON(nil, it)); err != nil {
		panic(err)
	}
	return c
}
