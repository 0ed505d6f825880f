package designs

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func hash(n string) model.KeySchemaElement {
	return model.KeySchemaElement{AttributeName: n, KeyType: "HASH"}
}
func rng(n string) model.KeySchemaElement {
	return model.KeySchemaElement{AttributeName: n, KeyType: "RANGE"}
}
func def(n, t string) model.AttributeDefinition {
	return model.AttributeDefinition{AttributeName: n, AttributeType: t}
}
func pt(r, w int64) *model.ProvisionedThroughput {
	return &model.ProvisionedThroughput{ReadCapacityUnits: i64(r), WriteCapacityUnits: i64(w)}
}

func TestReadCloudFormationYAML(t *testing.T) {
	const file = "testdata/template.yaml"
	d, err := Read(readFile(t, file), file, Options{Params: map[string]string{"AWS::StackName": "shop"}})
	if err != nil {
		t.Fatal(err)
	}
	if d.Format != FormatCloudFormation || d.Version != "2010-09-09" || d.Name != "Orders service" {
		t.Fatalf("design %v %q %q", d.Format, d.Version, d.Name)
	}
	names := []string{}
	for _, tb := range d.Tables {
		names = append(names, tb.Input.TableName)
	}
	if !reflect.DeepEqual(names, []string{"shop-orders-dev", "SessionsTable", "counters", "customers"}) {
		t.Fatalf("tables %q", names)
	}
	jsonEqual(t, "orders", d.Tables[0].Input, model.CreateTableInput{
		TableName:            "shop-orders-dev",
		AttributeDefinitions: []model.AttributeDefinition{def("customer", "S"), def("orderedAt", "N"), def("status", "S"), def("total", "N")},
		KeySchema:            []model.KeySchemaElement{hash("customer"), rng("orderedAt")},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "ByTotal", KeySchema: []model.KeySchemaElement{hash("customer"), rng("total")},
			Projection: model.Projection{ProjectionType: "KEYS_ONLY"}}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "ByStatus", KeySchema: []model.KeySchemaElement{hash("status"), rng("orderedAt")},
			Projection: model.Projection{ProjectionType: "INCLUDE", NonKeyAttributes: []string{"total"}}, ProvisionedThroughput: pt(3, 1)}},
		BillingMode:           "PROVISIONED",
		ProvisionedThroughput: pt(5, 2),
		StreamSpecification:   &model.StreamSpecification{StreamEnabled: true, StreamViewType: "NEW_IMAGE"},
		Tags:                  []model.Tag{{Key: "team", Value: "orders-dev"}},
	})
	if ttl := d.Tables[0].TimeToLive; ttl == nil || *ttl != (model.TimeToLiveSpecification{Enabled: true, AttributeName: "expiresAt"}) {
		t.Errorf("TTL = %+v", ttl)
	}
	if d.Tables[0].Line != 27 || d.Tables[0].Path != "Resources.OrdersTable" {
		t.Errorf("orders defined at %d %s", d.Tables[0].Line, d.Tables[0].Path)
	}
	jsonEqual(t, "sessions", d.Tables[1].Input, model.CreateTableInput{TableName: "SessionsTable",
		AttributeDefinitions: []model.AttributeDefinition{def("sessionId", "S")}, KeySchema: []model.KeySchemaElement{hash("sessionId")},
		BillingMode: "PAY_PER_REQUEST"})
	jsonEqual(t, "counters", d.Tables[2].Input, model.CreateTableInput{TableName: "counters",
		AttributeDefinitions: []model.AttributeDefinition{def("id", "N")}, KeySchema: []model.KeySchemaElement{hash("id")},
		BillingMode: "PROVISIONED", ProvisionedThroughput: pt(1, 1), Tags: []model.Tag{{Key: "owner", Value: "platform"}}})
	jsonEqual(t, "customers", d.Tables[3].Input, model.CreateTableInput{TableName: "customers",
		AttributeDefinitions: []model.AttributeDefinition{def("id", "S"), def("email", "S")}, KeySchema: []model.KeySchemaElement{hash("id")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "ByEmail", KeySchema: []model.KeySchemaElement{hash("email")},
			Projection: model.Projection{ProjectionType: "ALL"}, ProvisionedThroughput: pt(3, 2)}},
		BillingMode: "PROVISIONED", ProvisionedThroughput: pt(6, 4),
		StreamSpecification: &model.StreamSpecification{StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES"},
		TableClass:          "STANDARD_INFREQUENT_ACCESS"})
	want := []string{
		"line 79: OrdersTable: ignored PointInTimeRecoverySpecification (changes nothing in a local engine)",
		"line 81: OrdersTable: ignored SSESpecification (changes nothing in a local engine)",
		"line 89: SessionsTable has no TableName: the table is named SessionsTable (CloudFormation would name it STACK-SessionsTable-RANDOM)",
		"line 134: auto scaling is not simulated: Resources.CustomersTable.Properties.WriteProvisionedThroughputSettings.WriteCapacityAutoScalingSettings is provisioned at its MinCapacity, 4",
		"line 144: CustomersTable is read as its replica in us-east-1 (a local engine holds one copy)",
		"ignored the resources that are not tables: AWS::Serverless::Function ×1",
	}
	notes := strings.Join(d.Notes, "\n")
	for _, n := range want {
		if !strings.Contains(notes, n) {
			t.Errorf("notes lack %q; notes:\n%s", n, notes)
		}
	}
}

