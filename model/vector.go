package model

// Vector index shapes (CreateTable VectorIndexes, UpdateTable
// VectorIndexUpdates, DescribeTable VectorIndexes) and SearchVectors'
// request and response, as in the API Reference (VectorIndex,
// CreateVectorIndexAction, VectorIndexDescription, VectorIndexUpdate,
// SearchSchemaElement, SearchVectors, VectorCapacity).

// Distance functions of a vector index.
const (
	DistanceCosine     = "COSINE"
	DistanceEuclidean  = "EUCLIDEAN"
	DistanceDotProduct = "DOT_PRODUCT"
)

// SearchSchema element types.
const (
	SearchSchemaHash         = "HASH"
	SearchSchemaInlineFilter = "INLINE_FILTER"
)

// VectorAttributeDefinition names the attribute holding the vectors.
type VectorAttributeDefinition struct {
	AttributeName string `json:"AttributeName"`
}

// SearchSchemaElement is one attribute of a vector index's search schema:
// its partition key (HASH) or an inline filter.
type SearchSchemaElement struct {
	AttributeName           string `json:"AttributeName"`
	SearchSchemaElementType string `json:"SearchSchemaElementType"`
}

// VectorIndex is a vector index as CreateTable declares it (and the Create
// action of VectorIndexUpdates, CreateVectorIndexAction, has the same
// members).
type VectorIndex struct {
	IndexName        string                     `json:"IndexName"`
	VectorAttribute  *VectorAttributeDefinition `json:"VectorAttribute,omitempty"`
	Dimensions       *int64                     `json:"Dimensions,omitempty"`
	DistanceFunction string                     `json:"DistanceFunction,omitempty"`
	Projection       *Projection                `json:"Projection,omitempty"`
	SearchSchema     []SearchSchemaElement      `json:"SearchSchema,omitempty"`
}

// VectorIndexUpdate is one entry of UpdateTable's VectorIndexUpdates.
type VectorIndexUpdate struct {
	Create *VectorIndex             `json:"Create,omitempty"`
	Delete *DeleteVectorIndexAction `json:"Delete,omitempty"`
}

// DeleteVectorIndexAction names a vector index to delete.
type DeleteVectorIndexAction struct {
	IndexName string `json:"IndexName"`
}

// VectorIndexDescription is a vector index as DescribeTable reports it.
type VectorIndexDescription struct {
	IndexName        string                    `json:"IndexName"`
	VectorAttribute  VectorAttributeDefinition `json:"VectorAttribute"`
	Dimensions       int64                     `json:"Dimensions"`
	DistanceFunction string                    `json:"DistanceFunction"`
	SearchSchema     []SearchSchemaElement     `json:"SearchSchema,omitempty"`
	Projection       Projection                `json:"Projection"`
	IndexStatus      string                    `json:"IndexStatus"`
	Backfilling      *bool                     `json:"Backfilling,omitempty"`
	IndexSizeBytes   int64                     `json:"IndexSizeBytes"`
	ItemCount        int64                     `json:"ItemCount"`
	IndexArn         string                    `json:"IndexArn"`
}

// SearchHash returns the HASH attribute of a search schema, or "".
func SearchHash(ss []SearchSchemaElement) string {
	for _, e := range ss {
		if e.SearchSchemaElementType == SearchSchemaHash {
			return e.AttributeName
		}
	}
	return ""
}

// VectorCapacity is the capacity a vector index consumed: write request
// bytes for writes that change an indexed attribute, search request bytes
// for SearchVectors.
type VectorCapacity struct {
	VectorSearchRequestBytes *float64 `json:"VectorSearchRequestBytes,omitempty"`
	VectorWriteRequestBytes  *float64 `json:"VectorWriteRequestBytes,omitempty"`
}

// SearchVectorsInput is SearchVectors' request.
type SearchVectorsInput struct {
	tableNameProbe
	TableName                 string                    `json:"TableName"`
	IndexName                 *string                   `json:"IndexName,omitempty"`
	SearchVector              []AttributeValue          `json:"SearchVector,omitempty"`
	TopK                      *int64                    `json:"TopK,omitempty"`
	SearchConditionExpression *string                   `json:"SearchConditionExpression,omitempty"`
	ExpressionAttributeNames  map[string]string         `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues map[string]AttributeValue `json:"ExpressionAttributeValues,omitempty"`
	ProjectionExpression      string                    `json:"ProjectionExpression,omitempty"`
	ReturnConsumedCapacity    string                    `json:"ReturnConsumedCapacity,omitempty"`
}

// SearchResultItem is one hit of SearchVectors: the projected item and
// its score.
type SearchResultItem struct {
	Item  Item    `json:"Item"`
	Score float64 `json:"Score"`
}

// SearchVectorsOutput is SearchVectors' response. ConsumedCapacity is a
// VectorCapacity (VectorSearchRequestBytes), as the API Reference gives it.
type SearchVectorsOutput struct {
	SearchResults    []SearchResultItem `json:"SearchResults"`
	ConsumedCapacity *VectorCapacity    `json:"ConsumedCapacity,omitempty"`
	// Explain itemises the search bytes (dynoscope's own; not on the wire).
	Explain []string `json:"-"`
}
