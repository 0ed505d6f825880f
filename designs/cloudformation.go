package designs

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// Resource types that become tables.
const (
	typeTable       = "AWS::DynamoDB::Table"
	typeGlobalTable = "AWS::DynamoDB::GlobalTable"
	typeSimpleTable = "AWS::Serverless::SimpleTable"
)

// templateSections are the top-level sections of a template (SAM adds
// Globals).
var templateSections = []string{"AWSTemplateFormatVersion", "Description", "Metadata", "Parameters", "Rules",
	"Mappings", "Conditions", "Transform", "Resources", "Outputs", "Globals"}

// Properties of the table resources: read, and ignored because they change
// nothing in a local engine (encryption, backups, insights, Kinesis,
// warm and on-demand throughput limits, resource policies, S3 import).
var (
	tableProps = []string{"AttributeDefinitions", "BillingMode", "GlobalSecondaryIndexes", "KeySchema",
		"LocalSecondaryIndexes", "ProvisionedThroughput", "StreamSpecification", "TableClass", "TableName",
		"Tags", "TimeToLiveSpecification", "DeletionProtectionEnabled", "VectorIndexes"}
	tableIgnored = []string{"SSESpecification", "PointInTimeRecoverySpecification", "ContributorInsightsSpecification",
		"KinesisStreamSpecification", "OnDemandThroughput", "WarmThroughput", "ResourcePolicy", "ImportSourceSpecification"}
	globalTableProps = []string{"AttributeDefinitions", "BillingMode", "GlobalSecondaryIndexes", "KeySchema",
		"LocalSecondaryIndexes", "Replicas", "StreamSpecification", "TableName", "TimeToLiveSpecification",
		"WriteProvisionedThroughputSettings"}
	globalTableIgnored = []string{"SSESpecification", "WriteOnDemandThroughputSettings", "MultiRegionConsistency",
		"GlobalTableWitnesses", "WarmThroughput"}
	simpleTableProps   = []string{"PrimaryKey", "ProvisionedThroughput", "TableName", "Tags"}
	simpleTableIgnored = []string{"SSESpecification", "PointInTimeRecoverySpecification"}
	streamViewTypes    = []string{"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"}
	tableClasses       = []string{"STANDARD", "STANDARD_INFREQUENT_ACCESS"}
)

// ReadCloudFormation reads a CloudFormation or SAM template, JSON or YAML
// (short-form tags included), and returns its DynamoDB tables.
// Intrinsic functions are resolved from opts.Params, parameter Defaults
// and Mappings; a value that exists only in a deployed stack (Fn::GetAtt,
// Fn::ImportValue, a resource's Ref) is an error naming its line.
func ReadCloudFormation(data []byte, file string, opts Options) (*Design, error) {
	root, isJSON, err := parse(data, file)
	if err != nil {
		return nil, err
	}
	c := &cfn{template: template{reader: reader{file: file}, given: opts.Params, condValue: map[string]bool{},
		condBusy: map[string]bool{}, used: map[string]bool{}}, d: &Design{File: file, Format: FormatCloudFormation}}
	if c.given == nil {
		c.given = map[string]string{}
	}
	_ = isJSON
	if err := c.read(root); err != nil {
		return nil, err
	}
	return c.d, nil
}

type cfn struct {
	template
	d *Design
}

func (c *cfn) note(format string, args ...any) {
	c.d.Notes = append(c.d.Notes, fmt.Sprintf(format, args...))
}

