package remote

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	sttypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"

	"github.com/dynoscope/dynoscope/model"
)

// Attribute values between the model and the SDK. All ten types convert
// both ways; the model's values that name no valid type (decoded from a
// JSON {} or {"NULL":false}) have no SDK form, so sending one is refused
// with the ValidationException DynamoDB answers to it.

// toValue converts a model value to the SDK's.
func toValue(v model.AttributeValue) (types.AttributeValue, error) {
	switch v.Type {
	case model.TypeS:
		return &types.AttributeValueMemberS{Value: v.S}, nil
	case model.TypeN:
		return &types.AttributeValueMemberN{Value: v.N}, nil
	case model.TypeB:
		return &types.AttributeValueMemberB{Value: bytesOrEmpty(v.B)}, nil
	case model.TypeBOOL:
		return &types.AttributeValueMemberBOOL{Value: v.BOOL}, nil
	case model.TypeNULL:
		return &types.AttributeValueMemberNULL{Value: true}, nil
	case model.TypeL:
		l := make([]types.AttributeValue, len(v.L))
		for i := range v.L {
			e, err := toValue(v.L[i])
			if err != nil {
				return nil, err
			}
			l[i] = e
		}
		return &types.AttributeValueMemberL{Value: l}, nil
	case model.TypeM:
		m, err := toItemAlways(v.M)
		if err != nil {
			return nil, err
		}
		return &types.AttributeValueMemberM{Value: m}, nil
	case model.TypeSS:
		return &types.AttributeValueMemberSS{Value: stringsOrEmpty(v.SS)}, nil
	case model.TypeNS:
		return &types.AttributeValueMemberNS{Value: stringsOrEmpty(v.NS)}, nil
	case model.TypeBS:
		bs := make([][]byte, len(v.BS))
		for i, b := range v.BS {
			bs[i] = bytesOrEmpty(b)
		}
		return &types.AttributeValueMemberBS{Value: bs}, nil
	}
	return nil, unsendable(v)
}

// unsendable is DynamoDB's answer to a value the SDK cannot express (no
// type, several types, NULL false): the model's own validation has the
// service's text for each.
func unsendable(v model.AttributeValue) error {
	c := v.Clone()
	if err := model.NormalizeValue(&c); err != nil {
		return err
	}
	return model.Validation("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes")
}

