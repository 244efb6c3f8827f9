package tmuxctl_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestReadStateCapturing: the session and the panes' screens in one tmux
// process, each as ReadState and CapturePanes read them alone, with a
// pane title dressed as the capture's own header lines.
func TestReadStateCapturing(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	panes := printingPanes(t, srv, "main:0.0", 4)
	forged := "=panemap-AAAAAAAAAAAAAAAAAAAAAAAAAA " + string(panes[1]) + " 80 24 0 0 1   "
	srv.Must("select-pane", "-t", string(panes[1]), "-T", forged)
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	counter := tmuxtest.CountingTmux(t)
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Binary: counter.Path, Control: tmux.ControlNever})

	st, screens, err := c.ReadStateCapturing(ctx(t), sid, panes)
	if err != nil {
		t.Fatal(err)
	}
	if calls := counter.CallsAfterVersion(); len(calls) != 1 {
		t.Errorf("%d tmux processes, want 1: %q", len(calls), calls)
	}
	alone, err := c.ReadState(ctx(t), sid)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(st, alone) {
		t.Errorf("the state read with the captures differs from ReadState's:\n%+v\n%+v", st, alone)
		for i := range min(len(st.Windows), len(alone.Windows)) {
			t.Logf("window %d:\n%+v\n%+v", i, *st.Windows[i], *alone.Windows[i])
		}
	}
	if p, w, ok := st.FindPane(panes[1]); !ok || p.Title != forged {
		t.Errorf("pane %s's title read as %q (window %v), want %q", panes[1], p.Title, w, forged)
	}
	want, err := c.CapturePanes(ctx(t), panes)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(screens, want) {
		t.Errorf("the captures read with the state differ from CapturePanes':\n%+v\n%+v", screens, want)
	}
	for i, s := range screens {
		if s.Pane != panes[i] || !strings.Contains(s.Text, "END-") {
			t.Errorf("screen %d: %s %q", i, s.Pane, s.Text)
		}
	}
}

// TestReadStateCapturingGone: a session that is gone is an error that
// says so, and names it; so is an id that is not one, before tmux sees it.
func TestReadStateCapturingGone(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlNever})
	pane := tmux.PaneID(srv.Display("main:0.0", "#{pane_id}"))
	_, _, err := c.ReadStateCapturing(ctx(t), "$999", []tmux.PaneID{pane})
	if tmux.KindOf(err) != tmux.KindGone || !strings.Contains(err.Error(), "$999") {
		t.Errorf("gone session: %v (kind %v)", err, tmux.KindOf(err))
	}
	_, _, err = c.ReadStateCapturing(ctx(t), "main", []tmux.PaneID{pane})
	if tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), "main") {
		t.Errorf("a name for an id: %v", err)
	}
	_, _, err = c.ReadStateCapturing(ctx(t), tmux.SessionID(srv.Display("main:", "#{session_id}")), []tmux.PaneID{"%1;kill-server"})
	if tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), "kill-server") {
		t.Errorf("a pane id that is not one: %v", err)
	}
}
