package model

import (
	"reflect"
	"runtime"
	"syscall"
	"testing"
	"unsafe"
)

// The decoders as they were before the member tables (commit de79cb5),
// kept here only to measure both in one run.

// object reads the top-level object, calling member for each member name
// (positioned at its value). member returns false to give up.
func (d *topDecoder) objectBefore(member func(name string) bool) bool {
	d.ws()
	if d.peek() != '{' {
		return false
	}
	d.i++
	for first := true; ; first = false {
		more, err := d.nextMember(first)
		if err != nil {
			return false
		}
		if !more {
			break
		}
		k, plain, err := d.key()
		if err != nil || !plain {
			return false
		}
		if d.isNull() || !member(string(k)) || !d.ok {
			return false
		}
	}
	return d.end() == nil
}

// decodeFast is the one-pass decoder of PutItemInput.
func (in *PutItemInput) decodeFastBefore(b []byte) bool {
	var out PutItemInput
	d := &topDecoder{jsonDecoder: jsonDecoder{b: b}, ok: true}
	if !d.objectBefore(func(name string) bool {
		switch name {
		case "TableName":
			return d.once(0) && d.tableName(&out.TableName)
		case "Item":
			return d.once(1) && d.item(&out.Item, itemHint)
		case "ConditionExpression":
			return d.once(2) && d.expressionBefore(&out.ConditionExpression, name)
		case "ExpressionAttributeNames":
			return d.once(3) && d.names(&out.ExpressionAttributeNames)
		case "ExpressionAttributeValues":
			return d.once(4) && d.values(&out.ExpressionAttributeValues)
		case "ReturnValues":
			return d.once(5) && d.text(&out.ReturnValues)
		case "ReturnConsumedCapacity":
			return d.once(6) && d.text(&out.ReturnConsumedCapacity)
		case "ReturnItemCollectionMetrics":
			return d.once(7) && d.text(&out.ReturnItemCollectionMetrics)
		case "ReturnValuesOnConditionCheckFailure":
			return d.once(8) && d.text(&out.ReturnValuesOnConditionCheckFailure)
		}
		return false
	}) {
		return false
	}
	out.emptyExprs = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	*in = out
	return true
}

// decodeFast is the one-pass decoder of GetItemInput.
func (in *GetItemInput) decodeFastBefore(b []byte) bool {
	var out GetItemInput
	d := &topDecoder{jsonDecoder: jsonDecoder{b: b}, ok: true}
	if !d.objectBefore(func(name string) bool {
		switch name {
		case "TableName":
			return d.once(0) && d.tableName(&out.TableName)
		case "Key":
			return d.once(1) && d.item(&out.Key, 2)
		case "ConsistentRead":
			return d.once(2) && d.flag(&out.ConsistentRead)
		case "ProjectionExpression":
			return d.once(3) && d.expressionBefore(&out.ProjectionExpression, name)
		case "ExpressionAttributeNames":
			return d.once(4) && d.names(&out.ExpressionAttributeNames)
		case "AttributesToGet":
			return d.once(5) && d.textList(&out.AttributesToGet)
		case "ReturnConsumedCapacity":
			return d.once(6) && d.text(&out.ReturnConsumedCapacity)
		}
		return false
	}) {
		return false
	}
	out.emptyExprs = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	*in = out
	return true
}

// decodeFast is the one-pass decoder of DeleteItemInput.
func (in *DeleteItemInput) decodeFastBefore(b []byte) bool {
	var out DeleteItemInput
	d := &topDecoder{jsonDecoder: jsonDecoder{b: b}, ok: true}
	if !d.objectBefore(func(name string) bool {
		switch name {
		case "TableName":
			return d.once(0) && d.tableName(&out.TableName)
		case "Key":
			return d.once(1) && d.item(&out.Key, 2)
		case "ConditionExpression":
			return d.once(2) && d.expressionBefore(&out.ConditionExpression, name)
		case "ExpressionAttributeNames":
			return d.once(3) && d.names(&out.ExpressionAttributeNames)
		case "ExpressionAttributeValues":
			return d.once(4) && d.values(&out.ExpressionAttributeValues)
		case "ReturnValues":
			return d.once(5) && d.text(&out.ReturnValues)
		case "ReturnConsumedCapacity":
			return d.once(6) && d.text(&out.ReturnConsumedCapacity)
		case "ReturnItemCollectionMetrics":
			return d.once(7) && d.text(&out.ReturnItemCollectionMetrics)
		case "ReturnValuesOnConditionCheckFailure":
			return d.once(8) && d.text(&out.ReturnValuesOnConditionCheckFailure)
		}
		return false
	}) {
		return false
	}
	out.emptyExprs = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	*in = out
	return true
}

