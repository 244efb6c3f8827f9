// Package geometry scales a tmux window's panes onto a smaller area with
// tmux's proportions: the tiled panes tiling it, floating ones (tmux 3.7+)
// over them in their stacking order. It is shared by the navigator (package ui), which
// draws the scaled boxes as its pane map, and the MCP server, which
// describes a window to a language model as a plain-text map ([TextMap]).
package geometry
