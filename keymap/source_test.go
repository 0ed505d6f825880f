package keymap

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// No component of the explorer binds a key of its own: every key it
// takes comes from a binding of this package (so the help screen, the
// conflicts test above and a user's reading of the keys see all of them).
// The test reads the explorer's source (ui/, its tests aside) and fails
// on a key written there as a literal: in key.WithKeys, or compared with a
// key press's String() (==, or a case of a switch on it).
func TestEveryKeyInKeymap(t *testing.T) {
	known := map[string]bool{}
	for _, b := range allBindings(reflect.ValueOf(DefaultKeyMap()), "") {
		for _, k := range b.Keys() {
			known[k] = true
		}
	}
	fset := token.NewFileSet()
	found := 0
	err := filepath.WalkDir(filepath.Join("..", "ui"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		found++
		report := func(n ast.Node, lit *ast.BasicLit, how string) {
			s, _ := strconv.Unquote(lit.Value)
			why := "a key keymap does not know"
			if known[s] {
				why = "a key of keymap written again: take its binding from keymap"
			}
			t.Errorf("%s: %s %q (%s)", fset.Position(n.Pos()), how, s, why)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "WithKeys" {
					for _, a := range n.Args {
						if lit, ok := a.(*ast.BasicLit); ok && lit.Kind == token.STRING {
							report(n, lit, "key.WithKeys binds")
						}
					}
				}
			case *ast.BinaryExpr:
				if n.Op != token.EQL && n.Op != token.NEQ {
					return true
				}
				for _, pair := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
					if isKeyString(pair[0]) {
						if lit, ok := pair[1].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							report(n, lit, "compares a key press with")
						}
					}
				}
			case *ast.SwitchStmt:
				if n.Tag == nil || !isKeyString(n.Tag) {
					return true
				}
				for _, c := range n.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
							report(c, lit, "switches a key press on")
						}
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 50 {
		t.Fatalf("read %d files of ui/: is the tree where the test expects it?", found)
	}
}

// isKeyString reports whether e is msg.String() (or k.String(), key.String()):
// the name of a key press.
func isKeyString(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "String" {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && (id.Name == "msg" || id.Name == "k" || id.Name == "key" || id.Name == "kp")
}
