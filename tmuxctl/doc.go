// Package tmuxctl is panemap's operations on a tmux server: a Client that
// selects, swaps, lists, resizes, lays out, moves, labels and restores
// panes, reads a session's State, captures what panes show, and opens
// popups. Each change is an Op, defined once (Op.check, Op.script,
// Op.answerCmds), and Act, the one entry point, makes it: between two
// reads of a session for the navigator, or with a read of the window it
// leaves its target in for the MCP tools (see Result). The Client hands
// every command list to its one transport (transport.Auto), which alone
// starts tmux.
//
// Nothing above this package builds a tmux command line. Every pane,
// window and session reaches tmux only as a validated id (see
// tmux.ParsePaneID and friends), so client text can never become a tmux
// command or a target that tmux would resolve to something else.
package tmuxctl
