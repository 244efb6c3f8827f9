package tmuxctl_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestPopupRunsOnClientAndReturnsExitCode: the popup's command runs
// without a shell, its words as given (one ending in ';', which tmux
// reads as a command separator unless escaped, included), with the
// environment asked for (env(1) before tmux 3.3), and its exit status is
// Popup's.
func TestPopupRunsOnClientAndReturnsExitCode(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 100, 30)
	c := clienttest.Exec(t, n.Inner.Name, tmux.Env{})
	sid := tmux.SessionID(n.Inner.Display("main:", "#{session_id}"))
	place := popupPlace(t, c, sid)
	type result struct {
		code int
		err  error
	}
	done := make(chan result, 1)
	go func() {
		code, err := c.Popup(t.Context(), place, tmuxctl.PopupSpec{
			Session: sid, Width: "60", Height: "10", Title: "it's #1", Env: []string{"POPUP_ENV=e v"},
			Command: []string{"sh", "-c", `printf 'POPUP %s|%s|%s\n' "$1" "$2" "$POPUP_ENV"; read x; exit 3`, "sh", "it's; $(x)", "end\\;"},
		})
		done <- result{code, err}
	}()
	n.WaitScreen(5*time.Second, "the popup", func(s string) bool { return strings.Contains(s, "POPUP it's; $(x)|end\\;|e v") })
	// display-popup -T arrived in tmux 3.3: before it the popup opens
	// without its title rather than not at all.
	if s := n.Screen(); strings.Contains(s, "it's #1") != n.Inner.AtLeast(3, 3) {
		t.Errorf("tmux %s: title shown = %v, want %v:\n%s", n.Inner.Version(), !n.Inner.AtLeast(3, 3), n.Inner.AtLeast(3, 3), s)
	}
	n.Keys("Enter")
	select {
	case r := <-done:
		if r.err != nil || r.code != 3 {
			t.Fatalf("Popup = %d, %v; want exit code 3", r.code, r.err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Popup did not return after the command exited")
	}
}

// TestPopupCellsBeyondTheClientAreCut: tmux (every version) refuses a
// popup larger than its client ("height too large"); asked for more cells
// than the client has, the popup opens at the client's size.
func TestPopupCellsBeyondTheClientAreCut(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 60, 20)
	c := clienttest.Exec(t, n.Inner.Name, tmux.Env{})
	place := popupPlace(t, c, tmux.SessionID(n.Inner.Display("main:", "#{session_id}")))
	done := make(chan error, 1)
	go func() {
		code, err := c.Popup(t.Context(), place, tmuxctl.PopupSpec{
			Client: n.Client(), Width: "500", Height: "200", Border: "single", Title: "big",
			Command: []string{"sh", "-c", `printf 'BIG %sx%s\n' "$(tput cols)" "$(tput lines)"; read x; exit 4`},
		})
		if err == nil && code != 4 {
			err = fmt.Errorf("exit code %d, want 4", code)
		}
		done <- err
	}()
	scr := n.WaitScreen(5*time.Second, "the popup", func(s string) bool { return strings.Contains(s, "BIG ") })
	// Inside the default border the program gets two cells less; tmux
	// 3.2a also keeps the popup one cell inside the client.
	want := "BIG 58x18"
	if !n.Inner.AtLeast(3, 3) {
		want = "BIG 57x17"
	}
	if !strings.Contains(scr, want) {
		t.Errorf("tmux %s: popup program size, want %q:\n%s", n.Inner.Version(), want, scr)
	}
	n.Keys("Enter")
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Popup did not return after the command exited")
	}
}

// popupPlace is what Popup needs of session sid, read as the navigator
// reads it before opening a popup.
func popupPlace(t *testing.T, c *tmuxctl.Client, sid tmux.SessionID) *tmuxctl.PopupPlace {
	t.Helper()
	place, err := c.ReadPopupPlace(t.Context(), sid, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return place
}

func TestPopupBadInput(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	place := popupPlace(t, c, sid)
	for _, spec := range []tmuxctl.PopupSpec{
		{Client: "x;", Command: []string{"true", "x"}},
		{Client: "/dev/pts/0", Width: "80%; kill-server", Command: []string{"true", "x"}},
		{Client: "/dev/pts/0", Height: "101%", Command: []string{"true", "x"}},
		{Client: "/dev/pts/0", Env: []string{"TMUX=;"}, Command: []string{"true", "x"}},
		{Client: "/dev/pts/0", Env: []string{"X=a\nb"}, Command: []string{"true", "x"}},
		{Client: "/dev/pts/0", Env: []string{"=x"}, Command: []string{"true", "x"}},
		{Client: "/dev/pts/0", Command: []string{"true; kill-server"}},
	} {
		if _, err := c.Popup(t.Context(), place, spec); tmux.KindOf(err) != tmux.KindInvalidInput {
			t.Errorf("Popup(%+v) = %v, want invalid input", spec, err)
		}
	}
	if _, err := c.Popup(t.Context(), place, tmuxctl.PopupSpec{Session: sid, Command: []string{"true", "x"}}); err == nil || !strings.Contains(err.Error(), "no tmux client") {
		t.Errorf("no client attached: %v", err)
	}
}

func TestExecWords(t *testing.T) {
	t.Parallel()
	got, err := tmuxctl.ExecWords([]string{"/usr/bin/panemap", "-S", "/tmp/a b;", "-t", "$1:@2", `a\;`, ";", "it's"})
	want := []string{"/usr/bin/panemap", "-S", `/tmp/a b\;`, "-t", "$1:@2", `a\\;`, `\;`, "it's"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("ExecWords = %q, %v; want %q", got, err, want)
	}
	// One word is a shell command line to tmux: refused.
	for _, argv := range [][]string{nil, {"sh -c 'kill-server'"}} {
		if got, err := tmuxctl.ExecWords(argv); tmux.KindOf(err) != tmux.KindInvalidInput {
			t.Errorf("ExecWords(%q) = %q, %v; want an invalid-input error", argv, got, err)
		}
	}
}

// TestPopupKeepsTheClientsTmux: a popup always runs as a tmux process of
// its own, and over the Auto transport too that process is the client's
// own tmux binary with its environment, not whatever tmux PATH finds.
func TestPopupKeepsTheClientsTmux(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 80, 24)
	counter := tmuxtest.CountingTmux(t)
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: n.Inner.Name, Source: "-L"}, Binary: counter.Path, Env: tmuxtest.Env()})
	t.Cleanup(func() { _ = c.Close() })
	sid := tmux.SessionID(n.Inner.Display("main:", "#{session_id}"))
	code, err := c.Popup(t.Context(), popupPlace(t, c, sid), tmuxctl.PopupSpec{Session: sid, Width: "20", Height: "5", Command: []string{"sh", "-c", "exit 4"}})
	if err != nil || code != 4 {
		t.Fatalf("Popup = %d, %v; want exit code 4", code, err)
	}
	popups := 0
	for _, call := range counter.Calls() {
		if strings.Contains(call, "display-popup") {
			popups++
		}
	}
	if popups != 1 {
		t.Errorf("the client's tmux ran %d display-popup(s), want 1: %q", popups, counter.Calls())
	}
}