func (c *cfn) read(root *node) error {
	if err := c.want(root, kObject); err != nil {
		return err
	}
	for i, k := range root.keys {
		if !contains(templateSections, k) {
			return c.fail(root.vals[i], "unknown template section %q (expected %s)", k, oneOf(templateSections))
		}
	}
	if v := root.get("AWSTemplateFormatVersion"); v != nil {
		s, err := c.enum(v, "2010-09-09")
		if err != nil {
			return err
		}
		c.d.Version = s
	}
	if v := root.get("Description"); v != nil {
		s, err := c.str(v)
		if err != nil {
			return err
		}
		c.d.Name = s
	}
	if v := root.get("Transform"); v != nil {
		names := []string{}
		switch v.kind {
		case kString:
			names = append(names, v.str)
		case kArray:
			for _, e := range v.elems {
				s, err := c.str(e)
				if err != nil {
					return err
				}
				names = append(names, s)
			}
		default:
			return c.fail(v, "expected a transform name or a list of them, found %s", describe(v))
		}
		for _, n := range names {
			if n != "AWS::Serverless-2016-10-31" && n != "AWS::LanguageExtensions" {
				c.note("line %d: transform %s was not run: the template is read as written", v.line, n)
			}
		}
	}
	c.mappings = root.get("Mappings")
	c.conditions = root.get("Conditions")
	if c.mappings != nil {
		if err := c.want(c.mappings, kObject); err != nil {
			return err
		}
	}
	if c.conditions != nil {
		if err := c.want(c.conditions, kObject); err != nil {
			return err
		}
	}
	if err := c.parameters(root.get("Parameters")); err != nil {
		return err
	}
	for name := range c.paramDecl {
		c.d.Parameters = append(c.d.Parameters, name)
	}
	sort.Strings(c.d.Parameters)
	res := root.get("Resources")
	if res == nil {
		return c.fail(root, "missing Resources")
	}
	if err := c.want(res, kObject); err != nil {
		return err
	}
	c.resources = res
	others := map[string]int{}
	for i, id := range res.keys {
		rn := res.vals[i]
		if strings.HasPrefix(id, "Fn::ForEach") {
			return c.fail(rn, "Fn::ForEach is not supported: write the resources out")
		}
		if !alphanumeric(id) {
			return c.fail(rn, "resource name %q is not alphanumeric (A-Z, a-z, 0-9), as CloudFormation requires", id)
		}
		if err := c.want(rn, kObject); err != nil {
			return err
		}
		tn := rn.get("Type")
		if tn == nil {
			return c.fail(rn, "missing Type")
		}
		typ, err := c.str(tn)
		if err != nil {
			return err
		}
		if typ != typeTable && typ != typeGlobalTable && typ != typeSimpleTable {
			others[typ]++
			continue
		}
		if cond := rn.get("Condition"); cond != nil {
			if cond.kind != kString {
				return c.fail(cond, "expected a condition name, found %s", describe(cond))
			}
			ok, err := c.condition(cond.str, cond)
			if err != nil {
				return err
			}
			if !ok {
				c.note("line %d: resource %s is not created: its condition %s is false", rn.line, id, cond.str)
				continue
			}
		}
		props := rn.get("Properties")
		if props == nil {
			if typ != typeSimpleTable {
				return c.fail(rn, "missing Properties")
			}
			props = &node{kind: kObject, line: rn.line, path: childPath(rn.path, "Properties")}
		}
		resolved, err := c.resolve(props)
		if err != nil {
			return err
		}
		var t Table
		switch typ {
		case typeTable:
			t, err = c.table(id, resolved)
		case typeGlobalTable:
			t, err = c.globalTable(id, resolved)
		default:
			t, err = c.simpleTable(id, resolved)
		}
		if err != nil {
			return err
		}
		t.Line, t.Path = rn.line, rn.path
		for _, o := range c.d.Tables {
			if o.Input.TableName == t.Input.TableName {
				return c.fail(rn, "table %s is defined twice (first by the resource at line %d)", t.Input.TableName, o.Line)
			}
		}
		c.d.Tables = append(c.d.Tables, t)
	}
	if len(c.d.Tables) == 0 {
		return c.fail(res, "no resource of type %s, %s or %s", typeTable, typeGlobalTable, typeSimpleTable)
	}
	if len(others) > 0 {
		types := make([]string, 0, len(others))
		for k, n := range others {
			types = append(types, fmt.Sprintf("%s ×%d", k, n))
		}
		sort.Strings(types)
		c.note("ignored the resources that are not tables: %s", strings.Join(types, ", "))
	}
	if g := root.get("Globals"); g != nil && g.kind == kObject && g.get("SimpleTable") != nil {
		c.note("line %d: ignored Globals.SimpleTable (only SSESpecification may be set there, and encryption changes nothing locally)", g.line)
	}
	var pseudo []string
	for k := range c.used {
		pseudo = append(pseudo, fmt.Sprintf("%s = %s", k, pseudoDefaults[k]))
	}
	if len(pseudo) > 0 {
		sort.Strings(pseudo)
		c.note("pseudo parameters took the local engine's values: %s (override with --param)", strings.Join(pseudo, ", "))
	}
	return nil
}

