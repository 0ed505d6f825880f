package engine

import (
	"strings"

	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/model"
)

// multiKeyRange returns the partition prefix and the key range a Query on a
// GSI with a multi-attribute key reads: the partition of the pinned
// partition attributes, narrowed by the sort attributes pinned with =, then
// by the range condition on the next one. Index entries order by the tuple
// of sort attributes (indexEntryKey), so this is one range walk, as for a
// single-attribute key.
func multiKeyRange(rt readTarget, schema *expr.KeySchema, kc *expr.MultiKeyCondition) (string, keyRange, *model.Error) {
	for i, v := range kc.HashValues {
		if err := checkEmptyKeyValue(schema.HashKeys[i].Name, v); err != nil {
			return "", keyRange{}, err
		}
	}
	for i, v := range kc.SortEqual {
		if err := checkEmptyKeyValue(schema.RangeKeys[i].Name, v); err != nil {
			return "", keyRange{}, err
		}
	}
	if kc.Range != nil && kc.Range.Op != "begins_with" {
		for _, v := range kc.Range.Values {
			if err := checkEmptyKeyValue(kc.RangeKey, v); err != nil {
				return "", keyRange{}, err
			}
		}
	}
	partition := appendPartitionValues([]byte(rt.prefix()), kc.HashValues)
	sorted := partition
	for _, v := range kc.SortEqual {
		sorted = appendKeyValue(sorted, v)
	}
	return string(partition), rangeFor(string(sorted), kc.Range), nil
}

// checkEmptyKeyValue refuses an empty string or binary as a key
// condition's value, as checkKeyConditionValues does.
func checkEmptyKeyValue(name string, v model.AttributeValue) *model.Error {
	if (v.Type == model.TypeS && v.S == "") || (v.Type == model.TypeB && len(v.B) == 0) {
		return model.Validation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty %s value. Key: %s", emptyWord(v.Type), name)
	}
	return nil
}

// multiQueryStart checks the ExclusiveStartKey of a Query on a
// multi-attribute key and returns its storage key. It must carry the table
// key and every index key attribute with their types; a start key the sort
// conditions do not match "does not match the range key predicate", and one
// of another partition is "outside query boundaries" (the texts of the
// single-attribute checks, queryStart). Unlike a table's key, an index key
// is not unique, so a Query that pins every attribute can still be
// restarted.
func multiQueryStart(rt readTarget, schema *expr.KeySchema, kc *expr.MultiKeyCondition, esk model.Item, partition string) (string, *model.Error) {
	start, merr := rt.startKey(esk)
	if merr != nil {
		return "", merr
	}
	if !kc.Match(*schema, esk) {
		return "", model.Validation("The provided starting key does not match the range key predicate")
	}
	if !strings.HasPrefix(start, partition) {
		return "", model.Validation("The provided starting key is outside query boundaries based on provided conditions")
	}
	return start, nil
}
