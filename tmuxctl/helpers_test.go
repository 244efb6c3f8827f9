package tmuxctl_test

import (
	"context"
	"os"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmuxctl"
)

// newClient returns a client on a fresh private server, over the
// transport PANEMAP_TRANSPORT names: "control" (the default: the
// AutoTransport, checked to be in control mode) or "exec". CI runs the
// package once with each.
func newClient(t *testing.T, env tmuxctl.Env) (*tmuxtest.Server, *tmuxctl.Client) {
	t.Helper()
	return newClientOver(t, defaultTransport(), env)
}

// defaultTransport is the transport newClient uses.
func defaultTransport() string {
	if k := os.Getenv("PANEMAP_TRANSPORT"); k != "" {
		return k
	}
	return "control"
}

func ctx(t *testing.T) context.Context { return t.Context() }
