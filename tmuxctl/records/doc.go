// Package records holds the records panemap reads from tmux: the formats
// that print windows, panes and the marked pane, with free text made
// exact on every tmux version, and the parsers that read them back into
// tmux.Window and tmux.Pane; and the poll's stamp (Stamp). It runs
// nothing: tmuxctl builds the commands around these formats and hands
// their output here.
package records
