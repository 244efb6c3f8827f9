package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDevelopmentSaysWhatShortLeavesOut: docs/DEVELOPMENT.md's fast-tier
// paragraph names every function that asks testing.Short() (a test that
// skips or samples, or a helper that skips or samples for many), so a new
// way for -short to leave something out cannot go unsaid; and the suite's
// times there say the load they were measured under, idle and busy, since
// a figure without it misled a newcomer on a busy machine (issue 40).
func TestDevelopmentSaysWhatShortLeavesOut(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs", "DEVELOPMENT.md"))
	if err != nil {
		t.Fatal(err)
	}
	tier := between(t, string(doc), "`go test -short ./...` is the fast tier", "\n\n")
	var askers []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if ok && fn.Body != nil && asksShort(fn.Body) {
				askers = append(askers, fn.Name.Name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(askers) < 6 {
		t.Fatalf("found only %v asking testing.Short(): the walk missed files", askers)
	}
	for _, name := range askers {
		if !regexp.MustCompile("`([a-z]+\\.)?" + name + "`").MatchString(tier) {
			t.Errorf("%s asks testing.Short(), and the fast tier's paragraph does not name it (`%s`)", name, name)
		}
	}
	times := between(t, string(doc), "How long they take", "`cmd/panemap` is the longest")
	for _, want := range []string{"idle", "busy", "| `go test ./...` |", "| `go test -short ./...` |", "tmux 3."} {
		if !strings.Contains(times, want) {
			t.Errorf("the suite's times do not say %q:\n%s", want, times)
		}
	}
}

// between is doc's text from the first from up to the next to after it.
func between(t *testing.T, doc, from, to string) string {
	t.Helper()
	_, rest, ok := strings.Cut(doc, from)
	if !ok {
		t.Fatalf("docs/DEVELOPMENT.md has no %q", from)
	}
	text, _, _ := strings.Cut(rest, to)
	return from + text
}

// asksShort reports whether body calls testing.Short().
func asksShort(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Short" {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "testing" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
