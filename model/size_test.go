package model

import (
	"strings"
	"testing"
)

func TestNumberSize(t *testing.T) {
	tests := []struct {
		n    string
		want int
	}{
		{"0", 1},
		{"1", 2},     // d=1, e=0: 1+1
		{"-1", 3},    // negative: +1
		{"12", 2},    // d=2, e=1 (odd): 1+1
		{"10", 2},    // d=1 (trailing zero not significant)
		{"0.12", 2},  // d=2, e=-1 (odd): 1+1
		{"1.2", 3},   // d=2, e=0 (even): 1+1+1
		{"123", 3},   // d=3, e=2: 1+2
		{"1234", 3},  // d=4, e=3 (odd): 1+2
		{"12.34", 3}, // d=4, e=1 (odd): 1+2
		{"123.4", 4}, // d=4, e=2 (even): 1+2+1
		{"-123.4", 5},
		{strings.Repeat("9", 38), 20},       // d=38, e=37 odd: 1+19
		{strings.Repeat("9", 38) + "0", 21}, // d=38, e=38 even: 1+19+1
		{"1E-130", 2},                       // d=1
		{"0." + strings.Repeat("0", 129) + "11", 3}, // d=2, e=-130 (even): 1+1+1
		{"1e3", 2}, // non-canonical input works too
	}
	for _, tt := range tests {
		if got := NumberSize(tt.n); got != tt.want {
			t.Errorf("NumberSize(%q) = %d, want %d", tt.n, got, tt.want)
		}
	}
}

func TestItemSize(t *testing.T) {
	tests := []struct {
		name string
		item Item
		want int
	}{
		{"DG example", Item{"shirt-color": S("R"), "shirt-size": S("M")}, 23},
		{"empty", Item{}, 0},
		{"utf8 name and value", Item{"é": S("€")}, 2 + 3},
		{"binary", Item{"b": B([]byte{1, 2, 3})}, 1 + 3},
		{"bool null", Item{"t": Bool(true), "n": Null()}, 2 + 2},
		{"number", Item{"n": N("123.4")}, 1 + 4},
		{"empty L M", Item{"l": L(), "m": M(nil)}, 1 + 3 + 1 + 3},
		{"list", Item{"l": L(S("ab"), N("1"))}, 1 + 3 + (1 + 2) + (1 + 2)},
		{"map", Item{"m": M(map[string]AttributeValue{"ab": S("xyz")})}, 1 + 3 + (1 + 2 + 3)},
		{"nested", Item{"m": M(map[string]AttributeValue{"l": L(M(map[string]AttributeValue{"k": Null()}))})},
			1 + 3 + (1 + 1 + (3 + (1 + (3 + (1 + 1 + 1)))))},
		{"sets", Item{"ss": SS("a", "bc"), "ns": NS("1", "-1"), "bs": BS([]byte{1}, []byte{1, 2})},
			2 + 3 + 2 + (2 + 3) + 2 + 3},
	}
	for _, tt := range tests {
		if got := ItemSize(tt.item); got != tt.want {
			t.Errorf("%s: ItemSize = %d, want %d", tt.name, got, tt.want)
		}
	}
	if MaxItemSize != 409600 || MaxPartitionKeySize != 2048 || MaxSortKeySize != 1024 {
		t.Error("limits")
	}
}
