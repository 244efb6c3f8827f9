package tmuxctl_test

import (
	"context"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmuxctl"
)

// newClient returns an exec-transport client on a fresh private server.
func newClient(t *testing.T, env tmuxctl.Env) (*tmuxtest.Server, *tmuxctl.Client) {
	t.Helper()
	srv := tmuxtest.Start(t, 0, 0)
	sock := tmuxctl.Socket{Name: srv.Name, Source: "-L"}
	tr := tmuxctl.NewExecTransport(sock)
	tr.Env = tmuxtest.Env()
	c := tmuxctl.NewClient(tr, sock, env)
	t.Cleanup(func() { _ = c.Close() })
	return srv, c
}

func ctx(t *testing.T) context.Context { return t.Context() }
