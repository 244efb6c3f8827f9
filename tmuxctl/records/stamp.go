package records

import (
	"slices"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// Stamp is a cheap check of whether session s changed: what the map
// shows of it, in one tmux command. tmux records every command any
// client runs in its message log (cmd-queue.c, cmdq_add_message: each
// command of a list, and each one if-shell inserts, separately; 1,000
// entries by default), so a poll that reads the session in full (three
// commands) and captures its panes (several per pane) fills the log
// within a minute. A poll that asks for the stamp first and reads only
// when it changed adds one entry.
type Stamp struct {
	// Text changes when anything tmuxctl's ReadState reads changes (the session's
	// windows and panes, the marked pane anywhere on the server), when
	// a pane's cursor or mode's scroll moves, when a window printed in a
	// new second, and when a coding agent's hook or workmux sets a pane's
	// state (Agents).
	Text string
	// Activity is the newest #{window_activity} of the session's windows
	// (Unix seconds): when a pane last printed. tmux counts it in whole
	// seconds, so output in the second of the last read leaves Text as
	// it was: a caller reads again while Activity is not older than its
	// last read.
	Activity int64
	// Panes is each pane's own part of Text: its cursor, its mode's
	// scroll and copy cursor, its history's length and its size. A pane
	// whose part differs between two stamps certainly changed (Changed);
	// one whose part is the same may still have printed (a line printed
	// at the bottom of a full history moves none of them), which only
	// its window's activity says.
	Panes map[tmux.PaneID]string
	// Agents is the part of Text that the agents' hooks and workmux set:
	// a new one is a new agent state (the navigator's badges look now).
	Agents string
}

// Changed returns the panes of s whose own part (Panes) differs from
// their part in old: those that certainly changed between the two. Panes
// new in s are not among them (they have no capture to be stale).
func (s Stamp) Changed(old Stamp) []tmux.PaneID {
	var out []tmux.PaneID
	for id, part := range s.Panes {
		if was, ok := old.Panes[id]; ok && was != part {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// StampFormat is one display-message: the windows' activity times, then
// each pane's own part (Stamp.Panes: ids and numbers only), then the
// agents' states (Stamp.Agents, without '|'), so the three parts split at
// their '|' whatever the names and paths after them hold, then every
// field of the state read per window and pane (#{W:} and #{P:} loop over
// the session's windows and each window's panes), then the marked pane
// wherever it is (#{S:} loops over the sessions). No comma at
// a loop's top level (#{P:A,B} takes B for the active pane), and no
// literal '%': display-message passes its template through strftime(3).
var StampFormat = "#{W:#{window_activity} }|" +
	"#{W:#{P:#{pane_id} #{cursor_x} #{cursor_y} #{cursor_flag} #{scroll_position} #{copy_cursor_x} #{copy_cursor_y} " +
	"#{history_size} #{pane_width} #{pane_height};}}|" +
	"#{W:#{P:" + AgentStates + ";}}|" +
	"#{W:" + WindowFormat + "#{window_activity}\t#{window_visible_layout}\t#{P:" + PaneFormat + ";}|}" +
	"#{S:#{W:#{P:#{?pane_marked,#{pane_id},}}}}"

// AgentStates is a pane's agent state as its hook or workmux set it
// (agentwatch.OptionState, OptionName and workmux's option): options'
// values, which tmux does not expand again, with any '|' made '!'.
const AgentStates = "#{s/[|]/!/:@panemap-agent-state} #{s/[|]/!/:@panemap-agent-name} #{s/[|]/!/:@workmux_pane_status}"

// ParseStamp reads StampFormat's answer.
func ParseStamp(out string) Stamp {
	st := Stamp{Text: out, Panes: map[tmux.PaneID]string{}}
	times, rest, _ := strings.Cut(out, "|")
	for _, f := range strings.Fields(times) {
		if t, err := strconv.ParseInt(f, 10, 64); err == nil && t > st.Activity {
			st.Activity = t
		}
	}
	panes, rest, _ := strings.Cut(rest, "|")
	st.Agents, _, _ = strings.Cut(rest, "|")
	for _, part := range strings.Split(panes, ";") {
		id, fields, ok := strings.Cut(part, " ")
		if pane, err := tmux.ParsePaneID(id); ok && err == nil {
			st.Panes[pane] = fields
		}
	}
	return st
}
