package model

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
)

// Replies of the data-plane actions, written once.
//
// The HTTP server writes these outputs with their AppendJSON, straight into
// its reply buffer: byte for byte what encoding/json writes for them (with
// HTML escaping off, as the server's encoder has it; TestReplyJSON compares
// the two), without encoding/json reading back what Item.MarshalJSON wrote
// to check and compact it. An output's AppendJSON fails only on an
// EncodedItem that cannot be read (storage damage).

// marshalReply is json.Marshal without its HTML escaping, for the
// MarshalJSON of reply parts that the server writes with encoding/json:
// < > & go out as they are, as the server's encoder writes every other
// reply and as DynamoDB writes them (json.Marshal would write \u003c,
// \u003e and \u0026 into the items).
func marshalReply(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte{'\n'}), nil
}

// appendUnits writes units as Units.MarshalJSON does: 1 as 1.0.
func appendUnits(dst []byte, u Units) []byte {
	start := len(dst)
	dst = strconv.AppendFloat(dst, float64(u), 'f', -1, 64)
	if !slices.Contains(dst[start:], '.') {
		dst = append(dst, '.', '0')
	}
	return dst
}

func appendCapacity(dst []byte, c *Capacity) []byte {
	dst = append(dst, '{')
	if c.ReadCapacityUnits != nil {
		dst = append(dst, `"ReadCapacityUnits":`...)
		dst = appendUnits(dst, *c.ReadCapacityUnits)
		dst = append(dst, ',')
	}
	if c.WriteCapacityUnits != nil {
		dst = append(dst, `"WriteCapacityUnits":`...)
		dst = appendUnits(dst, *c.WriteCapacityUnits)
		dst = append(dst, ',')
	}
	dst = append(dst, `"CapacityUnits":`...)
	dst = appendUnits(dst, c.CapacityUnits)
	return append(dst, '}')
}

// appendCapacityMap writes an index-name map with sorted names.
func appendCapacityMap(dst []byte, m map[string]Capacity) []byte {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	dst = append(dst, '{')
	for i, n := range names {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, n)
		dst = append(dst, ':')
		c := m[n]
		dst = appendCapacity(dst, &c)
	}
	return append(dst, '}')
}

func appendConsumedCapacity(dst []byte, c *ConsumedCapacity) []byte {
	dst = append(dst, `{"TableName":`...)
	dst = appendJSONString(dst, c.TableName)
	dst = append(dst, `,"CapacityUnits":`...)
	dst = appendUnits(dst, c.CapacityUnits)
	if c.ReadCapacityUnits != nil {
		dst = append(dst, `,"ReadCapacityUnits":`...)
		dst = appendUnits(dst, *c.ReadCapacityUnits)
	}
	if c.WriteCapacityUnits != nil {
		dst = append(dst, `,"WriteCapacityUnits":`...)
		dst = appendUnits(dst, *c.WriteCapacityUnits)
	}
	if c.Table != nil {
		dst = append(dst, `,"Table":`...)
		dst = appendCapacity(dst, c.Table)
	}
	if len(c.LocalSecondaryIndexes) > 0 {
		dst = append(dst, `,"LocalSecondaryIndexes":`...)
		dst = appendCapacityMap(dst, c.LocalSecondaryIndexes)
	}
	if len(c.GlobalSecondaryIndexes) > 0 {
		dst = append(dst, `,"GlobalSecondaryIndexes":`...)
		dst = appendCapacityMap(dst, c.GlobalSecondaryIndexes)
	}
	if len(c.VectorIndexes) > 0 {
		dst = append(dst, `,"VectorIndexes":{`...)
		names := make([]string, 0, len(c.VectorIndexes))
		for n := range c.VectorIndexes {
			names = append(names, n)
		}
		slices.Sort(names)
		for i, n := range names {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, n)
			dst = append(dst, ':', '{')
			v := c.VectorIndexes[n]
			if v.VectorSearchRequestBytes != nil {
				dst = append(dst, `"VectorSearchRequestBytes":`...)
				dst = appendFloat(dst, *v.VectorSearchRequestBytes)
			}
			if v.VectorWriteRequestBytes != nil {
				if v.VectorSearchRequestBytes != nil {
					dst = append(dst, ',')
				}
				dst = append(dst, `"VectorWriteRequestBytes":`...)
				dst = appendFloat(dst, *v.VectorWriteRequestBytes)
			}
			dst = append(dst, '}')
		}
		dst = append(dst, '}')
	}
	return append(dst, '}')
}

