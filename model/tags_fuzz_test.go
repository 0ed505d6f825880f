package model

import (
	"encoding/json"
	"testing"
)

// FuzzDecodeTagResource: decoding a tagging request never panics, and a
// tag decoded from JSON knows whether it had a Key and a Value.
func FuzzDecodeTagResource(f *testing.F) {
	for _, s := range []string{
		`{"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/Music","Tags":[{"Key":"a","Value":""}]}`,
		`{"Tags":[{"Key":"dog"},{"Value":"x"},{"Key":null,"Value":null},{}]}`,
		`{"ResourceArn":null,"Tags":null}`,
		`{"Tags":[1,"x",[]]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var in TagResourceInput
		if err := json.Unmarshal(b, &in); err != nil {
			return
		}
		in.NoteEmpty(b)
		for _, tag := range in.Tags {
			if !tag.HasKey() && tag.Key != "" || !tag.HasValue() && tag.Value != "" {
				t.Fatalf("tag %+v: a missing field has a value", tag)
			}
		}
	})
}

func TestTagJSON(t *testing.T) {
	var in TagResourceInput
	body := []byte(`{"ResourceArn":"x","Tags":[{"Key":"a","Value":""},{"Key":"b"},{"Value":"c","Key":null}]}`)
	if err := json.Unmarshal(body, &in); err != nil {
		t.Fatal(err)
	}
	in.NoteEmpty(body)
	got := [][2]bool{}
	for _, tag := range in.Tags {
		got = append(got, [2]bool{tag.HasKey(), tag.HasValue()})
	}
	if want := [][2]bool{{true, true}, {true, false}, {false, true}}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("presence %v, want %v", got, want)
	}
	if b, _ := json.Marshal(Tag{Key: "k", Value: ""}); string(b) != `{"Key":"k","Value":""}` {
		t.Fatalf("marshal %s", b)
	}
	if b, _ := json.Marshal(ListTagsOfResourceOutput{}); string(b) != `{"Tags":[]}` {
		t.Fatalf("empty list %s", b)
	}
}
