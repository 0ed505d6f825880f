package server

import (
	"context"
	"encoding/json"
	"reflect"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// handler decodes a request body into an action's input, runs the action
// and returns its output for encoding. Errors are *model.Error; anything
// else is reported as InternalServerError.
type handler func(ctx context.Context, body []byte) (any, error)

// handle adapts one action, such as engine.API's PutItem, to a handler.
func handle[I, O any](fn func(context.Context, *I) (*O, error)) handler {
	return func(ctx context.Context, body []byte) (any, error) {
		in := new(I)
		var err error
		if u, ok := any(in).(json.Unmarshaler); ok {
			// The request decodes itself, in one pass when it is as SDKs
			// send it; json.Unmarshal would only check the whole body's
			// syntax first, which the request's decoder does anyway.
			err = u.UnmarshalJSON(body)
		} else {
			err = json.Unmarshal(body, in)
		}
		if err != nil {
			return nil, decodeError(reflect.TypeFor[I](), body, err)
		}
		if n, ok := any(in).(model.EmptyNoter); ok {
			n.NoteEmpty(body) // "" or left out, where DynamoDB tells them apart
		}
		out, err := fn(ctx, in)
		if err != nil {
			return nil, err
		}
		if out == nil {
			return struct{}{}, nil
		}
		return out, nil
	}
}

// dynamoDBActions is the action table of DynamoDBTarget: one entry per
// method of engine.API. GetItem, Query and Scan take the items as stored
// when api can hand them over so (engine.EncodedReader): the reply is
// written from the stored bytes.
func dynamoDBActions(api engine.API) map[string]handler {
	actions := map[string]handler{
		"CreateTable":           handle(api.CreateTable),
		"DescribeTable":         handle(api.DescribeTable),
		"ListTables":            handle(api.ListTables),
		"DeleteTable":           handle(api.DeleteTable),
		"UpdateTable":           handle(api.UpdateTable),
		"PutItem":               handle(api.PutItem),
		"GetItem":               handle(api.GetItem),
		"DeleteItem":            handle(api.DeleteItem),
		"UpdateItem":            handle(api.UpdateItem),
		"Query":                 handle(api.Query),
		"Scan":                  handle(api.Scan),
		"BatchGetItem":          handle(api.BatchGetItem),
		"BatchWriteItem":        handle(api.BatchWriteItem),
		"UpdateTimeToLive":      handle(api.UpdateTimeToLive),
		"DescribeTimeToLive":    handle(api.DescribeTimeToLive),
		"TagResource":           handle(api.TagResource),
		"UntagResource":         handle(api.UntagResource),
		"ListTagsOfResource":    handle(api.ListTagsOfResource),
		"TransactWriteItems":    handle(api.TransactWriteItems),
		"TransactGetItems":      handle(api.TransactGetItems),
		"ExecuteStatement":      handle(api.ExecuteStatement),
		"BatchExecuteStatement": handle(api.BatchExecuteStatement),
		"ExecuteTransaction":    handle(api.ExecuteTransaction),
		"SearchVectors":         handle(api.SearchVectors),

		"UpdateContinuousBackups":   handle(api.UpdateContinuousBackups),
		"DescribeContinuousBackups": handle(api.DescribeContinuousBackups),
		"CreateBackup":              handle(api.CreateBackup),
		"DescribeBackup":            handle(api.DescribeBackup),
		"DeleteBackup":              handle(api.DeleteBackup),
		"ListBackups":               handle(api.ListBackups),
		"RestoreTableFromBackup":    handle(api.RestoreTableFromBackup),
		"RestoreTableToPointInTime": handle(api.RestoreTableToPointInTime),

		"DescribeContributorInsights": handle(api.DescribeContributorInsights),
		"UpdateContributorInsights":   handle(api.UpdateContributorInsights),
		"ListContributorInsights":     handle(api.ListContributorInsights),
		"DescribeLimits":              handle(api.DescribeLimits),
		"DescribeEndpoints":           handle(describeEndpoints),
	}
	if er, ok := api.(engine.EncodedReader); ok {
		actions["GetItem"] = handle(er.GetItemEncoded)
		actions["Query"] = handle(er.QueryEncoded)
		actions["Scan"] = handle(er.ScanEncoded)
	}
	if ex, ok := api.(engine.ExportAPI); ok {
		actions["ExportTableToPointInTime"] = handle(ex.ExportTableToPointInTime)
		actions["DescribeExport"] = handle(ex.DescribeExport)
		actions["ListExports"] = handle(ex.ListExports)
	}
	if im, ok := api.(engine.ImportAPI); ok {
		actions["ImportTable"] = handle(im.ImportTable)
		actions["DescribeImport"] = handle(im.DescribeImport)
		actions["ListImports"] = handle(im.ListImports)
	}
	if bp, ok := api.(engine.BulkPutAPI); ok {
		actions["StartBulkPutItems"] = handle(bp.StartBulkPutItems)
		actions["DescribeBulkOperation"] = handle(bp.DescribeBulkOperation)
		actions["ListBulkOperations"] = handle(bp.ListBulkOperations)
		actions["CancelBulkOperation"] = handle(bp.CancelBulkOperation)
	}
	return actions
}

// Register serves fn as action under the target prefix, for instance
// Register(s, StreamsTarget, "GetRecords", streams.GetRecords). I and O are
// the action's input and output shapes with wire JSON names; fn's errors
// should be *model.Error. A later registration of the same target and
// action replaces the earlier one. Register must be called before s serves
// requests.
func Register[I, O any](s *Server, target, action string, fn func(context.Context, *I) (*O, error)) {
	actions := s.targets[target]
	if actions == nil {
		actions = map[string]handler{}
		s.targets[target] = actions
	}
	actions[action] = handle(fn)
}
