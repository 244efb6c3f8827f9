package mcp_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// floatingListing is list_panes' answer with each pane as it came, so
// that a field's absence shows.
type floatingListing struct {
	Panes []map[string]any `json:"panes"`
}

// TestListPanesFloating: on tmux 3.7 and later, list_panes says which
// panes float and their stacking order as tmux reports them, gives a pane
// that starts left of and above its window its negative place (the output
// schema allows it), marks floating panes in the text map, and lists as a
// floating pane's neighbours the panes select-pane lands on from it.
// Before 3.7 no pane carries the new fields.
func TestListPanesFloating(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	win := srv.Display("main:0", "#{window_id}")
	srv.Must("split-window", "-h", "-t", win, "exec sh")
	f := startOn(t, srv, tmux.Env{}, mcp.Options{})
	if !srv.AtLeast(3, 7) {
		var l floatingListing
		text := f.ok(t, "list_panes", obj("window", win), &l)
		for _, p := range l.Panes {
			if _, ok := p["floating"]; ok {
				t.Errorf("tmux %s: pane %v says floating", srv.Version(), p["id"])
			}
			if _, ok := p["stack"]; ok {
				t.Errorf("tmux %s: pane %v has a stack place", srv.Version(), p["id"])
			}
		}
		if strings.Contains(text, "floating") {
			t.Errorf("tmux %s: the text speaks of floating panes:\n%s", srv.Version(), text)
		}
		return
	}
	// One floating pane partly off the window's top-left corner, one
	// inside it, made last so that it is on top.
	off := srv.Must("new-pane", "-t", win, "-X", "-9", "-Y", "-2", "-x", "20", "-y", "6", "-P", "-F", "#{pane_id}", "exec sh")
	in := srv.Must("new-pane", "-t", win, "-X", "100", "-Y", "10", "-x", "30", "-y", "8", "-P", "-F", "#{pane_id}", "exec sh")

	var l floatingListing
	text := f.ok(t, "list_panes", obj("window", win), &l)
	if len(l.Panes) != 4 {
		t.Fatalf("listed %d panes, want 4: %v", len(l.Panes), l.Panes)
	}
	for _, p := range l.Panes {
		id := p["id"].(string)
		fields := strings.Fields(srv.Display(id, "#{pane_floating_flag} #{pane_z} #{pane_left} #{pane_top}"))
		floating := fields[0] == "1"
		if got, _ := p["floating"].(bool); got != floating {
			t.Errorf("%s: floating %v, tmux says %s", id, p["floating"], fields[0])
		}
		stack, hasStack := p["stack"].(float64)
		if floating && (!hasStack || strconv.Itoa(int(stack)) != fields[1]) {
			t.Errorf("%s: stack %v, tmux's pane_z is %s", id, p["stack"], fields[1])
		}
		if !floating && (p["stack"] != nil || p["floating"] != nil) {
			t.Errorf("tiled %s carries floating %v, stack %v", id, p["floating"], p["stack"])
		}
		if left, top := strconv.Itoa(int(p["left"].(float64))), strconv.Itoa(int(p["top"].(float64))); left != fields[2] || top != fields[3] {
			t.Errorf("%s at %s,%s, tmux says %s,%s", id, left, top, fields[2], fields[3])
		}
	}
	if got := srv.Display(off, "#{pane_left}"); !strings.HasPrefix(got, "-") {
		t.Fatalf("tmux placed %s at column %s: the test needs it left of the window", off, got)
	}
	for _, id := range []string{off, in} {
		if !strings.Contains(text, "^"+id) {
			t.Errorf("the text map does not mark %s as floating:\n%s", id, text)
		}
	}

	// A layout string would tile the floating panes: refused, and the
	// window's layout is left as it was.
	before := srv.Display(win, "#{window_layout}")
	body := srv.Display(win, "#{window_width}x#{window_height},0,0,1")
	layout := fmt.Sprintf("%04x,%s", tmux.LayoutChecksum(body), body)
	if text, m := f.fail(t, "select_layout", obj("window", win, "layout", layout)); m.Kind != tmux.KindInvalidInput || !strings.Contains(text, "floating") {
		t.Errorf("select_layout %s on a window with floating panes: %+v %s", layout, m, text)
	}
	if after := srv.Display(win, "#{window_layout}"); after != before {
		t.Errorf("the refused layout changed the window: %s, was %s", after, before)
	}

	// From each floating pane, select-pane in each direction lands on a
	// listed neighbour, or stays where none is listed.
	for _, p := range l.Panes {
		id := p["id"].(string)
		if p["floating"] != true {
			continue
		}
		sides := p["neighbours"].(map[string]any)
		for dir, flag := range map[string]string{"up": "-U", "down": "-D", "left": "-L", "right": "-R"} {
			var listed []string
			for _, n := range sides[dir].(map[string]any)["panes"].([]any) {
				listed = append(listed, n.(string))
			}
			srv.Must("select-pane", "-t", id)
			srv.Must("select-pane", flag, "-t", id)
			landed := srv.Active(win)
			if len(listed) == 0 && landed != id || len(listed) > 0 && !slices.Contains(listed, landed) {
				t.Errorf("select-pane %s from %s landed on %s; list_panes lists %v", flag, id, landed, listed)
			}
		}
	}
}
