package model

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Values of ReturnConsumedCapacity, ReturnValues, Select and friends.
const (
	ReturnCapacityNone    = "NONE"
	ReturnCapacityTotal   = "TOTAL"
	ReturnCapacityIndexes = "INDEXES"

	ReturnValuesNone       = "NONE"
	ReturnValuesAllOld     = "ALL_OLD"
	ReturnValuesUpdatedOld = "UPDATED_OLD"
	ReturnValuesAllNew     = "ALL_NEW"
	ReturnValuesUpdatedNew = "UPDATED_NEW"

	SelectAllAttributes          = "ALL_ATTRIBUTES"
	SelectAllProjectedAttributes = "ALL_PROJECTED_ATTRIBUTES"
	SelectSpecificAttributes     = "SPECIFIC_ATTRIBUTES"
	SelectCount                  = "COUNT"

	ReturnItemCollectionMetricsSize = "SIZE"
	ReturnItemCollectionMetricsNone = "NONE"
)

// Units is a number of capacity units. On the wire it is always a decimal
// with a fraction, as DynamoDB writes it ("1.0", "2.5").
type Units float64

// MarshalJSON writes the units as DynamoDB does: 1 as 1.0.
func (u Units) MarshalJSON() ([]byte, error) {
	b := strconv.AppendFloat(nil, float64(u), 'f', -1, 64)
	if !strings.ContainsRune(string(b), '.') {
		b = append(b, '.', '0')
	}
	return b, nil
}

// Capacity is the units one table or index consumed.
type Capacity struct {
	ReadCapacityUnits  *Units `json:"ReadCapacityUnits,omitempty"`
	WriteCapacityUnits *Units `json:"WriteCapacityUnits,omitempty"`
	CapacityUnits      Units  `json:"CapacityUnits"`
}

// ConsumedCapacity is what a request consumed, as ReturnConsumedCapacity
// reports it.
type ConsumedCapacity struct {
	TableName              string              `json:"TableName"`
	CapacityUnits          Units               `json:"CapacityUnits"`
	ReadCapacityUnits      *Units              `json:"ReadCapacityUnits,omitempty"`
	WriteCapacityUnits     *Units              `json:"WriteCapacityUnits,omitempty"`
	Table                  *Capacity           `json:"Table,omitempty"`
	LocalSecondaryIndexes  map[string]Capacity `json:"LocalSecondaryIndexes,omitempty"`
	GlobalSecondaryIndexes map[string]Capacity `json:"GlobalSecondaryIndexes,omitempty"`
	// VectorIndexes is the vector write request bytes of each vector
	// index a write changed (ReturnConsumedCapacity INDEXES).
	VectorIndexes map[string]VectorCapacity `json:"VectorIndexes,omitempty"`
}

// ItemCollectionMetrics is the size estimate of an item collection (tables
// with LSIs, ReturnItemCollectionMetrics SIZE).
type ItemCollectionMetrics struct {
	ItemCollectionKey   Item      `json:"ItemCollectionKey,omitempty"`
	SizeEstimateRangeGB []float64 `json:"SizeEstimateRangeGB,omitempty"`
}

// Condition is a legacy KeyConditions / QueryFilter / ScanFilter entry.
type Condition struct {
	ComparisonOperator string           `json:"ComparisonOperator"`
	AttributeValueList []AttributeValue `json:"AttributeValueList,omitempty"`
}

// ExpectedAttributeValue is a legacy Expected entry.
type ExpectedAttributeValue struct {
	Value              *AttributeValue  `json:"Value,omitempty"`
	Exists             *bool            `json:"Exists,omitempty"`
	ComparisonOperator string           `json:"ComparisonOperator,omitempty"`
	AttributeValueList []AttributeValue `json:"AttributeValueList,omitempty"`
}

// AttributeValueUpdate is a legacy AttributeUpdates entry.
type AttributeValueUpdate struct {
	Value  *AttributeValue `json:"Value,omitempty"`
	Action string          `json:"Action,omitempty"`
}

