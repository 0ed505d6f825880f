package engine

import (
	"fmt"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// In-process benchmarks of the transaction and PartiQL actions, beside
// BatchWriteItem's (bench_test.go):
//
//	go test ./engine/ -run '^$' -bench 'Transact|Statement' -benchmem -count 5

// BenchmarkTransactWriteItems10 writes 10 ~300-byte items per transaction
// (puts replacing items of the 10,000-item table, no conditions).
func BenchmarkTransactWriteItems10(b *testing.B) {
	p := newPointBench(b)
	items := make([]model.TransactWriteItem, 10)
	for j := range items {
		items[j].Put = &model.Put{TableName: "bench", Item: benchItem(j, benchRing/benchPartition)}
	}
	in := &model.TransactWriteItemsInput{TransactItems: items}
	done := cpuMeter(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		for j := range items {
			k := (i*len(items) + j) % benchRing
			items[j].Put.Item["pk"], items[j].Put.Item["sk"] = p.pks[k], p.sks[k]
		}
		if _, err := p.e.TransactWriteItems(ctx, in); err != nil {
			b.Fatal(err)
		}
		i++
	}
	done()
	b.ReportMetric(float64(b.N*len(items))/b.Elapsed().Seconds(), "items/s")
}

// BenchmarkTransactWriteItems10Conditional is the same with an
// attribute_exists condition on every put, and a ClientRequestToken (as
// the SDKs send one).
func BenchmarkTransactWriteItems10Conditional(b *testing.B) {
	p := newPointBench(b)
	items := make([]model.TransactWriteItem, 10)
	for j := range items {
		items[j].Put = &model.Put{TableName: "bench", Item: benchItem(j, benchRing/benchPartition), ConditionExpression: "attribute_exists(pk)"}
	}
	in := &model.TransactWriteItemsInput{TransactItems: items}
	done := cpuMeter(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		for j := range items {
			k := (i*len(items) + j) % benchRing
			items[j].Put.Item["pk"], items[j].Put.Item["sk"] = p.pks[k], p.sks[k]
		}
		in.ClientRequestToken = fmt.Sprintf("tok-%d", i)
		if _, err := p.e.TransactWriteItems(ctx, in); err != nil {
			b.Fatal(err)
		}
		i++
	}
	done()
	b.ReportMetric(float64(b.N*len(items))/b.Elapsed().Seconds(), "items/s")
}

// BenchmarkTransactGetItems10 reads 10 items per transaction.
func BenchmarkTransactGetItems10(b *testing.B) {
	p := newPointBench(b)
	gets := make([]model.TransactGetItem, 10)
	for j := range gets {
		gets[j].Get = &model.Get{TableName: "bench"}
	}
	in := &model.TransactGetItemsInput{TransactItems: gets}
	done := cpuMeter(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		for j := range gets {
			gets[j].Get.Key = p.key(i*len(gets) + j)
		}
		if _, err := p.e.TransactGetItems(ctx, in); err != nil {
			b.Fatal(err)
		}
		i++
	}
	done()
	b.ReportMetric(float64(b.N*len(gets))/b.Elapsed().Seconds(), "items/s")
}

// BenchmarkExecuteStatementQuery100 is Query100 as PartiQL: a SELECT whose
// WHERE pins the partition key (parse, plan, one key read of 100 items).
func BenchmarkExecuteStatementQuery100(b *testing.B) {
	p := newPointBench(b)
	in := &model.ExecuteStatementInput{Statement: `SELECT * FROM bench WHERE pk = ?`, Parameters: []model.AttributeValue{{}}}
	done := cpuMeter(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		in.Parameters[0] = p.pks[(i*benchPartition)%benchRing]
		out, err := p.e.ExecuteStatement(ctx, in)
		if err != nil || len(out.Items) != benchPartition {
			b.Fatal(err, len(out.Items))
		}
		i++
	}
	done()
}
