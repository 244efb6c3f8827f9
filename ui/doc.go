// Package ui is panemap's navigator: a Bubble Tea v2 program that draws
// one tmux window's panes as a proportional map and moves tmux's focus,
// swaps panes, switches windows, zooms, marks and undoes, live.
//
// The package never builds tmux commands. Everything it does to tmux goes
// through the [Core] interface (satisfied by *tmuxctl.Client) inside a
// tea.Cmd that answers with a typed message; Update stays pure. Operations
// are serialized: keys and clicks that arrive while one is in flight wait
// in a queue and run in order.
package ui
