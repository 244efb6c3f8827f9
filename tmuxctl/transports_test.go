package tmuxctl_test

import (
	"os"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmuxctl"
)

// transportKinds are the transports tests run over. PANEMAP_TRANSPORT=exec
// or =control narrows a run to one of them.
var transportKinds = []string{"exec", "control"}

// forEachTransport runs f once per transport, each time on a fresh private
// server with a client over that transport. "control" is the
// AutoTransport, checked to be in control mode before f runs.
func forEachTransport(t *testing.T, f func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client)) {
	t.Helper()
	for _, kind := range transportKinds {
		if only := os.Getenv("PANEMAP_TRANSPORT"); only != "" && only != kind {
			continue
		}
		t.Run(kind, func(t *testing.T) {
			srv, c := newClientOver(t, kind, tmuxctl.Env{})
			f(t, srv, c)
		})
	}
}

// newClientOver is newClient with a choice of transport.
func newClientOver(t *testing.T, kind string, env tmuxctl.Env) (*tmuxtest.Server, *tmuxctl.Client) {
	t.Helper()
	srv := tmuxtest.Start(t, 0, 0)
	sock := tmuxctl.Socket{Name: srv.Name, Source: "-L"}
	var tr tmuxctl.Transport
	switch kind {
	case "exec":
		et := tmuxctl.NewExecTransport(sock)
		et.Env = tmuxtest.Env()
		tr = et
	case "control":
		tr = newAuto(t, sock)
	default:
		t.Fatalf("unknown transport %q", kind)
	}
	c := tmuxctl.NewClient(tr, sock, env)
	t.Cleanup(func() { _ = c.Close() })
	return srv, c
}

// newAuto returns an AutoTransport for sock, connected in control mode.
func newAuto(t testing.TB, sock tmuxctl.Socket) *tmuxctl.AutoTransport {
	t.Helper()
	at := tmuxctl.NewAutoTransport(sock)
	at.Env = tmuxtest.Env()
	at.Policy = tmuxctl.ControlAlways // exercise control mode even where auto would not
	t.Cleanup(func() { _ = at.Close() })
	if ok, err := at.Connect(t.Context()); !ok {
		t.Fatalf("control mode not available: %v", err)
	}
	return at
}
