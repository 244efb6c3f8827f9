// Package tmuxctl is everything in panemap that talks to tmux: where the
// server is, how commands reach it (a Transport), the pane model read back
// from it, and the operations built on top (select, swap, list, zoom, mark,
// windows, snapshots for undo).
//
// Nothing outside this package builds a tmux command line. Every pane,
// window and session reaches tmux only as a validated id (see ParsePaneID
// and friends), so client text can never become a tmux command or a target
// that tmux would resolve to something else.
package tmuxctl
