// Package designs reads table designs kept outside dynoscope: NoSQL
// Workbench data models (JSON, versions 2.0 and 3.0), CloudFormation and
// SAM templates (JSON or YAML: AWS::DynamoDB::Table,
// AWS::DynamoDB::GlobalTable, AWS::Serverless::SimpleTable) and access
// pattern files (YAML or JSON), and writes a workspace back out as a
// Workbench model (Export).
//
// A design becomes CreateTable inputs, TimeToLive settings, items and
// facets (Design); the fixtures loader turns that into one all-or-nothing
// load. Reading is strict about what it uses: a value of the wrong type, an
// unknown key type, a GSI naming an attribute of two types, an intrinsic
// function that cannot be resolved — each is an *Error naming the file, the
// line, the path of the value ("DataModel[0].KeyAttributes.PartitionKey")
// and what was expected, and nothing of the file is loaded. Members that
// describe what a local engine has no use for (auto scaling, encryption,
// point-in-time recovery, Workbench's MySQL import settings) are ignored
// and listed in Design.Notes.
//
// Sources for the formats: the DynamoDB Developer Guide's NoSQL Workbench
// chapters (workbench.Modeler.*, the TableFacets example in
// workbench.Modeler.Edit), Workbench model files published by AWS (the
// Credit Card Offers and Music Library samples, aws-samples/amazon-dynamodb-labs)
// and by users (models exported by Workbench 3.x with SampleDataFormats);
// the CloudFormation Template Reference for AWS::DynamoDB::Table and
// AWS::DynamoDB::GlobalTable and the SAM Developer Guide for
// AWS::Serverless::SimpleTable.
package designs

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// Format is the kind of a design file.
type Format int

// The formats Read understands.
const (
	FormatUnknown Format = iota
	FormatWorkbench
	FormatCloudFormation
	FormatPatterns
)

func (f Format) String() string {
	switch f {
	case FormatWorkbench:
		return "NoSQL Workbench model"
	case FormatCloudFormation:
		return "CloudFormation template"
	case FormatPatterns:
		return "access pattern file"
	}
	return "unknown"
}

// Design is what a model file or template describes: tables with their
// items and facets, ready to load.
type Design struct {
	File   string
	Format Format
	// Version is the Workbench model version ("3.0") or the template's
	// AWSTemplateFormatVersion.
	Version string
	// Name is the model's ModelName or the template's Description.
	Name string
	// Description is a Workbench model's ModelMetadata.Description.
	Description string
	Tables      []Table
	// Patterns are the access patterns a pattern file declares.
	Patterns []Pattern
	// Notes say what was ignored, assumed or resolved, one sentence each.
	Notes []string
	// Parameters are the parameters a template declares (a --param that no
	// template of a load declares is a mistake the loader reports).
	Parameters []string
}

// Table is one table of a design.
type Table struct {
	Input model.CreateTableInput
	// TimeToLive, when set, is enabled on the table once it exists.
	TimeToLive *model.TimeToLiveSpecification
	Items      []Item
	Facets     []engine.Facet
	// NonKeyAttributes are the non-key attributes a model declares, with
	// their types.
	NonKeyAttributes []model.AttributeDefinition
	// Line and Path locate the table's definition.
	Line int
	Path string
}

// Item is one item of a table's sample data and where it was read.
type Item struct {
	Item model.Item
	Line int
	Path string
}

// PseudoParameter reports whether name is a CloudFormation pseudo
// parameter (AWS::Region, AWS::StackName, ...).
func PseudoParameter(name string) bool { return contains(pseudoParams, name) }

// Options are what reading a template may need from outside it.
type Options struct {
	// Params are template parameter values (and pseudo parameters such as
	// AWS::StackName), as `--param K=V` gives them.
	Params map[string]string
}

// Detect tells a design file's format from its content: a Workbench model
// has DataModel or ModelName at the top; a template has Resources or
// AWSTemplateFormatVersion; a pattern file has Patterns. JSON and YAML are
// both looked at (a file that is neither, or none of these, is unknown).
func Detect(data []byte, file string) Format {
	top := topLevelKeys(data, file)
	has := func(k string) bool { return slices.Contains(top, k) }
	switch {
	case has("DataModel") || has("ModelName"):
		return FormatWorkbench
	case has("Resources") || has("AWSTemplateFormatVersion"):
		return FormatCloudFormation
	case has("Patterns"):
		return FormatPatterns
	}
	return FormatUnknown
}

// topLevelKeys returns the member names of a JSON or YAML document's top
// object (nil when it is not one).
func topLevelKeys(data []byte, file string) []string {
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(trimmed) > 0 && trimmed[0] == '{' {
		var top map[string]json.RawMessage
		if json.Unmarshal(data, &top) != nil {
			return nil
		}
		keys := make([]string, 0, len(top))
		for k := range top {
			keys = append(keys, k)
		}
		return keys
	}
	if !isYAMLName(file) {
		return nil
	}
	n, err := parseYAML(data, file)
	if err != nil || n.kind != kObject {
		return nil
	}
	return n.keys
}

// isYAMLName reports whether a file name says YAML.
func isYAMLName(file string) bool {
	ext := strings.ToLower(filepath.Ext(file))
	return ext == ".yaml" || ext == ".yml" || ext == ".template"
}

// parse reads a file as JSON when it starts with '{' or '[' (or is named
// .json) and as YAML otherwise.
func parse(data []byte, file string) (*node, bool, error) {
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') || strings.EqualFold(filepath.Ext(file), ".json") {
		n, err := parseJSON(data, file)
		return n, true, err
	}
	n, err := parseYAML(data, file)
	return n, false, err
}

// Read reads a design file in any format Detect knows.
func Read(data []byte, file string, opts Options) (*Design, error) {
	switch Detect(data, file) {
	case FormatWorkbench:
		return ReadWorkbench(data, file)
	case FormatCloudFormation:
		return ReadCloudFormation(data, file, opts)
	case FormatPatterns:
		return ReadPatterns(data, file)
	}
	if n, _, err := parse(data, file); err != nil {
		return nil, err
	} else if n.kind != kObject {
		return nil, &Error{File: file, Line: n.line, Err: errors.New("expected an object: a NoSQL Workbench model, a CloudFormation template or an access pattern file")}
	}
	return nil, &Error{File: file, Line: 1, Err: errors.New("not a NoSQL Workbench model (no DataModel), a CloudFormation template (no Resources) or an access pattern file (no Patterns)")}
}

// attributeDefinitions collects key attribute types, refusing one name
// with two types.
type attributeDefinitions struct {
	r     *reader
	defs  []model.AttributeDefinition
	where map[string]*node
}

// add defines name as typ, declared at n.
func (a *attributeDefinitions) add(name, typ string, n *node) error {
	for _, d := range a.defs {
		if d.AttributeName == name {
			if d.AttributeType != typ {
				w := a.where[name]
				return a.r.fail(n, "attribute %s is %s here but %s at line %d (%s)", name, typ, d.AttributeType, w.line, w.path)
			}
			return nil
		}
	}
	if a.where == nil {
		a.where = map[string]*node{}
	}
	a.defs = append(a.defs, model.AttributeDefinition{AttributeName: name, AttributeType: typ})
	a.where[name] = n
	return nil
}

func int64p(v int64) *int64 { return &v }
func boolp(v bool) *bool    { return &v }
