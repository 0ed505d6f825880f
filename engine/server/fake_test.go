package server_test

import (
	"context"
	"sync"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// fakeAPI is an engine.API that records each call and answers with
// respond, or with a zero output when respond is nil.
type fakeAPI struct {
	respond func(method string, in any) (any, error)

	mu     sync.Mutex
	method string
	in     any
}

var _ engine.API = (*fakeAPI)(nil)

// last returns the last call's method and input.
func (f *fakeAPI) last() (string, any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.method, f.in
}

func result[O any](f *fakeAPI, method string, in any) (*O, error) {
	f.mu.Lock()
	f.method, f.in = method, in
	f.mu.Unlock()
	if f.respond == nil {
		return new(O), nil
	}
	out, err := f.respond(method, in)
	o, _ := out.(*O)
	return o, err
}

func (f *fakeAPI) CreateTable(_ context.Context, in *model.CreateTableInput) (*model.CreateTableOutput, error) {
	return result[model.CreateTableOutput](f, "CreateTable", in)
}

func (f *fakeAPI) DescribeTable(_ context.Context, in *model.DescribeTableInput) (*model.DescribeTableOutput, error) {
	return result[model.DescribeTableOutput](f, "DescribeTable", in)
}

func (f *fakeAPI) ListTables(_ context.Context, in *model.ListTablesInput) (*model.ListTablesOutput, error) {
	return result[model.ListTablesOutput](f, "ListTables", in)
}

func (f *fakeAPI) DeleteTable(_ context.Context, in *model.DeleteTableInput) (*model.DeleteTableOutput, error) {
	return result[model.DeleteTableOutput](f, "DeleteTable", in)
}

func (f *fakeAPI) UpdateTable(_ context.Context, in *model.UpdateTableInput) (*model.UpdateTableOutput, error) {
	return result[model.UpdateTableOutput](f, "UpdateTable", in)
}

func (f *fakeAPI) PutItem(_ context.Context, in *model.PutItemInput) (*model.PutItemOutput, error) {
	return result[model.PutItemOutput](f, "PutItem", in)
}

func (f *fakeAPI) GetItem(_ context.Context, in *model.GetItemInput) (*model.GetItemOutput, error) {
	return result[model.GetItemOutput](f, "GetItem", in)
}

func (f *fakeAPI) DeleteItem(_ context.Context, in *model.DeleteItemInput) (*model.DeleteItemOutput, error) {
	return result[model.DeleteItemOutput](f, "DeleteItem", in)
}

func (f *fakeAPI) UpdateItem(_ context.Context, in *model.UpdateItemInput) (*model.UpdateItemOutput, error) {
	return result[model.UpdateItemOutput](f, "UpdateItem", in)
}

func (f *fakeAPI) Query(_ context.Context, in *model.QueryInput) (*model.QueryOutput, error) {
	return result[model.QueryOutput](f, "Query", in)
}

func (f *fakeAPI) Scan(_ context.Context, in *model.ScanInput) (*model.ScanOutput, error) {
	return result[model.ScanOutput](f, "Scan", in)
}

func (f *fakeAPI) BatchGetItem(_ context.Context, in *model.BatchGetItemInput) (*model.BatchGetItemOutput, error) {
	return result[model.BatchGetItemOutput](f, "BatchGetItem", in)
}

func (f *fakeAPI) BatchWriteItem(_ context.Context, in *model.BatchWriteItemInput) (*model.BatchWriteItemOutput, error) {
	return result[model.BatchWriteItemOutput](f, "BatchWriteItem", in)
}

func (f *fakeAPI) UpdateTimeToLive(_ context.Context, in *model.UpdateTimeToLiveInput) (*model.UpdateTimeToLiveOutput, error) {
	return result[model.UpdateTimeToLiveOutput](f, "UpdateTimeToLive", in)
}

func (f *fakeAPI) DescribeTimeToLive(_ context.Context, in *model.DescribeTimeToLiveInput) (*model.DescribeTimeToLiveOutput, error) {
	return result[model.DescribeTimeToLiveOutput](f, "DescribeTimeToLive", in)
}

func (f *fakeAPI) TagResource(_ context.Context, in *model.TagResourceInput) (*model.TagResourceOutput, error) {
	return result[model.TagResourceOutput](f, "TagResource", in)
}

func (f *fakeAPI) UntagResource(_ context.Context, in *model.UntagResourceInput) (*model.UntagResourceOutput, error) {
	return result[model.UntagResourceOutput](f, "UntagResource", in)
}

func (f *fakeAPI) SearchVectors(_ context.Context, in *model.SearchVectorsInput) (*model.SearchVectorsOutput, error) {
	return result[model.SearchVectorsOutput](f, "SearchVectors", in)
}

func (f *fakeAPI) ListTagsOfResource(_ context.Context, in *model.ListTagsOfResourceInput) (*model.ListTagsOfResourceOutput, error) {
	return result[model.ListTagsOfResourceOutput](f, "ListTagsOfResource", in)
}
