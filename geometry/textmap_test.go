package geometry

import (
	"fmt"
	"testing"

	"github.com/panemap/panemap/internal/golden"
)

// TestTextMapGolden pins the text map of real tmux layouts, at MCP's 80
// columns and narrower, where labels get shorter or become a list.
func TestTextMapGolden(t *testing.T) {
	t.Parallel()
	type mapCase struct {
		window  string
		maxCols int
	}
	var cases []mapCase
	for _, w := range tmuxWindows {
		cases = append(cases, mapCase{w.name, 80})
	}
	cases = append(cases,
		mapCase{"tiled24-300x80", 40}, // pane ids still fit
		mapCase{"tiled24-300x80", 20}, // numbers
		mapCase{"evenh24-80x24", 60},  // letters and a legend
		mapCase{"evenh24-80x24", 40},  // a list: 24 boxes need 49 columns
		mapCase{"nested-80x24", 120},  // one cell for one
	)
	for _, c := range cases {
		name := fmt.Sprintf("%s-cols%d", c.window, c.maxCols)
		t.Run(name, func(t *testing.T) {
			w := findTmuxWindow(t, c.window)
			got := TextMap(windowFromLayout(t, w.layout, w.active, w.zoomed), c.maxCols)
			golden.Check(t, name, got)
		})
	}
}