// decodeFast is the one-pass decoder of UpdateItemInput.
func (in *UpdateItemInput) decodeFastBefore(b []byte) bool {
	var out UpdateItemInput
	d := &topDecoder{jsonDecoder: jsonDecoder{b: b}, ok: true}
	if !d.objectBefore(func(name string) bool {
		switch name {
		case "TableName":
			return d.once(0) && d.tableName(&out.TableName)
		case "Key":
			return d.once(1) && d.item(&out.Key, 2)
		case "UpdateExpression":
			return d.once(2) && d.expressionBefore(&out.UpdateExpression, name)
		case "ConditionExpression":
			return d.once(3) && d.expressionBefore(&out.ConditionExpression, name)
		case "ExpressionAttributeNames":
			return d.once(4) && d.names(&out.ExpressionAttributeNames)
		case "ExpressionAttributeValues":
			return d.once(5) && d.values(&out.ExpressionAttributeValues)
		case "ReturnValues":
			return d.once(6) && d.text(&out.ReturnValues)
		case "ReturnConsumedCapacity":
			return d.once(7) && d.text(&out.ReturnConsumedCapacity)
		case "ReturnItemCollectionMetrics":
			return d.once(8) && d.text(&out.ReturnItemCollectionMetrics)
		case "ReturnValuesOnConditionCheckFailure":
			return d.once(9) && d.text(&out.ReturnValuesOnConditionCheckFailure)
		}
		return false
	}) {
		return false
	}
	out.emptyExprs = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	*in = out
	return true
}

// decodeFast is the one-pass decoder of QueryInput.
func (in *QueryInput) decodeFastBefore(b []byte) bool {
	var out QueryInput
	d := &topDecoder{jsonDecoder: jsonDecoder{b: b}, ok: true}
	if !d.objectBefore(func(name string) bool {
		switch name {
		case "TableName":
			return d.once(0) && d.tableName(&out.TableName)
		case "IndexName":
			return d.once(1) && d.text(&out.IndexName)
		case "Select":
			return d.once(2) && d.text(&out.Select)
		case "AttributesToGet":
			return d.once(3) && d.textList(&out.AttributesToGet)
		case "Limit":
			return d.once(4) && d.int32Number(&out.Limit)
		case "ConsistentRead":
			return d.once(5) && d.flag(&out.ConsistentRead)
		case "ConditionalOperator":
			return d.once(6) && d.text(&out.ConditionalOperator)
		case "ScanIndexForward":
			return d.once(7) && d.flag(&out.ScanIndexForward)
		case "ExclusiveStartKey":
			return d.once(8) && d.item(&out.ExclusiveStartKey, 4)
		case "ReturnConsumedCapacity":
			return d.once(9) && d.text(&out.ReturnConsumedCapacity)
		case "ProjectionExpression":
			return d.once(10) && d.expressionBefore(&out.ProjectionExpression, name)
		case "FilterExpression":
			return d.once(11) && d.expressionBefore(&out.FilterExpression, name)
		case "KeyConditionExpression":
			return d.once(12) && d.expressionBefore(&out.KeyConditionExpression, name)
		case "ExpressionAttributeNames":
			return d.once(13) && d.names(&out.ExpressionAttributeNames)
		case "ExpressionAttributeValues":
			return d.once(14) && d.values(&out.ExpressionAttributeValues)
		}
		return false
	}) {
		return false
	}
	out.emptyExprs = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	*in = out
	return true
}

// decodeFast is the one-pass decoder of ScanInput.
func (in *ScanInput) decodeFastBefore(b []byte) bool {
	var out ScanInput
	d := &topDecoder{jsonDecoder: jsonDecoder{b: b}, ok: true}
	if !d.objectBefore(func(name string) bool {
		switch name {
		case "TableName":
			return d.once(0) && d.tableName(&out.TableName)
		case "IndexName":
			return d.once(1) && d.text(&out.IndexName)
		case "AttributesToGet":
			return d.once(2) && d.textList(&out.AttributesToGet)
		case "Limit":
			return d.once(3) && d.int32Number(&out.Limit)
		case "Select":
			return d.once(4) && d.text(&out.Select)
		case "ConditionalOperator":
			return d.once(5) && d.text(&out.ConditionalOperator)
		case "ExclusiveStartKey":
			return d.once(6) && d.item(&out.ExclusiveStartKey, 4)
		case "ReturnConsumedCapacity":
			return d.once(7) && d.text(&out.ReturnConsumedCapacity)
		case "TotalSegments":
			return d.once(8) && d.int32Number(&out.TotalSegments)
		case "Segment":
			return d.once(9) && d.int32Number(&out.Segment)
		case "ProjectionExpression":
			return d.once(10) && d.expressionBefore(&out.ProjectionExpression, name)
		case "FilterExpression":
			return d.once(11) && d.expressionBefore(&out.FilterExpression, name)
		case "ExpressionAttributeNames":
			return d.once(12) && d.names(&out.ExpressionAttributeNames)
		case "ExpressionAttributeValues":
			return d.once(13) && d.values(&out.ExpressionAttributeValues)
		case "ConsistentRead":
			return d.once(14) && d.flag(&out.ConsistentRead)
		}
		return false
	}) {
		return false
	}
	out.emptyExprs = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	*in = out
	return true
}

