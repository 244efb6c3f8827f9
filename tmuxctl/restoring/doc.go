// Package restoring works out, from two reads of a session, the tmux
// command lists that turn the one into the other: panes back into their
// windows (moves.go), then into their places, with layouts, zoom, focus,
// the mark, the current window (commands.go), and names, titles and
// automatic-rename (names.go). It only computes: tmuxctl.Client.Act
// (OpRestore) runs the lists, and decides with Positions and SamePositions
// whether the session is still as the lists expect.
package restoring
