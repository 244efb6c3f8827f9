package transport_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

func planFor(t *testing.T, version string) (tmux.Version, tmux.ControlPlan) {
	t.Helper()
	v, err := tmux.ParseServerVersion(version)
	if err != nil {
		t.Fatal(err)
	}
	return v, tmux.PlanControl(tmux.ControlAuto, v)
}

// TestControlGoesByTheServersVersion: with the tmux in PATH of one
// version and the server of another (tmux upgraded, or downgraded, while
// its server runs), the transport's choice is the server's: no control
// client, not even the output watch's, ever attaches to a server below
// 3.7, whatever the binary; from 3.7 control mode is used, whatever the
// binary. Each version of the matrix is the binary once (it is first in
// PATH there), so every pair is tried both ways round. A binary before
// 3.6 cannot talk to a server from 3.6 at all: that is said, as
// unsupported, and nothing attaches either.
func TestControlGoesByTheServersVersion(t *testing.T) {
	t.Parallel()
	path, others := tmuxtest.OtherVersions(t)
	for _, b := range others {
		t.Run("server "+b.Version, func(t *testing.T) {
			t.Parallel()
			srv := tmuxtest.StartFrom(t, b.Path, 0, 0)
			srv.RecordAttaches()
			v, plan := planFor(t, srv.Version())
			at := transport.NewAuto(tmux.Socket{Name: srv.Name, Source: "-L"})
			at.Env = tmuxtest.Env() // and the tmux in PATH
			defer at.Close()
			if !path.TalksTo(b.Version) {
				cannotTalk(t, at, path, v)
				checkAttaches(t, srv, v, tmux.ControlPlan{}, 0)
				return
			}
			ok, err := at.Connect(t.Context())
			if ok != plan.Control {
				t.Errorf("tmux %s binary, %s server: control mode %v (%v), want %v", path.Version, v, ok, err, plan.Control)
			}
			if !ok && (tmux.KindOf(err) != tmux.KindUnsupported || !strings.Contains(err.Error(), "tmux "+v.Raw+" ")) {
				t.Errorf("%s server: the refusal %v does not name the server's version", v, err)
			}
			if got, err := at.ServerVersion(t.Context()); err != nil || got.Raw != v.Raw {
				t.Errorf("ServerVersion = %v, %v; want the server's %s, not the binary's %s", got, err, v, path.Version)
			}
			w, err := at.WatchOutput(t.Context(), "$0")
			if err != nil {
				t.Fatal(err)
			}
			if (w != nil) != plan.Control {
				t.Errorf("%s server: output watch %v, want one: %v", v, w != nil, plan.Control)
			}
			if w != nil {
				_ = w.Close()
			}
			if out, err := at.Run(t.Context(), []string{"display-message", "-p", "ok"}); err != nil || strings.TrimSpace(out) != "ok" {
				t.Errorf("Run = %q, %v", out, err)
			}
			checkAttaches(t, srv, v, plan, 0)
		})
	}
}

// cannotTalk checks that every way of reaching a server that the binary
// cannot talk to says so.
func cannotTalk(t *testing.T, at *transport.Auto, binary tmuxtest.Binary, v tmux.Version) {
	t.Helper()
	want := "(tmux " + binary.Version + ") cannot talk to the server"
	if ok, err := at.Connect(t.Context()); ok || tmux.KindOf(err) != tmux.KindUnsupported || !strings.Contains(err.Error(), want) {
		t.Errorf("tmux %s binary, %s server: Connect %v, %v; want unsupported saying %q", binary.Version, v, ok, err, want)
	}
	if _, err := at.Run(t.Context(), []string{"display-message", "-p", "ok"}); tmux.KindOf(err) != tmux.KindUnsupported || !strings.Contains(err.Error(), want) {
		t.Errorf("tmux %s binary, %s server: Run %v; want unsupported saying %q", binary.Version, v, err, want)
	}
}

// checkAttaches fails when a control client attached below 3.7, or
// when none did (at least least) from 3.7.
func checkAttaches(t *testing.T, srv *tmuxtest.Server, v tmux.Version, plan tmux.ControlPlan, least int) {
	t.Helper()
	n := srv.ControlAttaches()
	switch {
	case !plan.Control && n > 0:
		t.Errorf("tmux %s server: %d control client(s) attached; below %s never one", v, n, tmux.SafeControlVersion)
	case plan.Control && n < least:
		t.Errorf("tmux %s server: %d control client(s) attached, want at least %d", v, n, least)
	}
}