func TestReadCloudFormationParams(t *testing.T) {
	const file = "testdata/template.yaml"
	d, err := ReadCloudFormation(readFile(t, file), file, Options{Params: map[string]string{"AWS::StackName": "shop", "Stage": "prod", "AWS::Region": "eu-west-1"}})
	if err != nil {
		t.Fatal(err)
	}
	orders := d.Tables[0].Input
	if orders.TableName != "shop-orders-prod" || orders.BillingMode != "PAY_PER_REQUEST" || orders.ProvisionedThroughput != nil ||
		orders.StreamSpecification.StreamViewType != "NEW_AND_OLD_IMAGES" {
		t.Errorf("orders in prod = %+v", orders)
	}
	if len(d.Tables) != 3 || d.Tables[2].Input.TableName != "customers" {
		t.Fatalf("prod tables: %d (counters has a false condition)", len(d.Tables))
	}
	if c := d.Tables[2].Input; *c.ProvisionedThroughput.ReadCapacityUnits != 9 || c.TableClass != "" {
		t.Errorf("customers from the eu-west-1 replica = %+v", c)
	}
	if !strings.Contains(strings.Join(d.Notes, "\n"), "line 94: resource CountersTable is not created: its condition NotProd is false") {
		t.Errorf("notes = %q", d.Notes)
	}
}

func TestReadCloudFormationJSON(t *testing.T) {
	const file = "testdata/template.json"
	d, err := Read(readFile(t, file), file, Options{Params: map[string]string{"Env": "test"}})
	if err != nil {
		t.Fatal(err)
	}
	jsonEqual(t, "events", d.Tables[0].Input, model.CreateTableInput{TableName: "events-test",
		AttributeDefinitions: []model.AttributeDefinition{def("device", "S"), def("at", "N"), def("payload", "B")},
		KeySchema:            []model.KeySchemaElement{hash("device"), rng("at")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "ByPayload", KeySchema: []model.KeySchemaElement{hash("payload")},
			Projection: model.Projection{ProjectionType: "KEYS_ONLY"}}},
		BillingMode: "PAY_PER_REQUEST", TableClass: "STANDARD", DeletionProtectionEnabled: boolp(true)})
	if d.Tables[0].TimeToLive != nil {
		t.Errorf("a disabled TTL is set: %+v", d.Tables[0].TimeToLive)
	}
	_, err = Read(readFile(t, file), file, Options{})
	if want := "testdata/template.json:11: Resources.Events.Properties.TableName.Fn::Join[1][1].Ref: parameter Env (line 5) has no Default: pass --param Env=VALUE"; err == nil || err.Error() != want {
		t.Errorf("without Env:\n got  %v\n want %s", err, want)
	}
}