// bytesOrEmpty keeps an empty binary as a present, empty one ("B": "").
func bytesOrEmpty(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// stringsOrEmpty keeps an empty set present on the wire, so the service
// answers for it.
func stringsOrEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// toItem converts an item or key; nil stays nil (absent on the wire).
func toItem(it model.Item) (map[string]types.AttributeValue, error) {
	if it == nil {
		return nil, nil
	}
	return toItemAlways(it)
}

// toItemAlways converts an item, nil as an empty map.
func toItemAlways(it model.Item) (map[string]types.AttributeValue, error) {
	out := make(map[string]types.AttributeValue, len(it))
	for k, v := range it {
		sv, err := toValue(v)
		if err != nil {
			return nil, err
		}
		out[k] = sv
	}
	return out, nil
}

// toValues converts ExpressionAttributeValues; a value the SDK cannot
// express is refused as DynamoDB words it for this parameter.
func toValues(m map[string]model.AttributeValue) (map[string]types.AttributeValue, error) {
	if m == nil {
		return nil, nil
	}
	out := make(map[string]types.AttributeValue, len(m))
	for k, v := range m {
		sv, err := toValue(v)
		if err != nil {
			if me, ok := err.(*model.Error); ok {
				return nil, model.Validation("ExpressionAttributeValues contains invalid value: %s for key %s", me.Message, k)
			}
			return nil, err
		}
		out[k] = sv
	}
	return out, nil
}

// toValueList converts an AttributeValueList.
func toValueList(vs []model.AttributeValue) ([]types.AttributeValue, error) {
	if vs == nil {
		return nil, nil
	}
	out := make([]types.AttributeValue, len(vs))
	for i := range vs {
		v, err := toValue(vs[i])
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// fromValue converts an SDK value to the model's.
func fromValue(v types.AttributeValue) (model.AttributeValue, error) {
	switch t := v.(type) {
	case *types.AttributeValueMemberS:
		return model.S(t.Value), nil
	case *types.AttributeValueMemberN:
		return model.N(t.Value), nil
	case *types.AttributeValueMemberB:
		return model.B(bytesOrEmpty(t.Value)), nil
	case *types.AttributeValueMemberBOOL:
		return model.Bool(t.Value), nil
	case *types.AttributeValueMemberNULL:
		return model.Null(), nil
	case *types.AttributeValueMemberL:
		l := make([]model.AttributeValue, len(t.Value))
		for i, e := range t.Value {
			mv, err := fromValue(e)
			if err != nil {
				return model.AttributeValue{}, err
			}
			l[i] = mv
		}
		return model.L(l...), nil
	case *types.AttributeValueMemberM:
		m, err := fromItemAlways(t.Value)
		if err != nil {
			return model.AttributeValue{}, err
		}
		return model.M(m), nil
	case *types.AttributeValueMemberSS:
		return model.SS(append([]string(nil), t.Value...)...), nil
	case *types.AttributeValueMemberNS:
		return model.NS(append([]string(nil), t.Value...)...), nil
	case *types.AttributeValueMemberBS:
		return model.BS(append([][]byte(nil), t.Value...)...), nil
	}
	return model.AttributeValue{}, unknownMember(v)
}

// unknownMember reports a value of a type this build does not know (a
// newer service answer than the SDK's model).
func unknownMember(v any) error {
	if u, ok := v.(*types.UnknownUnionMember); ok {
		return model.NewError(model.ErrInternalServer, "the service returned an attribute value of unknown type %q", u.Tag)
	}
	if u, ok := v.(*sttypes.UnknownUnionMember); ok {
		return model.NewError(model.ErrInternalServer, "the service returned an attribute value of unknown type %q", u.Tag)
	}
	return model.NewError(model.ErrInternalServer, "the service returned an attribute value of unknown type %T", v)
}

// fromItem converts an item or key; nil stays nil.
func fromItem(it map[string]types.AttributeValue) (model.Item, error) {
	if it == nil {
		return nil, nil
	}
	return fromItemAlways(it)
}

// fromItemAlways converts an item, nil as an empty item.
func fromItemAlways(it map[string]types.AttributeValue) (model.Item, error) {
	out := make(model.Item, len(it))
	for k, v := range it {
		mv, err := fromValue(v)
		if err != nil {
			return nil, err
		}
		out[k] = mv
	}
	return out, nil
}

// fromItems converts a page of items; nil stays nil.
func fromItems(items []map[string]types.AttributeValue) ([]model.Item, error) {
	if items == nil {
		return nil, nil
	}
	out := make([]model.Item, len(items))
	for i, it := range items {
		mi, err := fromItemAlways(it)
		if err != nil {
			return nil, err
		}
		out[i] = mi
	}
	return out, nil
}

// fromStreamValue converts a DynamoDB Streams value (its own SDK type) to
// the model's.
func fromStreamValue(v sttypes.AttributeValue) (model.AttributeValue, error) {
	switch t := v.(type) {
	case *sttypes.AttributeValueMemberS:
		return model.S(t.Value), nil
	case *sttypes.AttributeValueMemberN:
		return model.N(t.Value), nil
	case *sttypes.AttributeValueMemberB:
		return model.B(bytesOrEmpty(t.Value)), nil
	case *sttypes.AttributeValueMemberBOOL:
		return model.Bool(t.Value), nil
	case *sttypes.AttributeValueMemberNULL:
		return model.Null(), nil
	case *sttypes.AttributeValueMemberL:
		l := make([]model.AttributeValue, len(t.Value))
		for i, e := range t.Value {
			mv, err := fromStreamValue(e)
			if err != nil {
				return model.AttributeValue{}, err
			}
			l[i] = mv
		}
		return model.L(l...), nil
	case *sttypes.AttributeValueMemberM:
		m, err := fromStreamItem(t.Value)
		if err != nil {
			return model.AttributeValue{}, err
		}
		if m == nil {
			m = model.Item{}
		}
		return model.M(m), nil
	case *sttypes.AttributeValueMemberSS:
		return model.SS(append([]string(nil), t.Value...)...), nil
	case *sttypes.AttributeValueMemberNS:
		return model.NS(append([]string(nil), t.Value...)...), nil
	case *sttypes.AttributeValueMemberBS:
		return model.BS(append([][]byte(nil), t.Value...)...), nil
	}
	return model.AttributeValue{}, unknownMember(v)
}

// fromStreamItem converts a stream record's keys or image; nil stays nil.
func fromStreamItem(it map[string]sttypes.AttributeValue) (model.Item, error) {
	if it == nil {
		return nil, nil
	}
	out := make(model.Item, len(it))
	for k, v := range it {
		mv, err := fromStreamValue(v)
		if err != nil {
			return nil, err
		}
		out[k] = mv
	}
	return out, nil
}
