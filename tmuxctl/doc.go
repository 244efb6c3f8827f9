// Package tmuxctl is panemap's operations on a tmux server: a Client that
// selects, swaps, lists, resizes, lays out, moves and restores panes, reads
// a session's State for undo, captures what panes show, and opens popups.
// Each operation builds its command list and parses tmux's answer next to
// each other, and hands the list to a transport (package
// tmuxctl/transport), which alone starts tmux; what the transport can do
// beyond running a list (scripts, events, an output watch, a process of
// its own) the Client asks it through interfaces, and falls back when it
// cannot.
//
// Nothing above this package builds a tmux command line. Every pane,
// window and session reaches tmux only as a validated id (see
// tmux.ParsePaneID and friends), so client text can never become a tmux
// command or a target that tmux would resolve to something else.
package tmuxctl