// TestReadCloudFormationKeySchemaAnyLength: KeySchema lists pass through
// whatever their length (multi-attribute GSI keys); the engine judges them.
func TestReadCloudFormationKeySchemaAnyLength(t *testing.T) {
	src := `Resources:
  T:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: multi
      BillingMode: PAY_PER_REQUEST
      AttributeDefinitions: [{AttributeName: pk, AttributeType: S}, {AttributeName: a, AttributeType: S}, {AttributeName: b, AttributeType: N}, {AttributeName: c, AttributeType: S}]
      KeySchema: [{AttributeName: pk, KeyType: HASH}]
      GlobalSecondaryIndexes:
        - IndexName: multi
          KeySchema: [{AttributeName: a, KeyType: HASH}, {AttributeName: b, KeyType: HASH}, {AttributeName: c, KeyType: RANGE}, {AttributeName: pk, KeyType: RANGE}]
          Projection: {ProjectionType: ALL}
`
	d, err := ReadCloudFormation([]byte(src), "t.yaml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ks := d.Tables[0].Input.GlobalSecondaryIndexes[0].KeySchema; !reflect.DeepEqual(ks, []model.KeySchemaElement{hash("a"), hash("b"), rng("c"), rng("pk")}) {
		t.Errorf("key schema = %+v", ks)
	}
}