// alphanumeric reports whether a logical ID is valid: letters and digits.
func alphanumeric(id string) bool {
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return id != ""
}

// properties checks a resource's properties: known are read, ignored are
// noted, anything else is an error (as CloudFormation refuses it).
func (c *cfn) properties(id string, p *node, known, ignored []string) error {
	if err := c.want(p, kObject); err != nil {
		return err
	}
	for i, k := range p.keys {
		switch {
		case contains(known, k):
		case contains(ignored, k):
			c.note("line %d: %s: ignored %s (changes nothing in a local engine)", p.vals[i].line, id, k)
		default:
			all := append(append([]string{}, known...), ignored...)
			sort.Strings(all)
			return c.fail(p.vals[i], "unknown property %q (expected %s)", k, oneOf(all))
		}
	}
	return nil
}

// tableName reads TableName, or uses the logical ID when there is none.
func (c *cfn) tableName(id string, p *node) (string, error) {
	n := p.get("TableName")
	if n == nil {
		c.note("line %d: %s has no TableName: the table is named %s (CloudFormation would name it STACK-%s-RANDOM)", p.line, id, id, id)
		return id, nil
	}
	return c.name(n, "a table name")
}

// name reads a string that must not be empty.
func (c *cfn) name(n *node, what string) (string, error) {
	s, err := c.str(n)
	if err == nil && s == "" {
		err = c.fail(n, "expected %s, found an empty string", what)
	}
	return s, err
}

// keySchema reads a KeySchema list, of any length.
func (c *cfn) keySchema(n *node) ([]model.KeySchemaElement, error) {
	if err := c.want(n, kArray); err != nil {
		return nil, err
	}
	if len(n.elems) == 0 {
		return nil, c.fail(n, "expected at least one key attribute")
	}
	ks := make([]model.KeySchemaElement, 0, len(n.elems))
	for _, e := range n.elems {
		if err := c.members(e, []string{"AttributeName", "KeyType"}, "AttributeName", "KeyType"); err != nil {
			return nil, err
		}
		name, err := c.name(e.get("AttributeName"), "an attribute name")
		if err != nil {
			return nil, err
		}
		kt, err := c.enum(e.get("KeyType"), model.KeyTypeHash, model.KeyTypeRange)
		if err != nil {
			return nil, err
		}
		ks = append(ks, model.KeySchemaElement{AttributeName: name, KeyType: kt})
	}
	return ks, nil
}

func (c *cfn) attributeDefinitions(n *node) ([]model.AttributeDefinition, error) {
	if err := c.want(n, kArray); err != nil {
		return nil, err
	}
	defs := &attributeDefinitions{r: &c.reader}
	for _, e := range n.elems {
		if err := c.members(e, []string{"AttributeName", "AttributeType"}, "AttributeName", "AttributeType"); err != nil {
			return nil, err
		}
		name, err := c.str(e.get("AttributeName"))
		if err != nil {
			return nil, err
		}
		typ, err := c.enum(e.get("AttributeType"), keyTypes...)
		if err != nil {
			return nil, err
		}
		if err := defs.add(name, typ, e); err != nil {
			return nil, err
		}
	}
	return defs.defs, nil
}

func (c *cfn) projection(n *node) (model.Projection, error) {
	var p model.Projection
	if err := c.members(n, []string{"ProjectionType", "NonKeyAttributes"}); err != nil {
		return p, err
	}
	var err error
	if v := n.get("ProjectionType"); v != nil {
		if p.ProjectionType, err = c.enum(v, projections...); err != nil {
			return p, err
		}
	}
	if v := n.get("NonKeyAttributes"); v != nil {
		if p.NonKeyAttributes, err = c.strings(v); err != nil {
			return p, err
		}
	}
	return p, nil
}

func (c *cfn) throughput(n *node) (*model.ProvisionedThroughput, error) {
	if err := c.members(n, []string{"ReadCapacityUnits", "WriteCapacityUnits"}, "ReadCapacityUnits", "WriteCapacityUnits"); err != nil {
		return nil, err
	}
	r, err := c.integer(n.get("ReadCapacityUnits"), 1, 1<<62)
	if err != nil {
		return nil, err
	}
	w, err := c.integer(n.get("WriteCapacityUnits"), 1, 1<<62)
	if err != nil {
		return nil, err
	}
	return &model.ProvisionedThroughput{ReadCapacityUnits: int64p(r), WriteCapacityUnits: int64p(w)}, nil
}

