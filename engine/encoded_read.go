package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// EncodedReader is implemented by *Engine for the HTTP server: GetItem,
// Query and Scan whose items come back as stored (model.EncodedItem), so
// the server writes them to the wire without building a map per item and
// encoding it again. The answers are GetItem's, Query's and Scan's in every
// other respect (errors, counts, keys, capacity); items that the request
// projects, filters or fetches are computed, and come back decoded, as
// from the API methods.
type EncodedReader interface {
	GetItemEncoded(ctx context.Context, in *model.GetItemInput) (*model.GetItemOutput, error)
	QueryEncoded(ctx context.Context, in *model.QueryInput) (*model.QueryOutput, error)
	ScanEncoded(ctx context.Context, in *model.ScanInput) (*model.ScanOutput, error)
}

var _ EncodedReader = (*Engine)(nil)

// GetItemEncoded is GetItem with the item, when returned whole, in
// EncodedItem instead of Item.
func (e *Engine) GetItemEncoded(ctx context.Context, in *model.GetItemInput) (*model.GetItemOutput, error) {
	return e.getItem(ctx, in, true)
}

// QueryEncoded is Query with the items, when returned whole, in
// EncodedItems instead of Items.
func (e *Engine) QueryEncoded(ctx context.Context, in *model.QueryInput) (*model.QueryOutput, error) {
	return e.query(ctx, in, true)
}

// ScanEncoded is Scan with the items, when returned whole, in EncodedItems
// instead of Items.
func (e *Engine) ScanEncoded(ctx context.Context, in *model.ScanInput) (*model.ScanOutput, error) {
	return e.scan(ctx, in, true)
}

// returnsStored reports whether the page returns its entries exactly as
// stored: no filter, projection or table fetch, and not a count.
func (pr *pageReader) returnsStored() bool {
	return pr.filter == nil && pr.projection == nil && !pr.fetch && !pr.count
}