// TestServerRestartedAsAnOlderTmux: a transport attached in control mode
// to a 3.7 (or later) server, whose server is then replaced on the same
// socket by one below 3.7, reads the version again and attaches nothing
// to the new server: after the connection was lost under a subscriber
// that follows a session (the navigator's case: it stays attached, and
// reconnects in the background to the session it follows as soon as the
// connection drops) and after an idle detach
// (3.7 to 3.7c, where nothing was attached to see the server go).
func TestServerRestartedAsAnOlderTmux(t *testing.T) {
	t.Parallel()
	first, others := tmuxtest.OtherVersions(t)
	all := append([]tmuxtest.Binary{first}, others...)
	var old *tmuxtest.Binary
	var safe []tmuxtest.Binary
	for i, b := range all {
		if !first.TalksTo(b.Version) {
			continue
		}
		if _, plan := planFor(t, b.Version); plan.Control {
			safe = append(safe, b)
		} else if old == nil {
			old = &all[i]
		}
	}
	if old == nil || len(safe) == 0 {
		t.Skipf("needs a tmux below 3.7 and one from 3.7 that tmux %s talks to among %v", first.Version, all)
	}
	for _, b := range safe {
		for _, subscribed := range []bool{false, true} {
			name := b.Version + " then " + old.Version
			if subscribed {
				name += ", subscribed"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				restartAsOlder(t, b, *old, subscribed)
			})
		}
	}
}

// restartAsOlder is one case of TestServerRestartedAsAnOlderTmux: a
// server of b replaced by one of old.
func restartAsOlder(t *testing.T, b, old tmuxtest.Binary, subscribed bool) {
	t.Helper()
	srv := tmuxtest.StartFrom(t, b.Path, 0, 0)
	_, plan := planFor(t, srv.Version())
	at := transport.NewAuto(tmux.Socket{Name: srv.Name, Source: "-L"})
	at.Env = tmuxtest.Env()
	defer at.Close()
	if ok, err := at.Connect(t.Context()); !ok {
		t.Fatalf("tmux %s: no control mode: %v", b.Version, err)
	}
	if subscribed {
		// As the navigator does: following the session shown, whose
		// connection is dialed straight to it, with no list of the
		// sessions (and so no read of the version) on the way.
		if err := at.FollowSession(t.Context(), "$0"); err != nil {
			t.Fatal(err)
		}
		events, stop := at.Subscribe()
		defer stop()
		go func() {
			for range events { // drained: the hub must not block
			}
		}()
	} else if plan.Idle > 0 {
		tmuxtest.Eventually(t, plan.Idle+10*time.Second, func() bool { return at.Control() == nil },
			"tmux %s: still attached %v after the last call", b.Version, plan.Idle+10*time.Second)
	}
	srv.Kill()
	next := tmuxtest.StartNamedFrom(t, srv.Name, old.Path, 0, 0)
	next.RecordAttaches()
	v, nextPlan := planFor(t, next.Version())
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	// The first call may find the old connection dead, or
	// the new server up; either way the calls work and
	// none attaches a control client.
	for i := 0; i < 5; i++ {
		if out, err := at.Run(ctx, []string{"display-message", "-p", "#{version}"}); err != nil && i > 0 || err == nil && strings.TrimSpace(out) != v.Raw {
			t.Errorf("call %d on the %s server: %q, %v", i, v, out, err)
		}
	}
	// Connect answers (false, nil) while a dial is under way (the
	// subscriber's background redial): ask again until it says.
	for n := 0; ; n++ {
		ok, err := at.Connect(ctx)
		if ok || err != nil || ctx.Err() != nil {
			if ok || tmux.KindOf(err) != tmux.KindUnsupported {
				t.Errorf("Connect on the %s server: %v, %v; want a refusal", v, ok, err)
			}
			break
		}
		time.Sleep(tmuxtest.PollPause(n))
	}
	if got, err := at.ServerVersion(ctx); err != nil || got.Raw != v.Raw {
		t.Errorf("ServerVersion = %v, %v; want %s", got, err, v)
	}
	checkAttaches(t, next, v, nextPlan, 0)
}
