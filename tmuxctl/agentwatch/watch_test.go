package agentwatch_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/agenttest"
	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
)

var server = tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer}

// startAgent runs a fake agent with steps in a new pane of target, beside
// its active pane, which stays active.
func startAgent(t *testing.T, srv *tmuxtest.Server, target, agent string, steps ...string) tmux.PaneID {
	t.Helper()
	bin := agenttest.Install(t)
	pane := srv.Must("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", target, agenttest.Command(bin, agent, steps...))
	srv.WaitRunning(10*time.Second, pane, map[string]string{"gemini": "node"}[agent]+map[bool]string{true: agent}[agent != "gemini"])
	return tmux.PaneID(pane)
}

func agentIn(t *testing.T, list []agentwatch.Agent, pane tmux.PaneID) agentwatch.Agent {
	t.Helper()
	for _, a := range list {
		if a.Pane == pane {
			return a
		}
	}
	t.Fatalf("no agent in %s: %+v", pane, list)
	return agentwatch.Agent{}
}

// TestFocusedDoneReadsIdle: a done the user has focused reads idle from
// then on, for this watcher and a new one (the pane's @panemap-agent-seen),
// until the agent is done again.
func TestFocusedDoneReadsIdle(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	pane := startAgent(t, srv, "main:0", "claude", "sleep 600000")
	ctx := t.Context()
	if err := agentwatch.SetHook(ctx, c, pane, "claude", agents.Done); err != nil {
		t.Fatal(err)
	}
	w := agentwatch.New(c, agents.DefaultRules())
	list, err := w.List(ctx, server)
	if err != nil {
		t.Fatal(err)
	}
	if a := agentIn(t, list, pane); a.State != agents.Done || a.Focused {
		t.Fatalf("before the focus: %+v, want done and not focused", a)
	}
	srv.Must("select-pane", "-t", string(pane))
	list, _ = w.List(ctx, server)
	if a := agentIn(t, list, pane); a.State != agents.Idle || !a.Focused {
		t.Fatalf("focused: %+v, want idle", a)
	}
	since := srv.Display(string(pane), "#{@panemap-agent-since}")
	if seen := srv.Display(string(pane), "#{@panemap-agent-seen}"); seen != since {
		t.Errorf("@panemap-agent-seen is %q, want the done's since %q", seen, since)
	}
	srv.Must("select-pane", "-t", "main:0.0")
	for _, watcher := range []*agentwatch.Watcher{w, agentwatch.New(c, agents.DefaultRules())} {
		list, _ = watcher.List(ctx, server)
		if a := agentIn(t, list, pane); a.State != agents.Idle || a.Focused {
			t.Errorf("after the focus left: %+v, want idle", a)
		}
	}
	// Done again, a second later.
	n, _ := strconv.ParseInt(since, 10, 64)
	srv.Must("set-option", "-p", "-t", string(pane), "@panemap-agent-since", strconv.FormatInt(n+1, 10))
	list, _ = w.List(ctx, server)
	if a := agentIn(t, list, pane); a.State != agents.Done {
		t.Errorf("done again: %+v, want done", a)
	}
}

// TestWaitStops: Wait times out unmatched, tells its progress, ends on
// ctx's end with ctx's error, refuses panes that are all gone, and
// leaves no goroutine behind.
func TestWaitStops(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	pane := startAgent(t, srv, "main:0", "codex", "hook working", "sleep 600000")
	w := agentwatch.New(c, agents.DefaultRules())
	ctx := t.Context()
	if _, err := w.List(ctx, server); err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	var told []int
	got, err := w.Wait(ctx, server, []tmux.PaneID{pane}, []agents.State{agents.Waiting}, 600*time.Millisecond, func(n int) { told = append(told, n) })
	if err != nil || got.Matched || got.Looks < 1 || len(told) != got.Looks || told[len(told)-1] != got.Looks {
		t.Errorf("Wait for a state that never comes: %+v, %v, progress %v", got, err, told)
	}
	cctx, cancel := context.WithCancel(ctx)
	_, err = w.Wait(cctx, server, nil, []agents.State{agents.Waiting}, time.Hour, func(int) { cancel() })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Wait after its ctx ended: %v, want context.Canceled", err)
	}
	if _, err := w.Wait(ctx, server, []tmux.PaneID{"%999"}, []agents.State{agents.Waiting}, time.Hour, nil); tmux.AsError(err).Kind != tmux.KindGone {
		t.Errorf("Wait for a gone pane: %v, want gone", err)
	}
	tmuxtest.Eventually(t, 10*time.Second, func() bool { return runtime.NumGoroutine() <= before },
		"the goroutines to end (%d before the waits, %d now)", before, runtime.NumGoroutine())
}

