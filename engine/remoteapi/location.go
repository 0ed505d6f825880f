package remoteapi

import (
	"strings"
)

// Location tells where a backend points.
type Location struct {
	Region   string
	Profile  string // "" when no profile was named (the chain's default)
	Endpoint string // "" for AWS
	Write    bool
	// PlaceholderCredentials is set once requests to Endpoint went out with
	// placeholder credentials because the chain found none.
	PlaceholderCredentials bool
}

// Place says where in a few words: "AWS eu-west-1, profile prod" or
// "http://127.0.0.1:8000".
func (l Location) Place() string {
	if l.Endpoint != "" {
		return l.Endpoint
	}
	s := "AWS " + l.Region
	if l.Profile != "" {
		s += ", profile " + l.Profile
	}
	return s
}

// String is Place and whether writes are allowed: "AWS eu-west-1, profile
// prod, read-only".
func (l Location) String() string {
	if l.Write {
		return l.Place() + ", writes allowed"
	}
	return l.Place() + ", read-only"
}

// Located is the part of a remote backend that says where it points.
type Located interface {
	Location() Location
}

// AccountOf returns the account ID in a DynamoDB ARN
// (arn:aws:dynamodb:eu-west-1:123456789012:table/Orders), or "".
func AccountOf(arn string) string {
	parts := strings.SplitN(arn, ":", 6)
	if len(parts) < 6 || parts[0] != "arn" {
		return ""
	}
	return parts[4]
}

// Profile is a profile of the user's AWS configuration: its name and the
// region it names ("" for none).
type Profile struct {
	Name   string
	Region string
}
