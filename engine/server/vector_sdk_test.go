package server_test

// Vector indexes and SearchVectors through the HTTP endpoint with the AWS
// SDK for Go v2 (service/dynamodb v1.74.0): every validation rule and error
// text of CreateTable, UpdateTable, the writes and SearchVectors, each with
// DynamoDB's exact message (docs/FIDELITY.md says where each comes from),
// and the results, scores and vector capacity of a search.

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
)

const vInvalid = "One or more parameter values were invalid: "

func vix(name, attr string, dims int64, dist types.VectorDistanceFunction, ss ...types.SearchSchemaElement) types.VectorIndex {
	return types.VectorIndex{IndexName: aws.String(name), VectorAttribute: &types.VectorAttributeDefinition{AttributeName: aws.String(attr)},
		Dimensions: aws.Int64(dims), DistanceFunction: dist, Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}, SearchSchema: ss}
}

func hashElem(a string) types.SearchSchemaElement {
	return types.SearchSchemaElement{AttributeName: aws.String(a), SearchSchemaElementType: types.SearchSchemaElementTypeHash}
}

func filterElem(a string) types.SearchSchemaElement {
	return types.SearchSchemaElement{AttributeName: aws.String(a), SearchSchemaElementType: types.SearchSchemaElementTypeInlineFilter}
}

func vecAV(xs ...string) types.AttributeValue {
	l := make([]types.AttributeValue, len(xs))
	for i, x := range xs {
		l[i] = nv(x)
	}
	return &types.AttributeValueMemberL{Value: l}
}

func searchVec(xs ...string) []types.AttributeValue {
	return vecAV(xs...).(*types.AttributeValueMemberL).Value
}

