package mcp_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// TestCapturePaneCapped: a pane whose last 10,000 lines hold about 700
// KiB answers at most 256 KiB, its newest lines, saying capped; the lines
// above come with end_line, down to the first the pane printed.
func TestCapturePaneCapped(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	f.srv.Must("set-option", "-g", "history-limit", "20000")
	p := f.srv.Must("new-window", "-d", "-P", "-F", "#{pane_id}",
		`awk 'BEGIN { for (i = 0; i < 9000; i++) { printf "L%05d ", i; for (j = 0; j < 70; j++) printf "x"; print "" } }'; exec cat`)
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		return strings.Contains(f.srv.Must("capture-pane", "-p", "-t", p), "L08999")
	}, "%s to print", p)

	type answer struct {
		captured
		Capped bool `json:"capped"`
	}
	var c answer
	text := f.ok(t, "capture_pane", obj("pane", p, "lines", 10000), &c)
	size := 0
	for _, l := range c.Lines {
		size += len(l) + 1
	}
	last := c.Lines[len(c.Lines)-2] // cat's cursor is on the row below
	if !c.Capped || !c.Truncated || size > 256<<10 || size < 250<<10 || !strings.HasPrefix(last, "L08999 ") {
		t.Fatalf("capped %v truncated %v, %d lines, %d bytes, ending %q", c.Capped, c.Truncated, len(c.Lines), size, last)
	}
	if want := fmt.Sprintf("end_line %d", c.FirstLine-1); !strings.Contains(text, "capped at 256 KiB") || !strings.Contains(text, want) {
		t.Errorf("the text does not say how to get the rest (%s): %.200q", want, text)
	}
	seen := len(c.Lines)
	for range 5 {
		if !c.Capped {
			break
		}
		first, top := c.FirstLine, c.Lines[0]
		c = answer{}
		f.ok(t, "capture_pane", obj("pane", p, "lines", 10000, "end_line", first-1), &c)
		if len(c.Lines) == 0 || c.FirstLine+len(c.Lines) != first || c.Lines[len(c.Lines)-1] == top {
			t.Fatalf("end_line %d answered lines %d to %d", first-1, c.FirstLine, c.FirstLine+len(c.Lines)-1)
		}
		seen += len(c.Lines)
	}
	if !strings.HasPrefix(c.Lines[0], "L00000 ") || seen != 9001 {
		t.Errorf("paging back ended at %q after %d lines, want L00000 after 9001 (the cursor's row too)", c.Lines[0], seen)
	}
	if msg, _ := f.fail(t, "capture_pane", obj("pane", p, "end_line", -5)); !strings.Contains(msg, "end_line") {
		t.Errorf("end_line without lines: %q", msg)
	}
}
