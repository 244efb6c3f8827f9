// Package ui is panemap's navigator: a Bubble Tea v2 program that draws
// one tmux window's panes as a proportional map and moves tmux's focus,
// swaps panes, switches windows, zooms, marks and undoes, live.
//
// The package never builds tmux commands. Everything it does to tmux goes
// through the [Core] interface (satisfied by *tmuxctl.Client), and the
// panes' text through the sources in Options (package panetext), inside a
// tea.Cmd that answers with a typed message; Update stays pure. Operations
// are serialized: keys and clicks that arrive while one is in flight wait
// in a queue and run in order.
//
// The root model (Model) owns the session as read, the op queue, tmux's
// events and the modes, and routes to its parts, each a small package
// with its own Update: the live previews (previews), find with the text
// it matches (find), the server view (serverview), the map (mapview), the
// top line (tabs) and the text entry (prompt).
package ui
