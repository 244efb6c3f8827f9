package geometry

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestTextMapGolden pins the text map of real tmux layouts, at MCP's 80
// columns and narrower, where labels get shorter or become a list.
func TestTextMapGolden(t *testing.T) {
	type golden struct {
		window  string
		maxCols int
	}
	var cases []golden
	for _, w := range tmuxWindows {
		cases = append(cases, golden{w.name, 80})
	}
	cases = append(cases,
		golden{"tiled24-300x80", 40}, // pane ids still fit
		golden{"tiled24-300x80", 20}, // numbers
		golden{"evenh24-80x24", 60},  // letters and a legend
		golden{"evenh24-80x24", 40},  // a list: 24 boxes need 49 columns
		golden{"nested-80x24", 120},  // one cell for one
	)
	for _, c := range cases {
		name := fmt.Sprintf("%s-cols%d", c.window, c.maxCols)
		t.Run(name, func(t *testing.T) {
			w := findTmuxWindow(t, c.window)
			got := TextMap(windowFromLayout(t, w.layout, w.active, w.zoomed), c.maxCols)
			checkGolden(t, name, got)
		})
	}
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./geometry -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("text map %s changed; got:\n%s\nwant:\n%s", name, got, want)
	}
}
