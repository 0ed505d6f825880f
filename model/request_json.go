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
// plain int32, a legacy parameter (Expected, KeyConditions, ...), an
// IndexName sent as "", or any error inside an item. What they accept,
// they decode exactly as encoding/json would (FuzzRequestDecoders compares
// the two).

// topDecoder reads one request object.
type topDecoder struct {
	jsonDecoder
	seen       uint64 // members read, by their index in the request's table
	member     string // the member being read
	emptyTable bool   // TableName was ""
	empty      uint8  // expression members sent as "", by exprNames index
	ok         bool   // nothing unusual met
}

// requestMember is one top-level member a one-pass decoder knows: its exact name
// and how its value is read into the request.
type requestMember[T any] struct {
	name string
	read func(d *topDecoder, in *T) bool
}

// decodeMembers reads the request object b into *in with the members of
// table, each at most once; notes, when not nil, is where the request keeps
// its empty-member notes. It leaves *in alone and returns false when it gives
// up.
func decodeMembers[T any](b []byte, in *T, table []requestMember[T], notes func(*T) *emptyExprs) bool {
	saved := *in
	*in = *new(T)
	if !readMembers(b, in, table, notes) {
		*in = saved
		return false
	}
	return true
}

// readMembers is decodeMembers' pass over b, into the zeroed *in.
func readMembers[T any](b []byte, in *T, table []requestMember[T], notes func(*T) *emptyExprs) bool {
	d := &topDecoder{jsonDecoder: jsonDecoder{b: b}, ok: true}
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
		if err != nil || !plain || d.isNull() {
			return false
		}
		i := memberIndex(table, k)
		if i < 0 || !d.once(uint(i)) {
			return false
		}
		d.member = table[i].name
		if !table[i].read(d, in) || !d.ok {
			return false
		}
	}
	if d.end() != nil {
		return false
	}
	if notes != nil {
		*notes(in) = emptyExprs{names: d.emptyExpressions(), emptyTableName: d.emptyTable}
	}
	return true
}

