package remote

import (
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/model"
)

// Conversions of the on-demand maximum (OnDemandThroughput), the warm
// throughput and the throttling reasons between the SDK's types and the
// model's.

func toOnDemand(o *model.OnDemandThroughput) *types.OnDemandThroughput {
	if o == nil {
		return nil
	}
	return &types.OnDemandThroughput{MaxReadRequestUnits: o.MaxReadRequestUnits, MaxWriteRequestUnits: o.MaxWriteRequestUnits}
}

func fromOnDemand(o *types.OnDemandThroughput) *model.OnDemandThroughput {
	if o == nil {
		return nil
	}
	return &model.OnDemandThroughput{MaxReadRequestUnits: o.MaxReadRequestUnits, MaxWriteRequestUnits: o.MaxWriteRequestUnits}
}

func toWarm(w *model.WarmThroughput) *types.WarmThroughput {
	if w == nil {
		return nil
	}
	return &types.WarmThroughput{ReadUnitsPerSecond: w.ReadUnitsPerSecond, WriteUnitsPerSecond: w.WriteUnitsPerSecond}
}

func fromTableWarm(w *types.TableWarmThroughputDescription) *model.WarmThroughputDescription {
	if w == nil {
		return nil
	}
	return &model.WarmThroughputDescription{ReadUnitsPerSecond: aws.ToInt64(w.ReadUnitsPerSecond),
		WriteUnitsPerSecond: aws.ToInt64(w.WriteUnitsPerSecond), Status: string(w.Status)}
}

func fromIndexWarm(w *types.GlobalSecondaryIndexWarmThroughputDescription) *model.WarmThroughputDescription {
	if w == nil {
		return nil
	}
	return &model.WarmThroughputDescription{ReadUnitsPerSecond: aws.ToInt64(w.ReadUnitsPerSecond),
		WriteUnitsPerSecond: aws.ToInt64(w.WriteUnitsPerSecond), Status: string(w.Status)}
}

// throttlingReasons returns the ThrottlingReasons of a throttling
// exception the SDK parsed (nil for any other error).
func throttlingReasons(err error) []model.ThrottlingReason {
	var list []types.ThrottlingReason
	var pte *types.ProvisionedThroughputExceededException
	var te *types.ThrottlingException
	var rle *types.RequestLimitExceeded
	switch {
	case errors.As(err, &pte):
		list = pte.ThrottlingReasons
	case errors.As(err, &te):
		list = te.ThrottlingReasons
	case errors.As(err, &rle):
		list = rle.ThrottlingReasons
	}
	var out []model.ThrottlingReason
	for _, r := range list {
		out = append(out, model.ThrottlingReason{Reason: deref(r.Reason), Resource: deref(r.Resource)})
	}
	return out
}