// CreateTableInput is CreateTable's request.
type CreateTableInput struct {
	tableNameProbe
	AttributeDefinitions      []AttributeDefinition  `json:"AttributeDefinitions"`
	TableName                 string                 `json:"TableName"`
	KeySchema                 []KeySchemaElement     `json:"KeySchema"`
	LocalSecondaryIndexes     []LocalSecondaryIndex  `json:"LocalSecondaryIndexes,omitempty"`
	GlobalSecondaryIndexes    []GlobalSecondaryIndex `json:"GlobalSecondaryIndexes,omitempty"`
	BillingMode               string                 `json:"BillingMode,omitempty"`
	ProvisionedThroughput     *ProvisionedThroughput `json:"ProvisionedThroughput,omitempty"`
	StreamSpecification       *StreamSpecification   `json:"StreamSpecification,omitempty"`
	TableClass                string                 `json:"TableClass,omitempty"`
	DeletionProtectionEnabled *bool                  `json:"DeletionProtectionEnabled,omitempty"`
	Tags                      []Tag                  `json:"Tags,omitempty"`
	OnDemandThroughput        *OnDemandThroughput    `json:"OnDemandThroughput,omitempty"`
	WarmThroughput            *WarmThroughput        `json:"WarmThroughput,omitempty"`
	VectorIndexes             []VectorIndex          `json:"VectorIndexes,omitempty"`
	// Parameters dynoscope does not implement, decoded so that they are
	// refused rather than dropped (see engine's checkUnsupportedCreateParams).
	SSESpecification                   *SSESpecification `json:"SSESpecification,omitempty"`
	ResourcePolicy                     string            `json:"ResourcePolicy,omitempty"`
	GlobalTableSourceArn               string            `json:"GlobalTableSourceArn,omitempty"`
	GlobalTableSettingsReplicationMode string            `json:"GlobalTableSettingsReplicationMode,omitempty"`
}

// CreateTableOutput is CreateTable's response.
type CreateTableOutput struct {
	TableDescription *TableDescription `json:"TableDescription"`
}

// DescribeTableInput is DescribeTable's request.
type DescribeTableInput struct {
	tableNameProbe
	TableName string `json:"TableName"`
}

// DescribeTableOutput is DescribeTable's response.
type DescribeTableOutput struct {
	Table *TableDescription `json:"Table"`
}

// ListTablesInput is ListTables' request.
type ListTablesInput struct {
	ExclusiveStartTableName string `json:"ExclusiveStartTableName,omitempty"`
	Limit                   *int32 `json:"Limit,omitempty"`
}

// ListTablesOutput is ListTables' response.
type ListTablesOutput struct {
	TableNames             []string `json:"TableNames"`
	LastEvaluatedTableName string   `json:"LastEvaluatedTableName,omitempty"`
}

// DeleteTableInput is DeleteTable's request.
type DeleteTableInput struct {
	tableNameProbe
	TableName string `json:"TableName"`
}

// DeleteTableOutput is DeleteTable's response. Its TableDescription holds
// only the members DeleteTable returns (the engine leaves the others zero),
// and only those go on the wire.
type DeleteTableOutput struct {
	TableDescription *TableDescription `json:"TableDescription"`
}

// MarshalJSON writes the description's DeleteTable members only.
func (o DeleteTableOutput) MarshalJSON() ([]byte, error) {
	d := o.TableDescription
	if d == nil {
		return []byte(`{"TableDescription":null}`), nil
	}
	type deleted struct {
		TableName             string                            `json:"TableName"`
		TableStatus           string                            `json:"TableStatus"`
		TableArn              string                            `json:"TableArn,omitempty"`
		TableId               string                            `json:"TableId,omitempty"`
		ProvisionedThroughput *ProvisionedThroughputDescription `json:"ProvisionedThroughput,omitempty"`
		BillingModeSummary    *BillingModeSummary               `json:"BillingModeSummary,omitempty"`
		TableSizeBytes        int64                             `json:"TableSizeBytes"`
		ItemCount             int64                             `json:"ItemCount"`
	}
	return json.Marshal(struct {
		TableDescription deleted `json:"TableDescription"`
	}{deleted{d.TableName, d.TableStatus, d.TableArn, d.TableId, d.ProvisionedThroughput, d.BillingModeSummary, d.TableSizeBytes, d.ItemCount}})
}

// GlobalSecondaryIndexUpdate is one entry of UpdateTable's GlobalSecondaryIndexUpdates.
type GlobalSecondaryIndexUpdate struct {
	Create *GlobalSecondaryIndex       `json:"Create,omitempty"`
	Update *UpdateGlobalSecondaryIndex `json:"Update,omitempty"`
	Delete *DeleteGlobalSecondaryIndex `json:"Delete,omitempty"`
}

