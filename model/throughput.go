package model

// OnDemandThroughput is the maximum read and write request units of an
// on-demand table or GSI (API Reference OnDemandThroughput, May 2024). -1
// in UpdateTable removes a maximum; a member left out keeps its value.
type OnDemandThroughput struct {
	MaxReadRequestUnits  *int64 `json:"MaxReadRequestUnits,omitempty"`
	MaxWriteRequestUnits *int64 `json:"MaxWriteRequestUnits,omitempty"`
}

// WarmThroughput is the read and write units per second a table or GSI can
// serve at once, as CreateTable and UpdateTable take it (API Reference
// WarmThroughput, November 2024).
type WarmThroughput struct {
	ReadUnitsPerSecond  *int64 `json:"ReadUnitsPerSecond,omitempty"`
	WriteUnitsPerSecond *int64 `json:"WriteUnitsPerSecond,omitempty"`
}

// WarmThroughputDescription is a table's or GSI's warm throughput as
// DescribeTable tells it (TableWarmThroughputDescription and
// GlobalSecondaryIndexWarmThroughputDescription): Status is UPDATING while a
// raise is being applied, ACTIVE otherwise.
type WarmThroughputDescription struct {
	ReadUnitsPerSecond  int64  `json:"ReadUnitsPerSecond"`
	WriteUnitsPerSecond int64  `json:"WriteUnitsPerSecond"`
	Status              string `json:"Status"`
}

// ThrottlingReason is one entry of a throttling exception's
// ThrottlingReasons (API Reference ThrottlingReason, August 2025): Reason is
// ResourceType+OperationType+LimitType (TableWriteKeyRangeThroughputExceeded,
// IndexReadProvisionedThroughputExceeded, …) and Resource the ARN of the
// table or index throttled. The wire names are lower case.
type ThrottlingReason struct {
	Reason   string `json:"reason"`
	Resource string `json:"resource"`
}

// The limit types of a ThrottlingReason.
const (
	LimitProvisionedThroughput  = "ProvisionedThroughputExceeded"
	LimitKeyRangeThroughput     = "KeyRangeThroughputExceeded"
	LimitAccount                = "AccountLimitExceeded"
	LimitMaxOnDemandThroughput  = "MaxOnDemandThroughputExceeded"
	ThrottledResourceTable      = "Table"
	ThrottledResourceIndex      = "Index"
	ThrottledOperationRead      = "Read"
	ThrottledOperationWrite     = "Write"
	OnDemandThroughputNoMaximum = -1
)

// HashKeys returns the names of the HASH elements of a key schema, in order
// (more than one only for a GSI with a multi-attribute partition key).
func HashKeys(ks []KeySchemaElement) []string {
	return keyNames(ks, KeyTypeHash)
}

// RangeKeys returns the names of the RANGE elements of a key schema, in
// order (more than one only for a GSI with a multi-attribute sort key).
func RangeKeys(ks []KeySchemaElement) []string {
	return keyNames(ks, KeyTypeRange)
}

func keyNames(ks []KeySchemaElement, typ string) []string {
	var out []string
	for _, k := range ks {
		if k.KeyType == typ {
			out = append(out, k.AttributeName)
		}
	}
	return out
}
