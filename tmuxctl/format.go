package tmuxctl

import (
	"fmt"
	"strconv"
	"strings"
)

// The formats panemap reads. Fields are tab-separated (tmux runs with -u,
// so tabs survive a C locale). Free text comes last on each line so a tab
// inside it cannot shift the fields before it; tmux escapes tabs and
// newlines in window names and pane titles itself.
const (
	windowFormat = "#{window_id}\t#{window_index}\t#{window_width}\t#{window_height}\t#{window_zoomed_flag}\t" +
		"#{window_active}\t#{window_last_flag}\t#{session_id}\t#{window_layout}\t#{session_name}\t#{window_name}"
	paneFormat = "#{pane_id}\t#{window_id}\t#{pane_index}\t#{pane_active}\t#{pane_last}\t#{pane_marked}\t#{pane_dead}\t" +
		"#{pane_left}\t#{pane_top}\t#{pane_width}\t#{pane_height}\t#{pane_current_command}\t#{pane_title}\t#{pane_current_path}"
	windowFields = 11
	paneFields   = 14
)

// ParseWindowLine parses one line of windowFormat.
func ParseWindowLine(line string) (*Window, error) {
	f := strings.SplitN(line, "\t", windowFields)
	if len(f) != windowFields {
		return nil, fmt.Errorf("window line %s: %d fields, want %d", Quote(line), len(f), windowFields)
	}
	w := &Window{Layout: f[8], SessionName: f[9], Name: f[10]}
	var err error
	if w.ID, err = ParseWindowID(f[0]); err != nil {
		return nil, err
	}
	if w.SessionID, err = ParseSessionID(f[7]); err != nil {
		return nil, err
	}
	ints := []*int{&w.Index, &w.Width, &w.Height}
	for i, dst := range ints {
		if *dst, err = atoi(f[1+i]); err != nil {
			return nil, fmt.Errorf("window line %s: %w", Quote(line), err)
		}
	}
	w.Zoomed, w.Active, w.Last = f[4] == "1", f[5] == "1", f[6] == "1"
	return w, nil
}

// ParsePaneLine parses one line of paneFormat.
func ParsePaneLine(line string) (Pane, error) {
	f := strings.SplitN(line, "\t", paneFields)
	if len(f) != paneFields {
		return Pane{}, fmt.Errorf("pane line %s: %d fields, want %d", Quote(line), len(f), paneFields)
	}
	p := Pane{Command: f[11], Title: f[12], Path: f[13]}
	var err error
	if p.ID, err = ParsePaneID(f[0]); err != nil {
		return Pane{}, err
	}
	if p.WindowID, err = ParseWindowID(f[1]); err != nil {
		return Pane{}, err
	}
	p.Active, p.Last, p.Marked, p.Dead = f[3] == "1", f[4] == "1", f[5] == "1", f[6] == "1"
	ints := []*int{&p.Index, nil, nil, nil, nil, &p.Left, &p.Top, &p.Width, &p.Height}
	for i, dst := range ints {
		if dst == nil {
			continue
		}
		if *dst, err = atoi(f[2+i]); err != nil {
			return Pane{}, fmt.Errorf("pane line %s: %w", Quote(line), err)
		}
	}
	return p, nil
}

func atoi(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 1<<30 {
		return 0, fmt.Errorf("not a count: %s", Quote(s))
	}
	return n, nil
}

// listing is what one batched read returned: windows (lines starting with
// '@'), their panes ('%'), and the server's marked pane ("M\t%id\t@id").
type listing struct {
	windows   []*Window
	marked    PaneID
	markedWin WindowID
}

const markedFormat = "M\t#{pane_id}\t#{window_id}"

// parseListing reads the output of a batch of list-windows / list-panes /
// marked-pane commands. Panes attach to the windows listed with them. A
// line that starts no record continues the previous pane's path, the only
// field that can hold a raw newline.
func parseListing(out string) (*listing, error) {
	l := &listing{}
	byID := map[WindowID]*Window{}
	var last *Pane
	// A window read a second time (two targets in one window) is
	// followed by its panes again: those lines are dropped, so no pane is
	// listed twice.
	dup := false
	for _, line := range splitLines(out) {
		switch {
		case strings.HasPrefix(line, "@"):
			w, err := ParseWindowLine(line)
			if err == nil {
				dup = byID[w.ID] != nil
				if !dup {
					l.windows = append(l.windows, w)
					byID[w.ID] = w
				}
				last = nil
				continue
			}
		case strings.HasPrefix(line, "%"):
			p, err := ParsePaneLine(line)
			if err == nil {
				if dup {
					last = &Pane{} // its path's continuation lines go nowhere
					continue
				}
				if w := byID[p.WindowID]; w != nil {
					w.Panes = append(w.Panes, p)
					last = &w.Panes[len(w.Panes)-1]
				}
				continue
			}
		case strings.HasPrefix(line, "M\t"):
			f := strings.Split(line, "\t")
			if len(f) == 3 {
				pid, err1 := ParsePaneID(f[1])
				wid, err2 := ParseWindowID(f[2])
				if err1 == nil && err2 == nil {
					l.marked, l.markedWin = pid, wid
					continue
				}
			}
		}
		if last == nil {
			return nil, fmt.Errorf("unexpected tmux output line %s", Quote(line))
		}
		last.Path += "\n" + line
	}
	for _, w := range l.windows {
		fixZoomedGeometry(w)
	}
	return l, nil
}

// fixZoomedGeometry replaces the geometry of a zoomed window's panes with
// the unzoomed layout's, which is what a map of the window should show.
func fixZoomedGeometry(w *Window) {
	if !w.Zoomed {
		return
	}
	cells, err := ParseLayout(w.Layout)
	if err != nil {
		return
	}
	for i := range w.Panes {
		if r, ok := cells[w.Panes[i].ID.Num()]; ok {
			w.Panes[i].Left, w.Panes[i].Top, w.Panes[i].Width, w.Panes[i].Height = r.Left, r.Top, r.Width, r.Height
		}
	}
}

func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