// memberIndex finds name in table, or returns -1.
func memberIndex[T any](table []requestMember[T], name []byte) int {
	for i := range table {
		if table[i].name == string(name) {
			return i
		}
	}
	return -1
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

// indexName reads IndexName, giving up on "" (the slow path notes it).
func (d *topDecoder) indexName(dst *string) bool {
	return d.text(dst) && *dst != ""
}

// expression reads one of exprNames, noting "".
func (d *topDecoder) expression(dst *string) bool {
	if !d.text(dst) {
		return false
	}
	if *dst == "" {
		for i, n := range exprNames {
			if n == d.member {
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

// The members each one-pass decoder knows, as SDKs spell them. A member not
// listed (a legacy parameter among them) is encoding/json's to decode.

var putItemMembers = []requestMember[PutItemInput]{
	{"TableName", func(d *topDecoder, in *PutItemInput) bool { return d.tableName(&in.TableName) }},
	{"Item", func(d *topDecoder, in *PutItemInput) bool { return d.item(&in.Item, itemHint) }},
	{"ConditionExpression", func(d *topDecoder, in *PutItemInput) bool { return d.expression(&in.ConditionExpression) }},
	{"ExpressionAttributeNames", func(d *topDecoder, in *PutItemInput) bool { return d.names(&in.ExpressionAttributeNames) }},
	{"ExpressionAttributeValues", func(d *topDecoder, in *PutItemInput) bool { return d.values(&in.ExpressionAttributeValues) }},
	{"ReturnValues", func(d *topDecoder, in *PutItemInput) bool { return d.text(&in.ReturnValues) }},
	{"ReturnConsumedCapacity", func(d *topDecoder, in *PutItemInput) bool { return d.text(&in.ReturnConsumedCapacity) }},
	{"ReturnItemCollectionMetrics", func(d *topDecoder, in *PutItemInput) bool { return d.text(&in.ReturnItemCollectionMetrics) }},
	{"ReturnValuesOnConditionCheckFailure", func(d *topDecoder, in *PutItemInput) bool {
		return d.text(&in.ReturnValuesOnConditionCheckFailure)
	}},
}

var getItemMembers = []requestMember[GetItemInput]{
	{"TableName", func(d *topDecoder, in *GetItemInput) bool { return d.tableName(&in.TableName) }},
	{"Key", func(d *topDecoder, in *GetItemInput) bool { return d.item(&in.Key, 2) }},
	{"ConsistentRead", func(d *topDecoder, in *GetItemInput) bool { return d.flag(&in.ConsistentRead) }},
	{"ProjectionExpression", func(d *topDecoder, in *GetItemInput) bool { return d.expression(&in.ProjectionExpression) }},
	{"ExpressionAttributeNames", func(d *topDecoder, in *GetItemInput) bool { return d.names(&in.ExpressionAttributeNames) }},
	{"AttributesToGet", func(d *topDecoder, in *GetItemInput) bool { return d.textList(&in.AttributesToGet) }},
	{"ReturnConsumedCapacity", func(d *topDecoder, in *GetItemInput) bool { return d.text(&in.ReturnConsumedCapacity) }},
}

var deleteItemMembers = []requestMember[DeleteItemInput]{
	{"TableName", func(d *topDecoder, in *DeleteItemInput) bool { return d.tableName(&in.TableName) }},
	{"Key", func(d *topDecoder, in *DeleteItemInput) bool { return d.item(&in.Key, 2) }},
	{"ConditionExpression", func(d *topDecoder, in *DeleteItemInput) bool { return d.expression(&in.ConditionExpression) }},
	{"ExpressionAttributeNames", func(d *topDecoder, in *DeleteItemInput) bool { return d.names(&in.ExpressionAttributeNames) }},
	{"ExpressionAttributeValues", func(d *topDecoder, in *DeleteItemInput) bool { return d.values(&in.ExpressionAttributeValues) }},
	{"ReturnValues", func(d *topDecoder, in *DeleteItemInput) bool { return d.text(&in.ReturnValues) }},
	{"ReturnConsumedCapacity", func(d *topDecoder, in *DeleteItemInput) bool { return d.text(&in.ReturnConsumedCapacity) }},
	{"ReturnItemCollectionMetrics", func(d *topDecoder, in *DeleteItemInput) bool { return d.text(&in.ReturnItemCollectionMetrics) }},
	{"ReturnValuesOnConditionCheckFailure", func(d *topDecoder, in *DeleteItemInput) bool {
		return d.text(&in.ReturnValuesOnConditionCheckFailure)
	}},
}

var updateItemMembers = []requestMember[UpdateItemInput]{
	{"TableName", func(d *topDecoder, in *UpdateItemInput) bool { return d.tableName(&in.TableName) }},
	{"Key", func(d *topDecoder, in *UpdateItemInput) bool { return d.item(&in.Key, 2) }},
	{"UpdateExpression", func(d *topDecoder, in *UpdateItemInput) bool { return d.expression(&in.UpdateExpression) }},
	{"ConditionExpression", func(d *topDecoder, in *UpdateItemInput) bool { return d.expression(&in.ConditionExpression) }},
	{"ExpressionAttributeNames", func(d *topDecoder, in *UpdateItemInput) bool { return d.names(&in.ExpressionAttributeNames) }},
	{"ExpressionAttributeValues", func(d *topDecoder, in *UpdateItemInput) bool { return d.values(&in.ExpressionAttributeValues) }},
	{"ReturnValues", func(d *topDecoder, in *UpdateItemInput) bool { return d.text(&in.ReturnValues) }},
	{"ReturnConsumedCapacity", func(d *topDecoder, in *UpdateItemInput) bool { return d.text(&in.ReturnConsumedCapacity) }},
	{"ReturnItemCollectionMetrics", func(d *topDecoder, in *UpdateItemInput) bool { return d.text(&in.ReturnItemCollectionMetrics) }},
	{"ReturnValuesOnConditionCheckFailure", func(d *topDecoder, in *UpdateItemInput) bool {
		return d.text(&in.ReturnValuesOnConditionCheckFailure)
	}},
}

var queryMembers = []requestMember[QueryInput]{
	{"TableName", func(d *topDecoder, in *QueryInput) bool { return d.tableName(&in.TableName) }},
	{"IndexName", func(d *topDecoder, in *QueryInput) bool { return d.indexName(&in.IndexName) }},
	{"Select", func(d *topDecoder, in *QueryInput) bool { return d.text(&in.Select) }},
	{"AttributesToGet", func(d *topDecoder, in *QueryInput) bool { return d.textList(&in.AttributesToGet) }},
	{"Limit", func(d *topDecoder, in *QueryInput) bool { return d.int32Number(&in.Limit) }},
	{"ConsistentRead", func(d *topDecoder, in *QueryInput) bool { return d.flag(&in.ConsistentRead) }},
	{"ConditionalOperator", func(d *topDecoder, in *QueryInput) bool { return d.text(&in.ConditionalOperator) }},
	{"ScanIndexForward", func(d *topDecoder, in *QueryInput) bool { return d.flag(&in.ScanIndexForward) }},
	{"ExclusiveStartKey", func(d *topDecoder, in *QueryInput) bool { return d.item(&in.ExclusiveStartKey, 4) }},
	{"ReturnConsumedCapacity", func(d *topDecoder, in *QueryInput) bool { return d.text(&in.ReturnConsumedCapacity) }},
	{"ProjectionExpression", func(d *topDecoder, in *QueryInput) bool { return d.expression(&in.ProjectionExpression) }},
	{"FilterExpression", func(d *topDecoder, in *QueryInput) bool { return d.expression(&in.FilterExpression) }},
	{"KeyConditionExpression", func(d *topDecoder, in *QueryInput) bool { return d.expression(&in.KeyConditionExpression) }},
	{"ExpressionAttributeNames", func(d *topDecoder, in *QueryInput) bool { return d.names(&in.ExpressionAttributeNames) }},
	{"ExpressionAttributeValues", func(d *topDecoder, in *QueryInput) bool { return d.values(&in.ExpressionAttributeValues) }},
}

var scanMembers = []requestMember[ScanInput]{
	{"TableName", func(d *topDecoder, in *ScanInput) bool { return d.tableName(&in.TableName) }},
	{"IndexName", func(d *topDecoder, in *ScanInput) bool { return d.indexName(&in.IndexName) }},
	{"AttributesToGet", func(d *topDecoder, in *ScanInput) bool { return d.textList(&in.AttributesToGet) }},
	{"Limit", func(d *topDecoder, in *ScanInput) bool { return d.int32Number(&in.Limit) }},
	{"Select", func(d *topDecoder, in *ScanInput) bool { return d.text(&in.Select) }},
	{"ConditionalOperator", func(d *topDecoder, in *ScanInput) bool { return d.text(&in.ConditionalOperator) }},
	{"ExclusiveStartKey", func(d *topDecoder, in *ScanInput) bool { return d.item(&in.ExclusiveStartKey, 4) }},
	{"ReturnConsumedCapacity", func(d *topDecoder, in *ScanInput) bool { return d.text(&in.ReturnConsumedCapacity) }},
	{"TotalSegments", func(d *topDecoder, in *ScanInput) bool { return d.int32Number(&in.TotalSegments) }},
	{"Segment", func(d *topDecoder, in *ScanInput) bool { return d.int32Number(&in.Segment) }},
	{"ProjectionExpression", func(d *topDecoder, in *ScanInput) bool { return d.expression(&in.ProjectionExpression) }},
	{"FilterExpression", func(d *topDecoder, in *ScanInput) bool { return d.expression(&in.FilterExpression) }},
	{"ExpressionAttributeNames", func(d *topDecoder, in *ScanInput) bool { return d.names(&in.ExpressionAttributeNames) }},
	{"ExpressionAttributeValues", func(d *topDecoder, in *ScanInput) bool { return d.values(&in.ExpressionAttributeValues) }},
	{"ConsistentRead", func(d *topDecoder, in *ScanInput) bool { return d.flag(&in.ConsistentRead) }},
}

var batchWriteItemMembers = []requestMember[BatchWriteItemInput]{
	{"RequestItems", func(d *topDecoder, in *BatchWriteItemInput) bool { return d.requestItems(&in.RequestItems) }},
	{"ReturnConsumedCapacity", func(d *topDecoder, in *BatchWriteItemInput) bool { return d.text(&in.ReturnConsumedCapacity) }},
	{"ReturnItemCollectionMetrics", func(d *topDecoder, in *BatchWriteItemInput) bool {
		return d.text(&in.ReturnItemCollectionMetrics)
	}},
}

// decodeFast is the one-pass decoder of each request: false when it gives up.

func (in *PutItemInput) decodeFast(b []byte) bool {
	return decodeMembers(b, in, putItemMembers, func(in *PutItemInput) *emptyExprs { return &in.emptyExprs })
}

func (in *GetItemInput) decodeFast(b []byte) bool {
	return decodeMembers(b, in, getItemMembers, func(in *GetItemInput) *emptyExprs { return &in.emptyExprs })
}

func (in *DeleteItemInput) decodeFast(b []byte) bool {
	return decodeMembers(b, in, deleteItemMembers, func(in *DeleteItemInput) *emptyExprs { return &in.emptyExprs })
}

func (in *UpdateItemInput) decodeFast(b []byte) bool {
	return decodeMembers(b, in, updateItemMembers, func(in *UpdateItemInput) *emptyExprs { return &in.emptyExprs })
}

func (in *QueryInput) decodeFast(b []byte) bool {
	return decodeMembers(b, in, queryMembers, func(in *QueryInput) *emptyExprs { return &in.emptyExprs })
}

func (in *ScanInput) decodeFast(b []byte) bool {
	return decodeMembers(b, in, scanMembers, func(in *ScanInput) *emptyExprs { return &in.emptyExprs })
}

func (in *BatchWriteItemInput) decodeFast(b []byte) bool {
	return decodeMembers(b, in, batchWriteItemMembers, nil)
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
