package engine

import (
	"math"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// FuzzVectorDecode: no attribute value makes the vector decoders panic —
// parseVector (a vector attribute written to an item) and searchVector
// (SearchVectors' SearchVector). What they accept has exactly the
// dimensions asked for, every component a finite float32; what they refuse
// gets a ValidationException with a message.
func FuzzVectorDecode(f *testing.F) {
	for _, s := range []string{
		`{"L":[{"N":"1"},{"N":"0.5"},{"N":"-2"}]}`,
		`{"L":[{"N":"1"},{"S":"x"},{"N":"3"}]}`,
		`{"L":[{"N":"1E+39"},{"N":"0"},{"N":"0"}]}`,
		`{"L":[]}`,
		`{"NS":["1","2","3"]}`,
		`{"S":"1,2,3"}`,
		`{"L":[{"N":"3.4028235E38"},{"N":"-3.4028235E38"},{"N":"1E-50"}]}`,
		`{"L":[{"L":[{"N":"1"}]},{"N":"2"},{"N":"3"}]}`,
	} {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, body []byte, d uint8) {
		dims := int(d%16) + 1
		var v model.AttributeValue
		if err := v.UnmarshalJSON(body); err != nil {
			return
		}
		if err := model.NormalizeValue(&v); err != nil {
			return
		}
		vec, p := parseVector(v, dims)
		if p == nil {
			checkVector(t, vec, dims)
		} else if err := p.message("emb", dims, "vix"); err.Code != model.ErrValidation || err.Message == "" {
			t.Fatalf("refusal %v", err)
		}
		if v.Type != model.TypeL {
			return
		}
		q, merr := searchVector(v.L, dims)
		if merr == nil {
			checkVector(t, q, dims)
		} else if merr.Code != model.ErrValidation || merr.Message == "" {
			t.Fatalf("refusal %v", merr)
		}
	})
}

func checkVector(t *testing.T, v []float32, dims int) {
	t.Helper()
	if len(v) != dims {
		t.Fatalf("%d components, want %d", len(v), dims)
	}
	for _, f := range v {
		if math.IsInf(float64(f), 0) || math.IsNaN(float64(f)) {
			t.Fatalf("component %v", f)
		}
	}
}
