package engine

import (
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/dynoscope/dynoscope/model"
)

// javaKeySchema prints a key schema as DynamoDB echoes it in a constraint
// message, the elements in their Java form:
// "[KeySchemaElement(attributeName=pk, keyType=HASH), …]" (quoted from
// DynamoDB in nubo-db/dynoxide#11; DynamoDB sometimes prints the Java
// default "com.amazonaws.dynamodb.v20120810.KeySchemaElement@<hash>"
// instead, architect/architect#44).
func javaKeySchema(ks []model.KeySchemaElement) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, k := range ks {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("KeySchemaElement(attributeName=")
		b.WriteString(javaString(k.AttributeName))
		b.WriteString(", keyType=")
		b.WriteString(javaString(k.KeyType))
		b.WriteByte(')')
	}
	b.WriteByte(']')
	return b.String()
}

// javaString is s as Java prints a String field: null when absent.
func javaString(s string) string {
	if s == "" {
		return "null"
	}
	return s
}

// javaWriteRequests prints BatchWriteItem's RequestItems as DynamoDB echoes
// them in the constraint on their count: each table's list of requests in
// the form of the service's Java classes,
//
//	{t=[WriteRequest(putRequest=PutRequest(item={a=com.amazonaws.dynamodb.v20120810.AttributeValue@1f2e3d4c}, workloadProfileName=null), deleteRequest=null), …]}
//
// as quoted from DynamoDB in 2024 (risingwavelabs/risingwave#17572; before
// that the service printed "com.amazonaws.dynamodb.v20120810.WriteRequest@<hash>",
// boto/boto3#483, cortexproject/cortex#199). What cannot be DynamoDB's is
// ours: an AttributeValue's hash is the Java String hash of its JSON here,
// not the service's object hash (equal values still print equal hashes, as
// they do there); tables and attributes come in name order; a delete prints
// as "deleteRequest=DeleteRequest(key={…}, workloadProfileName=null)" by
// analogy with the put (no public capture shows one).
func javaWriteRequests(items map[string][]model.WriteRequest) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, name := range sortedKeys(items) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(name)
		b.WriteString("=[")
		for j, r := range items[name] {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("WriteRequest(putRequest=")
			if r.PutRequest != nil {
				b.WriteString("PutRequest(item=")
				writeJavaItem(&b, r.PutRequest.Item)
				b.WriteString(", workloadProfileName=null)")
			} else {
				b.WriteString("null")
			}
			b.WriteString(", deleteRequest=")
			if r.DeleteRequest != nil {
				b.WriteString("DeleteRequest(key=")
				writeJavaItem(&b, r.DeleteRequest.Key)
				b.WriteString(", workloadProfileName=null)")
			} else {
				b.WriteString("null")
			}
			b.WriteByte(')')
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
	return b.String()
}

// writeJavaItem prints an item as a Java map of AttributeValue objects,
// "{a=com.amazonaws.dynamodb.v20120810.AttributeValue@<hash>, …}", or null.
func writeJavaItem(b *strings.Builder, item model.Item) {
	if item == nil {
		b.WriteString("null")
		return
	}
	b.WriteByte('{')
	for i, name := range sortedKeys(item) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(name)
		b.WriteString("=com.amazonaws.dynamodb.v20120810.AttributeValue@")
		js, _ := item[name].MarshalJSON()
		b.WriteString(strconv.FormatUint(uint64(javaStringHash(string(js))), 16))
	}
	b.WriteByte('}')
}

// javaStringHash is Java's String.hashCode (over UTF-16 code units), as an
// unsigned 32-bit value: Integer.toHexString prints it so, without leading
// zeros.
func javaStringHash(s string) uint32 {
	var h uint32
	for _, u := range utf16.Encode([]rune(s)) {
		h = 31*h + uint32(u)
	}
	return h
}
