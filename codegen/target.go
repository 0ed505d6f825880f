package codegen

import (
	"net"
	"net/url"
	"strings"
)

// Where a program sends its request, and what it needs for that.

// loopbackNote says why a program for a loopback endpoint names a region
// and dummy keys.
const loopbackNote = "dynoscope takes any keys: a region and dummy keys let this run without an AWS configuration."

// loopbackRegion is the region a program for a loopback endpoint names
// when none is given: dynoscope (and DynamoDB Local) take any region, and
// the SDKs refuse to send without one.
const loopbackRegion = "us-east-1"

// loopback reports whether an endpoint URL is on this machine
// (127.0.0.0/8, ::1 or localhost): dynoscope serve, which takes any
// credentials.
func loopback(endpoint string) bool {
	if endpoint == "" {
		return false
	}
	u, err := url.Parse(endpoint)
	if err != nil || u.Host == "" {
		u, err = url.Parse("http://" + endpoint)
		if err != nil {
			return false
		}
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// region is the region a program names: the one given, the loopback
// default, or none (the AWS configuration's).
func (o Options) region() string {
	if o.Region != "" {
		return o.Region
	}
	if loopback(o.Endpoint) {
		return loopbackRegion
	}
	return ""
}

// header says, in comment lines without their comment marks, where the
// program sends its request and with which credentials.
func (o Options) header() []string {
	switch {
	case o.Endpoint == "":
		return []string{
			"This program sends its request to DynamoDB in your default AWS account:",
			"the credentials and region of your AWS configuration (environment",
			"variables, ~/.aws). For a program that talks to the explorer's engine,",
			"start the explorer with --serve 127.0.0.1:8000.",
		}
	case loopback(o.Endpoint):
		return []string{"This program sends its request to dynoscope at " + o.Endpoint + "."}
	}
	return []string{
		"This program sends its request to " + o.Endpoint + ",",
		"with the credentials and region of your AWS configuration.",
	}
}

// comment prefixes lines with a comment mark.
func comment(mark string, lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(mark + " " + l + "\n")
	}
	return b.String()
}

// printing is what a program prints of its result: "items" (one plain
// JSON line per item of Items), "item" (Item), "attributes" (Attributes),
// "results" (SearchVectors' SearchResults: each one's Score, a tab and its
// item) or "capacity" (ConsumedCapacity as JSON).
func printing(op string) string {
	switch op {
	case "Query", "Scan", "ExecuteStatement":
		return "items"
	case "GetItem":
		return "item"
	case "TransactWriteItems":
		return "capacity"
	case "SearchVectors":
		return "results"
	}
	return "attributes"
}