// UpdateGlobalSecondaryIndex changes a GSI's throughput.
type UpdateGlobalSecondaryIndex struct {
	IndexName             string                 `json:"IndexName"`
	ProvisionedThroughput *ProvisionedThroughput `json:"ProvisionedThroughput,omitempty"`
	OnDemandThroughput    *OnDemandThroughput    `json:"OnDemandThroughput,omitempty"`
	WarmThroughput        *WarmThroughput        `json:"WarmThroughput,omitempty"`
}

// DeleteGlobalSecondaryIndex names a GSI to delete.
type DeleteGlobalSecondaryIndex struct {
	IndexName string `json:"IndexName"`
}

// UpdateTableInput is UpdateTable's request.
type UpdateTableInput struct {
	tableNameProbe
	TableName                   string                       `json:"TableName"`
	AttributeDefinitions        []AttributeDefinition        `json:"AttributeDefinitions,omitempty"`
	BillingMode                 string                       `json:"BillingMode,omitempty"`
	ProvisionedThroughput       *ProvisionedThroughput       `json:"ProvisionedThroughput,omitempty"`
	GlobalSecondaryIndexUpdates []GlobalSecondaryIndexUpdate `json:"GlobalSecondaryIndexUpdates,omitempty"`
	StreamSpecification         *StreamSpecification         `json:"StreamSpecification,omitempty"`
	DeletionProtectionEnabled   *bool                        `json:"DeletionProtectionEnabled,omitempty"`
	OnDemandThroughput          *OnDemandThroughput          `json:"OnDemandThroughput,omitempty"`
	WarmThroughput              *WarmThroughput              `json:"WarmThroughput,omitempty"`
	VectorIndexUpdates          []VectorIndexUpdate          `json:"VectorIndexUpdates,omitempty"`
	TableClass                  string                       `json:"TableClass,omitempty"`
	// Parameters dynoscope does not implement, decoded so that they are
	// refused rather than dropped (see engine's checkUnsupportedUpdateParams).
	SSESpecification          *SSESpecification `json:"SSESpecification,omitempty"`
	ReplicaUpdates            json.RawMessage   `json:"ReplicaUpdates,omitempty"`
	GlobalTableWitnessUpdates json.RawMessage   `json:"GlobalTableWitnessUpdates,omitempty"`
	MultiRegionConsistency    string            `json:"MultiRegionConsistency,omitempty"`
}

// UpdateTableOutput is UpdateTable's response.
type UpdateTableOutput struct {
	TableDescription *TableDescription `json:"TableDescription"`
}

