package server

import (
	"context"
	"net"
	"net/http"

	"github.com/dynoscope/dynoscope/model"
)

// endpointCachePeriod is DescribeEndpoints' CachePeriodInMinutes, the value
// DynamoDB documents (1440: a day).
const endpointCachePeriod = 1440

// describeEndpoints answers DescribeEndpoints with the address the request
// came to (host and port of the listening socket), so that an SDK doing
// endpoint discovery keeps talking to this server and never to AWS; with
// no socket (a handler called directly), the region's public name, as
// DynamoDB answers.
func describeEndpoints(ctx context.Context, _ *model.DescribeEndpointsInput) (*model.DescribeEndpointsOutput, error) {
	address := "dynamodb.us-east-1.amazonaws.com"
	if a, ok := ctx.Value(http.LocalAddrContextKey).(net.Addr); ok && a != nil {
		address = a.String()
	}
	return &model.DescribeEndpointsOutput{Endpoints: []model.Endpoint{{Address: address, CachePeriodInMinutes: endpointCachePeriod}}}, nil
}
