package tmuxctl

import (
	"context"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// ServerProcess is the tmux server's process id and socket path, as the
// server itself says them: the resident watches the process to exit with
// its server, and is found by the socket path the key binding passes.
func (c *Client) ServerProcess(ctx context.Context) (pid int, socketPath string, err error) {
	out, err := c.run(ctx, []string{"display-message", "-p", "#{pid}\t#{socket_path}"})
	if err != nil {
		return 0, "", err
	}
	p, path, ok := strings.Cut(strings.TrimSuffix(out, "\n"), "\t")
	pid, perr := strconv.Atoi(p)
	if !ok || perr != nil || pid <= 0 || path == "" {
		return 0, "", &tmux.Error{Kind: tmux.KindRefused, Message: "tmux did not say its process and socket: " + tmux.Quote(out)}
	}
	return pid, path, nil
}
