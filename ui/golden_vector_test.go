package ui

import "testing"

// Lesson 13 end to end at 120x40: the partitioned index set beside the
// global one, then o shows the step's last search in 3 Query's Vector mode
// on the lesson's copy (the root selects the vector index, the builder
// loads the SearchVectors request, partition value in its row, and runs
// it): the results best first with their scores, the search bytes
// itemised.
func TestGoldenLessonVectorSearchInQuery(t *testing.T) {
	g := startGolden(t, 120, 40)
	g.keys("7")
	g.waitFor("Lesson 1 of ")
	for i := 1; i < 13; i++ {
		g.keys("j")
	}
	g.waitFor("Lesson 13 of 14")
	g.keys("right", "right", "right", "right")
	g.waitFor("step 5 of 9")
	g.keys("enter")
	g.waitFor("in Horror 10 items, 23,749 search bytes")
	g.keys("o")
	g.waitFor("10 results, best first · 23,749 vector search request bytes")
	g.waitFor("last: Scan Films · 50 items · 1.5 RCU") // 2 Items read the copy's Films when the sidebar selected it
	g.finish()
}
