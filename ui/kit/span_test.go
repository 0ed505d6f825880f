package kit

import (
	"errors"
	"testing"
	"time"
)

// A span is numbers each with a unit, in any number and order; anything
// else says which piece is wrong.
func TestParseSpan(t *testing.T) {
	day := 24 * time.Hour
	tests := []struct {
		in      string
		max     time.Duration
		want    time.Duration
		wantErr SpanError
	}{
		{in: "30s", want: 30 * time.Second},
		{in: "15m", want: 15 * time.Minute},
		{in: "2d", want: 2 * day},
		{in: "1d12h", want: 36 * time.Hour},
		{in: "1h30m", want: 90 * time.Minute},
		{in: "1w2d", want: 9 * day},
		{in: "1h 30m", want: 90 * time.Minute},
		{in: "90S", want: 90 * time.Second},
		{in: "4d23h56m", want: 4*day + 23*time.Hour + 56*time.Minute},
		{in: "0s", want: 0},
		{in: "", wantErr: SpanError{Empty: true}},
		{in: "7", wantErr: SpanError{Part: "7"}},
		{in: "d", wantErr: SpanError{Part: "d"}},
		{in: "1d12", wantErr: SpanError{Part: "12"}},
		{in: "-1h", wantErr: SpanError{Part: "-1h"}},
		{in: "3y", wantErr: SpanError{Part: "3y"}},
		{in: "1.5h", wantErr: SpanError{Part: "1.5h"}},
		{in: "10:31", wantErr: SpanError{Part: "10:31"}},
		{in: "9999w", wantErr: SpanError{TooFar: true}},
		{in: "99999999999999999999w", wantErr: SpanError{TooFar: true}},
		{in: "2d", max: time.Hour, wantErr: SpanError{TooFar: true}},
	}
	for _, tt := range tests {
		max := tt.max
		if max == 0 {
			max = MaxSpan
		}
		got, err := ParseSpan(tt.in, max)
		var se *SpanError
		switch {
		case tt.wantErr != (SpanError{}):
			if !errors.As(err, &se) || *se != tt.wantErr {
				t.Errorf("%q: %v, %v; want error %+v", tt.in, got, err, tt.wantErr)
			}
		case err != nil || got != tt.want:
			t.Errorf("%q: %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}
