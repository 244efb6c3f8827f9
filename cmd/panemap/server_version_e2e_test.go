package main

// panemap with a tmux server of one version and the `tmux` in PATH of
// another: tmux upgraded (or downgraded) while its server still runs,
// the usual state of a machine until tmux restarts. Every decision goes by
// the server's version (#{version}): below 3.7 no control-mode client may
// ever attach (one can crash the server as it connects), from 3.7 control
// mode is used, whatever the binary. Each version of the matrix is the
// binary in PATH once (scripts/tmux-matrix.sh puts it first there), and
// every other version named by PANEMAP_TMUX_BINARIES starts a server for
// it, so each pair is tried both ways round. A binary before 3.6 cannot
// talk to a server from 3.6 at all (tmuxtest.Binary.TalksTo): there the
// error must say so, and nothing attaches either.

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// otherServers runs f, in parallel subtests, on a server of each other
// tmux version than the one in PATH (binary), which records every client
// that attaches; v and plan are the server's version and what the
// default policy gives it. With across, only on the servers on the other
// side of 3.7 than the binary: those where going by the binary's version
// would choose the other connection.
func otherServers(t *testing.T, across bool, f func(t *testing.T, binary tmuxtest.Binary, srv *tmuxtest.Server, v tmux.Version, plan tmux.ControlPlan)) {
	t.Helper()
	binary, others := tmuxtest.OtherVersions(t)
	safe := func(b tmuxtest.Binary) bool {
		return b.AtLeast(tmux.SafeControlVersion.Major, tmux.SafeControlVersion.Minor)
	}
	tried := 0
	for _, b := range others {
		if across && safe(b) == safe(binary) {
			continue
		}
		tried++
		t.Run("server "+b.Version, func(t *testing.T) {
			t.Parallel()
			srv := tmuxtest.StartFrom(t, b.Path, 120, 40)
			srv.RecordAttaches()
			v, err := tmux.ParseServerVersion(srv.Version())
			if err != nil {
				t.Fatal(err)
			}
			f(t, binary, srv, v, tmux.PlanControl(tmux.ControlAuto, v))
		})
	}
	if tried == 0 {
		t.Skipf("no tmux on the other side of %s than tmux %s among %v", tmux.SafeControlVersion, binary.Version, others)
	}
}

// checkAttached fails when a control client attached to a server below
// 3.7, or none did from 3.7 (seen: list-clients' peak while it ran).
func checkAttached(t *testing.T, what string, srv *tmuxtest.Server, binary tmuxtest.Binary, v tmux.Version, plan tmux.ControlPlan, seen int) {
	t.Helper()
	n := srv.ControlAttaches()
	switch {
	case !plan.Control && (n > 0 || seen > 0):
		t.Errorf("tmux %s binary, %s server: %s attached %d control client(s) (%d at once); below tmux %s never one", binary.Version, v, what, n, seen, tmux.SafeControlVersion)
	case plan.Control && n == 0:
		t.Errorf("tmux %s binary, %s server: %s attached no control client; control mode is the default there", binary.Version, v, what)
	}
}

// TestDoctorShowsBothVersions: doctor names the binary's version and the
// server's, and picks the connection from the server's.
func TestDoctorShowsBothVersions(t *testing.T) {
	t.Parallel()
	otherServers(t, false, func(t *testing.T, binary tmuxtest.Binary, srv *tmuxtest.Server, v tmux.Version, plan tmux.ControlPlan) {
		cmd := exec.Command(tmuxtest.Panemap(t), "-L", srv.Name, "doctor")
		cmd.Env = tmuxtest.Env()
		out, _ := cmd.Output() // 1: no client is attached for popups
		wants := []string{
			fmt.Sprintf("ok    tmux %s at ", binary.Version),
			fmt.Sprintf("ok    server is running tmux %s;", v),
			fmt.Sprintf("tmux %s (binary) talking to a %s server", binary.Version, v),
			"connection: " + plan.Why,
		}
		if !binary.TalksTo(v.Raw) {
			plan = tmux.ControlPlan{}
			wants = []string{
				fmt.Sprintf("ok    tmux %s at ", binary.Version),
				fmt.Sprintf("FAIL  the tmux binary %q (tmux %s) cannot talk to the server on socket name %s (-L)", binary.Path, binary.Version, srv.Name),
				"fix: put the tmux that runs the server first in PATH, or restart the server with tmux " + binary.Version,
			}
		}
		for _, want := range wants {
			if !strings.Contains(string(out), want) {
				t.Errorf("doctor does not say %q:\n%s", want, out)
			}
		}
		checkAttached(t, "panemap doctor", srv, binary, v, plan, 0)
	})
}

