// Package layers holds the test that keeps panemap's layers apart (see
// the README's architecture): the tmux vocabulary imports only the
// standard library; geometry and screen stand on it alone; only
// tmuxctl/transport starts tmux; ui and mcp reach tmux through the
// operations in tmuxctl, never through the transport.
package layers