func (c *cfn) lsis(n *node) ([]model.LocalSecondaryIndex, error) {
	if err := c.want(n, kArray); err != nil {
		return nil, err
	}
	var out []model.LocalSecondaryIndex
	for _, e := range n.elems {
		if err := c.members(e, []string{"IndexName", "KeySchema", "Projection"}, "IndexName", "KeySchema", "Projection"); err != nil {
			return nil, err
		}
		name, err := c.str(e.get("IndexName"))
		if err != nil {
			return nil, err
		}
		ks, err := c.keySchema(e.get("KeySchema"))
		if err != nil {
			return nil, err
		}
		p, err := c.projection(e.get("Projection"))
		if err != nil {
			return nil, err
		}
		out = append(out, model.LocalSecondaryIndex{IndexName: name, KeySchema: ks, Projection: p})
	}
	return out, nil
}

// gsi reads the parts of a GSI both table types share; extra are the
// members of the resource type's own (read by the caller).
func (c *cfn) gsi(e *node, known, ignored []string) (model.GlobalSecondaryIndex, error) {
	var g model.GlobalSecondaryIndex
	if err := c.want(e, kObject); err != nil {
		return g, err
	}
	for i, k := range e.keys {
		switch {
		case k == "IndexName" || k == "KeySchema" || k == "Projection" || contains(known, k):
		case contains(ignored, k):
			c.note("line %d: ignored %s (changes nothing in a local engine)", e.vals[i].line, e.vals[i].path)
		default:
			all := append([]string{"IndexName", "KeySchema", "Projection"}, append(append([]string{}, known...), ignored...)...)
			return g, c.fail(e.vals[i], "unknown property %q (expected %s)", k, oneOf(all))
		}
	}
	for _, k := range []string{"IndexName", "KeySchema", "Projection"} {
		if e.get(k) == nil {
			return g, c.fail(e, "missing %s", k)
		}
	}
	var err error
	if g.IndexName, err = c.str(e.get("IndexName")); err != nil {
		return g, err
	}
	if g.KeySchema, err = c.keySchema(e.get("KeySchema")); err != nil {
		return g, err
	}
	g.Projection, err = c.projection(e.get("Projection"))
	return g, err
}

// stream reads StreamSpecification {StreamViewType}.
func (c *cfn) stream(n *node) (*model.StreamSpecification, error) {
	if err := c.want(n, kObject); err != nil {
		return nil, err
	}
	for i, k := range n.keys {
		switch k {
		case "StreamViewType":
		case "ResourcePolicy":
			c.note("line %d: ignored %s (changes nothing in a local engine)", n.vals[i].line, n.vals[i].path)
		default:
			return nil, c.fail(n.vals[i], "unknown property %q (expected StreamViewType or ResourcePolicy)", k)
		}
	}
	v := n.get("StreamViewType")
	if v == nil {
		return nil, c.fail(n, "missing StreamViewType")
	}
	typ, err := c.enum(v, streamViewTypes...)
	if err != nil {
		return nil, err
	}
	return &model.StreamSpecification{StreamEnabled: true, StreamViewType: typ}, nil
}

// ttl reads TimeToLiveSpecification; nil when it is disabled.
func (c *cfn) ttl(n *node) (*model.TimeToLiveSpecification, error) {
	if err := c.members(n, []string{"AttributeName", "Enabled"}, "Enabled"); err != nil {
		return nil, err
	}
	on, err := c.boolean(n.get("Enabled"))
	if err != nil || !on {
		return nil, err
	}
	a := n.get("AttributeName")
	if a == nil {
		return nil, c.fail(n, "missing AttributeName (required when Enabled is true)")
	}
	name, err := c.str(a)
	if err != nil {
		return nil, err
	}
	return &model.TimeToLiveSpecification{Enabled: true, AttributeName: name}, nil
}

// tags reads [{Key, Value}, ...].
func (c *cfn) tags(n *node) ([]model.Tag, error) {
	if err := c.want(n, kArray); err != nil {
		return nil, err
	}
	var out []model.Tag
	for _, e := range n.elems {
		if err := c.members(e, []string{"Key", "Value"}, "Key", "Value"); err != nil {
			return nil, err
		}
		k, err := c.str(e.get("Key"))
		if err != nil {
			return nil, err
		}
		v, err := c.str(e.get("Value"))
		if err != nil {
			return nil, err
		}
		out = append(out, model.Tag{Key: k, Value: v})
	}
	return out, nil
}