// vectorTable creates Products: pk, a "bycat" index (HASH cat, inline
// filter brand) and an "all" index on emb (3 dimensions, COSINE).
func vectorTable(t *testing.T, c *dynamodb.Client) {
	t.Helper()
	_, err := c.CreateTable(context.Background(), &dynamodb.CreateTableInput{
		TableName: aws.String("Products"), BillingMode: types.BillingModePayPerRequest,
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS), keyDef("cat", types.ScalarAttributeTypeS), keyDef("brand", types.ScalarAttributeTypeS)},
		VectorIndexes: []types.VectorIndex{
			vix("bycat", "emb", 3, types.VectorDistanceFunctionCosine, hashElem("cat"), filterElem("brand")),
			vix("all", "emb", 3, types.VectorDistanceFunctionEuclidean),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestSDKVectorCreateTableRules(t *testing.T) {
	s := newFidelityServer(t, engine.Options{DisableThrottling: true})
	ctx := context.Background()
	base := func(vs ...types.VectorIndex) *dynamodb.CreateTableInput {
		return &dynamodb.CreateTableInput{TableName: aws.String("VecT"), BillingMode: types.BillingModePayPerRequest,
			KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
			AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)}, VectorIndexes: vs}
	}
	cases := []struct {
		name string
		in   *dynamodb.CreateTableInput
		msg  string
	}{
		{"provisioned", func() *dynamodb.CreateTableInput {
			in := base(vix("vix", "emb", 3, types.VectorDistanceFunctionCosine))
			in.BillingMode = ""
			in.ProvisionedThroughput = &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(5), WriteCapacityUnits: aws.Int64(5)}
			return in
		}(), vInvalid + "Vector indexes are only supported for PAY_PER_REQUEST tables"},
		{"search schema undefined", base(vix("vix", "emb", 3, types.VectorDistanceFunctionCosine, hashElem("tenant"))),
			vInvalid + "One element in SearchSchema is not defined in attribute definitions"},
		{"dimensions above 4096", base(vix("vix", "emb", 4097, types.VectorDistanceFunctionCosine)),
			vInvalid + "Number of dimensions must be between 1 and 4096 inclusive."},
		{"dimensions 0", base(vix("vix", "emb", 0, types.VectorDistanceFunctionCosine)),
			"1 validation error detected: Value '0' at 'vectorIndexes.1.member.dimensions' failed to satisfy constraint: Member must have value greater than or equal to 1"},
		{"six indexes", base(vix("v1x", "e", 3, "COSINE"), vix("v2x", "e", 3, "COSINE"), vix("v3x", "e", 3, "COSINE"), vix("v4x", "e", 3, "COSINE"), vix("v5x", "e", 3, "COSINE"), vix("v6x", "e", 3, "COSINE")),
			vInvalid + "VectorIndex count exceeds the per-table limit of 5"},
		{"two dimension counts on one attribute", base(vix("vix", "embedding", 3, "COSINE"), vix("vix2", "embedding", 4, "COSINE")),
			vInvalid + "Conflicting attribute definition for 'embedding'. All VectorIndexes on the same vector attribute must use the same dimensions."},
		{"vector attribute defined", base(vix("vix", "pk", 3, "COSINE")),
			vInvalid + "Conflicting attribute definition for 'pk'. An attribute cannot be defined in AttributeDefinitions when used as a VectorAttribute."},
		{"distance function", base(vix("vix", "emb", 3, "MANHATTAN")),
			"1 validation error detected: Value 'MANHATTAN' at 'vectorIndexes.1.member.distanceFunction' failed to satisfy constraint: Member must satisfy enum value set: [COSINE, EUCLIDEAN, DOT_PRODUCT]"},
		{"short name", base(vix("ab", "emb", 3, "COSINE")),
			"1 validation error detected: Value 'ab' at 'vectorIndexes.1.member.indexName' failed to satisfy constraint: Member must have length greater than or equal to 3"},
		{"name pattern", base(vix("a b", "emb", 3, "COSINE")),
			"1 validation error detected: Value 'a b' at 'vectorIndexes.1.member.indexName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"},
		{"duplicate name", base(vix("vix", "emb", 3, "COSINE"), vix("vix", "emb", 3, "EUCLIDEAN")),
			vInvalid + "Duplicate index name: vix"},
		{"search schema element type", base(vix("vix", "emb", 3, "COSINE", types.SearchSchemaElement{AttributeName: aws.String("pk"), SearchSchemaElementType: "RANGE"})),
			"1 validation error detected: Value 'RANGE' at 'vectorIndexes.1.member.searchSchema.1.member.searchSchemaElementType' failed to satisfy constraint: Member must satisfy enum value set: [HASH, INLINE_FILTER]"},
	}
	for _, tc := range cases {
		_, err := s.c.CreateTable(ctx, tc.in)
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		wantAPIError(t, err, "ValidationException", tc.msg)
	}
	// Two HASH elements: our text (DynamoDB's is not published).
	in := base(vix("vix", "emb", 3, "COSINE", hashElem("a1"), hashElem("a2")))
	in.AttributeDefinitions = append(in.AttributeDefinitions, keyDef("a1", "S"), keyDef("a2", "S"))
	_, err := s.c.CreateTable(ctx, in)
	wantAPIError(t, err, "ValidationException", vInvalid+"SearchSchema of index vix has more than one HASH element")
	// Required members left out (the SDK would refuse to send them).
	s.rawError(t, "CreateTable", `{"TableName":"VecT","BillingMode":"PAY_PER_REQUEST","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"VectorIndexes":[{"IndexName":"vix","Projection":{"ProjectionType":"ALL"}}]}`,
		"ValidationException", "3 validation errors detected: Value null at 'vectorIndexes.1.member.vectorAttribute' failed to satisfy constraint: Member must not be null; Value null at 'vectorIndexes.1.member.dimensions' failed to satisfy constraint: Member must not be null; Value null at 'vectorIndexes.1.member.distanceFunction' failed to satisfy constraint: Member must not be null")
	s.rawError(t, "CreateTable", `{"TableName":"VecT","BillingMode":"PAY_PER_REQUEST","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"VectorIndexes":[{"IndexName":"vix","VectorAttribute":{"AttributeName":"emb"},"Dimensions":2,"DistanceFunction":"COSINE","Projection":{"ProjectionType":"ALL"},"SearchSchema":[]}]}`,
		"ValidationException", "1 validation error detected: Value '[]' at 'vectorIndexes.1.member.searchSchema' failed to satisfy constraint: Member must have length greater than or equal to 1")
	// Nothing was created by any of them.
	if _, err := s.c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("VecT")}); err == nil {
		t.Fatal("a refused CreateTable left a table")
	}
	// A good one is described.
	vectorTable(t, s.c)
	d := sdkDescribe(t, s.c, "Products")
	if len(d.VectorIndexes) != 2 {
		t.Fatalf("VectorIndexes %+v", d.VectorIndexes)
	}
	v := d.VectorIndexes[0]
	if aws.ToString(v.IndexName) != "bycat" || v.IndexStatus != types.IndexStatusActive || v.Backfilling != nil || aws.ToInt64(v.Dimensions) != 3 ||
		v.DistanceFunction != types.VectorDistanceFunctionCosine || aws.ToString(v.VectorAttribute.AttributeName) != "emb" ||
		aws.ToString(v.IndexArn) != "arn:aws:dynamodb:us-east-1:000000000000:table/Products/index/bycat" || len(v.SearchSchema) != 2 {
		t.Fatalf("bycat described as %s", jsonOf(t, v))
	}
}

