// Package transport is the only code in panemap that starts tmux. Auto is
// the transport every client holds: it runs commands over one control-mode
// connection (Control) where tmux.PlanControl allows one, and as a tmux
// process per call (Exec) otherwise, the policy inside it. It also holds
// what only a transport needs: quoting for tmux's command parser, the
// classification of tmux's error messages, control-mode framing, the
// notification stream, and the output watch.
package transport
