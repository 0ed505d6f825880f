package model

import "testing"

func TestValidJSONText(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{"S":"plain"}`, true},
		{`{"S":"é😀"}`, true},
		{`{"S":"\u00e9\ud83d\ude00"}`, true},
		{`{"S":"\\ud800"}`, true}, // an escaped backslash, then text
		{`{"S":"\"\\\/"}`, true},
		{`{"S":"\u12"}`, true}, // a bad escape is the parser's to refuse
		{`\`, true},
		{``, true},
		{`{"S":"\ud800"}`, false},
		{`{"S":"\udc00"}`, false},
		{`{"S":"\ud800\u0041"}`, false},
		{`{"S":"\ud800\ud800"}`, false},
		{`{"S":"\ud800`, false},
		{`{"S":"\\\ud800"}`, false},
		{"{\"S\":\"\xff\"}", false},
		{"{\"S\":\"\xc3\"}", false},
		{"{\"S\":\"\xed\xa0\x80\"}", false}, // a surrogate encoded as UTF-8
		{"{\"S\":\"\xf4\x90\x80\x80\"}", false},
	}
	for _, tt := range tests {
		if got := ValidJSONText([]byte(tt.in)); got != tt.want {
			t.Errorf("ValidJSONText(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