func TestSDKVectorWritesAndSearch(t *testing.T) {
	s := newFidelityServer(t, engine.Options{DisableThrottling: true})
	ctx := context.Background()
	c := s.c
	vectorTable(t, c)
	putV := func(pk, cat, brand string, emb types.AttributeValue) error {
		item := map[string]types.AttributeValue{"pk": sv(pk), "title": sv("t-" + pk)}
		if cat != "" {
			item["cat"] = sv(cat)
		}
		if brand != "" {
			item["brand"] = sv(brand)
		}
		if emb != nil {
			item["emb"] = emb
		}
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Products"), Item: item})
		return err
	}
	// Invalid vectors and search attributes are refused, with DynamoDB's text.
	writeErrs := []struct {
		err error
		msg string
	}{
		{putV("x", "c", "", vecAV("1", "2")), "One or more parameter values were invalid. Invalid size for parameter emb, Expected: 3, Actual: 2 IndexName: all"},
		{putV("x", "c", "", sv("1,2,3")), "One or more parameter values were invalid. Invalid type for parameter emb, Expected: 32-bit floating point number list IndexName: all"},
		{putV("x", "c", "", &types.AttributeValueMemberL{Value: []types.AttributeValue{nv("1"), sv("2"), nv("3")}}), "One or more parameter values were invalid. Invalid type for parameter emb[1], Expected: 32-bit floating point number, Actual: S. IndexName: all"},
		{putV("x", "c", "", vecAV("-4E+38", "0", "0")), "One or more parameter values were invalid. Invalid value for parameter emb[0], Value: -400000000000000000000000000000000000000 is outside valid range [-3.4028235E38, 3.4028235E38]. IndexName: all"},
		{putV("x", "", "", nil), ""},
	}
	for i, w := range writeErrs {
		if w.msg == "" {
			if w.err != nil {
				t.Fatalf("write %d: %v", i, w.err)
			}
			continue
		}
		wantAPIError(t, w.err, "ValidationException", w.msg)
	}
	_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Products"), Item: map[string]types.AttributeValue{"pk": sv("y"), "cat": nv("3"), "emb": vecAV("1", "0", "0")}})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid. Attribute 'cat' type mismatch. Expected: S, Actual: N. IndexName: bycat")
	err = putV("y", "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Products"), Item: map[string]types.AttributeValue{"pk": sv("y"), "cat": sv(""), "emb": vecAV("1", "0", "0")}})
	wantAPIError(t, err, "ValidationException", "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: bycat, IndexKey: cat")
	_, err = c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("Products"), Key: map[string]types.AttributeValue{"pk": sv("y")},
		UpdateExpression: aws.String("SET emb = :v"), ExpressionAttributeValues: map[string]types.AttributeValue{":v": vecAV("1")}})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid. Invalid size for parameter emb, Expected: 3, Actual: 1 IndexName: all")

	// The data: cat a and b, brands; "nocat" has no cat (left out of bycat
	// only), "novec" no vector (left out of both).
	for _, it := range []struct{ pk, cat, brand string }{{"p1", "a", "acme"}, {"p2", "a", "zeta"}, {"p3", "b", "acme"}, {"nocat", "", "acme"}} {
		if err := putV(it.pk, it.cat, it.brand, nil); err != nil {
			t.Fatal(err)
		}
	}
	vecs := map[string][]string{"p1": {"1", "0", "0"}, "p2": {"0", "1", "0"}, "p3": {"1", "1", "0"}, "nocat": {"10", "0", "0"}}
	for pk, v := range vecs {
		out, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("Products"), Key: map[string]types.AttributeValue{"pk": sv(pk)},
			UpdateExpression: aws.String("SET emb = :v"), ExpressionAttributeValues: map[string]types.AttributeValue{":v": vecAV(v...)},
			ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes})
		if err != nil {
			t.Fatal(err)
		}
		if pk == "p1" {
			cc := out.ConsumedCapacity
			// The entry replicated into each index: 12 B of vector plus the
			// other attributes (pk 2+2, title 5+4, cat 3+1, brand 5+4) = 38 B;
			// the request's 76 B raised to 1 KB on the first index by name.
			got := fmt.Sprintf("%v %v", aws.ToFloat64(cc.VectorIndexes["all"].VectorWriteRequestBytes), aws.ToFloat64(cc.VectorIndexes["bycat"].VectorWriteRequestBytes))
			if got != "986 38" {
				t.Errorf("p1 vector write bytes (all, bycat) = %s, want 986 38", got)
			}
		}
	}
	if err := putV("novec", "a", "acme", nil); err != nil {
		t.Fatal(err)
	}
	d := sdkDescribe(t, c, "Products")
	if n1, n2 := aws.ToInt64(d.VectorIndexes[0].ItemCount), aws.ToInt64(d.VectorIndexes[1].ItemCount); n1 != 3 || n2 != 4 {
		t.Fatalf("ItemCount bycat %d all %d, want 3 4", n1, n2)
	}

	search := func(in *dynamodb.SearchVectorsInput) (*dynamodb.SearchVectorsOutput, error) {
		in.TableName = aws.String("Products")
		return c.SearchVectors(ctx, in)
	}
	// EUCLIDEAN over every item with a vector, best first.
	out, err := search(&dynamodb.SearchVectorsInput{IndexName: aws.String("all"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(10),
		ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal})
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, r := range out.SearchResults {
		got += fmt.Sprintf("%s:%.4f ", r.Item["pk"].(*types.AttributeValueMemberS).Value, r.Score)
		if _, has := r.Item["emb"]; has {
			t.Error("the vector is returned without being asked for")
		}
	}
	if got != "p1:0.0000 p3:1.0000 p2:1.4142 nocat:9.0000 " {
		t.Errorf("EUCLIDEAN results %s", got)
	}
	if b := aws.ToFloat64(out.ConsumedCapacity.VectorSearchRequestBytes); b != 1024 {
		t.Errorf("VectorSearchRequestBytes %v, want the 1 KB minimum", b)
	}
	// COSINE in category a, then filtered to brand zeta; the vector asked
	// for comes back as the index holds it.
	out, err = search(&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0.5", "0"), TopK: aws.Int32(5),
		SearchConditionExpression: aws.String("cat = :c"), ExpressionAttributeValues: map[string]types.AttributeValue{":c": sv("a")}})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.SearchResults) != 2 || out.SearchResults[0].Item["pk"].(*types.AttributeValueMemberS).Value != "p1" {
		t.Fatalf("bycat a: %s", jsonOf(t, out.SearchResults))
	}
	out, err = search(&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0.5", "0"), TopK: aws.Int32(5),
		SearchConditionExpression: aws.String("cat = :c AND #b = :b"), ExpressionAttributeNames: map[string]string{"#b": "brand"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":c": sv("a"), ":b": sv("zeta")}, ProjectionExpression: aws.String("pk, emb, nothere")})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.SearchResults) != 1 || jsonOf(t, out.SearchResults[0].Item) != jsonOf(t, map[string]types.AttributeValue{"pk": sv("p2"), "emb": vecAV("0", "1", "0")}) {
		t.Fatalf("bycat a zeta: %s", jsonOf(t, out.SearchResults))
	}

	// SearchVectors' refusals.
	refusals := []struct {
		in   *dynamodb.SearchVectorsInput
		code string
		msg  string
	}{
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("all"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(0)},
			"ValidationException", "1 validation error detected: Value '0' at 'topK' failed to satisfy constraint: Member must have value greater than or equal to 1"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("all"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(101)},
			"ValidationException", "Provided TopK value '101' is out of valid range. The value must be between 1 and 100 inclusive"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("ab"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1)},
			"ValidationException", "1 validation error detected: Value at 'IndexName' failed to satisfy constraint: Member must have length greater than or equal to 3"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("nope"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1)},
			"ValidationException", "The table does not have the specified index: nope"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("all"), SearchVector: searchVec("1", "0"), TopK: aws.Int32(1)},
			"ValidationException", "Input search vector dimension 2 does not match vector index dimension 3"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("all"), SearchVector: []types.AttributeValue{sv("1"), nv("0")}, TopK: aws.Int32(1)},
			"ValidationException", "Search vector contains invalid values. All values in the search vector must be a 32-bit floating-point number attribute"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("all"), SearchVector: searchVec("1", "1E+39", "0"), TopK: aws.Int32(1)},
			"ValidationException", "Search vector contains invalid values. All values in the search vector must be a 32-bit floating-point number attribute"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1)},
			"ValidationException", "SearchConditionExpression must be provided when SearchSchema has a HASH key"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1), SearchConditionExpression: aws.String("brand = :b"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":b": sv("acme")}},
			"ValidationException", "SearchConditionExpression must be provided when SearchSchema has a HASH key"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1), SearchConditionExpression: aws.String("cat < :c"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":c": sv("a")}},
			"ValidationException", "Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1), SearchConditionExpression: aws.String("cat = :c AND brand <> :b"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":c": sv("a"), ":b": sv("x")}},
			"ValidationException", "Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1), SearchConditionExpression: aws.String("cat IN (:c, :d)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":c": sv("a"), ":d": sv("b")}},
			"ValidationException", "Invalid SearchConditionExpression: Invalid operator used in SearchConditionExpression"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1), SearchConditionExpression: aws.String("cat BETWEEN :c AND :d"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":c": sv("a"), ":d": sv("b")}},
			"ValidationException", "Invalid SearchConditionExpression: Invalid operator used in SearchConditionExpression"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1), SearchConditionExpression: aws.String("cat = :c AND title = :t"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":c": sv("a"), ":t": sv("x")}},
			"ValidationException", "SearchConditionExpression must not contain any attributes that is not in SearchSchema. Invalid attribute: title"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1), SearchConditionExpression: aws.String("cat = :c"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":c": nv("1")}},
			"ValidationException", "Type of 'cat' attribute in SearchConditionExpression (N) does not match type in search schema (S)"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1), SearchConditionExpression: aws.String("cat = :c"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":c": sv("")}},
			"ValidationException", "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: cat"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1), SearchConditionExpression: aws.String("cat = :c"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":c": sv("a"), ":x": sv("b")}},
			"ValidationException", "Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}"},
		{&dynamodb.SearchVectorsInput{IndexName: aws.String("bycat"), SearchVector: searchVec("1", "0", "0"), TopK: aws.Int32(1), SearchConditionExpression: aws.String("cat = :nope")},
			"ValidationException", "Invalid SearchConditionExpression: An expression attribute value used in expression is not defined; attribute value: :nope"},
	}
	for i, r := range refusals {
		_, err := search(r.in)
		if err == nil {
			t.Errorf("refusal %d: accepted", i)
			continue
		}
		wantAPIError(t, err, r.code, r.msg)
	}
	_, err = c.SearchVectors(ctx, &dynamodb.SearchVectorsInput{TableName: aws.String("Missing"), IndexName: aws.String("all"), SearchVector: searchVec("1"), TopK: aws.Int32(1)})
	wantAPIError(t, err, "ResourceNotFoundException", "Requested resource not found")
	s.rawError(t, "SearchVectors", `{"TableName":"Products"}`, "ValidationException",
		"3 validation errors detected: Value null at 'indexName' failed to satisfy constraint: Member must not be null; Value null at 'searchVector' failed to satisfy constraint: Member must not be null; Value null at 'topK' failed to satisfy constraint: Member must not be null")
	s.rawError(t, "SearchVectors", `{"TableName":"Products","IndexName":"all","SearchVector":[],"TopK":1}`, "ValidationException",
		"1 validation error detected: Value at 'SearchVector' failed to satisfy constraint: Member must have length greater than or equal to 1")
	s.rawError(t, "SearchVectors", `{"TableName":"Products","IndexName":"all","SearchVector":[{"N":"1"},{"N":"0"},{"N":"0"}],"TopK":1,"SearchConditionExpression":""}`, "ValidationException",
		"Invalid SearchConditionExpression: The expression can not be empty;")

	// A vector index is read with SearchVectors only.
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("Products"), IndexName: aws.String("bycat"), KeyConditionExpression: aws.String("cat = :c"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":c": sv("a")}})
	wantAPIError(t, err, "ValidationException", "Query operation not supported on this index type.")
	_, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("Products"), IndexName: aws.String("bycat")})
	wantAPIError(t, err, "ValidationException", "Scan operation not supported on this index type.")
}