// TestMCPGoesByTheServersVersion: an agent's calls through panemap mcp.
func TestMCPGoesByTheServersVersion(t *testing.T) {
	t.Parallel()
	otherServers(t, true, func(t *testing.T, binary tmuxtest.Binary, srv *tmuxtest.Server, v tmux.Version, plan tmux.ControlPlan) {
		g := srv.Grid()
		counter := watchControlClients(t, srv)
		cs, _ := connectMCP(t, srv.Name)
		if !binary.TalksTo(v.Raw) {
			wantFailure(t, callMCP(t, cs, "select_pane", map[string]any{"pane": g[0], "direction": "right"}), "a binary that cannot talk to the server",
				mcp.ErrorMeta{Kind: tmux.KindUnsupported}, "(tmux "+binary.Version+") cannot talk to the server")
			checkAttached(t, "panemap mcp", srv, binary, v, tmux.ControlPlan{}, counter.seen())
			return
		}
		for _, d := range []string{"right", "down", "left"} {
			if res := callMCP(t, cs, "select_pane", map[string]any{"pane": g[0], "direction": d}); res.IsError {
				t.Fatalf("select_pane %s: %s", d, text(res))
			}
		}
		if res := callMCP(t, cs, "list_panes", map[string]any{}); res.IsError {
			t.Fatalf("list_panes: %s", text(res))
		}
		checkAttached(t, "panemap mcp", srv, binary, v, plan, counter.seen())
	})
}

// TestNavigatorGoesByTheServersVersion: panemap -L NAME run in a terminal
// (a pane of another server, whose PATH is the test's), the map shown
// and closed: its connection and its previews' output watch.
func TestNavigatorGoesByTheServersVersion(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	otherServers(t, true, func(t *testing.T, binary tmuxtest.Binary, srv *tmuxtest.Server, v tmux.Version, plan tmux.ControlPlan) {
		g := srv.Grid()
		counter := watchControlClients(t, srv)
		term := tmuxtest.Start(t, 120, 40)
		run := fmt.Sprintf("%s -L %s -t main: ; echo panemap-exit-$?; exec cat", tmuxtest.Panemap(t), srv.Name)
		pane := term.Must("respawn-pane", "-k", "-t", "main:0", run, ";", "display-message", "-p", "-t", "main:0", "#{pane_id}")
		screen := func() string { return term.Must("capture-pane", "-p", "-J", "-t", pane) }
		if !binary.TalksTo(v.Raw) {
			tmuxtest.Eventually(t, wait, func() bool { return strings.Contains(screen(), "panemap-exit-1") }, "the navigator did not fail")
			if s := strings.Join(strings.Fields(screen()), " "); !strings.Contains(s, "(tmux "+binary.Version+") cannot talk to the server") {
				t.Errorf("the navigator's error does not say the binary cannot talk to the server:\n%s", s)
			}
			checkAttached(t, "the navigator", srv, binary, v, tmux.ControlPlan{}, counter.seen())
			return
		}
		tmuxtest.Eventually(t, wait, func() bool {
			s := screen()
			return strings.Contains(s, "NAV") && strings.Contains(s, g[3])
		}, "the navigator never showed the map")
		term.Must("send-keys", "-t", pane, "Right")
		tmuxtest.Eventually(t, wait, func() bool { return srv.Active(g[0]) == g[1] }, "→ did not move the focus")
		term.Must("send-keys", "-t", pane, "q")
		tmuxtest.Eventually(t, wait, func() bool { return strings.Contains(screen(), "panemap-exit-0") }, "the navigator did not exit 0")
		checkAttached(t, "the navigator", srv, binary, v, plan, counter.seen())
	})
}
