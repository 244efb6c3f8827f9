// Package tmux is panemap's vocabulary for tmux, with no I/O and nothing
// but the standard library: canonical ids and the typed errors that name
// bad values, sockets and the environment panemap runs in, versions and
// which control-mode connection each can safely have, the pane model
// (Window, Pane, State), directions, key names, layout strings (parsed, and checked
// as tmux checks them; window layouts with tmux 3.7's floating panes read
// and written back byte for byte), adjacency as tmux's directional moves see it, and
// the kinds of control-mode notifications.
package tmux