func TestSDKVectorUpdateTable(t *testing.T) {
	s := newFidelityServer(t, engine.Options{DisableThrottling: true, BackfillBatchSize: 1, BackfillPause: 20 * time.Millisecond})
	ctx := context.Background()
	c := s.c
	createTable(t, c, "Docs")
	for i := range 3 {
		if _, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Docs"), Item: map[string]types.AttributeValue{
			"pk": sv(fmt.Sprintf("d%d", i)), "tenant": sv("t1"), "emb": vecAV(fmt.Sprint(i), "1")}}); err != nil {
			t.Fatal(err)
		}
	}
	create := func(name string, ss ...types.SearchSchemaElement) types.VectorIndexUpdate {
		return types.VectorIndexUpdate{Create: &types.CreateVectorIndexAction{IndexName: aws.String(name), VectorAttribute: &types.VectorAttributeDefinition{AttributeName: aws.String("emb")},
			Dimensions: aws.Int64(2), DistanceFunction: types.VectorDistanceFunctionDotProduct, Projection: &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly}, SearchSchema: ss}}
	}
	_, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("Docs"), VectorIndexUpdates: []types.VectorIndexUpdate{create("v1x"), create("v2x")}})
	wantAPIError(t, err, "LimitExceededException", "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table")
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("Docs"), VectorIndexUpdates: []types.VectorIndexUpdate{create("v1x", hashElem("tenant"))}})
	wantAPIError(t, err, "ValidationException", vInvalid+"One element in SearchSchema is not defined in attribute definitions")
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("Docs"), VectorIndexUpdates: []types.VectorIndexUpdate{{Delete: &types.DeleteVectorIndexAction{IndexName: aws.String("nope")}}}})
	wantAPIError(t, err, "ResourceNotFoundException", "Requested resource not found: Index: nope not found")

	out, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("Docs"), AttributeDefinitions: []types.AttributeDefinition{keyDef("tenant", "S")},
		VectorIndexUpdates: []types.VectorIndexUpdate{create("v1x", hashElem("tenant"))}})
	if err != nil {
		t.Fatal(err)
	}
	v := out.TableDescription.VectorIndexes[0]
	if v.IndexStatus != types.IndexStatusCreating || v.Backfilling == nil || *v.Backfilling {
		t.Fatalf("new index %s, want CREATING, Backfilling false", jsonOf(t, v))
	}
	_, err = c.SearchVectors(ctx, &dynamodb.SearchVectorsInput{TableName: aws.String("Docs"), IndexName: aws.String("v1x"), SearchVector: searchVec("1", "1"), TopK: aws.Int32(3),
		SearchConditionExpression: aws.String("tenant = :t"), ExpressionAttributeValues: map[string]types.AttributeValue{":t": sv("t1")}})
	wantAPIError(t, err, "ValidationException", "Cannot search backfilling vector index: v1x")
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("Docs"), AttributeDefinitions: []types.AttributeDefinition{keyDef("tenant", "S")},
		VectorIndexUpdates: []types.VectorIndexUpdate{create("v1x", hashElem("tenant"))}})
	if err == nil {
		t.Fatal("second create of v1x accepted")
	}
	s.eng.WaitBackgroundIndexWork()
	d := sdkDescribe(t, c, "Docs")
	if v := d.VectorIndexes[0]; v.IndexStatus != types.IndexStatusActive || v.Backfilling != nil || aws.ToInt64(v.ItemCount) != 3 {
		t.Fatalf("after the backfill %s", jsonOf(t, v))
	}
	res, err := c.SearchVectors(ctx, &dynamodb.SearchVectorsInput{TableName: aws.String("Docs"), IndexName: aws.String("v1x"), SearchVector: searchVec("1", "1"), TopK: aws.Int32(3),
		SearchConditionExpression: aws.String("tenant = :t"), ExpressionAttributeValues: map[string]types.AttributeValue{":t": sv("t1")}})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprintf("%s %v", jsonOf(t, res.SearchResults[0].Item), res.SearchResults[0].Score); got != `{"pk":{"Value":"d2"},"tenant":{"Value":"t1"}} 3` {
		t.Errorf("DOT_PRODUCT best %s", got)
	}
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("Docs"), AttributeDefinitions: []types.AttributeDefinition{keyDef("tenant", "S")},
		VectorIndexUpdates: []types.VectorIndexUpdate{create("v1x", hashElem("tenant"))}})
	wantAPIError(t, err, "ValidationException", "Attempting to create an index which already exists")
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("Docs"), BillingMode: types.BillingModeProvisioned,
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(5), WriteCapacityUnits: aws.Int64(5)}})
	wantAPIError(t, err, "ValidationException", vInvalid+"Vector indexes are only supported for PAY_PER_REQUEST tables")

	if _, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("Docs"), VectorIndexUpdates: []types.VectorIndexUpdate{{Delete: &types.DeleteVectorIndexAction{IndexName: aws.String("v1x")}}}}); err != nil {
		t.Fatal(err)
	}
	s.eng.WaitBackgroundIndexWork()
	d = sdkDescribe(t, c, "Docs")
	if len(d.VectorIndexes) != 0 || len(d.AttributeDefinitions) != 1 {
		t.Fatalf("after the delete %s", jsonOf(t, d))
	}
	rep, err := s.eng.Verify()
	if err != nil || len(rep.Drift) > 0 {
		t.Fatalf("verify %v %+v", err, rep.Drift)
	}
}

func TestSDKVectorOnProvisionedTable(t *testing.T) {
	s := newFidelityServer(t, engine.Options{DisableThrottling: true})
	ctx := context.Background()
	_, err := s.c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String("Prov"),
		KeySchema:             []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		AttributeDefinitions:  []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)},
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(5), WriteCapacityUnits: aws.Int64(5)}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("Prov"), VectorIndexUpdates: []types.VectorIndexUpdate{{Create: &types.CreateVectorIndexAction{
		IndexName: aws.String("vix"), VectorAttribute: &types.VectorAttributeDefinition{AttributeName: aws.String("emb")}, Dimensions: aws.Int64(2),
		DistanceFunction: types.VectorDistanceFunctionCosine, Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}}}})
	wantAPIError(t, err, "ValidationException", vInvalid+"Vector indexes are only supported for PAY_PER_REQUEST tables")
}
