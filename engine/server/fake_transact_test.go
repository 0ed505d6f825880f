package server_test

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

func (f *fakeAPI) TransactWriteItems(_ context.Context, in *model.TransactWriteItemsInput) (*model.TransactWriteItemsOutput, error) {
	return result[model.TransactWriteItemsOutput](f, "TransactWriteItems", in)
}

func (f *fakeAPI) TransactGetItems(_ context.Context, in *model.TransactGetItemsInput) (*model.TransactGetItemsOutput, error) {
	return result[model.TransactGetItemsOutput](f, "TransactGetItems", in)
}

func (f *fakeAPI) ExecuteStatement(_ context.Context, in *model.ExecuteStatementInput) (*model.ExecuteStatementOutput, error) {
	return result[model.ExecuteStatementOutput](f, "ExecuteStatement", in)
}
