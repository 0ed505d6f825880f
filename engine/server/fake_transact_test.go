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

func (f *fakeAPI) BatchExecuteStatement(_ context.Context, in *model.BatchExecuteStatementInput) (*model.BatchExecuteStatementOutput, error) {
	return result[model.BatchExecuteStatementOutput](f, "BatchExecuteStatement", in)
}

func (f *fakeAPI) ExecuteTransaction(_ context.Context, in *model.ExecuteTransactionInput) (*model.ExecuteTransactionOutput, error) {
	return result[model.ExecuteTransactionOutput](f, "ExecuteTransaction", in)
}
