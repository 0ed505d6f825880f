package model

// Key types and schema element roles.
const (
	KeyTypeHash  = "HASH"
	KeyTypeRange = "RANGE"

	ProjectionAll      = "ALL"
	ProjectionKeysOnly = "KEYS_ONLY"
	ProjectionInclude  = "INCLUDE"

	BillingProvisioned   = "PROVISIONED"
	BillingPayPerRequest = "PAY_PER_REQUEST"

	StatusCreating = "CREATING"
	StatusActive   = "ACTIVE"
	StatusUpdating = "UPDATING"
	StatusDeleting = "DELETING"

	StreamKeysOnly        = "KEYS_ONLY"
	StreamNewImage        = "NEW_IMAGE"
	StreamOldImage        = "OLD_IMAGE"
	StreamNewAndOldImages = "NEW_AND_OLD_IMAGES"
)

// AttributeDefinition declares the type of a key attribute.
type AttributeDefinition struct {
	AttributeName string `json:"AttributeName"`
	AttributeType string `json:"AttributeType"`
	// emptyName and emptyType are set when a decoded request sent them as "".
	emptyName, emptyType bool
}

// KeySchemaElement is one part of a primary or index key.
type KeySchemaElement struct {
	AttributeName string `json:"AttributeName"`
	KeyType       string `json:"KeyType"`
}

// Projection says which attributes an index copies.
type Projection struct {
	ProjectionType   string   `json:"ProjectionType,omitempty"`
	NonKeyAttributes []string `json:"NonKeyAttributes,omitempty"`
}

// ProvisionedThroughput is the requested read and write capacity.
type ProvisionedThroughput struct {
	ReadCapacityUnits  *int64 `json:"ReadCapacityUnits,omitempty"`
	WriteCapacityUnits *int64 `json:"WriteCapacityUnits,omitempty"`
}

// ProvisionedThroughputDescription is the throughput as DescribeTable tells it.
type ProvisionedThroughputDescription struct {
	ReadCapacityUnits      int64    `json:"ReadCapacityUnits"`
	WriteCapacityUnits     int64    `json:"WriteCapacityUnits"`
	NumberOfDecreasesToday int64    `json:"NumberOfDecreasesToday"`
	LastIncreaseDateTime   *float64 `json:"LastIncreaseDateTime,omitempty"`
	LastDecreaseDateTime   *float64 `json:"LastDecreaseDateTime,omitempty"`
}

// LocalSecondaryIndex is an LSI as CreateTable takes it.
type LocalSecondaryIndex struct {
	IndexName  string             `json:"IndexName"`
	KeySchema  []KeySchemaElement `json:"KeySchema"`
	Projection Projection         `json:"Projection"`
}

// GlobalSecondaryIndex is a GSI as CreateTable and UpdateTable take it.
type GlobalSecondaryIndex struct {
	IndexName             string                 `json:"IndexName"`
	KeySchema             []KeySchemaElement     `json:"KeySchema"`
	Projection            Projection             `json:"Projection"`
	ProvisionedThroughput *ProvisionedThroughput `json:"ProvisionedThroughput,omitempty"`
	OnDemandThroughput    *OnDemandThroughput    `json:"OnDemandThroughput,omitempty"`
	WarmThroughput        *WarmThroughput        `json:"WarmThroughput,omitempty"`
}

// LocalSecondaryIndexDescription is an LSI as DescribeTable tells it.
type LocalSecondaryIndexDescription struct {
	IndexName      string             `json:"IndexName"`
	KeySchema      []KeySchemaElement `json:"KeySchema"`
	Projection     Projection         `json:"Projection"`
	IndexSizeBytes int64              `json:"IndexSizeBytes"`
	ItemCount      int64              `json:"ItemCount"`
	IndexArn       string             `json:"IndexArn"`
}

// GlobalSecondaryIndexDescription is a GSI as DescribeTable tells it.
type GlobalSecondaryIndexDescription struct {
	IndexName             string                            `json:"IndexName"`
	KeySchema             []KeySchemaElement                `json:"KeySchema"`
	Projection            Projection                        `json:"Projection"`
	IndexStatus           string                            `json:"IndexStatus"`
	Backfilling           *bool                             `json:"Backfilling,omitempty"`
	ProvisionedThroughput *ProvisionedThroughputDescription `json:"ProvisionedThroughput,omitempty"`
	IndexSizeBytes        int64                             `json:"IndexSizeBytes"`
	ItemCount             int64                             `json:"ItemCount"`
	IndexArn              string                            `json:"IndexArn"`
	OnDemandThroughput    *OnDemandThroughput               `json:"OnDemandThroughput,omitempty"`
	WarmThroughput        *WarmThroughputDescription        `json:"WarmThroughput,omitempty"`
}

