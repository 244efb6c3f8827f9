package capture

import (
	"slices"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// RunListed runs a listed capture of want (lists made by cmds, as
// ListedCmds or HistoryCmds make them) batch by batch through run, lead
// (the caller's read-only commands) ahead of the first batch, and splits
// each answer with split. It returns lead's output, what split got in
// every batch, and the panes to capture with Cmds (Listed.Generic).
//
// A batch that a pane gone ended is whole up to that pane, and the panes
// after it are captured again (Listed.Retry). ok false, with a nil error
// or one of kind KindUnsupported (tmux refused a flag: a server restarted
// as another version), means that nothing of the answer can be trusted:
// capture with Cmds instead.
func RunListed[T any](want []tmux.PaneID, lead [][]string, nonce string,
	cmds func([]tmux.PaneID) [][]string,
	run func([][]string) (string, error),
	split func(out string, part []tmux.PaneID) Listed[T]) (leadOut string, got []T, generic []tmux.PaneID, ok bool, err error) {
	queue := Batches(want, size(lead), cmds)
	for first := true; len(queue) > 0; first = false {
		part := queue[0]
		queue = queue[1:]
		list := cmds(part)
		withLead := first && len(lead) > 0
		if withLead {
			list = append(slices.Clip(lead), list...)
		}
		out, err := run(list)
		if err != nil && !gone(err, part) {
			return "", nil, nil, false, err
		}
		if withLead {
			leadOut, out = CutLead(out, Marker(nonce))
		}
		batch := split(out, part)
		if batch.Bad || err == nil && batch.Gone != "" {
			return "", nil, nil, false, nil
		}
		got = append(got, batch.Got...)
		generic = append(generic, batch.Generic...)
		if len(batch.Retry) > 0 {
			queue = append([][]tmux.PaneID{batch.Retry}, queue...)
		}
	}
	return leadOut, got, generic, true, nil
}

// gone reports whether err is the failure of a capture of a pane in
// panes (can't find pane: %N), rather than of a caller's command.
func gone(err error, panes []tmux.PaneID) bool {
	if tmux.KindOf(err) != tmux.KindGone {
		return false
	}
	msg := err.Error()
	return slices.ContainsFunc(panes, func(p tmux.PaneID) bool { return strings.Contains(msg, "can't find pane: "+string(p)) })
}

// RunCmds runs the lists that work the version out inside tmux (cmds
// makes them: Cmds, GenericHistoryCmds) batch by batch through run, lead
// (the caller's read-only commands) ahead of the first batch, and splits
// each answer with split; it returns lead's output and what split got, in
// the order of want. A pane that went away between its header and its
// capture (possible only where the capture waits for run-shell -C) fails
// that inserted command and nothing else: its header without text is
// left out. With lead, any failure of the first batch is the call's.
func RunCmds[T any](want []tmux.PaneID, lead [][]string, nonce string, run func([][]string) (string, error),
	cmds func([]tmux.PaneID) [][]string, split func(out string, part []tmux.PaneID) []T) (leadOut string, got []T, err error) {
	for i, part := range Batches(want, size(lead), cmds) {
		list := cmds(part)
		withLead := i == 0 && len(lead) > 0
		if withLead {
			list = append(slices.Clip(lead), list...)
		}
		out, err := run(list)
		if err != nil && (tmux.KindOf(err) != tmux.KindGone || withLead) {
			return "", nil, err
		}
		if withLead {
			leadOut, out = CutLead(out, Marker(nonce))
		}
		got = append(got, split(out, part)...)
	}
	return leadOut, got, nil
}

// InOrder sorts screens into the order of panes.
func InOrder(screens []tmux.PaneScreen, panes []tmux.PaneID) []tmux.PaneScreen {
	pos := make(map[tmux.PaneID]int, len(panes))
	for i, p := range panes {
		pos[p] = i
	}
	slices.SortStableFunc(screens, func(a, b tmux.PaneScreen) int { return pos[a.Pane] - pos[b.Pane] })
	return screens
}

// size is how long lead's command line is.
func size(lead [][]string) int {
	if len(lead) == 0 {
		return 0
	}
	line, _ := transport.CommandLine(lead)
	return len(line)
}