// common reads what both DynamoDB table types share.
func (c *cfn) common(id string, p *node, t *Table) error {
	in := &t.Input
	var err error
	if in.TableName, err = c.tableName(id, p); err != nil {
		return err
	}
	ks := p.get("KeySchema")
	if ks == nil {
		return c.fail(p, "missing KeySchema")
	}
	if in.KeySchema, err = c.keySchema(ks); err != nil {
		return err
	}
	if v := p.get("AttributeDefinitions"); v != nil {
		if in.AttributeDefinitions, err = c.attributeDefinitions(v); err != nil {
			return err
		}
	}
	if v := p.get("LocalSecondaryIndexes"); v != nil {
		if in.LocalSecondaryIndexes, err = c.lsis(v); err != nil {
			return err
		}
	}
	if v := p.get("StreamSpecification"); v != nil {
		if in.StreamSpecification, err = c.stream(v); err != nil {
			return err
		}
	}
	if v := p.get("TimeToLiveSpecification"); v != nil {
		if t.TimeToLive, err = c.ttl(v); err != nil {
			return err
		}
	}
	return nil
}

func (c *cfn) table(id string, p *node) (Table, error) {
	var t Table
	if err := c.properties(id, p, tableProps, tableIgnored); err != nil {
		return t, err
	}
	if err := c.common(id, p, &t); err != nil {
		return t, err
	}
	in := &t.Input
	var err error
	in.BillingMode = model.BillingProvisioned // CloudFormation's default
	if v := p.get("BillingMode"); v != nil {
		if in.BillingMode, err = c.enum(v, billingModes...); err != nil {
			return t, err
		}
	}
	if v := p.get("ProvisionedThroughput"); v != nil {
		if in.ProvisionedThroughput, err = c.throughput(v); err != nil {
			return t, err
		}
	}
	if v := p.get("GlobalSecondaryIndexes"); v != nil {
		if err := c.want(v, kArray); err != nil {
			return t, err
		}
		for _, e := range v.elems {
			g, err := c.gsi(e, []string{"ProvisionedThroughput"}, []string{"ContributorInsightsSpecification", "OnDemandThroughput", "WarmThroughput"})
			if err != nil {
				return t, err
			}
			if pt := e.get("ProvisionedThroughput"); pt != nil {
				if g.ProvisionedThroughput, err = c.throughput(pt); err != nil {
					return t, err
				}
			}
			in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, g)
		}
	}
	if v := p.get("TableClass"); v != nil {
		if in.TableClass, err = c.enum(v, tableClasses...); err != nil {
			return t, err
		}
	}
	if v := p.get("VectorIndexes"); v != nil {
		if in.VectorIndexes, err = c.vectorIndexes(v); err != nil {
			return t, err
		}
	}
	if v := p.get("DeletionProtectionEnabled"); v != nil {
		b, err := c.boolean(v)
		if err != nil {
			return t, err
		}
		in.DeletionProtectionEnabled = boolp(b)
	}
	if v := p.get("Tags"); v != nil {
		if in.Tags, err = c.tags(v); err != nil {
			return t, err
		}
	}
	return t, nil
}