// TestWaitWakesOnAChange measures how soon Wait wakes after a hook
// changes a pane's state (logged: tmux's time is the machine's).
func TestWaitWakesOnAChange(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	pane := startAgent(t, srv, "main:0", "claude", "sleep 600000")
	w := agentwatch.New(c, agents.DefaultRules())
	ctx := t.Context()
	var woke []time.Duration
	for i := range 10 {
		from, to := agents.Working, agents.Waiting
		if i%2 == 1 {
			from, to = to, from
		}
		if err := agentwatch.SetHook(ctx, c, pane, "claude", from); err != nil {
			t.Fatal(err)
		}
		looked := make(chan struct{})
		var once sync.Once
		changed := make(chan time.Time, 1)
		go func() {
			<-looked
			// At a time unrelated to the looks: 0 to 500 ms after the first.
			time.Sleep(time.Duration(97*i%500) * time.Millisecond)
			if err := agentwatch.SetHook(ctx, c, pane, "claude", to); err != nil {
				t.Error(err)
			}
			changed <- time.Now()
		}()
		got, err := w.Wait(ctx, server, []tmux.PaneID{pane}, []agents.State{to}, 10*time.Second, func(int) {
			once.Do(func() { close(looked) })
		})
		if err != nil || !got.Matched || got.Agent.State != to {
			t.Fatalf("Wait for %s: %+v, %v", to, got, err)
		}
		woke = append(woke, time.Since(<-changed))
	}
	slices.Sort(woke)
	t.Logf("tmux %s: Wait woke %v after the hook (median %v, max %v)", srv.Version(), woke, woke[len(woke)/2], woke[len(woke)-1])
}

// TestExplainSaysWhichRuleDecided: a title rule (the title holding what
// tmux's format parser would run or replace, read as it is), a pane that
// runs no agent, and a gone pane.
func TestExplainSaysWhichRuleDecided(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	marker := filepath.Join(t.TempDir(), "X")
	title := "✋  Action Required (#(touch " + marker + ") #{pane_id} \\ ;)"
	pane := startAgent(t, srv, "main:0", "gemini", "title "+title, "sleep 600000")
	w := agentwatch.New(c, agents.DefaultRules())
	ctx := t.Context()
	want := agents.Source{Kind: agents.SourceTitle, Rule: "gemini-title-waiting"}
	var a *agentwatch.Agent
	var steps []agents.Step
	tmuxtest.Eventually(t, 10*time.Second, func() bool {
		var err error
		a, steps, err = w.Explain(ctx, pane)
		return err == nil && a.Source == want
	}, "gemini's title to decide (last: %+v)", a)
	if a.Name != "gemini" || a.State != agents.Waiting {
		t.Errorf("Explain: %+v", a)
	}
	decided := slices.IndexFunc(steps, func(s agents.Step) bool { return s.Decided })
	if decided < 0 || steps[decided].Source != want {
		t.Errorf("no step decided by %s: %+v", want, steps)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("%s exists: the title's #(…) ran", marker)
	}
	if got := srv.Display(string(pane), "#{pane_title}"); !strings.Contains(got, "#{pane_id}") {
		t.Errorf("tmux holds the title as %q", got)
	}
	shell := tmux.PaneID(srv.Display("main:0.0", "#{pane_id}"))
	if a, steps, err := w.Explain(ctx, shell); err != nil || a.Name != "" || a.State != agents.Unknown || len(steps) == 0 {
		t.Errorf("Explain of a shell: %+v %+v %v", a, steps, err)
	}
	if _, _, err := w.Explain(ctx, "%999"); err == nil || !strings.Contains(err.Error(), "%999") {
		t.Errorf("Explain of a gone pane: %v", err)
	}
}