// appendFloat writes a float64 as encoding/json does.
func appendFloat(dst []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		// e-09 to e-9
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

func appendCollectionMetrics(dst []byte, m *ItemCollectionMetrics) []byte {
	dst = append(dst, '{')
	if len(m.ItemCollectionKey) > 0 {
		dst = append(dst, `"ItemCollectionKey":`...)
		dst = AppendItemJSON(dst, m.ItemCollectionKey)
	}
	if len(m.SizeEstimateRangeGB) > 0 {
		if len(m.ItemCollectionKey) > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `"SizeEstimateRangeGB":[`...)
		for i, f := range m.SizeEstimateRangeGB {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendFloat(dst, f)
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

// appendItemOrNull writes an item, or null for a nil one (Item.MarshalJSON).
func appendItemOrNull(dst []byte, it Item) []byte {
	if it == nil {
		return append(dst, "null"...)
	}
	return AppendItemJSON(dst, it)
}

// appendWriteResult writes the reply of PutItem, DeleteItem and UpdateItem.
func appendWriteResult(dst []byte, attrs Item, cc *ConsumedCapacity, icm *ItemCollectionMetrics) []byte {
	dst = append(dst, '{')
	sep := false
	if len(attrs) > 0 {
		dst = append(dst, `"Attributes":`...)
		dst = AppendItemJSON(dst, attrs)
		sep = true
	}
	if cc != nil {
		if sep {
			dst = append(dst, ',')
		}
		dst = append(dst, `"ConsumedCapacity":`...)
		dst = appendConsumedCapacity(dst, cc)
		sep = true
	}
	if icm != nil {
		if sep {
			dst = append(dst, ',')
		}
		dst = append(dst, `"ItemCollectionMetrics":`...)
		dst = appendCollectionMetrics(dst, icm)
	}
	return append(dst, '}')
}

// AppendJSON appends the reply's JSON.
func (o *PutItemOutput) AppendJSON(dst []byte) ([]byte, error) {
	return appendWriteResult(dst, o.Attributes, o.ConsumedCapacity, o.ItemCollectionMetrics), nil
}

// AppendJSON appends the reply's JSON.
func (o *DeleteItemOutput) AppendJSON(dst []byte) ([]byte, error) {
	return appendWriteResult(dst, o.Attributes, o.ConsumedCapacity, o.ItemCollectionMetrics), nil
}

// AppendJSON appends the reply's JSON.
func (o *UpdateItemOutput) AppendJSON(dst []byte) ([]byte, error) {
	return appendWriteResult(dst, o.Attributes, o.ConsumedCapacity, o.ItemCollectionMetrics), nil
}

// AppendJSON appends the reply's JSON: Item whenever there is one, even
// empty (an existing item whose projection selects nothing).
func (o *GetItemOutput) AppendJSON(dst []byte) ([]byte, error) {
	dst = append(dst, '{')
	has := o.Item != nil || o.EncodedItem != ""
	if has {
		dst = append(dst, `"Item":`...)
		if o.EncodedItem != "" {
			var err error
			if dst, err = o.EncodedItem.AppendJSON(dst); err != nil {
				return dst, err
			}
		} else {
			dst = AppendItemJSON(dst, o.Item)
		}
	}
	if o.ConsumedCapacity != nil {
		if has {
			dst = append(dst, ',')
		}
		dst = append(dst, `"ConsumedCapacity":`...)
		dst = appendConsumedCapacity(dst, o.ConsumedCapacity)
	}
	return append(dst, '}'), nil
}

// appendReadPage writes a Query or Scan reply as MarshalJSON writes it:
// Items (an empty list included) unless the read only counted.
func appendReadPage(dst []byte, items []Item, encoded []EncodedItem, count, scanned int32, lek Item, cc *ConsumedCapacity) ([]byte, error) {
	dst = append(dst, '{')
	switch {
	case encoded != nil:
		dst = append(dst, `"Items":[`...)
		for i, e := range encoded {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = e.AppendJSON(dst); err != nil {
				return dst, err
			}
		}
		dst = append(dst, "],"...)
	case items != nil:
		dst = append(dst, `"Items":[`...)
		for i, it := range items {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendItemOrNull(dst, it)
		}
		dst = append(dst, "],"...)
	}
	dst = append(dst, `"Count":`...)
	dst = strconv.AppendInt(dst, int64(count), 10)
	dst = append(dst, `,"ScannedCount":`...)
	dst = strconv.AppendInt(dst, int64(scanned), 10)
	if len(lek) > 0 {
		dst = append(dst, `,"LastEvaluatedKey":`...)
		dst = AppendItemJSON(dst, lek)
	}
	if cc != nil {
		dst = append(dst, `,"ConsumedCapacity":`...)
		dst = appendConsumedCapacity(dst, cc)
	}
	return append(dst, '}'), nil
}

// AppendJSON appends the reply's JSON.
func (o *QueryOutput) AppendJSON(dst []byte) ([]byte, error) {
	return appendReadPage(dst, o.Items, o.EncodedItems, o.Count, o.ScannedCount, o.LastEvaluatedKey, o.ConsumedCapacity)
}

// AppendJSON appends the reply's JSON.
func (o *ScanOutput) AppendJSON(dst []byte) ([]byte, error) {
	return appendReadPage(dst, o.Items, o.EncodedItems, o.Count, o.ScannedCount, o.LastEvaluatedKey, o.ConsumedCapacity)
}

// sortedKeys returns a map's keys in order.
// appendTableLists writes a map of table names to lists as encoding/json
// does: tables in name order, a nil list as null, each member by each.
func appendTableLists[T any](dst []byte, m map[string][]T, each func([]byte, *T) []byte) []byte {
	dst = append(dst, '{')
	for i, table := range sortedKeys(m) {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, table)
		dst = append(dst, ':')
		list := m[table]
		if list == nil {
			dst = append(dst, "null"...)
			continue
		}
		dst = append(dst, '[')
		for j := range list {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = each(dst, &list[j])
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func appendWriteRequest(dst []byte, r *WriteRequest) []byte {
	dst = append(dst, '{')
	if r.PutRequest != nil {
		dst = append(dst, `"PutRequest":{"Item":`...)
		dst = appendItemOrNull(dst, r.PutRequest.Item)
		dst = append(dst, '}')
	}
	if r.DeleteRequest != nil {
		if r.PutRequest != nil {
			dst = append(dst, ',')
		}
		dst = append(dst, `"DeleteRequest":{"Key":`...)
		dst = appendItemOrNull(dst, r.DeleteRequest.Key)
		dst = append(dst, '}')
	}
	return append(dst, '}')
}

func appendConsumedList(dst []byte, ccs []ConsumedCapacity) []byte {
	dst = append(dst, '[')
	for i := range ccs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendConsumedCapacity(dst, &ccs[i])
	}
	return append(dst, ']')
}

// AppendJSON appends the reply's JSON.
func (o *BatchWriteItemOutput) AppendJSON(dst []byte) ([]byte, error) {
	dst = append(dst, `{"UnprocessedItems":`...)
	if o.UnprocessedItems == nil {
		dst = append(dst, "null"...)
	} else {
		dst = appendTableLists(dst, o.UnprocessedItems, appendWriteRequest)
	}
	if len(o.ItemCollectionMetrics) > 0 {
		dst = append(dst, `,"ItemCollectionMetrics":`...)
		dst = appendTableLists(dst, o.ItemCollectionMetrics, appendCollectionMetrics)
	}
	if len(o.ConsumedCapacity) > 0 {
		dst = append(dst, `,"ConsumedCapacity":`...)
		dst = appendConsumedList(dst, o.ConsumedCapacity)
	}
	return append(dst, '}'), nil
}