// globalTable reads an AWS::DynamoDB::GlobalTable as the one replica a
// local engine holds: the replica in AWS::Region (us-east-1 unless --param
// says otherwise), else the first. Provisioned write capacity is the
// auto-scaling minimum (auto scaling is not simulated).
func (c *cfn) globalTable(id string, p *node) (Table, error) {
	var t Table
	if err := c.properties(id, p, globalTableProps, globalTableIgnored); err != nil {
		return t, err
	}
	if err := c.common(id, p, &t); err != nil {
		return t, err
	}
	in := &t.Input
	var err error
	in.BillingMode = model.BillingProvisioned
	if v := p.get("BillingMode"); v != nil {
		if in.BillingMode, err = c.enum(v, billingModes...); err != nil {
			return t, err
		}
	}
	reps := p.get("Replicas")
	if reps == nil {
		return t, c.fail(p, "missing Replicas")
	}
	replica, err := c.replica(id, reps)
	if err != nil {
		return t, err
	}
	provisioned := in.BillingMode == model.BillingProvisioned
	var wcu int64
	if v := p.get("WriteProvisionedThroughputSettings"); v != nil {
		if wcu, err = c.writeSettings(v); err != nil {
			return t, err
		}
	}
	if provisioned {
		if wcu == 0 {
			return t, c.fail(p, "BillingMode PROVISIONED needs WriteProvisionedThroughputSettings")
		}
		rcu, err := c.readSettings(replica, replica.get("ReadProvisionedThroughputSettings"), "ReadProvisionedThroughputSettings")
		if err != nil {
			return t, err
		}
		in.ProvisionedThroughput = &model.ProvisionedThroughput{ReadCapacityUnits: int64p(rcu), WriteCapacityUnits: int64p(wcu)}
	}
	if v := p.get("GlobalSecondaryIndexes"); v != nil {
		if err := c.want(v, kArray); err != nil {
			return t, err
		}
		for _, e := range v.elems {
			g, err := c.gsi(e, []string{"WriteProvisionedThroughputSettings"}, []string{"WriteOnDemandThroughputSettings", "WarmThroughput"})
			if err != nil {
				return t, err
			}
			if provisioned {
				gw := wcu
				if ws := e.get("WriteProvisionedThroughputSettings"); ws != nil {
					if gw, err = c.writeSettings(ws); err != nil {
						return t, err
					}
				}
				gr := *in.ProvisionedThroughput.ReadCapacityUnits
				if rg := replicaGSI(replica, g.IndexName); rg != nil && rg.get("ReadProvisionedThroughputSettings") != nil {
					if gr, err = c.readSettings(rg, rg.get("ReadProvisionedThroughputSettings"), "ReadProvisionedThroughputSettings"); err != nil {
						return t, err
					}
				}
				g.ProvisionedThroughput = &model.ProvisionedThroughput{ReadCapacityUnits: int64p(gr), WriteCapacityUnits: int64p(gw)}
			}
			in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, g)
		}
	}
	if v := replica.get("TableClass"); v != nil {
		if in.TableClass, err = c.enum(v, tableClasses...); err != nil {
			return t, err
		}
	}
	if v := replica.get("DeletionProtectionEnabled"); v != nil {
		b, err := c.boolean(v)
		if err != nil {
			return t, err
		}
		in.DeletionProtectionEnabled = boolp(b)
	}
	if v := replica.get("Tags"); v != nil {
		if in.Tags, err = c.tags(v); err != nil {
			return t, err
		}
	}
	return t, nil
}

// replica picks the replica the local table stands for.
func (c *cfn) replica(id string, reps *node) (*node, error) {
	if err := c.want(reps, kArray); err != nil {
		return nil, err
	}
	if len(reps.elems) == 0 {
		return nil, c.fail(reps, "expected at least one replica")
	}
	region := pseudoDefaults["AWS::Region"]
	if r, ok := c.given["AWS::Region"]; ok {
		region = r
	}
	known := []string{"Region", "ReadProvisionedThroughputSettings", "GlobalSecondaryIndexes", "TableClass",
		"DeletionProtectionEnabled", "Tags"}
	ignored := []string{"ContributorInsightsSpecification", "KinesisStreamSpecification", "PointInTimeRecoverySpecification",
		"ReadOnDemandThroughputSettings", "ReplicaStreamSpecification", "ResourcePolicy", "SSESpecification", "WarmThroughput"}
	var chosen *node
	for _, r := range reps.elems {
		if err := c.properties(id, r, known, ignored); err != nil {
			return nil, err
		}
		rn := r.get("Region")
		if rn == nil {
			return nil, c.fail(r, "missing Region")
		}
		name, err := c.str(rn)
		if err != nil {
			return nil, err
		}
		if name == region && chosen == nil {
			chosen = r
		}
	}
	if chosen == nil {
		chosen = reps.elems[0]
		c.note("line %d: %s has no replica in %s: the table is read as the replica in %s", reps.line, id, region, chosen.get("Region").str)
	} else if len(reps.elems) > 1 {
		c.note("line %d: %s is read as its replica in %s (a local engine holds one copy)", chosen.line, id, region)
	}
	return chosen, nil
}

