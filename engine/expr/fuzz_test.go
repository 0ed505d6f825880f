package expr

import (
	"errors"
	"reflect"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// The fuzz targets check that no input makes the parsers or evaluators
// panic, that every error is a ValidationException (or, from Apply, a
// model.Error), and that Apply leaves its input alone. Seed corpora live in
// testdata/fuzz/<FuzzName>/.

func checkFuzzErr(t *testing.T, err error) {
	t.Helper()
	var me *model.Error
	if !errors.As(err, &me) || me.Code != model.ErrValidation || me.Message == "" {
		t.Fatalf("bad error %T %v", err, err)
	}
}

func FuzzParseCondition(f *testing.F) {
	for _, s := range []string{
		"attribute_exists(pk) AND #s = :active AND price BETWEEN :lo AND :hi",
		"a.b[1].c = :s OR NOT (size(lst) > :one)",
		"contains(ss, :a) AND begins_with(str, :he)",
		"num IN (:one, :two, :five)",
		"((a = :s))",
		"attribute_type(m, :typeM)",
		"a = :s AND (b = :s OR c < :n)",
	} {
		f.Add(s)
	}
	item := sampleItem()
	f.Fuzz(func(t *testing.T, expr string) {
		c := newCtx(t)
		cond, err := c.ParseCondition(ParamCondition, expr)
		if err != nil {
			checkFuzzErr(t, err)
			return
		}
		if _, err := cond.Eval(item); err != nil {
			t.Fatal(err)
		}
		cond.Eval(nil)
		cond.TopLevelNames()
		cond.NestedNames()
		c.CheckUnused()
	})
}

func FuzzParseKeyCondition(f *testing.F) {
	for _, s := range []string{
		"pk = :p1 AND sk BETWEEN :lo AND :hi",
		"#pk = :p1 AND begins_with(#sk, :he)",
		":p1 = pk AND :one < sk",
		"pk = :p1 OR sk = :one",
		"pk = :p1 AND sk.x = :one",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		for _, schema := range []KeySchema{hashRange, hashOnly, strRange} {
			kc, err := newCtx(t).ParseKeyCondition(expr, schema)
			if err != nil {
				checkFuzzErr(t, err)
				continue
			}
			if kc.HashValue.Type != schema.HashType {
				t.Fatalf("hash value %+v for schema %+v", kc.HashValue, schema)
			}
			if kc.Range != nil {
				kc.Range.Match(S("x"))
				kc.Range.Match(N("1"))
			}
		}
	})
}

func FuzzParseUpdate(f *testing.F) {
	for _, s := range []string{
		"SET a = :s, n = n + :one REMOVE l[0] ADD ss :sset1 DELETE ns :ns",
		"SET lst[10] = :x, lst[5] = :z",
		"SET m.a = if_not_exists(m.a, :zero) - :one",
		"SET lst = list_append(:list1, lst)",
		"REMOVE lst[0], lst[2], m.b.c",
		"ADD num :five, #dot :ns",
		"SET a = :s SET b = :s",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		u, err := newCtx(t).ParseUpdate(expr)
		if err != nil {
			checkFuzzErr(t, err)
			return
		}
		for _, item := range []model.Item{sampleItem(), nil} {
			before := item.Clone()
			out, err := u.Apply(item)
			if !reflect.DeepEqual(item, before) {
				t.Fatal("Apply modified its input")
			}
			if err != nil {
				checkFuzzErr(t, err)
				continue
			}
			u.UpdatedAttributes(out)
		}
		u.Paths()
		u.NestedNames()
		u.CheckKeys([]string{"pk"}, []string{"g"})
	})
}

func FuzzParseProjection(f *testing.F) {
	for _, s := range []string{
		"pk, m.a, lst[2], #dot",
		"m.b.c, m.l[1], lst[0].k",
		"a, a.b",
		"#lst[0].#c",
	} {
		f.Add(s)
	}
	item := sampleItem()
	f.Fuzz(func(t *testing.T, expr string) {
		p, err := newCtx(t).ParseProjection(expr)
		if err != nil {
			checkFuzzErr(t, err)
			return
		}
		p.Apply(item)
		p.TopLevelNames()
	})
}
