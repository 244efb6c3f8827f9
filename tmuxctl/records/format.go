package records

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// The formats panemap reads. A record is its fixed fields (ids, numbers,
// flags, the layout: nothing with a tab, a newline or a backslash), each
// followed by a tab, then its free text, each value made by ExactVar, then
// the newline tmux ends each line with. Tabs survive a C locale because
// tmux runs with -u.
//
// The free text cannot be split on tabs or lines: a pane's command (the
// foreground process's argv[0]) and its path are raw bytes on every tmux
// version, tabs and newlines included, and tmux 3.4 and 3.5a escape what
// else they hold (see ExactVar). Names and titles are what tmux holds and
// shows: it stores session and window names through vis(3) with
// VIS_TAB|VIS_NL, so they hold no control characters and a backslash in
// them is doubled (3.2a to 3.4 also write $x as \$x; 3.7 and later refuse
// a name with a control character instead of escaping it), and it refuses
// a pane title with a control character (3.7 and later store titles
// through vis(3) as well).
var (
	WindowFormat = recordFormat([]string{"#{window_id}", "#{window_index}", "#{window_width}", "#{window_height}",
		"#{window_zoomed_flag}", "#{window_active}", "#{window_last_flag}", "#{session_id}", "#{window_layout}", "#{automatic-rename}",
		"#{window_bell_flag}", "#{window_activity_flag}", "#{window_silence_flag}"},
		"session_name", "window_name")
	PaneFormat = recordFormat([]string{"#{pane_id}", "#{window_id}", "#{pane_index}", "#{pane_active}", "#{pane_last}",
		"#{pane_marked}", "#{pane_dead}", "#{pane_left}", "#{pane_top}", "#{pane_width}", "#{pane_height}",
		"#{pane_dead_status}", "#{pane_mode}", "#{pane_floating_flag}", "#{pane_z}"},
		"pane_current_command", "pane_title", "pane_current_path")
)

const (
	windowFixed, windowText = 13, 2
	paneFixed, paneText     = 15, 3
)

func recordFormat(fixed []string, text ...string) string {
	var f strings.Builder
	for _, v := range fixed {
		f.WriteString(v + "\t")
	}
	for _, v := range text {
		f.WriteString(ExactVar(v))
	}
	return f.String()
}

// cutRecord reads one record off the start of s into fixed and text, and
// returns what follows it.
func cutRecord(s string, fixed, text []string) (rest string, err error) {
	for i := range fixed {
		j := strings.IndexByte(s, '\t')
		if j < 0 || strings.IndexByte(s[:j], '\n') >= 0 {
			return "", fmt.Errorf("%d fixed fields, want %d", i, len(fixed))
		}
		fixed[i], s = s[:j], s[j+1:]
	}
	for i := range text {
		if text[i], s, err = ReadExact(s); err != nil {
			return "", fmt.Errorf("text value %d of %d: %w", i+1, len(text), err)
		}
	}
	if s == "" {
		return "", nil
	}
	if s[0] == '%' || s[0] == '@' || strings.HasPrefix(s, "M\t") {
		// A record follows on the same line: a window and its panes
		// printed by one display-message (readWindowCmds), a session's
		// windows and the marked pane (readStateCmds).
		return s, nil
	}
	if s[0] != '\n' {
		return "", errors.New("more after the last value")
	}
	return s[1:], nil
}

// firstLine is the start of s for error messages.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func cutWindow(s string) (*tmux.Window, string, error) {
	var f [windowFixed]string
	var t [windowText]string
	rest, err := cutRecord(s, f[:], t[:])
	if err != nil {
		return nil, "", fmt.Errorf("window record %s: %w", tmux.Quote(firstLine(s)), err)
	}
	w := &tmux.Window{Layout: f[8], SessionName: t[0], Name: t[1]}
	if w.ID, err = tmux.ParseWindowID(f[0]); err != nil {
		return nil, "", err
	}
	if w.SessionID, err = tmux.ParseSessionID(f[7]); err != nil {
		return nil, "", err
	}
	ints := []*int{&w.Index, &w.Width, &w.Height}
	for i, dst := range ints {
		if *dst, err = atoi(f[1+i]); err != nil {
			return nil, "", fmt.Errorf("window record %s: %w", tmux.Quote(firstLine(s)), err)
		}
	}
	w.Zoomed, w.Active, w.Last = f[4] == "1", f[5] == "1", f[6] == "1"
	w.AutoRename = f[9] == "1" || f[9] == "on"
	w.Bell, w.Activity, w.Silence = f[10] == "1", f[11] == "1", f[12] == "1"
	return w, rest, nil
}

func cutPane(s string) (tmux.Pane, string, error) {
	var f [paneFixed]string
	var t [paneText]string
	rest, err := cutRecord(s, f[:], t[:])
	if err != nil {
		return tmux.Pane{}, "", fmt.Errorf("pane record %s: %w", tmux.Quote(firstLine(s)), err)
	}
	p := tmux.Pane{Command: t[0], Title: t[1], Path: t[2], Mode: f[12], DeadStatus: -1}
	if p.ID, err = tmux.ParsePaneID(f[0]); err != nil {
		return tmux.Pane{}, "", err
	}
	if p.WindowID, err = tmux.ParseWindowID(f[1]); err != nil {
		return tmux.Pane{}, "", err
	}
	p.Active, p.Last, p.Marked, p.Dead = f[3] == "1", f[4] == "1", f[5] == "1", f[6] == "1"
	// A floating pane (3.7+) may start left of or above its window:
	// #{pane_left} and #{pane_top} print a signed offset (%d of xoff).
	fields := []struct {
		dst    *int
		signed bool
	}{{&p.Index, false}, {}, {}, {}, {}, {&p.Left, true}, {&p.Top, true}, {&p.Width, false}, {&p.Height, false}}
	for i, fd := range fields {
		if fd.dst == nil {
			continue
		}
		v := f[2+i]
		if fd.signed {
			v = strings.TrimPrefix(v, "-")
		}
		if *fd.dst, err = atoi(v); err != nil {
			return tmux.Pane{}, "", fmt.Errorf("pane record %s: %w", tmux.Quote(firstLine(s)), err)
		}
		if v != f[2+i] {
			*fd.dst = -*fd.dst
		}
	}
	if n, err := atoi(f[11]); err == nil && p.Dead {
		p.DeadStatus = n
	}
	// Before 3.7 both expand to nothing: every pane is tiled.
	if p.Floating = f[13] == "1"; p.Floating {
		if p.Z, err = atoi(f[14]); err != nil {
			return tmux.Pane{}, "", fmt.Errorf("pane record %s: %w", tmux.Quote(firstLine(s)), err)
		}
	}
	return p, rest, nil
}

func atoi(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 1<<30 {
		return 0, fmt.Errorf("not a count: %s", tmux.Quote(s))
	}
	return n, nil
}
