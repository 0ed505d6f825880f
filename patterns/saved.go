package patterns

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/dynoscope/dynoscope/designs"
	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// Store is a workspace that keeps patterns with its tables (in their
// engine.TableDesign); *engine.Engine is one.
type Store interface {
	ListTables(ctx context.Context, in *model.ListTablesInput) (*model.ListTablesOutput, error)
	TableDesign(table string) (engine.TableDesign, error)
	SetTableDesign(table string, d engine.TableDesign) error
}

// Saved returns the patterns kept in a workspace: table by table, in table
// name order, each table's in the order they were saved.
func Saved(ctx context.Context, s Store) ([]designs.Pattern, error) {
	var names []string
	in := &model.ListTablesInput{}
	for {
		res, err := s.ListTables(ctx, in)
		if err != nil {
			return nil, err
		}
		names = append(names, res.TableNames...)
		if res.LastEvaluatedTableName == "" {
			break
		}
		in.ExclusiveStartTableName = res.LastEvaluatedTableName
	}
	var out []designs.Pattern
	for _, t := range names {
		td, err := s.TableDesign(t)
		if err != nil {
			return nil, err
		}
		for _, raw := range td.Patterns {
			p, err := designs.DecodeSavedPattern(raw)
			if err != nil {
				return nil, fmt.Errorf("table %s: %w", t, err)
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// Save keeps a pattern with the table its request names, replacing a
// pattern of the same name there. The pattern must decode (its
// placeholders all have values).
func Save(s Store, p designs.Pattern) error {
	if p.Name == "" {
		return fmt.Errorf("a pattern needs a name")
	}
	if _, err := p.Input(nil); err != nil {
		return err
	}
	table := p.Table()
	if table == "" {
		return fmt.Errorf("%s: its request names no table", p.Where())
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return err
	}
	td, err := s.TableDesign(table)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(td.Patterns, func(o json.RawMessage) bool { return savedName(o) == p.Name })
	if i >= 0 {
		td.Patterns[i] = raw
	} else {
		td.Patterns = append(td.Patterns, raw)
	}
	return s.SetTableDesign(table, td)
}

// Remove deletes the saved pattern of a name from a table; false when the
// table has none of that name.
func Remove(s Store, table, name string) (bool, error) {
	td, err := s.TableDesign(table)
	if err != nil {
		return false, err
	}
	i := slices.IndexFunc(td.Patterns, func(o json.RawMessage) bool { return savedName(o) == name })
	if i < 0 {
		return false, nil
	}
	td.Patterns = slices.Delete(td.Patterns, i, i+1)
	return true, s.SetTableDesign(table, td)
}

// savedName is the name of a saved pattern document.
func savedName(raw json.RawMessage) string {
	var p struct{ Name string }
	_ = json.Unmarshal(raw, &p)
	return p.Name
}

// FromRequest makes a pattern of a request as it stands (no
// placeholders): what the query builder's "save as pattern" keeps.
func FromRequest(name string, in any) (designs.Pattern, error) {
	op := ""
	for o, typ := range requestTypes {
		if fmt.Sprintf("%T", in) == typ {
			op = o
		}
	}
	if op == "" {
		return designs.Pattern{}, fmt.Errorf("%T is not a request a pattern runs (%v)", in, designs.Operations)
	}
	raw, err := json.Marshal(in)
	if err != nil {
		return designs.Pattern{}, err
	}
	p := designs.Pattern{Name: name, Operation: op, Request: raw}
	if _, err := p.Input(nil); err != nil {
		return p, err
	}
	return p, nil
}

var requestTypes = map[string]string{
	"GetItem": "*model.GetItemInput", "Query": "*model.QueryInput", "Scan": "*model.ScanInput",
	"PutItem": "*model.PutItemInput", "UpdateItem": "*model.UpdateItemInput", "DeleteItem": "*model.DeleteItemInput",
	"TransactWriteItems": "*model.TransactWriteItemsInput", "ExecuteStatement": "*model.ExecuteStatementInput",
	"SearchVectors": "*model.SearchVectorsInput",
}
