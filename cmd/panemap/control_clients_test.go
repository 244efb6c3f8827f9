package main

// How many control-mode clients panemap attaches under the default
// settings, counted on the server itself (#{client_control_mode}) while
// the navigator, the popup launcher and the MCP server run. Below tmux 3.7
// a control client can crash the server as it connects, so there must
// never be one; on 3.7 to 3.7c one may be attached only while panemap
// works; from 3.8 the MCP server may keep one.

import (
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// controlCounter samples the number of control clients on a server until
// stopped, and keeps the largest count seen.
type controlCounter struct {
	srv  *tmuxtest.Server
	stop chan struct{}
	done chan struct{}
	mu   sync.Mutex
	max  int
}

func countControlClients(srv *tmuxtest.Server) int {
	out, err := srv.Run("list-clients", "-F", "#{client_control_mode}")
	if err != nil {
		return 0
	}
	return strings.Count(out, "1")
}

func watchControlClients(t *testing.T, srv *tmuxtest.Server) *controlCounter {
	c := &controlCounter{srv: srv, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(c.done)
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			n := countControlClients(srv)
			c.mu.Lock()
			c.max = max(c.max, n)
			c.mu.Unlock()
			select {
			case <-c.stop:
				return
			case <-tick.C:
			}
		}
	}()
	t.Cleanup(c.end)
	return c
}

func (c *controlCounter) end() {
	select {
	case <-c.stop:
	default:
		close(c.stop)
	}
	<-c.done
}

// peak is the largest count seen so far, sampling on.
func (c *controlCounter) peak() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.max
}

// seen ends the sampling and is the largest count seen.
func (c *controlCounter) seen() int {
	c.end()
	return c.peak()
}

// defaultPlan is the plan for the tmux in PATH, which is the version of
// the servers tmuxtest.Start starts (server_version_e2e_test.go has the
// servers of other versions).
func defaultPlan(t *testing.T) (tmux.Version, tmux.ControlPlan) {
	t.Helper()
	v, err := transport.TmuxVersion(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	return v, tmux.PlanControl(tmux.ControlAuto, v)
}

// checkControlClients says what the counts must be for the plan.
func checkControlClients(t *testing.T, what string, v tmux.Version, plan tmux.ControlPlan, seen int) {
	t.Helper()
	checkControlClientsUpTo(t, what, v, plan, seen, 1)
}

// checkControlClientsUpTo is checkControlClients for a program that may
// have most at once: the navigator has its connection for commands and
// notifications, and, with previews on, one that says which panes
// printed.
func checkControlClientsUpTo(t *testing.T, what string, v tmux.Version, plan tmux.ControlPlan, seen, most int) {
	t.Helper()
	switch {
	case !plan.Control && seen > 0:
		t.Errorf("tmux %s: %s attached %d control client(s); below tmux %s it must never attach one", v, what, seen, tmux.SafeControlVersion)
	case plan.Control && seen == 0:
		t.Errorf("tmux %s: %s never attached a control client; the default there is control mode", v, what)
	case seen > most:
		t.Errorf("tmux %s: %s attached %d control clients at once, want at most %d", v, what, seen, most)
	}
}

func TestNavigatorControlClients(t *testing.T) {
	t.Parallel()
	v, plan := defaultPlan(t)
	s := openNavigatorSized(t, 120, 40)
	counter := watchControlClients(t, s.Inner)
	s.waitMap(t)
	s.Keys("Right")
	s.active(t, s.g[1], "→")
	s.Keys("q")
	if code := s.closed(t); code != 0 {
		t.Fatalf("the navigator exited %d", code)
	}
	checkControlClientsUpTo(t, "the navigator", v, plan, counter.seen(), 2)
	tmuxtest.Eventually(t, wait, func() bool { return countControlClients(s.Inner) == 0 },
		"a control client is still attached after the navigator closed")
}

func TestPopupLauncherControlClients(t *testing.T) {
	t.Parallel()
	v, plan := defaultPlan(t)
	n := tmuxtest.StartNested(t, 120, 40)
	g := n.Inner.Grid()
	counter := watchControlClients(t, n.Inner)
	// Asked here: t.Fatal must not run in the goroutine below.
	bin, client := tmuxtest.Panemap(t), n.Client()
	done := make(chan error, 1)
	go func() {
		cmd := exec.Command(bin, "-L", n.Inner.Name, "-t", "main:", "popup", "--client", client)
		cmd.Env = tmuxtest.Env()
		done <- cmd.Run()
	}()
	n.WaitScreen(wait, "the navigator in the popup", func(scr string) bool { return strings.Contains(scr, "NAV") && strings.Contains(scr, g[3]) })
	n.Keys("Right")
	tmuxtest.Eventually(t, wait, func() bool { return n.Inner.Active(g[0]) == g[1] }, "→ did not move the focus")
	n.Keys("q")
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("panemap popup: %v", err)
		}
	case <-time.After(wait):
		t.Fatalf("panemap popup did not return; screen:\n%s", n.Screen())
	}
	checkControlClientsUpTo(t, "panemap popup", v, plan, counter.seen(), 2) // the navigator it opens
}

// TestMCPControlClients: an agent's calls may attach one control client
// where the default is control mode, and on a tmux that crashes while
// one is attached (3.7 to 3.7c) an idle server detaches it.
func TestMCPControlClients(t *testing.T) {
	t.Parallel()
	v, plan := defaultPlan(t)
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	counter := watchControlClients(t, srv)
	cs, _ := connectMCP(t, srv.Name)
	for _, d := range []string{"right", "down", "left", "up"} {
		if res := callMCP(t, cs, "select_pane", map[string]any{"pane": g[0], "direction": d}); res.IsError {
			t.Fatalf("select_pane %s: %s", d, text(res))
		}
	}
	if res := callMCP(t, cs, "swap_pane", map[string]any{"source_pane": g[0], "target_pane": g[3]}); res.IsError {
		t.Fatalf("swap_pane: %s", text(res))
	}
	last := time.Now()
	if plan.Control {
		// The calls can all be answered between two samples; the
		// connection they made stays for ControlIdle, so it is seen.
		tmuxtest.Eventually(t, wait, func() bool { return counter.peak() >= 1 }, "tmux %s: no control client seen after the calls", v)
	}
	checkControlClients(t, "panemap mcp", v, plan, counter.seen())
	if plan.Idle > 0 {
		// Nothing else is asked: the control client goes.
		tmuxtest.Eventually(t, plan.Idle+wait, func() bool { return countControlClients(srv) == 0 },
			"tmux %s: an idle panemap mcp still has a control client attached %s after its last call", v, plan.Idle+wait)
		t.Logf("tmux %s: the control client detached %v after the last call", v, time.Since(last).Round(10*time.Millisecond))
		// And the next call works, connecting again.
		if res := callMCP(t, cs, "select_pane", map[string]any{"pane": g[0]}); res.IsError {
			t.Fatalf("select_pane after the idle detach: %s", text(res))
		}
	}
}
