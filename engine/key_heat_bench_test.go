package engine

import (
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// BenchmarkInsightsPointOps: PutItem and GetItem with Contributor Insights
// off (the table has no key heat: one nil check) and on (each request's
// key counted in its minute's bucket).
//
//	go test ./engine -run '^$' -bench 'InsightsPointOps|^BenchmarkPutItem$|^BenchmarkGetItem$' -count 5
func BenchmarkInsightsPointOps(b *testing.B) {
	for _, on := range []bool{false, true} {
		name := "off"
		if on {
			name = "on"
		}
		p := newPointBench(b)
		if on {
			if _, err := p.e.UpdateContributorInsights(ctx, &model.UpdateContributorInsightsInput{TableName: "bench",
				ContributorInsightsAction: model.InsightsEnable}); err != nil {
				b.Fatal(err)
			}
		}
		b.Run("PutItem/insights="+name, func(b *testing.B) {
			done := cpuMeter(b)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := p.e.PutItem(ctx, &model.PutItemInput{TableName: "bench", Item: p.item(i)}); err != nil {
					b.Fatal(err)
				}
				i++
			}
			done()
		})
		b.Run("GetItem/insights="+name, func(b *testing.B) {
			done := cpuMeter(b)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := p.e.GetItem(ctx, &model.GetItemInput{TableName: "bench", Key: p.key(i)}); err != nil {
					b.Fatal(err)
				}
				i++
			}
			done()
		})
	}
}
