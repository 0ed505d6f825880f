package model

import "encoding/json"

// One-pass decoding of the requests that carry items.
//
// encoding/json reads a PutItem body several times: it checks the whole
// body's syntax, then the request's own UnmarshalJSON checks it again,
// then it scans each item to find its end before Item.UnmarshalJSON reads
// it once more. The decoders below read the top-level object once, with
// the scanner items use, for the requests SDKs send. They give up — and
// the request is decoded by encoding/json as before, which also words
// every error — on anything else: a member they do not know or spelled in
// another case (encoding/json matches names case-insensitively), a member
// sent twice, a null, a value of another JSON kind, a number that is not a
// plain int32, a legacy parameter (Expected, KeyConditions, ...), or any
// error inside an item. What they accept, they decode exactly as
// encoding/json would (FuzzRequestDecoders compares the two).

// topDecoder reads one request object.
type topDecoder struct {
	jsonDecoder
	seen       uint64 // members read, by their bit
	emptyTable bool   // TableName was ""
	empty      uint8  // expression members sent as "", by exprNames index
	ok         bool   // nothing unusual met
}

func newTopDecoder(b []byte) *topDecoder {
	return &topDecoder{jsonDecoder: jsonDecoder{b: b}, ok: true}
}

// object reads the top-level object, calling member for each member name
// (positioned at its value). member returns false to give up.
func (d *topDecoder) object(member func(name string) bool) bool {
	d.ws()
	if d.peek() != '{' {
		return false
	}
	d.i++
	for first := true; ; first = false {
		more, err := d.nextMember(first)
		if err != nil {
			return false
		}
		if !more {
			break
		}
		k, plain, err := d.key()
		if err != nil || !plain {
			return false
		}
		if d.isNull() || !member(string(k)) || !d.ok {
			return false
		}
	}
	return d.end() == nil
}

// once marks member bit as read, giving up on a second time.
func (d *topDecoder) once(bit uint) bool {
	if d.seen&(1<<bit) != 0 {
		d.ok = false
		return false
	}
	d.seen |= 1 << bit
	return true
}

// text reads a string member into dst.
func (d *topDecoder) text(dst *string) bool {
	if d.peek() != '"' {
		return false
	}
	s, err := d.str()
	if err != nil {
		return false
	}
	*dst = s
	return true
}

// tableName reads TableName, noting "".
func (d *topDecoder) tableName(dst *string) bool {
	if !d.text(dst) {
		return false
	}
	d.emptyTable = *dst == ""
	return true
}

// expression reads one of exprNames, noting "".
func (d *topDecoder) expression(dst *string, name string) bool {
	if !d.text(dst) {
		return false
	}
	if *dst == "" {
		for i, n := range exprNames {
			if n == name {
				d.empty |= 1 << i
			}
		}
	}
	return true
}

