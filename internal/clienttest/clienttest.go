// Package clienttest gives tests of tmuxctl and its transports a client
// on a private tmux server (see tmuxtest), over the transport under test.
package clienttest

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// Kinds are the transports tests run over. PANEMAP_TRANSPORT=exec or
// =control narrows a run to one of them.
var Kinds = []string{"exec", "control"}

// New returns a client on a fresh private server, over the transport
// PANEMAP_TRANSPORT names: "control" (the Auto transport, checked to be in
// control mode) or "exec". Without it, the transport panemap itself uses
// on the tmux under test: control mode from tmux.SafeControlVersion, tmux
// processes below. CI runs the packages on the system tmux once with
// each, and on every tmux of the version matrix with the default.
func New(t *testing.T, env tmux.Env) (*tmuxtest.Server, *tmuxctl.Client) {
	t.Helper()
	return Over(t, DefaultKind(), env)
}

// DefaultKind is the transport New uses.
func DefaultKind() string {
	if k := os.Getenv("PANEMAP_TRANSPORT"); k != "" {
		return k
	}
	defaultOnce.Do(func() {
		// The binary's version is the servers' here: tmuxtest.Start
		// starts them from the tmux in PATH.
		defaultKind = "exec"
		if v, err := transport.TmuxVersion(context.Background(), ""); err == nil && tmux.PlanControl(tmux.ControlAuto, v).Control {
			defaultKind = "control"
		}
	})
	return defaultKind
}

var (
	defaultOnce sync.Once
	defaultKind string
)

// Over is New with a choice of transport.
func Over(t *testing.T, kind string, env tmux.Env) (*tmuxtest.Server, *tmuxctl.Client) {
	t.Helper()
	srv := tmuxtest.Start(t, 0, 0)
	sock := tmux.Socket{Name: srv.Name, Source: "-L"}
	var tr *transport.Auto
	switch kind {
	case "exec":
		tr = transport.NewAuto(sock)
		tr.Env, tr.Policy = tmuxtest.Env(), tmux.ControlNever
	case "control":
		tr = Auto(t, sock)
	default:
		t.Fatalf("unknown transport %q", kind)
	}
	c := tmuxctl.NewClient(tr, env)
	t.Cleanup(func() { _ = c.Close() })
	return srv, c
}

// Auto returns an Auto transport for sock, connected in control mode
// whatever the tmux version (PANEMAP_CONTROL=always), and closed in the
// test's cleanup.
func Auto(t testing.TB, sock tmux.Socket) *transport.Auto {
	t.Helper()
	at := transport.NewAuto(sock)
	at.Env = tmuxtest.Env()
	at.Policy = tmux.ControlAlways // exercise control mode even where auto would not
	t.Cleanup(func() { _ = at.Close() })
	if ok, err := at.Connect(t.Context()); !ok {
		t.Fatalf("control mode not available: %v", err)
	}
	return at
}

// ForEachTransport runs f once per transport, each time on a fresh
// private server with a client over that transport.
func ForEachTransport(t *testing.T, f func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client)) {
	t.Helper()
	for _, kind := range Kinds {
		if only := os.Getenv("PANEMAP_TRANSPORT"); only != "" && only != kind {
			continue
		}
		t.Run(kind, func(t *testing.T) {
			srv, c := Over(t, kind, tmux.Env{})
			f(t, srv, c)
		})
	}
}

// Printed waits (with a bound against hangs, not a timing check) for
// wait, an output watch's Wait, to report panes, and says how long that
// took. It fails the test when the watch ends first.
func Printed(t *testing.T, wait func(context.Context) ([]tmux.PaneID, bool)) ([]tmux.PaneID, time.Duration) {
	t.Helper()
	start := time.Now()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	panes, ok := wait(ctx)
	if !ok {
		if ctx.Err() != nil {
			t.Fatal("no pane reported within 10s")
		}
		t.Fatal("the watch ended")
	}
	return panes, time.Since(start)
}

// Exec is a client on the server with socket name name that runs one tmux
// process per call (tmux.ControlNever: no connection, no events), in the tests' environment
// (tmuxtest.Env), closed in the test's cleanup. caller is the environment
// panemap runs in.
func Exec(tb testing.TB, name string, caller tmux.Env) *tmuxctl.Client {
	tb.Helper()
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: name, Source: "-L"}, Caller: caller, Env: tmuxtest.Env(), Control: tmux.ControlNever})
	tb.Cleanup(func() { _ = c.Close() })
	return c
}
