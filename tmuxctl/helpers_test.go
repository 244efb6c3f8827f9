package tmuxctl_test

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmuxctl"
)

// newClient returns a client on a fresh private server, over the
// transport PANEMAP_TRANSPORT names: "control" (the AutoTransport,
// checked to be in control mode) or "exec". Without it, the transport
// panemap itself uses on the tmux under test: control mode from
// tmuxctl.SafeControlVersion, tmux processes below. CI runs the package
// on the system tmux once with each, and on every tmux of the version
// matrix with the default.
func newClient(t *testing.T, env tmuxctl.Env) (*tmuxtest.Server, *tmuxctl.Client) {
	t.Helper()
	return newClientOver(t, defaultTransport(), env)
}

// defaultTransport is the transport newClient uses.
func defaultTransport() string {
	if k := os.Getenv("PANEMAP_TRANSPORT"); k != "" {
		return k
	}
	defaultOnce.Do(func() {
		defaultKind = "exec"
		if v, err := tmuxctl.TmuxVersion(context.Background(), ""); err == nil && tmuxctl.PlanControl(tmuxctl.ControlAuto, v).Control {
			defaultKind = "control"
		}
	})
	return defaultKind
}

var (
	defaultOnce sync.Once
	defaultKind string
)

func ctx(t *testing.T) context.Context { return t.Context() }