// decodeFast is the one-pass decoder of BatchWriteItemInput.
func (in *BatchWriteItemInput) decodeFastBefore(b []byte) bool {
	var out BatchWriteItemInput
	d := &topDecoder{jsonDecoder: jsonDecoder{b: b}, ok: true}
	if !d.objectBefore(func(name string) bool {
		switch name {
		case "RequestItems":
			return d.once(0) && d.requestItems(&out.RequestItems)
		case "ReturnConsumedCapacity":
			return d.once(1) && d.text(&out.ReturnConsumedCapacity)
		case "ReturnItemCollectionMetrics":
			return d.once(2) && d.text(&out.ReturnItemCollectionMetrics)
		}
		return false
	}) {
		return false
	}
	*in = out
	return true
}

func (d *topDecoder) expressionBefore(dst *string, name string) bool {
	if !d.text(dst) {
		return false
	}
	if *dst == "" {
		for i, n := range exprNames {
			if n == name {
				d.empty |= 1 << i
			}
		}
	}
	return true
}

// viaFastPathBefore decodes b with the decoders before the member tables.
var viaFastPathBefore = map[string]func(b []byte) (any, bool){
	"PutItem":        func(b []byte) (any, bool) { var in PutItemInput; return &in, in.decodeFastBefore(b) },
	"GetItem":        func(b []byte) (any, bool) { var in GetItemInput; return &in, in.decodeFastBefore(b) },
	"DeleteItem":     func(b []byte) (any, bool) { var in DeleteItemInput; return &in, in.decodeFastBefore(b) },
	"UpdateItem":     func(b []byte) (any, bool) { var in UpdateItemInput; return &in, in.decodeFastBefore(b) },
	"Query":          func(b []byte) (any, bool) { var in QueryInput; return &in, in.decodeFastBefore(b) },
	"Scan":           func(b []byte) (any, bool) { var in ScanInput; return &in, in.decodeFastBefore(b) },
	"BatchWriteItem": func(b []byte) (any, bool) { var in BatchWriteItemInput; return &in, in.decodeFastBefore(b) },
}

// BenchmarkRequestDecodersSideBySide runs the decoders before and after the
// member tables in one run: impl=before and impl=after per request.
func BenchmarkRequestDecodersSideBySide(b *testing.B) {
	for _, r := range benchRequests {
		for _, impl := range []struct {
			name   string
			decode func([]byte) (any, bool)
		}{{"before", viaFastPathBefore[r.action]}, {"after", viaFastPath[r.action]}} {
			b.Run("req="+r.action+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				start := threadCPU()
				n := 0
				for b.Loop() {
					if _, ok := impl.decode(r.body); !ok {
						b.Fatal("the fast path gave up")
					}
					n++
				}
				b.ReportMetric(float64(threadCPU()-start)/float64(n), "cpu-ns/op")
			})
		}
	}
}

// TestBeforeAndAfterAgree: both decoders decode the same bodies the same.
func TestBeforeAndAfterAgree(t *testing.T) {
	for _, r := range benchRequests {
		a, _ := viaFastPathBefore[r.action](r.body)
		c, _ := viaFastPath[r.action](r.body)
		if !reflect.DeepEqual(a, c) {
			t.Fatalf("%s differs", r.action)
		}
	}
}

// threadCPU is the CPU time this OS thread has used, in ns
// (CLOCK_THREAD_CPUTIME_ID): on a shared, loaded machine it does not count
// the time the thread waited for a core.
func threadCPU() int64 {
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3 /* CLOCK_THREAD_CPUTIME_ID */, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		panic(e)
	}
	return ts.Nano()
}
