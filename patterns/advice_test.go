package patterns

import (
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// TestScanAdviceAndNames: a GSI being deleted is not advised; a key
// condition saved with #name placeholders reads with the names.
func TestScanAdviceAndNames(t *testing.T) {
	d := &model.TableDescription{KeySchema: []model.KeySchemaElement{{AttributeName: "Id", KeyType: "HASH"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndexDescription{
			{IndexName: "ByArtist", IndexStatus: model.StatusDeleting, KeySchema: []model.KeySchemaElement{{AttributeName: "Artist", KeyType: "HASH"}}}}}
	if got, want := scanAdvice(d, []string{"Artist"}), "no index has partition key Artist"; got != want {
		t.Errorf("advice %q, want %q", got, want)
	}
	d.GlobalSecondaryIndexes[0].IndexStatus = model.StatusActive
	if got, want := scanAdvice(d, []string{"Artist"}), "index ByArtist has partition key Artist: a Query on it reads only the matching items"; got != want {
		t.Errorf("advice %q, want %q", got, want)
	}
	for _, tc := range []struct {
		text  string
		names map[string]string
		want  string
	}{
		{"#pk = :pk AND begins_with(#sk, :sk)", map[string]string{"#pk": "ForumName", "#sk": "Subject"}, "ForumName = :pk AND begins_with(Subject, :sk)"},
		{"#pk1 = :a AND #pk = :b", map[string]string{"#pk": "A", "#pk1": "B"}, "B = :a AND A = :b"},
		{"Id = :id", nil, "Id = :id"},
	} {
		if got := showNames(tc.text, tc.names); got != tc.want {
			t.Errorf("showNames(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
