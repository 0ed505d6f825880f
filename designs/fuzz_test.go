package designs

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// addFiles seeds a fuzz target with the test data files matching glob.
func addFiles(f *testing.F, glob string) {
	f.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", glob))
	if err != nil || len(paths) == 0 {
		f.Fatalf("no seed files %s: %v", glob, err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// checkRefusal fails unless err is an *Error naming file.
func checkRefusal(t *testing.T, err error, file string) {
	t.Helper()
	var de *Error
	if !errors.As(err, &de) {
		t.Fatalf("refusal of type %T: %v", err, err)
	}
	if de.File != file || de.Err == nil {
		t.Fatalf("refusal without its file or cause: %#v", de)
	}
}

// checkDesign fails unless every table of a design can be handed to
// CreateTable: a name, a partition key, every key attribute defined.
func checkDesign(t *testing.T, d *Design) {
	t.Helper()
	for _, tb := range d.Tables {
		in := tb.Input
		if in.TableName == "" || len(in.KeySchema) == 0 {
			t.Fatalf("table without a name or key schema: %+v", in)
		}
		for _, k := range in.KeySchema {
			if k.AttributeName == "" {
				t.Fatalf("table %s: a key attribute without a name", in.TableName)
			}
		}
		if tb.Path == "" || tb.Line == 0 {
			t.Fatalf("table %s without a location", in.TableName)
		}
		for _, it := range tb.Items {
			if it.Item == nil || it.Line == 0 {
				t.Fatalf("table %s: an item without a location", in.TableName)
			}
		}
	}
}

// FuzzReadWorkbench reads any bytes as a NoSQL Workbench model: never a
// panic; a refusal is an *Error naming the file; what is read has named,
// keyed, located tables.
func FuzzReadWorkbench(f *testing.F) {
	addFiles(f, "workbench-*.json")
	f.Add([]byte(`{"ModelName":"x","DataModel":[{"TableName":"t","KeyAttributes":{"PartitionKey":{"AttributeName":"a","AttributeType":"S"}},"TableData":[{"a":{"S":"1"},"l":{"L":[{"NULL":true}]}}]}]}`))
	f.Add([]byte(`{"DataModel":[{"TableName":"t","KeyAttributes":{"PartitionKey":{"AttributeName":"a","AttributeType":"N"}},"TableFacets":[{"FacetName":"f","TableData":[{"a":{"N":"1e3"}}]}],"BillingMode":"PROVISIONED"}]}`))
	f.Add([]byte(`{"ModelName":`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ReadWorkbench(data, "m.json")
		if err != nil {
			checkRefusal(t, err, "m.json")
			return
		}
		checkDesign(t, d)
	})
}

// FuzzReadCloudFormationJSON reads any bytes as a JSON template.
func FuzzReadCloudFormationJSON(f *testing.F) {
	addFiles(f, "template.json")
	f.Add([]byte(`{"Parameters":{"P":{"Type":"CommaDelimitedList","Default":"a,b"}},"Resources":{"T":{"Type":"AWS::Serverless::SimpleTable","Properties":{"TableName":{"Fn::Select":[1,{"Ref":"P"}]}}}}}`))
	f.Add([]byte(`{"Conditions":{"C":{"Fn::Not":[{"Condition":"C"}]}},"Resources":{"T":{"Type":"AWS::DynamoDB::Table","Condition":"C","Properties":{}}}}`))
	f.Add([]byte(`{"Mappings":{"M":{"a":{"b":"x"}}},"Resources":{"T":{"Type":"AWS::DynamoDB::Table","Properties":{"TableName":{"Fn::Sub":["${A}-${!B}",{"A":{"Fn::FindInMap":["M","a","b"]}}]},"KeySchema":[{"AttributeName":"k","KeyType":"HASH"}]}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ReadCloudFormation(data, "t.json", Options{Params: map[string]string{"AWS::StackName": "s"}})
		if err != nil {
			checkRefusal(t, err, "t.json")
			return
		}
		checkDesign(t, d)
	})
}

// FuzzReadCloudFormationYAML reads any bytes as a YAML template, short-form
// tags, anchors and aliases included.
func FuzzReadCloudFormationYAML(f *testing.F) {
	addFiles(f, "template.yaml")
	f.Add([]byte("Resources:\n  T:\n    Type: AWS::Serverless::SimpleTable\n    Properties:\n      TableName: !Join [\"-\", [!Ref AWS::Region, !Select [0, !Split [\",\", a,b]]]]\n"))
	f.Add([]byte("a: &x {Type: AWS::Serverless::SimpleTable}\nResources:\n  T: *x\n  U: !GetAtt T.Arn\n"))
	f.Add([]byte("Resources: {T: {Type: AWS::DynamoDB::GlobalTable, Properties: {Replicas: [{Region: us-east-1}], KeySchema: [{AttributeName: k, KeyType: HASH}]}}}\n"))
	f.Add([]byte("Resources:\n  T: [\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ReadCloudFormation(data, "t.yaml", Options{Params: map[string]string{"AWS::StackName": "s"}})
		if err != nil {
			checkRefusal(t, err, "t.yaml")
			return
		}
		checkDesign(t, d)
	})
}

// FuzzReadPatternFile reads any bytes as a pattern file (YAML or JSON):
// what is read has named patterns whose requests decode with their values.
func FuzzReadPatternFile(f *testing.F) {
	addFiles(f, "*.patterns.yaml")
	f.Add([]byte(`{"Patterns":[{"Name":"a","Operation":"Query","Request":{"TableName":"T","KeyConditionExpression":"k = :k","ExpressionAttributeValues":{":k":{"S":"$${x}${y}"}}},"Values":{"y":"1"},"Budget":{"MaxRCU":0.5}}]}`))
	f.Add([]byte("Patterns:\n  - {Name: t, Operation: TransactWriteItems, Request: {TransactItems: [{Put: {TableName: T, Item: {k: {N: \"${n}\"}}}}]}, Values: {n: 1}}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range []string{"p.yaml", "p.json"} {
			pf, err := ReadPatternFile(data, name)
			if err != nil {
				checkRefusal(t, err, name)
				continue
			}
			for _, p := range pf.Patterns {
				if p.Name == "" {
					t.Fatal("a pattern without a name")
				}
				if _, err := p.Input(nil); err != nil {
					t.Fatalf("a pattern that read does not decode: %v", err)
				}
				_ = p.Table()
			}
		}
	})
}
