// Package demo starts the private tmux server of `panemap demo`.
package demo

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// Server is a private tmux server with a sample layout, for `panemap demo`:
// a newcomer sees the navigator without touching their own tmux.
type Server struct {
	Socket  tmux.Socket
	Session tmux.SessionID
	Window  tmux.WindowID
	t       *transport.Exec
	path    string // the socket file, which tmux leaves behind
}

// Start starts a server on a private socket name with no
// configuration, a "work" window of four panes in main-vertical layout and
// a second "notes" window, all running sh.
func Start(ctx context.Context, name string, cols, rows int) (*Server, error) {
	sock := tmux.Socket{Name: name, Source: "-L"}
	t := &transport.Exec{Socket: sock}
	// Not inside the user's tmux: the demo server is a world of its own.
	t.Env = transport.WithoutTmux(nil)
	d := &Server{Socket: sock, t: t}
	home, _ := os.UserHomeDir()
	if home == "" {
		home = "/"
	}
	dirs := []string{home, os.TempDir(), "/usr", "/"}
	size := []string{"-x", fmt.Sprint(cols), "-y", fmt.Sprint(rows)}
	first := append([]string{"-f", "/dev/null", "new-session", "-d", "-s", "demo", "-n", "work", "-c", dirs[0], "-P", "-F", "#{session_id}\t#{window_id}\t#{pane_id}\t#{socket_path}"}, size...)
	out, err := t.Run(ctx, append(first, "exec sh"))
	if err != nil {
		return nil, err
	}
	l := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var ids []string
	if len(l) == 1 {
		ids = strings.Split(l[0], "\t")
	}
	if len(ids) != 4 {
		d.Close()
		return nil, fmt.Errorf("demo server: unexpected answer %s", tmux.Quote(out))
	}
	d.Session, d.Window, d.path = tmux.SessionID(ids[0]), tmux.WindowID(ids[1]), ids[3]
	main := ids[2]
	cmds := [][]string{
		{"set", "-g", "default-command", "exec sh"},
		{"set", "-g", "exit-empty", "on"},
		{"select-pane", "-t", main, "-T", "editor"},
		{"split-window", "-h", "-t", main, "-c", dirs[1], "exec sh"},
		{"select-pane", "-T", "server"},
		{"split-window", "-v", "-c", dirs[2], "exec sh"},
		{"select-pane", "-T", "logs"},
		{"split-window", "-v", "-c", dirs[3], "exec sh"},
		{"select-pane", "-T", "tests"},
		{"select-layout", "-t", string(d.Window), "main-vertical"},
		{"new-window", "-d", "-t", "demo:", "-n", "notes", "-c", dirs[0], "exec sh"},
		{"split-window", "-h", "-d", "-t", "demo:notes", "-c", dirs[1], "exec sh"},
		// Visit the panes bottom-up so that tmux's most-recently-used
		// tie-break sends "right" from the editor to the top pane.
		{"select-pane", "-t", "{bottom-right}"},
		{"select-pane", "-t", "{top-right}"},
		{"select-pane", "-t", main},
	}
	if _, err := t.Run(ctx, cmds...); err != nil {
		d.Close()
		return nil, err
	}
	// Something different in each pane, so the previews tell the
	// look-alike shells apart, as they would in real life.
	var typed [][]string
	for _, c := range []struct{ target, line string }{
		{"demo:work.0", "ls -la | head -30"},
		{"demo:work.1", "date; uname -sr"},
		{"demo:work.2", "ls /usr"},
		{"demo:work.3", "df -h / | tail -1; echo; ps -o pid,comm"},
	} {
		typed = append(typed, []string{"send-keys", "-t", c.target, "-l", c.line}, []string{"send-keys", "-t", c.target, "Enter"})
	}
	_, _ = t.Run(ctx, typed...) // a demo without them still works
	return d, nil
}

// Close kills the demo server and removes its socket file.
func (d *Server) Close() {
	_, _ = d.t.Run(context.Background(), []string{"kill-server"})
	if d.path != "" {
		_ = os.Remove(d.path)
	}
}
