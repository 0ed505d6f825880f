package kit

import (
	"context"
	"sort"
	"sync"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// DescribeAll lists and describes every table, with the GSIs' key-schema
// violations and build progress when the backend tells them. A remote
// backend's tables are described a few at a time (each a round trip).
func DescribeAll(api engine.API) ([]TableInfo, error) {
	ctx := context.Background()
	var names []string
	var start string
	for {
		out, err := api.ListTables(ctx, &model.ListTablesInput{ExclusiveStartTableName: start})
		if err != nil {
			return nil, err
		}
		names = append(names, out.TableNames...)
		if out.LastEvaluatedTableName == "" {
			break
		}
		start = out.LastEvaluatedTableName
	}
	found := make([]*TableInfo, len(names))
	workers := 1
	if IsRemote(api) {
		workers = remoteDescribers
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(names)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				found[i] = describeOne(ctx, api, names[i])
			}
		}()
	}
	for i := range names {
		next <- i
	}
	close(next)
	wg.Wait()
	tables := make([]TableInfo, 0, len(names))
	for _, ti := range found {
		if ti != nil {
			tables = append(tables, *ti)
		}
	}
	sort.SliceStable(tables, func(i, j int) bool { return tables[i].Desc.TableName < tables[j].Desc.TableName })
	return tables, nil
}

// remoteDescribers is how many tables of a remote backend are described at
// once.
const remoteDescribers = 8

// describeOne describes a table, its TTL, and what the backend tells of its
// GSIs' builds and key-schema violations; nil when it is gone.
func describeOne(ctx context.Context, api engine.API, n string) *TableInfo {
	lo, _ := api.(LeftOutLister)
	bp, _ := api.(BuildProgress)
	ti := TableInfo{}
	// Progress first, then the description: a build that ends between
	// the two reads shows ACTIVE, never BACKFILLING at 100%.
	progress := map[string]engine.BackfillProgress{}
	d, err := api.DescribeTable(ctx, &model.DescribeTableInput{TableName: n})
	if err != nil {
		return nil // deleted between the list and the describe
	}
	if bp != nil {
		for _, g := range d.Table.GlobalSecondaryIndexes {
			if p, ok := bp.IndexBuildProgress(n, g.IndexName); ok {
				progress[g.IndexName] = p
			}
		}
		for _, v := range d.Table.VectorIndexes {
			if p, ok := bp.IndexBuildProgress(n, v.IndexName); ok {
				progress[v.IndexName] = p
			}
		}
		if len(progress) > 0 {
			if again, err := api.DescribeTable(ctx, &model.DescribeTableInput{TableName: n}); err == nil {
				d = again
			}
			ti.Progress = progress
		}
	}
	ti.Desc = d.Table
	if ttl, err := api.DescribeTimeToLive(ctx, &model.DescribeTimeToLiveInput{TableName: n}); err == nil {
		ti.TTL = ttl.TimeToLiveDescription
	}
	for _, g := range d.Table.GlobalSecondaryIndexes {
		if lo == nil || g.IndexStatus != model.StatusActive || g.ItemCount >= d.Table.ItemCount {
			continue
		}
		left, err := lo.IndexLeftOut(n, g.IndexName, LeftOutLimit)
		if err != nil {
			continue
		}
		for _, l := range left {
			if l.Violation {
				if ti.Violations == nil {
					ti.Violations = map[string]int{}
				}
				ti.Violations[g.IndexName]++
			}
		}
	}
	return &ti
}
