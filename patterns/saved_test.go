package patterns_test

import (
	"context"
	"testing"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/patterns"
)

func TestSaveSavedRemove(t *testing.T) {
	e := musicWorkspace(t)
	ctx := context.Background()
	lim := int32(3)
	p, err := patterns.FromRequest("months", &model.QueryInput{TableName: "Songs", IndexName: "DownloadsByMonth",
		KeyConditionExpression: "DownloadMonth = :m", ExpressionAttributeValues: map[string]model.AttributeValue{":m": model.S("2026-01")}, Limit: &lim})
	if err != nil {
		t.Fatal(err)
	}
	if err := patterns.Save(e, p); err != nil {
		t.Fatal(err)
	}
	artist, err := patterns.FromRequest("artist", &model.GetItemInput{TableName: "Artists", Key: model.Item{"Name": model.S("The Rolling Stones")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := patterns.Save(e, artist); err != nil {
		t.Fatal(err)
	}
	// Saving a pattern of the same name replaces it.
	lim = 5
	p2, _ := patterns.FromRequest("months", &model.QueryInput{TableName: "Songs", IndexName: "DownloadsByMonth",
		KeyConditionExpression: "DownloadMonth = :m", ExpressionAttributeValues: map[string]model.AttributeValue{":m": model.S("2026-01")}, Limit: &lim})
	if err := patterns.Save(e, p2); err != nil {
		t.Fatal(err)
	}
	saved, err := patterns.Saved(ctx, e)
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) != 2 || saved[0].Name != "artist" || saved[1].Name != "months" {
		t.Fatalf("saved = %+v", saved)
	}
	in, err := saved[1].Input(nil)
	if err != nil {
		t.Fatal(err)
	}
	if q := in.(*model.QueryInput); *q.Limit != 5 || q.IndexName != "DownloadsByMonth" {
		t.Errorf("saved query = %+v", q)
	}
	r := (&patterns.Checker{WS: e}).CheckOne(ctx, saved[1])
	if !r.OK() || r.Served() != "Songs/DownloadsByMonth" || r.ItemsReturned != 1 {
		t.Errorf("check of the saved pattern = %+v", r)
	}
	if ok, err := patterns.Remove(e, "Songs", "months"); !ok || err != nil {
		t.Fatalf("Remove = %v %v", ok, err)
	}
	if ok, _ := patterns.Remove(e, "Songs", "months"); ok {
		t.Error("removed twice")
	}
	if saved, _ := patterns.Saved(ctx, e); len(saved) != 1 {
		t.Errorf("after Remove: %d saved", len(saved))
	}
	if _, err := patterns.FromRequest("x", &model.BatchGetItemInput{}); err == nil {
		t.Error("a BatchGetItem became a pattern")
	}
}
