package items

import (
	"context"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The condition typed is sent with placeholders for every name and value.
func TestParseServerFilter(t *testing.T) {
	cases := []struct {
		in, expr string
		names    map[string]string
		values   map[string]model.AttributeValue
		err      string
	}{
		{in: `Status = "OPEN" AND Total > 100`, expr: `#n0 = :v0 AND #n1 > :v1`,
			names: map[string]string{"#n0": "Status", "#n1": "Total"}, values: map[string]model.AttributeValue{":v0": model.S("OPEN"), ":v1": model.N("100")}},
		{in: `begins_with(Sku, "BK-") or not attribute_exists(a.b[2].c)`, expr: `begins_with(#n0, :v0) OR NOT attribute_exists(#n1.#n2[2].#n3)`,
			names: map[string]string{"#n0": "Sku", "#n1": "a", "#n2": "b", "#n3": "c"}, values: map[string]model.AttributeValue{":v0": model.S("BK-")}},
		{in: `ok = true AND gone = null AND t IN ({"SS":["a"]}, -1.5e3)`, expr: `#n0 = :v0 AND #n1 = :v1 AND #n2 IN (:v2, :v3)`,
			names:  map[string]string{"#n0": "ok", "#n1": "gone", "#n2": "t"},
			values: map[string]model.AttributeValue{":v0": model.Bool(true), ":v1": model.Null(), ":v2": model.SS("a"), ":v3": model.N("-1.5e3")}},
		{in: `size(Tags) > 2`, expr: `size(#n0) > :v0`, names: map[string]string{"#n0": "Tags"}, values: map[string]model.AttributeValue{":v0": model.N("2")}},
		{in: `Status = :s`, err: "placeholders are made for you"},
		{in: `Name = "open`, err: "without its closing quote"},
		{in: `  `, err: "type a condition"},
	}
	for _, c := range cases {
		sf, err := parseServerFilter(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if sf.expr != c.expr || !reflect.DeepEqual(sf.names, c.names) || !reflect.DeepEqual(sf.values, c.values) {
			t.Errorf("%q: %q %v %v, want %q %v %v", c.in, sf.expr, sf.names, sf.values, c.expr, c.names, c.values)
		}
	}
}

// F runs the filter as a FilterExpression over the whole table, after
// saying what the Scan reads (the embedded engine's units); only matching
// items show, read page after page; M then marks every match in the table,
// not only the loaded ones; esc clears the filter.
func TestServerFilterOverTheWholeTable(t *testing.T) {
	eng := bigTable(t, 2_000)
	defer eng.Close()
	p := openTable(t, eng, "Big", 50)
	r := root{}
	r.keys(p, "F", "n >= 1900 AND ok = true", "enter")
	if len(r.asked) != 1 {
		t.Fatalf("F asked %d questions:\n%s", len(r.asked), view(p))
	}
	q := r.asked[0]
	body := strings.Join(q.Body, "\n")
	for _, s := range []string{"FilterExpression #n0 >= :v0 AND #n1 = :v1 · #n0=n · #n1=ok · :v0=1900 · :v1=true",
		"Scan of Big on the embedded engine: 2,000 items, 78,640 B, 40 pages of 50 items, each rounded up to 4 KB: ~20 read request units eventually consistent", "every item is read and charged"} {
		if !strings.Contains(body, s) {
			t.Fatalf("question lacks %q:\n%s", s, body)
		}
	}
	if len(p.Rows()) != 50 {
		t.Fatal("the filter ran before yes")
	}
	r.run(p, p.Update(q.Then))
	rows := p.Rows()
	if len(rows) == 0 {
		t.Fatalf("no rows:\n%s", view(p))
	}
	for _, it := range rows {
		n, _ := strconv.Atoi(it["n"].N)
		if n < 1900 || !it["ok"].BOOL {
			t.Fatalf("row %v does not match", it)
		}
	}
	if v := view(p); !strings.Contains(v, "server filter:") || !strings.Contains(v, "of the") {
		t.Fatalf("position line:\n%s", v)
	}
	r.keys(p, "M")
	if len(p.marks) != 50 || !strings.Contains(r.lastFlash(), "marked 50 more: every item the filter on the server matches (1 page read) · 50 marked") {
		t.Fatalf("M: %d marks, %q", len(p.marks), r.lastFlash())
	}
	r.keys(p, "esc")
	if p.server != nil || len(p.Rows()) != 50 {
		t.Fatalf("esc: filter %v, %d rows", p.server, len(p.Rows()))
	}
	// a condition DynamoDB refuses shows its error verbatim
	r.keys(p, "F", "n >", "enter")
	r.run(p, p.Update(r.asked[len(r.asked)-1].Then))
	if v := view(p); !strings.Contains(v, "ValidationException") {
		t.Fatalf("bad condition:\n%s", v)
	}
}

// M over a table of several 1 MB pages shows its progress and stops on
// esc after the page in flight, keeping the marks made so far.
func TestMarkEveryMatchStops(t *testing.T) {
	eng := bigTable(t, 0)
	defer eng.Close()
	ctx := context.Background()
	pad := strings.Repeat("x", 1000)
	for i := 0; i < 2_500; i += 25 {
		var w []model.WriteRequest
		for j := i; j < i+25; j++ {
			w = append(w, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{"id": model.S(fmt.Sprintf("item-%05d", j)), "pad": model.S(pad)}}})
		}
		if _, err := eng.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"Big": w}}); err != nil {
			t.Fatal(err)
		}
	}
	p := openTable(t, eng, "Big", 50)
	r := root{yes: true}
	r.keys(p, "F", "attribute_exists(pad)", "enter")
	page := p.Update(uitest.Keys("M")[0]) // the first page, in flight
	if v := view(p); !strings.Contains(v, "marking every match: 0 pages read · 0 marked") || !strings.Contains(v, "esc stops") {
		t.Fatalf("no progress:\n%s", v)
	}
	r.keys(p, "esc")
	r.run(p, page)
	if n := len(p.marks); n == 0 || n >= 2_500 || !strings.Contains(r.lastFlash(), "stopped by you before the end of the table (1 page read)") {
		t.Fatalf("%d marked, flash %q", n, r.lastFlash())
	}
	if p.server == nil {
		t.Fatal("esc cleared the filter instead of stopping the marking")
	}
}
