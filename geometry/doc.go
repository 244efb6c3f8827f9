// Package geometry scales a tmux window's panes onto a smaller area with
// tmux's proportions. It is shared by the navigator (package ui), which
// draws the scaled boxes as its pane map, and the MCP server, which
// describes a window to a language model as a plain-text map ([TextMap]).
package geometry
