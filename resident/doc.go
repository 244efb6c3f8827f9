// Package resident keeps a warm navigator ready for the popup's key, per
// tmux server: a supervisor (package supervise, run by panemap-open
// --resident) holds a unix socket in a private directory and keeps one
// idle worker process (panemap resident --worker, this package), started
// and warmed before the key press. The popup's tiny client (cmd/panemap-open)
// connects and hands over its terminal; the idle worker takes the open,
// runs the navigator on that terminal, returns its exit status and exits,
// so that a panic takes down its own popup only, while the supervisor
// starts the next idle worker.
//
// Nothing here talks to tmux (no control client, no tmux process): the
// supervisor is told how to check that its tmux server still runs, and a
// worker is told how to run the navigator. The protocol is package wire.
package resident