// replicaGSI returns a replica's settings for one GSI, or nil.
func replicaGSI(replica *node, index string) *node {
	gs := replica.get("GlobalSecondaryIndexes")
	if gs == nil || gs.kind != kArray {
		return nil
	}
	for _, g := range gs.elems {
		if n := g.get("IndexName"); n != nil && n.kind == kString && n.str == index {
			return g
		}
	}
	return nil
}

// writeSettings reads WriteProvisionedThroughputSettings: the auto-scaling
// minimum.
func (c *cfn) writeSettings(n *node) (int64, error) {
	if err := c.members(n, []string{"WriteCapacityAutoScalingSettings"}, "WriteCapacityAutoScalingSettings"); err != nil {
		return 0, err
	}
	return c.autoScalingMin(n.get("WriteCapacityAutoScalingSettings"))
}

// readSettings reads ReadProvisionedThroughputSettings: fixed units, or the
// auto-scaling minimum.
func (c *cfn) readSettings(owner, n *node, what string) (int64, error) {
	if n == nil {
		return 0, c.fail(owner, "BillingMode PROVISIONED needs %s", what)
	}
	if err := c.members(n, []string{"ReadCapacityUnits", "ReadCapacityAutoScalingSettings"}); err != nil {
		return 0, err
	}
	if v := n.get("ReadCapacityUnits"); v != nil {
		return c.integer(v, 1, 1<<62)
	}
	if v := n.get("ReadCapacityAutoScalingSettings"); v != nil {
		return c.autoScalingMin(v)
	}
	return 0, c.fail(n, "expected ReadCapacityUnits or ReadCapacityAutoScalingSettings")
}

func (c *cfn) autoScalingMin(n *node) (int64, error) {
	if err := c.members(n, []string{"MinCapacity", "MaxCapacity", "SeedCapacity", "TargetTrackingScalingPolicyConfiguration"},
		"MinCapacity", "MaxCapacity", "TargetTrackingScalingPolicyConfiguration"); err != nil {
		return 0, err
	}
	min, err := c.integer(n.get("MinCapacity"), 1, 1<<62)
	if err != nil {
		return 0, err
	}
	if _, err := c.integer(n.get("MaxCapacity"), min, 1<<62); err != nil {
		return 0, err
	}
	c.note("line %d: auto scaling is not simulated: %s is provisioned at its MinCapacity, %d", n.line, n.path, min)
	return min, nil
}

// simpleTable reads an AWS::Serverless::SimpleTable: a table with a
// single-attribute key (default "id", a String), on demand unless it has
// ProvisionedThroughput.
func (c *cfn) simpleTable(id string, p *node) (Table, error) {
	var t Table
	if err := c.properties(id, p, simpleTableProps, simpleTableIgnored); err != nil {
		return t, err
	}
	in := &t.Input
	var err error
	if in.TableName, err = c.tableName(id, p); err != nil {
		return t, err
	}
	name, typ := "id", "S"
	if pk := p.get("PrimaryKey"); pk != nil {
		if err := c.members(pk, []string{"Name", "Type"}, "Type"); err != nil {
			return t, err
		}
		if v := pk.get("Name"); v != nil {
			if name, err = c.name(v, "an attribute name"); err != nil {
				return t, err
			}
		}
		samType, err := c.enum(pk.get("Type"), "String", "Number", "Binary")
		if err != nil {
			return t, err
		}
		typ = map[string]string{"String": "S", "Number": "N", "Binary": "B"}[samType]
	}
	in.KeySchema = []model.KeySchemaElement{{AttributeName: name, KeyType: model.KeyTypeHash}}
	in.AttributeDefinitions = []model.AttributeDefinition{{AttributeName: name, AttributeType: typ}}
	in.BillingMode = model.BillingPayPerRequest
	if v := p.get("ProvisionedThroughput"); v != nil {
		in.BillingMode = model.BillingProvisioned
		if in.ProvisionedThroughput, err = c.throughput(v); err != nil {
			return t, err
		}
	}
	if v := p.get("Tags"); v != nil {
		if err := c.want(v, kObject); err != nil {
			return t, err
		}
		for i, k := range v.keys {
			s, err := c.str(v.vals[i])
			if err != nil {
				return t, err
			}
			in.Tags = append(in.Tags, model.Tag{Key: k, Value: s})
		}
	}
	return t, nil
}
