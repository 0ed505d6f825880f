package designs

import (
	"github.com/dynoscope/dynoscope/model"
)

// Vector indexes in designs. A CloudFormation AWS::DynamoDB::Table has
// them as its VectorIndexes property (IndexName, VectorAttribute
// {AttributeName}, Dimensions 1–4096, DistanceFunction, Projection,
// SearchSchema [{AttributeName, SearchSchemaElementType}]: the Template
// Reference's AWS::DynamoDB::Table VectorIndex). A NoSQL Workbench model has
// no such member; dynoscope writes and reads one of the same shape, named
// VectorIndexes, beside GlobalSecondaryIndexes (docs/FIDELITY.md), the
// search schema's attribute types taken from NonKeyAttributes.

var distanceFunctions = []string{model.DistanceCosine, model.DistanceEuclidean, model.DistanceDotProduct}

// vectorIndexes reads a VectorIndexes array.
func (r *reader) vectorIndexes(n *node) ([]model.VectorIndex, error) {
	if err := r.want(n, kArray); err != nil {
		return nil, err
	}
	var out []model.VectorIndex
	for _, e := range n.elems {
		v, err := r.vectorIndex(e)
		if err != nil {
			return nil, err
		}
		for _, o := range out {
			if o.IndexName == v.IndexName {
				return nil, r.fail(e, "two vector indexes are named %s", v.IndexName)
			}
		}
		out = append(out, v)
	}
	return out, nil
}

func (r *reader) vectorIndex(e *node) (model.VectorIndex, error) {
	var v model.VectorIndex
	known := []string{"IndexName", "VectorAttribute", "Dimensions", "DistanceFunction", "Projection", "SearchSchema"}
	if err := r.members(e, known, "IndexName", "VectorAttribute", "Dimensions", "DistanceFunction", "Projection"); err != nil {
		return v, err
	}
	var err error
	if v.IndexName, err = r.str(e.get("IndexName")); err != nil {
		return v, err
	}
	va := e.get("VectorAttribute")
	if err := r.members(va, []string{"AttributeName"}, "AttributeName"); err != nil {
		return v, err
	}
	name, err := r.str(va.get("AttributeName"))
	if err != nil {
		return v, err
	}
	v.VectorAttribute = &model.VectorAttributeDefinition{AttributeName: name}
	dims, err := r.integer(e.get("Dimensions"), 1, 4096)
	if err != nil {
		return v, err
	}
	v.Dimensions = &dims
	if v.DistanceFunction, err = r.enum(e.get("DistanceFunction"), distanceFunctions...); err != nil {
		return v, err
	}
	pn := e.get("Projection")
	if err := r.members(pn, []string{"ProjectionType", "NonKeyAttributes"}); err != nil {
		return v, err
	}
	p := model.Projection{}
	if t := pn.get("ProjectionType"); t != nil {
		if p.ProjectionType, err = r.enum(t, projections...); err != nil {
			return v, err
		}
	}
	if a := pn.get("NonKeyAttributes"); a != nil {
		if p.NonKeyAttributes, err = r.strings(a); err != nil {
			return v, err
		}
	}
	v.Projection = &p
	if ss := e.get("SearchSchema"); ss != nil {
		if err := r.want(ss, kArray); err != nil {
			return v, err
		}
		for _, se := range ss.elems {
			if err := r.members(se, []string{"AttributeName", "SearchSchemaElementType"}, "AttributeName", "SearchSchemaElementType"); err != nil {
				return v, err
			}
			var el model.SearchSchemaElement
			if el.AttributeName, err = r.str(se.get("AttributeName")); err != nil {
				return v, err
			}
			if el.SearchSchemaElementType, err = r.enum(se.get("SearchSchemaElementType"), model.SearchSchemaHash, model.SearchSchemaInlineFilter); err != nil {
				return v, err
			}
			v.SearchSchema = append(v.SearchSchema, el)
		}
	}
	return v, nil
}

// vectorIndexesOf turns a table's vector index descriptions back into
// declarations (what a model or template holds).
func vectorIndexesOf(ds []model.VectorIndexDescription) []model.VectorIndex {
	var out []model.VectorIndex
	for _, d := range ds {
		if d.IndexStatus == model.StatusDeleting {
			continue
		}
		dims := d.Dimensions
		p := d.Projection
		out = append(out, model.VectorIndex{IndexName: d.IndexName, VectorAttribute: &model.VectorAttributeDefinition{AttributeName: d.VectorAttribute.AttributeName},
			Dimensions: &dims, DistanceFunction: d.DistanceFunction, Projection: &p, SearchSchema: d.SearchSchema})
	}
	return out
}
