package history

import (
	"testing"
)

func TestRecordRoundTrip(t *testing.T) {
	cases := []struct {
		suffix, old string
		existed     bool
	}{
		{"\x00\x01\x02\x03a\x00", "stored bytes", true},
		{"k", "", true},
		{"k", "", false},
		{"", "x", true},
	}
	for _, c := range cases {
		key := Key("Orders", 1234567890, 42)
		r, err := Decode(key, string(Encode(nil, c.suffix, c.old, c.existed)))
		if err != nil {
			t.Fatalf("Decode(%q): %v", c.suffix, err)
		}
		want := Record{At: 1234567890, Seq: 42, Suffix: c.suffix, Old: c.old, Existed: c.existed}
		if !c.existed {
			want.Old = ""
		}
		if r != want {
			t.Errorf("round trip = %+v, want %+v", r, want)
		}
	}
}

func TestDecodeRefusesDamage(t *testing.T) {
	key := Key("T", 1, 1)
	good := string(Encode(nil, "abc", "old", true))
	cases := []struct{ name, key, value string }{
		{"empty value", key, ""},
		{"short key", "H/T/123", good},
		{"bad hex", "H/T/" + "zz00000000000000" + "0000000000000001", good},
		{"suffix past the end", key, "\x09abc"},
		{"unknown flag", key, "\x01a\x07"},
		{"bytes after an absent item", key, "\x01a\x00junk"},
		{"huge length", key, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01a"},
	}
	for _, c := range cases {
		if _, err := Decode(c.key, c.value); err != ErrCorrupt {
			t.Errorf("%s: Decode = %v, want ErrCorrupt", c.name, err)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(Key("T", 5, 6), string(Encode(nil, "abc", "old", true)))
	f.Add(Key("T", 5, 6), string(Encode(nil, "abc", "", false)))
	f.Add("H/T/x", "\xff\xff")
	f.Fuzz(func(t *testing.T, key, value string) {
		r, err := Decode(key, value)
		if err != nil {
			return
		}
		again, err := Decode(key, string(Encode(nil, r.Suffix, r.Old, r.Existed)))
		if err != nil || again != r {
			t.Fatalf("re-encoded record reads %+v, %v; want %+v", again, err, r)
		}
	})
}
