package agentwatch_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/agenttest"
	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
)

// TestSendKeysTypesLiterally types text that tmux's format and command
// parsers would each take for theirs into a pane whose cat writes what
// it reads to a file: the file holds the text exactly, and the #(…) ran
// nothing.
func TestSendKeysTypesLiterally(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	dir := t.TempDir()
	typed, marker := filepath.Join(dir, "typed"), filepath.Join(dir, "X")
	pane := tmux.PaneID(srv.Must("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", "main:0",
		"exec cat > "+agenttest.ShellQuote(typed)))
	srv.WaitRunning(10*time.Second, string(pane), "cat")
	text := "#(touch " + marker + ") ; $HOME #{pane_id} 'q\" \\e;\nsecond line;"
	if err := agentwatch.SendKeys(t.Context(), c, pane, text, nil, true, false); err != nil {
		t.Fatal(err)
	}
	want := text + "\n"
	var got []byte
	tmuxtest.Eventually(t, 10*time.Second, func() bool {
		got, _ = os.ReadFile(typed)
		return strings.Contains(string(got), "second line") && strings.HasSuffix(string(got), "\n")
	}, "the pane's cat to write what was typed")
	if string(got) != want {
		t.Errorf("the pane read %q, want %q", got, want)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("%s exists: the #(…) in the text ran", marker)
	}
}

// TestSendKeysAnswersAPrompt answers a fake agent's prompt with text and
// Enter, and sends a named key.
func TestSendKeysAnswersAPrompt(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	bin := agenttest.Install(t)
	pane := tmux.PaneID(srv.Must("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", "main:0",
		agenttest.Command(bin, "aider", "print Run it? (Y)es/(N)o/(D)on't ask again [Yes]:", "read", "read", "sleep 60000")))
	srv.WaitRunning(10*time.Second, string(pane), "aider")
	if err := agentwatch.SendKeys(t.Context(), c, pane, "y", nil, true, false); err != nil {
		t.Fatal(err)
	}
	waitScreen(t, srv, pane, `got "y"`)
	if err := agentwatch.SendKeys(t.Context(), c, pane, "", []string{"Tab", "Enter"}, false, false); err != nil {
		t.Fatal(err)
	}
	waitScreen(t, srv, pane, `got "\t"`)
}

// TestSendKeysRefuses refuses a gone pane, a dead one, the caller's own
// (unless asked) and an unknown key, each naming what it refused, and
// types nothing then.
func TestSendKeysRefuses(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	own := srv.Display("main:0", "#{pane_id}")
	env := tmux.Env{TMUX: srv.SocketPath() + ",1,0", TMUXPane: own}
	c := clienttest.Exec(t, srv.Name, env)
	srv.Must("set-option", "-w", "-t", "main:0", "remain-on-exit", "on")
	dead := srv.Must("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", "main:0", "exit 3")
	srv.WaitDeadStatus(10*time.Second, dead, 3)
	ctx := t.Context()
	for _, tc := range []struct {
		pane tmux.PaneID
		keys []string
		kind tmux.Kind
		want string
	}{
		{"%999", nil, tmux.KindGone, "pane %999 is gone"},
		{tmux.PaneID(dead), nil, tmux.KindRefused, "pane " + dead + " is dead"},
		{tmux.PaneID(own), nil, tmux.KindRefused, "pane " + own + " is the caller's own"},
		{tmux.PaneID(own), []string{"C-z"}, tmux.KindInvalidInput, `invalid key "C-z"`},
		{"%1;", nil, tmux.KindInvalidInput, "%1;"},
	} {
		err := agentwatch.SendKeys(ctx, c, tc.pane, "typed", tc.keys, true, false)
		if e := tmux.AsError(err); err == nil || e.Kind != tc.kind || !strings.Contains(e.Error(), tc.want) {
			t.Errorf("SendKeys(%s, %v): %v, want a %s error saying %q", tc.pane, tc.keys, err, tc.kind, tc.want)
		}
	}
	if got := srv.Must("capture-pane", "-p", "-t", own); strings.Contains(got, "typed") {
		t.Errorf("a refused SendKeys typed into the caller's pane:\n%s", got)
	}
	if err := agentwatch.SendKeys(ctx, c, tmux.PaneID(own), "echo own", nil, true, true); err != nil {
		t.Fatalf("SendKeys to the caller's own pane when asked: %v", err)
	}
	waitScreen(t, srv, tmux.PaneID(own), "own\n")
}

// TestSetHookSetsThePaneOptions sets what `panemap hook` sets, and
// refuses a state a hook may not set and a gone pane.
func TestSetHookSetsThePaneOptions(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	pane := srv.Display("main:0", "#{pane_id}")
	if err := agentwatch.SetHook(t.Context(), c, tmux.PaneID(pane), "claude", agents.Waiting); err != nil {
		t.Fatal(err)
	}
	got := srv.Display(pane, "#{@panemap-agent-state} #{@panemap-agent-name} #{@panemap-agent-since}")
	state, rest, _ := strings.Cut(got, " ")
	name, since, _ := strings.Cut(rest, " ")
	if state != "waiting" || name != "claude" || since < "1" {
		t.Errorf("the pane's options read %q", got)
	}
	if n := srv.Display("main:0", "#{@panemap-agent-state}"); n != "waiting" {
		t.Errorf("the window reads the pane's state as %q", n)
	}
	for _, tc := range []struct {
		pane  tmux.PaneID
		state agents.State
		want  string
	}{
		{tmux.PaneID(pane), agents.Exited, `"exited"`},
		{"%999", agents.Done, "pane %999 is gone"},
	} {
		if err := agentwatch.SetHook(t.Context(), c, tc.pane, "", tc.state); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("SetHook(%s, %s): %v, want an error saying %s", tc.pane, tc.state, err, tc.want)
		}
	}
}

// waitScreen waits until pane's screen holds want.
func waitScreen(t *testing.T, srv *tmuxtest.Server, pane tmux.PaneID, want string) {
	t.Helper()
	var got string
	tmuxtest.Eventually(t, 10*time.Second, func() bool {
		got = srv.Must("capture-pane", "-p", "-t", string(pane))
		return strings.Contains(got, want)
	}, "pane %s to show %q", pane, want)
}