// BillingModeSummary tells the billing mode of a table.
type BillingModeSummary struct {
	BillingMode                       string   `json:"BillingMode"`
	LastUpdateToPayPerRequestDateTime *float64 `json:"LastUpdateToPayPerRequestDateTime,omitempty"`
}

// StreamSpecification enables a change stream and picks its view type.
type StreamSpecification struct {
	StreamEnabled  bool   `json:"StreamEnabled"`
	StreamViewType string `json:"StreamViewType,omitempty"`
}

// TableClassSummary tells the table class.
type TableClassSummary struct {
	TableClass         string   `json:"TableClass"`
	LastUpdateDateTime *float64 `json:"LastUpdateDateTime,omitempty"`
}

// TableDescription is a table as CreateTable, DescribeTable, UpdateTable and
// DeleteTable return it.
type TableDescription struct {
	AttributeDefinitions      []AttributeDefinition             `json:"AttributeDefinitions"`
	TableName                 string                            `json:"TableName"`
	KeySchema                 []KeySchemaElement                `json:"KeySchema"`
	TableStatus               string                            `json:"TableStatus"`
	CreationDateTime          float64                           `json:"CreationDateTime"`
	ProvisionedThroughput     *ProvisionedThroughputDescription `json:"ProvisionedThroughput,omitempty"`
	TableSizeBytes            int64                             `json:"TableSizeBytes"`
	ItemCount                 int64                             `json:"ItemCount"`
	TableArn                  string                            `json:"TableArn"`
	TableId                   string                            `json:"TableId"`
	BillingModeSummary        *BillingModeSummary               `json:"BillingModeSummary,omitempty"`
	LocalSecondaryIndexes     []LocalSecondaryIndexDescription  `json:"LocalSecondaryIndexes,omitempty"`
	GlobalSecondaryIndexes    []GlobalSecondaryIndexDescription `json:"GlobalSecondaryIndexes,omitempty"`
	StreamSpecification       *StreamSpecification              `json:"StreamSpecification,omitempty"`
	LatestStreamLabel         string                            `json:"LatestStreamLabel,omitempty"`
	LatestStreamArn           string                            `json:"LatestStreamArn,omitempty"`
	TableClassSummary         *TableClassSummary                `json:"TableClassSummary,omitempty"`
	DeletionProtectionEnabled bool                              `json:"DeletionProtectionEnabled"`
	OnDemandThroughput        *OnDemandThroughput               `json:"OnDemandThroughput,omitempty"`
	WarmThroughput            *WarmThroughputDescription        `json:"WarmThroughput,omitempty"`
	VectorIndexes             []VectorIndexDescription          `json:"VectorIndexes,omitempty"`
	RestoreSummary            *RestoreSummary                   `json:"RestoreSummary,omitempty"`
}

// HashKey returns the name of the HASH element of a key schema.
func HashKey(ks []KeySchemaElement) string {
	for _, k := range ks {
		if k.KeyType == KeyTypeHash {
			return k.AttributeName
		}
	}
	return ""
}

// RangeKey returns the name of the RANGE element of a key schema, or "".
func RangeKey(ks []KeySchemaElement) string {
	for _, k := range ks {
		if k.KeyType == KeyTypeRange {
			return k.AttributeName
		}
	}
	return ""
}

// ScratchTableInput is a CreateTable input for a scratch copy of a
// described table: the same keys, attribute definitions and indexes (what
// an item's checks and write units depend on), on demand, with its stream
// when it has one.
func ScratchTableInput(d *TableDescription) *CreateTableInput {
	in := &CreateTableInput{TableName: d.TableName, AttributeDefinitions: d.AttributeDefinitions, KeySchema: d.KeySchema,
		BillingMode: BillingPayPerRequest}
	for _, l := range d.LocalSecondaryIndexes {
		in.LocalSecondaryIndexes = append(in.LocalSecondaryIndexes, LocalSecondaryIndex{IndexName: l.IndexName, KeySchema: l.KeySchema, Projection: l.Projection})
	}
	for _, g := range d.GlobalSecondaryIndexes {
		in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, GlobalSecondaryIndex{IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection})
	}
	if s := d.StreamSpecification; s != nil && s.StreamEnabled {
		cp := *s
		in.StreamSpecification = &cp
	}
	return in
}
