package layers

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/panemap/panemap"

// pkg is what `go list -json` says of one package.
type pkg struct {
	ImportPath   string
	Dir          string
	Imports      []string // of the non-test files
	TestImports  []string
	XTestImports []string
	Standard     bool
	GoFiles      []string
	TestGoFiles  []string
	XTestGoFiles []string
}

// ours trims the module path: "tmuxctl/transport", or "" when p is not
// a package of this module.
func ours(p string) string {
	if p == module {
		return "."
	}
	rest, ok := strings.CutPrefix(p, module+"/")
	if !ok {
		return ""
	}
	return rest
}

// listPackages runs go list over the module. Standard-library packages
// are told apart by go list itself (pkg.Standard on a -deps listing).
func listPackages(t *testing.T) (mine []pkg, std map[string]bool) {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-test", "-json", module+"/...")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	std = map[string]bool{}
	seen := map[string]bool{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.Standard {
			std[p.ImportPath] = true
			continue
		}
		// -test lists test variants too ("p [p.test]", "p_test [p.test]",
		// "p.test"): the plain package carries all three import lists.
		if ours(p.ImportPath) == "" || strings.ContainsAny(p.ImportPath, " ") || strings.HasSuffix(p.ImportPath, ".test") || seen[p.ImportPath] {
			continue
		}
		seen[p.ImportPath] = true
		mine = append(mine, p)
		touch(t, p.Dir)
	}
	if len(mine) < 8 {
		t.Fatalf("go list found only %d packages of %s", len(mine), module)
	}
	return mine, std
}

// touch reads dir and its Go files, so that go test's cache, which keys
// a result on the files a test opened, runs the test again when any of
// them changes (go list, in a process of its own, is not seen).
func touch(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") {
			if _, err := os.ReadFile(filepath.Join(dir, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A rule: packages matching from may not import what forbid says.
type rule struct {
	from   func(string) bool
	forbid func(imp string, std map[string]bool) bool
	tests  bool // the rule covers the package's test files too
	why    string
}

func is(names ...string) func(string) bool {
	return func(p string) bool { return slices.Contains(names, p) }
}

func TestLayers(t *testing.T) {
	pkgs, std := listPackages(t)
	library := func(p string) bool {
		return p != "." && !strings.HasPrefix(p, "cmd/") && !strings.HasPrefix(p, "internal/")
	}
	rules := []rule{
		{is("tmux"), func(imp string, std map[string]bool) bool { return !std[imp] }, false,
			"the tmux vocabulary imports only the standard library"},
		{is("geometry", "screen"), func(imp string, _ map[string]bool) bool { o := ours(imp); return o != "" && o != "tmux" }, false,
			"geometry and screen depend on nothing of ours but the tmux vocabulary"},
		{is("tmuxctl/transport"), func(imp string, _ map[string]bool) bool { o := ours(imp); return o != "" && o != "tmux" }, false,
			"the transport stands on the vocabulary alone"},
		{func(p string) bool { return p == "ui" || p == "mcp" || strings.HasPrefix(p, "ui/") },
			func(imp string, _ map[string]bool) bool { return ours(imp) == "tmuxctl/transport" }, true,
			"ui and mcp import the operations and the vocabulary, never the transport"},
		{func(p string) bool { return strings.HasPrefix(p, "ui/") },
			func(imp string, _ map[string]bool) bool {
				o := ours(imp)
				return o == "ui" || o == "tmuxctl" || strings.HasPrefix(o, "tmuxctl/")
			}, true,
			"ui's components draw what they are given: they import neither the operations nor the app"},
		{is("resident", "resident/wire", "resident/supervise"), func(imp string, std map[string]bool) bool { return !std[imp] && ours(imp) != "resident/wire" }, false,
			"the resident imports only the standard library: it never talks to tmux"},
		{is("cmd/panemap-open", "resident/supervise"), func(imp string, std map[string]bool) bool {
			return (!std[imp] && ours(imp) != "resident/wire" && ours(imp) != "resident/supervise") || imp == "net"
		}, false,
			"panemap-open must start like a tiny program: the standard library (no net), the wire and the supervisor only"},
		{func(p string) bool { return library(p) && p != "tmuxctl/transport" }, func(imp string, _ map[string]bool) bool { return imp == "os/exec" }, false,
			"only tmuxctl/transport starts tmux"},
		{func(p string) bool {
			return p == "tmux" || p == "tmuxctl" || strings.HasPrefix(p, "tmuxctl/") || p == "geometry" || p == "screen"
		},
			func(imp string, _ map[string]bool) bool {
				return strings.HasPrefix(imp, "charm.land/") || strings.HasPrefix(imp, "github.com/modelcontextprotocol/")
			}, false,
			"the core imports neither Bubble Tea nor MCP"},
	}
	checked := 0
	for _, p := range pkgs {
		name := ours(p.ImportPath)
		for _, r := range rules {
			if !r.from(name) {
				continue
			}
			checked++
			imports := p.Imports
			if r.tests {
				imports = slices.Concat(p.Imports, p.TestImports, p.XTestImports)
			}
			for _, imp := range imports {
				if r.forbid(imp, std) {
					t.Errorf("%s imports %s: %s", name, imp, r.why)
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("the rules matched only %d packages: a rule names a package that moved", checked)
	}
}

// Hygiene's limits on size: a package's non-test files together, and
// any one file.
const (
	maxPackageLines = 3500
	maxFileLines    = 450
)

func TestSizes(t *testing.T) {
	pkgs, _ := listPackages(t)
	for _, p := range pkgs {
		total := 0
		for _, name := range slices.Concat(p.GoFiles, p.TestGoFiles, p.XTestGoFiles) {
			data, err := os.ReadFile(filepath.Join(p.Dir, name))
			if err != nil {
				t.Fatal(err)
			}
			n := strings.Count(string(data), "\n")
			if n > maxFileLines {
				t.Errorf("%s/%s has %d lines, over %d", ours(p.ImportPath), name, n, maxFileLines)
			}
			if slices.Contains(p.GoFiles, name) {
				total += n
			}
		}
		if total > maxPackageLines {
			t.Errorf("%s has %d lines outside its tests, over %d", ours(p.ImportPath), total, maxPackageLines)
		}
	}
}