func TestReadCloudFormationErrors(t *testing.T) {
	table := func(props string) string {
		return "Resources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n" + props
	}
	const base = "      TableName: t1\n      KeySchema: [{AttributeName: pk, KeyType: HASH}]\n      AttributeDefinitions: [{AttributeName: pk, AttributeType: S}]\n"
	for _, tc := range []struct {
		name, src, want string
		params          map[string]string
	}{
		{name: "yaml syntax", src: "Resources:\n  T: [\n", want: "t.yaml:2: invalid YAML: did not find expected node content"},
		{name: "unknown tag", src: table(base + "      BillingMode: !Whatever x\n"), want: "t.yaml:8: Resources.T.Properties.BillingMode: unknown tag !Whatever (CloudFormation's short forms are !Ref, !Sub, !GetAtt, !Join, !Select, !Split, !FindInMap, !If, !Equals, !And, !Or, !Not, !Condition, !Base64, !Cidr, !GetAZs, !ImportValue, !Transform)"},
		{name: "no resources", src: "Description: x\n", want: "t.yaml:1: missing Resources"},
		{name: "no tables", src: "Resources:\n  Q:\n    Type: AWS::SQS::Queue\n", want: "t.yaml:2: Resources: no resource of type AWS::DynamoDB::Table, AWS::DynamoDB::GlobalTable or AWS::Serverless::SimpleTable"},
		{name: "unknown section", src: "Resource:\n  T: {}\n", want: `t.yaml:2: Resource: unknown template section "Resource" (expected AWSTemplateFormatVersion, Description, Metadata, Parameters, Rules, Mappings, Conditions, Transform, Resources, Outputs or Globals)`},
		{name: "unknown property", src: table(base + "      BillingMod: PAY_PER_REQUEST\n"), want: `t.yaml:8: Resources.T.Properties.BillingMod: unknown property "BillingMod" (expected AttributeDefinitions, BillingMode, ContributorInsightsSpecification, DeletionProtectionEnabled, GlobalSecondaryIndexes, ImportSourceSpecification, KeySchema, KinesisStreamSpecification, LocalSecondaryIndexes, OnDemandThroughput, PointInTimeRecoverySpecification, ProvisionedThroughput, ResourcePolicy, SSESpecification, StreamSpecification, TableClass, TableName, Tags, TimeToLiveSpecification, VectorIndexes or WarmThroughput)`},
		{name: "key type", src: table("      KeySchema: [{AttributeName: pk, KeyType: PRIMARY}]\n"), want: `t.yaml:5: Resources.T.Properties.KeySchema[0].KeyType: expected HASH or RANGE, found the string "PRIMARY"`},
		{name: "no key schema", src: table("      TableName: t1\n"), want: "t.yaml:5: Resources.T.Properties: missing KeySchema"},
		{name: "GetAtt", src: table("      TableName: !GetAtt Other.Name\n"), want: "t.yaml:5: Resources.T.Properties.TableName: Fn::GetAtt cannot be resolved locally (its value exists only in a deployed stack); write the value itself here"},
		{name: "Ref resource", src: table("      TableName: !Ref T\n"), want: "t.yaml:5: Resources.T.Properties.TableName.Ref: Ref T names a resource, whose physical ID exists only in a deployed stack; write the value itself here"},
		{name: "stack name", src: table("      TableName: !Sub ${AWS::StackName}-t\n"), want: "t.yaml:5: Resources.T.Properties.TableName.Fn::Sub: AWS::StackName has no local value: pass --param AWS::StackName=VALUE"},
		{name: "allowed values", src: "Parameters:\n  S: {Type: String, AllowedValues: [a, b]}\n" + table(base), params: map[string]string{"S": "c"},
			want: `t.yaml:2: Parameters.S: parameter S is "c", expected a or b`},
		{name: "missing condition", src: table(base + "      BillingMode: !If [Nope, PROVISIONED, PAY_PER_REQUEST]\n"), want: "t.yaml:8: Resources.T.Properties.BillingMode.Fn::If[0]: no condition named Nope in Conditions"},
		{name: "TTL without attribute", src: table(base + "      TimeToLiveSpecification: {Enabled: true}\n"), want: "t.yaml:8: Resources.T.Properties.TimeToLiveSpecification: missing AttributeName (required when Enabled is true)"},
		{name: "stream view", src: table(base + "      StreamSpecification: {StreamViewType: ALL}\n"), want: `t.yaml:8: Resources.T.Properties.StreamSpecification.StreamViewType: expected KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES, found the string "ALL"`},
		{name: "capacity not a number", src: table(base + "      ProvisionedThroughput: {ReadCapacityUnits: five, WriteCapacityUnits: 1}\n"), want: `t.yaml:8: Resources.T.Properties.ProvisionedThroughput.ReadCapacityUnits: expected a whole number, found the string "five"`},
		{name: "logical ID", src: "Resources:\n  my-table:\n    Type: AWS::Serverless::SimpleTable\n", want: `t.yaml:3: Resources.my-table: resource name "my-table" is not alphanumeric (A-Z, a-z, 0-9), as CloudFormation requires`},
		{name: "empty table name", src: table("      TableName: !Join [x, []]\n"), want: "t.yaml:5: Resources.T.Properties.TableName: expected a table name, found an empty string"},
		{name: "two tables one name", src: table(base) + "  U:\n    Type: AWS::Serverless::SimpleTable\n    Properties: {TableName: t1}\n", want: "t.yaml:9: Resources.U: table t1 is defined twice (first by the resource at line 3)"},
		{name: "attribute of two types", src: table("      KeySchema: [{AttributeName: pk, KeyType: HASH}]\n      AttributeDefinitions: [{AttributeName: pk, AttributeType: S}, {AttributeName: pk, AttributeType: N}]\n"),
			want: "t.yaml:6: Resources.T.Properties.AttributeDefinitions[1]: attribute pk is N here but S at line 6 (Resources.T.Properties.AttributeDefinitions[0])"},
		{name: "alias bomb", src: "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\nResources: {}\n",
			want: "t.yaml:1: f[0][5][2][5][2][5]: the document expands to more than 200000 values (through aliases)"},
	} {
		_, err := ReadCloudFormation([]byte(tc.src), "t.yaml", Options{Params: tc.params})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got  %v\n want %s", tc.name, err, tc.want)
		}
	}
}
