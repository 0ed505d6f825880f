package model

// Shapes of DescribeLimits, DescribeEndpoints and Contributor Insights
// (DescribeContributorInsights, UpdateContributorInsights,
// ListContributorInsights), with the API Reference's wire names.

// DescribeLimitsInput is DescribeLimits' request (no parameters).
type DescribeLimitsInput struct{}

// DescribeLimitsOutput is DescribeLimits' response.
type DescribeLimitsOutput struct {
	AccountMaxReadCapacityUnits  int64 `json:"AccountMaxReadCapacityUnits"`
	AccountMaxWriteCapacityUnits int64 `json:"AccountMaxWriteCapacityUnits"`
	TableMaxReadCapacityUnits    int64 `json:"TableMaxReadCapacityUnits"`
	TableMaxWriteCapacityUnits   int64 `json:"TableMaxWriteCapacityUnits"`
}

// DescribeEndpointsInput is DescribeEndpoints' request (no parameters).
type DescribeEndpointsInput struct{}

// Endpoint is one endpoint DescribeEndpoints names.
type Endpoint struct {
	Address              string `json:"Address"`
	CachePeriodInMinutes int64  `json:"CachePeriodInMinutes"`
}

// DescribeEndpointsOutput is DescribeEndpoints' response.
type DescribeEndpointsOutput struct {
	Endpoints []Endpoint `json:"Endpoints"`
}

// Contributor Insights actions, statuses and modes.
const (
	InsightsEnable  = "ENABLE"
	InsightsDisable = "DISABLE"

	InsightsEnabling  = "ENABLING"
	InsightsEnabled   = "ENABLED"
	InsightsDisabling = "DISABLING"
	InsightsDisabled  = "DISABLED"

	InsightsAccessedAndThrottled = "ACCESSED_AND_THROTTLED_KEYS"
	InsightsThrottledOnly        = "THROTTLED_KEYS"
)

// DescribeContributorInsightsInput is DescribeContributorInsights' request.
type DescribeContributorInsightsInput struct {
	TableName string `json:"TableName"`
	IndexName string `json:"IndexName,omitempty"`
}

// DescribeContributorInsightsOutput is DescribeContributorInsights' response.
type DescribeContributorInsightsOutput struct {
	TableName                   string   `json:"TableName"`
	IndexName                   string   `json:"IndexName,omitempty"`
	ContributorInsightsRuleList []string `json:"ContributorInsightsRuleList,omitempty"`
	ContributorInsightsStatus   string   `json:"ContributorInsightsStatus"`
	ContributorInsightsMode     string   `json:"ContributorInsightsMode,omitempty"`
	LastUpdateDateTime          *float64 `json:"LastUpdateDateTime,omitempty"`
}

// UpdateContributorInsightsInput is UpdateContributorInsights' request.
type UpdateContributorInsightsInput struct {
	TableName                 string `json:"TableName"`
	IndexName                 string `json:"IndexName,omitempty"`
	ContributorInsightsAction string `json:"ContributorInsightsAction"`
	ContributorInsightsMode   string `json:"ContributorInsightsMode,omitempty"`
}

// UpdateContributorInsightsOutput is UpdateContributorInsights' response.
type UpdateContributorInsightsOutput struct {
	TableName                 string `json:"TableName"`
	IndexName                 string `json:"IndexName,omitempty"`
	ContributorInsightsStatus string `json:"ContributorInsightsStatus"`
	ContributorInsightsMode   string `json:"ContributorInsightsMode,omitempty"`
}

// ListContributorInsightsInput is ListContributorInsights' request.
type ListContributorInsightsInput struct {
	TableName  string `json:"TableName,omitempty"`
	NextToken  string `json:"NextToken,omitempty"`
	MaxResults *int   `json:"MaxResults,omitempty"`
}

// ContributorInsightsSummary is one table or GSI in ListContributorInsights.
type ContributorInsightsSummary struct {
	TableName                 string `json:"TableName"`
	IndexName                 string `json:"IndexName,omitempty"`
	ContributorInsightsStatus string `json:"ContributorInsightsStatus"`
	ContributorInsightsMode   string `json:"ContributorInsightsMode,omitempty"`
}

// ListContributorInsightsOutput is ListContributorInsights' response.
type ListContributorInsightsOutput struct {
	ContributorInsightsSummaries []ContributorInsightsSummary `json:"ContributorInsightsSummaries"`
	NextToken                    string                       `json:"NextToken,omitempty"`
}
