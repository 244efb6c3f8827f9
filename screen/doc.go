// Package screen turns a tmux pane's content into something safe to draw:
// the navigator shows, in each pane's box on its map, a live miniature of
// the pane's screen, read with `tmux capture-pane -e -p`.
//
// Pane content is hostile input. Any program in any pane chooses the bytes
// of its screen, and a preview that passed one of them on unchecked could
// set the user's clipboard (OSC 52), retitle or query their terminal, move
// their cursor, switch screens or smuggle a sequence through tmux's
// passthrough. So the package works in two steps that never hand
// pane bytes to the terminal:
//
//   - [Parse] reads a capture into a [Screen]: a grid of cells, each one
//     grapheme cluster of printable text, its width and its [Style] (what
//     SGR set). Every other escape sequence and control character is
//     dropped there, with its payload.
//   - [Screen.Render] draws a region of the grid as lines of that text and
//     SGR sequences Render writes itself, exactly as wide as asked, with
//     colours degraded to the terminal's [colorprofile.Profile].
//
// [Region] picks which part of a pane to show in a smaller box, with
// tmux's choose-tree rule, and [Screen.Equal] lets the map skip panes whose
// screen did not change. [Lines] reads a capture as plain lines of text,
// with every escape sequence and control character dropped, for find and
// the agents' readers (package panetext).
//
// The package keeps the SGR attributes tmux's capture can carry (tmux's
// grid.c, grid_string_cells_code: bold, faint, italic, underline and its
// styles, blink, reverse, invisible, strikethrough, overline, 16, 256 and
// RGB colours for foreground, background and underline) and reads them as
// tmux does (input.c, input_csi_dispatch_sgr). Anything else, it drops.
package screen
