package stream

import (
	"context"
	"testing"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The Stream pane of Messages on the whole demo workspace, at the pane
// size of a 120x40 terminal: an update, the TTL deletions of the sweep
// (uitest.TTLStory) and a put, newest first.
func TestGoldenStreamPane(t *testing.T) {
	eng, clk := uitest.LiveEngine(t)
	ctx := context.Background()
	key := model.Item{"UserId": model.S("maya"), "SentAt": model.S("2026-11-15T11:11:07Z")}
	if _, err := eng.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Messages", Key: key,
		UpdateExpression:          "SET Body = :b",
		ExpressionAttributeValues: map[string]model.AttributeValue{":b": model.S("Parcel collected, thanks!")}}); err != nil {
		t.Fatal(err)
	}
	uitest.TTLStory(t, eng, clk)
	if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Messages", Item: model.Item{
		"UserId": model.S("zoe"), "SentAt": model.S("2026-11-22T11:11:17Z"), "Body": model.S("hello from the CLI")}}); err != nil {
		t.Fatal(err)
	}
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, false)
	p.SetSize(uitest.PaneW, uitest.PaneH)
	tg, info := uitest.Target(t, eng, "Messages", "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	uitest.Drive(t, p, p.SetShown(true))
	uitest.Golden(t, p, uitest.PaneW, uitest.PaneH)
}
