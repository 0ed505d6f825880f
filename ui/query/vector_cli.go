package query

import (
	"github.com/dynoscope/dynoscope/model"
)

// searchVectorsCommand renders a SearchVectors request as an AWS CLI
// command: `aws dynamodb search-vectors --cli-input-json '…'`, the JSON
// being the request exactly as the API takes it (the body dynoscope serve
// and DynamoDB accept). The CLI's own options for SearchVectors are not
// used: the CLI installed here (aws-cli 1.45, botocore 1.43) does not
// model the August 2026 action at all, and --cli-input-json is the form
// every CLI that does model it takes without guessing option names.
func searchVectorsCommand(in *model.SearchVectorsInput, endpoint string) []string {
	parts := []string{"aws dynamodb search-vectors", "--cli-input-json " + shellQuote(jsonText(in))}
	if endpoint != "" {
		parts = append(parts, "--endpoint-url "+shellQuote(endpointURL(endpoint)))
	}
	return parts
}
