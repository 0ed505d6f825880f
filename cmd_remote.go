package main

import (
	"context"
	"errors"
	"flag"

	"github.com/dynoscope/dynoscope/engine/remote"
)

// remoteFlags are the flags that point a command at a real DynamoDB: AWS
// in a region (with a profile's credentials), or any compatible endpoint.
// `dynoscope copy` and the explorer take them.
type remoteFlags struct {
	region   string
	profile  string
	endpoint string
	write    bool
	// onlyConnections retries only calls whose answer was lost (refused or
	// dropped connections): the explorer shows a throttle when it happens,
	// not after the SDK's backoffs.
	onlyConnections bool
}

// register adds --region, --profile and --endpoint-url, and --write when
// the command can write.
func (r *remoteFlags) register(fs *flag.FlagSet, canWrite bool) {
	fs.StringVar(&r.region, "region", "", "AWS `REGION` of the tables (default: the profile's, or AWS_REGION)")
	fs.StringVar(&r.profile, "profile", "", "shared config `PROFILE` whose credentials to use (default: AWS_PROFILE, or the standard chain)")
	fs.StringVar(&r.endpoint, "endpoint-url", "", "any DynamoDB-compatible endpoint `URL` instead of AWS (DynamoDB Local, LocalStack, dynalite, dynoscope serve)")
	if canWrite {
		fs.BoolVar(&r.write, "write", false, "allow changes to the remote tables (read-only without it)")
	}
}

// set reports whether a remote DynamoDB was named.
func (r *remoteFlags) set() bool { return r.region != "" || r.profile != "" || r.endpoint != "" }

// open returns the remote backend the flags name.
func (r *remoteFlags) open(ctx context.Context) (*remote.Backend, error) {
	if !r.set() {
		return nil, errors.New("name the DynamoDB to read: --region REGION [--profile NAME], or --endpoint-url URL")
	}
	return remote.Open(ctx, remote.Options{Region: r.region, Profile: r.profile, EndpointURL: r.endpoint, Write: r.write,
		RetryConnectionsOnly: r.onlyConnections})
}