// emptyExpressions lists the expressions sent as "", as emptyExpressions
// does for a body.
func (d *topDecoder) emptyExpressions() []string {
	if d.empty == 0 {
		return nil
	}
	var out []string
	for i, n := range exprNames {
		if d.empty&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// item reads an Item member; hint is the number of attributes expected.
func (d *topDecoder) item(dst *Item, hint int) bool {
	if d.peek() != '{' {
		return false
	}
	m := make(Item, hint)
	d.depth = 0
	if d.mapInto(m) != nil {
		return false
	}
	*dst = m
	return true
}

// values reads ExpressionAttributeValues.
func (d *topDecoder) values(dst *map[string]AttributeValue) bool {
	if d.peek() != '{' {
		return false
	}
	d.i++
	m := make(map[string]AttributeValue, 4)
	for first := true; ; first = false {
		more, err := d.nextMember(first)
		if err != nil {
			return false
		}
		if !more {
			break
		}
		k, plain, err := d.key()
		if err != nil || d.peek() != '{' {
			return false // a null or another kind: encoding/json's turn
		}
		var name string
		if plain {
			name = d.plainString(k)
		} else {
			name = string(k)
		}
		if _, dup := m[name]; dup {
			return false
		}
		var v AttributeValue
		d.depth = 0
		if d.value(&v) != nil {
			return false
		}
		m[name] = v
	}
	*dst = m
	return true
}

// names reads ExpressionAttributeNames.
func (d *topDecoder) names(dst *map[string]string) bool {
	if d.peek() != '{' {
		return false
	}
	d.i++
	m := make(map[string]string, 4)
	for first := true; ; first = false {
		more, err := d.nextMember(first)
		if err != nil {
			return false
		}
		if !more {
			break
		}
		k, plain, err := d.key()
		if err != nil || d.peek() != '"' {
			return false
		}
		var name string
		if plain {
			name = d.plainString(k)
		} else {
			name = string(k)
		}
		if _, dup := m[name]; dup {
			return false
		}
		v, err := d.str()
		if err != nil {
			return false
		}
		m[name] = v
	}
	*dst = m
	return true
}

// textList reads a list of strings (AttributesToGet).
func (d *topDecoder) textList(dst *[]string) bool {
	if d.peek() != '[' {
		return false
	}
	d.i++
	out := []string{}
	for first := true; ; first = false {
		more, err := d.nextElem(first)
		if err != nil {
			return false
		}
		if !more {
			break
		}
		var s string
		if !d.text(&s) {
			return false
		}
		out = append(out, s)
	}
	*dst = out
	return true
}

// flag reads a boolean member into *dst.
func (d *topDecoder) flag(dst **bool) bool {
	var b bool
	switch {
	case d.literal("true"):
		b = true
	case d.literal("false"):
	default:
		return false
	}
	*dst = &b
	return true
}

// int32Number reads a plain integer that fits an int32 (Limit, Segment).
func (d *topDecoder) int32Number(dst **int32) bool {
	start := d.i
	integer, err := d.number()
	if err != nil || !integer {
		return false
	}
	digits := d.b[start:d.i]
	neg := digits[0] == '-'
	if neg {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 10 {
		return false
	}
	var n int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false // an exponent: encoding/json refuses it for an int
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	if n < -1<<31 || n > 1<<31-1 {
		return false
	}
	v := int32(n)
	*dst = &v
	return true
}

// decodeFast is the one-pass decoder of PutItemInput.
func (in *PutItemInput) decodeFast(b []byte) bool {
	var out PutItemInput
	d := newTopDecoder(b)
	if !d.object(func(name string) bool {
		switch name {
		case "TableName":
			return d.once(0) && d.tableName(&out.TableName)
		case "Item":
			return d.once(1) && d.item(&out.Item, itemHint)
		case "ConditionExpression":
			return d.once(2) && d.expression(&out.ConditionExpression, name)
		case "ExpressionAttributeNames":
			return d.once(3) && d.names(&out.ExpressionAttributeNames)
		case "ExpressionAttributeValues":
			return d.once(4) && d.values(&out.ExpressionAttributeValues)
		case "ReturnValues":
			return d.once(5) && d.text(&out.ReturnValues)
		case "ReturnConsumedCapacity":
			return d.once(6) && d.text(&out.ReturnConsumedCapacity)
		case "ReturnItemCollectionMetrics":
			return d.once(7) && d.text(&out.ReturnItemCollectionMetrics)
		case "ReturnValuesOnConditionCheckFailure":
			return d.once(8) && d.text(&out.ReturnValuesOnConditionCheckFailure)
		}
		return false
	}) {
		return false
	}
	out.emptyExprs = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	*in = out
	return true
}

// decodeFast is the one-pass decoder of GetItemInput.
func (in *GetItemInput) decodeFast(b []byte) bool {
	var out GetItemInput
	d := newTopDecoder(b)
	if !d.object(func(name string) bool {
		switch name {
		case "TableName":
			return d.once(0) && d.tableName(&out.TableName)
		case "Key":
			return d.once(1) && d.item(&out.Key, 2)
		case "ConsistentRead":
			return d.once(2) && d.flag(&out.ConsistentRead)
		case "ProjectionExpression":
			return d.once(3) && d.expression(&out.ProjectionExpression, name)
		case "ExpressionAttributeNames":
			return d.once(4) && d.names(&out.ExpressionAttributeNames)
		case "AttributesToGet":
			return d.once(5) && d.textList(&out.AttributesToGet)
		case "ReturnConsumedCapacity":
			return d.once(6) && d.text(&out.ReturnConsumedCapacity)
		}
		return false
	}) {
		return false
	}
	out.emptyExprs = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	*in = out
	return true
}

// decodeFast is the one-pass decoder of DeleteItemInput.
func (in *DeleteItemInput) decodeFast(b []byte) bool {
	var out DeleteItemInput
	d := newTopDecoder(b)
	if !d.object(func(name string) bool {
		switch name {
		case "TableName":
			return d.once(0) && d.tableName(&out.TableName)
		case "Key":
			return d.once(1) && d.item(&out.Key, 2)
		case "ConditionExpression":
			return d.once(2) && d.expression(&out.ConditionExpression, name)
		case "ExpressionAttributeNames":
			return d.once(3) && d.names(&out.ExpressionAttributeNames)
		case "ExpressionAttributeValues":
			return d.once(4) && d.values(&out.ExpressionAttributeValues)
		case "ReturnValues":
			return d.once(5) && d.text(&out.ReturnValues)
		case "ReturnConsumedCapacity":
			return d.once(6) && d.text(&out.ReturnConsumedCapacity)
		case "ReturnItemCollectionMetrics":
			return d.once(7) && d.text(&out.ReturnItemCollectionMetrics)
		case "ReturnValuesOnConditionCheckFailure":
			return d.once(8) && d.text(&out.ReturnValuesOnConditionCheckFailure)
		}
		return false
	}) {
		return false
	}
	out.emptyExprs = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	*in = out
	return true
}

// decodeFast is the one-pass decoder of UpdateItemInput.
func (in *UpdateItemInput) decodeFast(b []byte) bool {
	var out UpdateItemInput
	d := newTopDecoder(b)
	if !d.object(func(name string) bool {
		switch name {
		case "TableName":
			return d.once(0) && d.tableName(&out.TableName)
		case "Key":
			return d.once(1) && d.item(&out.Key, 2)
		case "UpdateExpression":
			return d.once(2) && d.expression(&out.UpdateExpression, name)
		case "ConditionExpression":
			return d.once(3) && d.expression(&out.ConditionExpression, name)
		case "ExpressionAttributeNames":
			return d.once(4) && d.names(&out.ExpressionAttributeNames)
		case "ExpressionAttributeValues":
			return d.once(5) && d.values(&out.ExpressionAttributeValues)
		case "ReturnValues":
			return d.once(6) && d.text(&out.ReturnValues)
		case "ReturnConsumedCapacity":
			return d.once(7) && d.text(&out.ReturnConsumedCapacity)
		case "ReturnItemCollectionMetrics":
			return d.once(8) && d.text(&out.ReturnItemCollectionMetrics)
		case "ReturnValuesOnConditionCheckFailure":
			return d.once(9) && d.text(&out.ReturnValuesOnConditionCheckFailure)
		}
		return false
	}) {
		return false
	}
	out.emptyExprs = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	*in = out
	return true
}

// decodeFast is the one-pass decoder of QueryInput.
func (in *QueryInput) decodeFast(b []byte) bool {
	var out QueryInput
	d := newTopDecoder(b)
	if !d.object(func(name string) bool {
		switch name {
		case "TableName":
			return d.once(0) && d.tableName(&out.TableName)
		case "IndexName":
			return d.once(1) && d.text(&out.IndexName)
		case "Select":
			return d.once(2) && d.text(&out.Select)
		case "AttributesToGet":
			return d.once(3) && d.textList(&out.AttributesToGet)
		case "Limit":
			return d.once(4) && d.int32Number(&out.Limit)
		case "ConsistentRead":
			return d.once(5) && d.flag(&out.ConsistentRead)
		case "ConditionalOperator":
			return d.once(6) && d.text(&out.ConditionalOperator)
		case "ScanIndexForward":
			return d.once(7) && d.flag(&out.ScanIndexForward)
		case "ExclusiveStartKey":
			return d.once(8) && d.item(&out.ExclusiveStartKey, 4)
		case "ReturnConsumedCapacity":
			return d.once(9) && d.text(&out.ReturnConsumedCapacity)
		case "ProjectionExpression":
			return d.once(10) && d.expression(&out.ProjectionExpression, name)
		case "FilterExpression":
			return d.once(11) && d.expression(&out.FilterExpression, name)
		case "KeyConditionExpression":
			return d.once(12) && d.expression(&out.KeyConditionExpression, name)
		case "ExpressionAttributeNames":
			return d.once(13) && d.names(&out.ExpressionAttributeNames)
		case "ExpressionAttributeValues":
			return d.once(14) && d.values(&out.ExpressionAttributeValues)
		}
		return false
	}) {
		return false
	}
	out.emptyExprs = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	*in = out
	return true
}

// decodeFast is the one-pass decoder of ScanInput.
func (in *ScanInput) decodeFast(b []byte) bool {
	var out ScanInput
	d := newTopDecoder(b)
	if !d.object(func(name string) bool {
		switch name {
		case "TableName":
			return d.once(0) && d.tableName(&out.TableName)
		case "IndexName":
			return d.once(1) && d.text(&out.IndexName)
		case "AttributesToGet":
			return d.once(2) && d.textList(&out.AttributesToGet)
		case "Limit":
			return d.once(3) && d.int32Number(&out.Limit)
		case "Select":
			return d.once(4) && d.text(&out.Select)
		case "ConditionalOperator":
			return d.once(5) && d.text(&out.ConditionalOperator)
		case "ExclusiveStartKey":
			return d.once(6) && d.item(&out.ExclusiveStartKey, 4)
		case "ReturnConsumedCapacity":
			return d.once(7) && d.text(&out.ReturnConsumedCapacity)
		case "TotalSegments":
			return d.once(8) && d.int32Number(&out.TotalSegments)
		case "Segment":
			return d.once(9) && d.int32Number(&out.Segment)
		case "ProjectionExpression":
			return d.once(10) && d.expression(&out.ProjectionExpression, name)
		case "FilterExpression":
			return d.once(11) && d.expression(&out.FilterExpression, name)
		case "ExpressionAttributeNames":
			return d.once(12) && d.names(&out.ExpressionAttributeNames)
		case "ExpressionAttributeValues":
			return d.once(13) && d.values(&out.ExpressionAttributeValues)
		case "ConsistentRead":
			return d.once(14) && d.flag(&out.ConsistentRead)
		}
		return false
	}) {
		return false
	}
	out.emptyExprs = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	*in = out
	return true
}

// decodeFast is the one-pass decoder of BatchWriteItemInput.
func (in *BatchWriteItemInput) decodeFast(b []byte) bool {
	var out BatchWriteItemInput
	d := newTopDecoder(b)
	if !d.object(func(name string) bool {
		switch name {
		case "RequestItems":
			return d.once(0) && d.requestItems(&out.RequestItems)
		case "ReturnConsumedCapacity":
			return d.once(1) && d.text(&out.ReturnConsumedCapacity)
		case "ReturnItemCollectionMetrics":
			return d.once(2) && d.text(&out.ReturnItemCollectionMetrics)
		}
		return false
	}) {
		return false
	}
	*in = out
	return true
}

// requestItems reads BatchWriteItem's RequestItems: table name to a list of
// {"PutRequest":{"Item":...}} and {"DeleteRequest":{"Key":...}}.
func (d *topDecoder) requestItems(dst *map[string][]WriteRequest) bool {
	if d.peek() != '{' {
		return false
	}
	d.i++
	m := make(map[string][]WriteRequest, 1)
	for first := true; ; first = false {
		more, err := d.nextMember(first)
		if err != nil {
			return false
		}
		if !more {
			break
		}
		k, plain, err := d.key()
		if err != nil || d.peek() != '[' {
			return false
		}
		var table string
		if plain {
			table = d.plainString(k)
		} else {
			table = string(k)
		}
		if _, dup := m[table]; dup {
			return false
		}
		d.i++
		reqs := make([]WriteRequest, 0, 25)
		for first := true; ; first = false {
			more, err := d.nextElem(first)
			if err != nil {
				return false
			}
			if !more {
				break
			}
			var r WriteRequest
			if !d.writeRequest(&r) {
				return false
			}
			reqs = append(reqs, r)
		}
		m[table] = reqs
	}
	*dst = m
	return true
}

// writeRequest reads one {"PutRequest":{"Item":...}} or
// {"DeleteRequest":{"Key":...}} (both members, too: validation refuses it).
func (d *topDecoder) writeRequest(r *WriteRequest) bool {
	if d.peek() != '{' {
		return false
	}
	d.i++
	for first := true; ; first = false {
		more, err := d.nextMember(first)
		if err != nil {
			return false
		}
		if !more {
			return true
		}
		k, plain, err := d.key()
		if err != nil || !plain {
			return false
		}
		var field string
		var dst *Item
		hint := itemHint
		switch string(k) {
		case "PutRequest":
			if r.PutRequest != nil {
				return false
			}
			r.PutRequest = &PutRequest{}
			field, dst = "Item", &r.PutRequest.Item
		case "DeleteRequest":
			if r.DeleteRequest != nil {
				return false
			}
			r.DeleteRequest = &DeleteRequest{}
			field, dst, hint = "Key", &r.DeleteRequest.Key, 2
		default:
			return false
		}
		// {"Item": {...}} with exactly that member.
		if d.peek() != '{' {
			return false
		}
		d.i++
		if more, err := d.nextMember(true); err != nil || !more {
			return false
		}
		k, plain, err = d.key()
		if err != nil || !plain || string(k) != field || !d.item(dst, hint) {
			return false
		}
		if more, err := d.nextMember(false); err != nil || more {
			return false
		}
	}
}

// UnmarshalJSON decodes the request: in one pass when it is as SDKs send
// it, with encoding/json otherwise.
func (in *BatchWriteItemInput) UnmarshalJSON(b []byte) error {
	if in.decodeFast(b) {
		return nil
	}
	type plain BatchWriteItemInput
	return json.Unmarshal(b, (*plain)(in))
}

// itemHint sizes the map of a request's item: up to 14 attributes fit the
// two groups of slots this gives a map; larger items grow it.
const itemHint = 12
