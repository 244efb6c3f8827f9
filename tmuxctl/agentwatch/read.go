package agentwatch

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/records"
)

// paneRead is what one look reads about a pane in its one list-panes.
type paneRead struct {
	Pane          tmux.PaneID
	PaneIndex     int
	Window        tmux.WindowID
	WindowIndex   int
	Session       tmux.SessionID
	SessionName   string
	PID           int
	Dead          bool
	Focused       bool  // pane_active and window_active
	Bell          bool  // window_bell_flag
	Activity      bool  // window_activity_flag
	ActivityAt    int64 // window_activity: the second of the window's last output
	Width, Height int

	Command, Title             string
	Hook, HookSince, HookAgent string
	Seen                       string
	Workmux, WorkmuxTS         string
}

// The fixed fields are numbers and flags (nothing tmux could print a tab
// or a backslash in); the free text and every user option follow, each
// read exactly (records.ExactVar): titles and option values are whatever
// a program or a user wrote, and are never expanded as a format.
var (
	fixedFields = []string{"#{pane_id}", "#{pane_index}", "#{window_id}", "#{window_index}", "#{session_id}",
		"#{pane_pid}", "#{pane_dead}", "#{pane_active}", "#{window_active}", "#{window_bell_flag}",
		"#{window_activity_flag}", "#{window_activity}", "#{pane_width}", "#{pane_height}"}
	textFields = []string{"session_name", "pane_current_command", "pane_title",
		OptionState, OptionSince, OptionName, OptionSeen, OptionWorkmux, OptionWorkmuxTS}
	paneFormat = func() string {
		var f strings.Builder
		for _, v := range fixedFields {
			f.WriteString(v + "\t")
		}
		for _, v := range textFields {
			f.WriteString(records.ExactVar(v))
		}
		return f.String()
	}()
)

// listCmd is the look's one read: every pane of the server, or those of
// req's session or window.
func listCmd(req tmuxctl.ListRequest) []string {
	return req.Filtered("list-panes", "-a", "-F", paneFormat)
}

// parsePanes reads listCmd's answer in reading order (session name,
// window index, pane index), each pane once: a window linked into
// several sessions is kept under the first.
func parsePanes(out string) ([]paneRead, error) {
	var panes []paneRead
	seen := map[tmux.PaneID]bool{}
	for s := out; s != ""; {
		p, rest, err := cutPane(s)
		if err != nil {
			return nil, &tmux.Error{Kind: tmux.KindRefused, Message: "cannot read tmux's answer: " + err.Error(), Err: err}
		}
		s = rest
		if !seen[p.Pane] {
			seen[p.Pane] = true
			panes = append(panes, p)
		}
	}
	slices.SortStableFunc(panes, func(a, b paneRead) int {
		return cmp.Or(strings.Compare(a.SessionName, b.SessionName), cmp.Compare(a.Session.Num(), b.Session.Num()),
			cmp.Compare(a.WindowIndex, b.WindowIndex), cmp.Compare(a.PaneIndex, b.PaneIndex))
	})
	return panes, nil
}

func cutPane(s string) (paneRead, string, error) {
	var p paneRead
	f := make([]string, len(fixedFields))
	for i := range f {
		j := strings.IndexByte(s, '\t')
		if j < 0 || strings.IndexByte(s[:j], '\n') >= 0 {
			return p, "", fmt.Errorf("pane line %s: %d fixed fields, want %d", tmux.Quote(firstLine(s)), i, len(f))
		}
		f[i], s = s[:j], s[j+1:]
	}
	texts := []*string{&p.SessionName, &p.Command, &p.Title, &p.Hook, &p.HookSince, &p.HookAgent, &p.Seen, &p.Workmux, &p.WorkmuxTS}
	for i, dst := range texts {
		var err error
		if *dst, s, err = records.ReadExact(s); err != nil {
			return p, "", fmt.Errorf("pane %s: text value %d: %w", f[0], i+1, err)
		}
	}
	if s != "" {
		if s[0] != '\n' {
			return p, "", fmt.Errorf("pane %s: more after the last value", f[0])
		}
		s = s[1:]
	}
	var err error
	if p.Pane, err = tmux.ParsePaneID(f[0]); err != nil {
		return p, "", err
	}
	if p.Window, err = tmux.ParseWindowID(f[2]); err != nil {
		return p, "", err
	}
	if p.Session, err = tmux.ParseSessionID(f[4]); err != nil {
		return p, "", err
	}
	for i, dst := range []*int{&p.PaneIndex, nil, &p.WindowIndex} {
		if dst != nil {
			if *dst, err = strconv.Atoi(f[1+i]); err != nil {
				return p, "", fmt.Errorf("pane %s: not a number: %s", f[0], tmux.Quote(f[1+i]))
			}
		}
	}
	// master (next-3.8) prints no pane_pid for a dead pane.
	p.PID, _ = strconv.Atoi(f[5])
	p.Dead = f[6] == "1"
	p.Focused = f[7] == "1" && f[8] == "1"
	p.Bell, p.Activity = f[9] == "1", f[10] == "1"
	p.ActivityAt, _ = strconv.ParseInt(f[11], 10, 64)
	p.Width, _ = strconv.Atoi(f[12])
	p.Height, _ = strconv.Atoi(f[13])
	return p, s, nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