// PutItemInput is PutItem's request.
type PutItemInput struct {
	emptyExprs
	TableName                           string                            `json:"TableName"`
	Item                                Item                              `json:"Item"`
	ConditionExpression                 string                            `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string                 `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           map[string]AttributeValue         `json:"ExpressionAttributeValues,omitempty"`
	Expected                            map[string]ExpectedAttributeValue `json:"Expected,omitempty"`
	ConditionalOperator                 string                            `json:"ConditionalOperator,omitempty"`
	ReturnValues                        string                            `json:"ReturnValues,omitempty"`
	ReturnConsumedCapacity              string                            `json:"ReturnConsumedCapacity,omitempty"`
	ReturnItemCollectionMetrics         string                            `json:"ReturnItemCollectionMetrics,omitempty"`
	ReturnValuesOnConditionCheckFailure string                            `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// PutItemOutput is PutItem's response.
type PutItemOutput struct {
	Attributes            Item                   `json:"Attributes,omitempty"`
	ConsumedCapacity      *ConsumedCapacity      `json:"ConsumedCapacity,omitempty"`
	ItemCollectionMetrics *ItemCollectionMetrics `json:"ItemCollectionMetrics,omitempty"`
}

// GetItemInput is GetItem's request.
type GetItemInput struct {
	emptyExprs
	TableName                string            `json:"TableName"`
	Key                      Item              `json:"Key"`
	ConsistentRead           *bool             `json:"ConsistentRead,omitempty"`
	ProjectionExpression     string            `json:"ProjectionExpression,omitempty"`
	ExpressionAttributeNames map[string]string `json:"ExpressionAttributeNames,omitempty"`
	AttributesToGet          []string          `json:"AttributesToGet,omitempty"`
	ReturnConsumedCapacity   string            `json:"ReturnConsumedCapacity,omitempty"`
}

// GetItemOutput is GetItem's response. Item is nil for a missing item; an
// existing item whose ProjectionExpression selects nothing is an empty,
// non-nil Item and goes on the wire as "Item": {}, so a client can tell
// "exists" from "absent".
type GetItemOutput struct {
	Item Item `json:"Item,omitempty"`
	// EncodedItem, when not "", is the item as stored, in place of Item
	// (see QueryOutput.EncodedItems).
	EncodedItem      EncodedItem       `json:"-"`
	ConsumedCapacity *ConsumedCapacity `json:"ConsumedCapacity,omitempty"`
}

// MarshalJSON writes Item whenever it is non-nil, even empty.
func (o GetItemOutput) MarshalJSON() ([]byte, error) {
	type plain GetItemOutput
	if o.Item == nil || len(o.Item) > 0 {
		return json.Marshal(plain(o))
	}
	return json.Marshal(struct {
		Item Item `json:"Item"`
		plain
	}{o.Item, plain(o)})
}

// DeleteItemInput is DeleteItem's request.
type DeleteItemInput struct {
	emptyExprs
	TableName                           string                            `json:"TableName"`
	Key                                 Item                              `json:"Key"`
	ConditionExpression                 string                            `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string                 `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           map[string]AttributeValue         `json:"ExpressionAttributeValues,omitempty"`
	Expected                            map[string]ExpectedAttributeValue `json:"Expected,omitempty"`
	ConditionalOperator                 string                            `json:"ConditionalOperator,omitempty"`
	ReturnValues                        string                            `json:"ReturnValues,omitempty"`
	ReturnConsumedCapacity              string                            `json:"ReturnConsumedCapacity,omitempty"`
	ReturnItemCollectionMetrics         string                            `json:"ReturnItemCollectionMetrics,omitempty"`
	ReturnValuesOnConditionCheckFailure string                            `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// DeleteItemOutput is DeleteItem's response.
type DeleteItemOutput struct {
	Attributes            Item                   `json:"Attributes,omitempty"`
	ConsumedCapacity      *ConsumedCapacity      `json:"ConsumedCapacity,omitempty"`
	ItemCollectionMetrics *ItemCollectionMetrics `json:"ItemCollectionMetrics,omitempty"`
}

// UpdateItemInput is UpdateItem's request.
type UpdateItemInput struct {
	emptyExprs
	TableName                           string                            `json:"TableName"`
	Key                                 Item                              `json:"Key"`
	UpdateExpression                    string                            `json:"UpdateExpression,omitempty"`
	ConditionExpression                 string                            `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string                 `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           map[string]AttributeValue         `json:"ExpressionAttributeValues,omitempty"`
	AttributeUpdates                    map[string]AttributeValueUpdate   `json:"AttributeUpdates,omitempty"`
	Expected                            map[string]ExpectedAttributeValue `json:"Expected,omitempty"`
	ConditionalOperator                 string                            `json:"ConditionalOperator,omitempty"`
	ReturnValues                        string                            `json:"ReturnValues,omitempty"`
	ReturnConsumedCapacity              string                            `json:"ReturnConsumedCapacity,omitempty"`
	ReturnItemCollectionMetrics         string                            `json:"ReturnItemCollectionMetrics,omitempty"`
	ReturnValuesOnConditionCheckFailure string                            `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// UpdateItemOutput is UpdateItem's response.
type UpdateItemOutput struct {
	Attributes            Item                   `json:"Attributes,omitempty"`
	ConsumedCapacity      *ConsumedCapacity      `json:"ConsumedCapacity,omitempty"`
	ItemCollectionMetrics *ItemCollectionMetrics `json:"ItemCollectionMetrics,omitempty"`
}

// QueryInput is Query's request.
type QueryInput struct {
	emptyExprs
	readEmpty
	TableName                 string                    `json:"TableName"`
	IndexName                 string                    `json:"IndexName,omitempty"`
	Select                    string                    `json:"Select,omitempty"`
	AttributesToGet           []string                  `json:"AttributesToGet,omitempty"`
	Limit                     *int32                    `json:"Limit,omitempty"`
	ConsistentRead            *bool                     `json:"ConsistentRead,omitempty"`
	KeyConditions             map[string]Condition      `json:"KeyConditions,omitempty"`
	QueryFilter               map[string]Condition      `json:"QueryFilter,omitempty"`
	ConditionalOperator       string                    `json:"ConditionalOperator,omitempty"`
	ScanIndexForward          *bool                     `json:"ScanIndexForward,omitempty"`
	ExclusiveStartKey         Item                      `json:"ExclusiveStartKey,omitempty"`
	ReturnConsumedCapacity    string                    `json:"ReturnConsumedCapacity,omitempty"`
	ProjectionExpression      string                    `json:"ProjectionExpression,omitempty"`
	FilterExpression          string                    `json:"FilterExpression,omitempty"`
	KeyConditionExpression    string                    `json:"KeyConditionExpression,omitempty"`
	ExpressionAttributeNames  map[string]string         `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues map[string]AttributeValue `json:"ExpressionAttributeValues,omitempty"`
}

// QueryOutput is Query's response.
type QueryOutput struct {
	Items []Item `json:"Items,omitempty"`
	// EncodedItems, when not nil, holds the page's items in place of
	// Items, as stored: what the engine hands the HTTP server, which
	// writes them to the wire undecoded (AppendJSON). Items is then nil.
	EncodedItems     []EncodedItem     `json:"-"`
	Count            int32             `json:"Count"`
	ScannedCount     int32             `json:"ScannedCount"`
	LastEvaluatedKey Item              `json:"LastEvaluatedKey,omitempty"`
	ConsumedCapacity *ConsumedCapacity `json:"ConsumedCapacity,omitempty"`
}

// ScanInput is Scan's request.
type ScanInput struct {
	emptyExprs
	readEmpty
	TableName                 string                    `json:"TableName"`
	IndexName                 string                    `json:"IndexName,omitempty"`
	AttributesToGet           []string                  `json:"AttributesToGet,omitempty"`
	Limit                     *int32                    `json:"Limit,omitempty"`
	Select                    string                    `json:"Select,omitempty"`
	ScanFilter                map[string]Condition      `json:"ScanFilter,omitempty"`
	ConditionalOperator       string                    `json:"ConditionalOperator,omitempty"`
	ExclusiveStartKey         Item                      `json:"ExclusiveStartKey,omitempty"`
	ReturnConsumedCapacity    string                    `json:"ReturnConsumedCapacity,omitempty"`
	TotalSegments             *int32                    `json:"TotalSegments,omitempty"`
	Segment                   *int32                    `json:"Segment,omitempty"`
	ProjectionExpression      string                    `json:"ProjectionExpression,omitempty"`
	FilterExpression          string                    `json:"FilterExpression,omitempty"`
	ExpressionAttributeNames  map[string]string         `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues map[string]AttributeValue `json:"ExpressionAttributeValues,omitempty"`
	ConsistentRead            *bool                     `json:"ConsistentRead,omitempty"`
}

// ScanOutput is Scan's response.
type ScanOutput struct {
	Items []Item `json:"Items,omitempty"`
	// EncodedItems, when not nil, holds the page's items in place of
	// Items, as stored: what the engine hands the HTTP server, which
	// writes them to the wire undecoded (AppendJSON). Items is then nil.
	EncodedItems     []EncodedItem     `json:"-"`
	Count            int32             `json:"Count"`
	ScannedCount     int32             `json:"ScannedCount"`
	LastEvaluatedKey Item              `json:"LastEvaluatedKey,omitempty"`
	ConsumedCapacity *ConsumedCapacity `json:"ConsumedCapacity,omitempty"`
}

// KeysAndAttributes is one table's part of a BatchGetItem request.
type KeysAndAttributes struct {
	Keys                     []Item            `json:"Keys"`
	AttributesToGet          []string          `json:"AttributesToGet,omitempty"`
	ConsistentRead           *bool             `json:"ConsistentRead,omitempty"`
	ProjectionExpression     string            `json:"ProjectionExpression,omitempty"`
	ExpressionAttributeNames map[string]string `json:"ExpressionAttributeNames,omitempty"`
}

// BatchGetItemInput is BatchGetItem's request.
type BatchGetItemInput struct {
	RequestItems           map[string]KeysAndAttributes `json:"RequestItems"`
	ReturnConsumedCapacity string                       `json:"ReturnConsumedCapacity,omitempty"`
	// emptyProjections are the tables whose ProjectionExpression the body
	// sent as "" (NoteEmpty).
	emptyProjections []string
}

// BatchGetItemOutput is BatchGetItem's response.
type BatchGetItemOutput struct {
	Responses        map[string][]Item            `json:"Responses"`
	UnprocessedKeys  map[string]KeysAndAttributes `json:"UnprocessedKeys"`
	ConsumedCapacity []ConsumedCapacity           `json:"ConsumedCapacity,omitempty"`
}

// PutRequest is a BatchWriteItem put.
type PutRequest struct {
	Item Item `json:"Item"`
}

// DeleteRequest is a BatchWriteItem delete.
type DeleteRequest struct {
	Key Item `json:"Key"`
}

// WriteRequest is one BatchWriteItem request: a put or a delete.
type WriteRequest struct {
	PutRequest    *PutRequest    `json:"PutRequest,omitempty"`
	DeleteRequest *DeleteRequest `json:"DeleteRequest,omitempty"`
}

// BatchWriteItemInput is BatchWriteItem's request.
type BatchWriteItemInput struct {
	RequestItems                map[string][]WriteRequest `json:"RequestItems"`
	ReturnConsumedCapacity      string                    `json:"ReturnConsumedCapacity,omitempty"`
	ReturnItemCollectionMetrics string                    `json:"ReturnItemCollectionMetrics,omitempty"`
}

// BatchWriteItemOutput is BatchWriteItem's response.
type BatchWriteItemOutput struct {
	UnprocessedItems      map[string][]WriteRequest          `json:"UnprocessedItems"`
	ItemCollectionMetrics map[string][]ItemCollectionMetrics `json:"ItemCollectionMetrics,omitempty"`
	ConsumedCapacity      []ConsumedCapacity                 `json:"ConsumedCapacity,omitempty"`
}

// TimeToLiveSpecification enables or disables TTL on an attribute.
type TimeToLiveSpecification struct {
	Enabled       bool   `json:"Enabled"`
	AttributeName string `json:"AttributeName"`
}

// UpdateTimeToLiveInput is UpdateTimeToLive's request.
type UpdateTimeToLiveInput struct {
	tableNameProbe
	emptyAttributeName      bool                     // TimeToLiveSpecification.AttributeName sent as ""
	TableName               string                   `json:"TableName"`
	TimeToLiveSpecification *TimeToLiveSpecification `json:"TimeToLiveSpecification"`
}

// UpdateTimeToLiveOutput is UpdateTimeToLive's response.
type UpdateTimeToLiveOutput struct {
	TimeToLiveSpecification *TimeToLiveSpecification `json:"TimeToLiveSpecification"`
}

// DescribeTimeToLiveInput is DescribeTimeToLive's request.
type DescribeTimeToLiveInput struct {
	tableNameProbe
	TableName string `json:"TableName"`
}

// TimeToLiveDescription tells a table's TTL state.
type TimeToLiveDescription struct {
	TimeToLiveStatus string `json:"TimeToLiveStatus"`
	AttributeName    string `json:"AttributeName,omitempty"`
}

// DescribeTimeToLiveOutput is DescribeTimeToLive's response.
type DescribeTimeToLiveOutput struct {
	TimeToLiveDescription *TimeToLiveDescription `json:"TimeToLiveDescription"`
}

// MarshalJSON writes Items (an empty list included) unless the query counted
// only (Select COUNT), as DynamoDB does.
func (o QueryOutput) MarshalJSON() ([]byte, error) {
	type plain QueryOutput
	if o.Items == nil {
		return json.Marshal(plain(o))
	}
	return json.Marshal(struct {
		Items []Item `json:"Items"`
		plain
	}{o.Items, plain(o)})
}

// MarshalJSON writes Items (an empty list included) unless the scan counted
// only (Select COUNT), as DynamoDB does.
func (o ScanOutput) MarshalJSON() ([]byte, error) {
	type plain ScanOutput
	if o.Items == nil {
		return json.Marshal(plain(o))
	}
	return json.Marshal(struct {
		Items []Item `json:"Items"`
		plain
	}{o.Items, plain(o)})
}
