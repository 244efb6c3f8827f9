package tmuxctl_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestTextExactOnEveryVersion: session and window names, pane titles,
// commands and paths holding text that tmux 3.4 and 3.5a print escaped
// (control characters, 3.4's "$x"), the backslashes that make that
// escaping ambiguous, and raw tabs and newlines (which every version
// prints raw in commands and paths) read back exactly as tmux holds them:
// tmux itself confirms each value read (#{==:}). How tmux stores names and
// titles is pinned per version as well.
func TestTextExactOnEveryVersion(t *testing.T) {
	t.Parallel()
	forEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		textExact(t, srv, c)
	})
}

func textExact(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
	v37, v35 := srv.AtLeast(3, 7), srv.AtLeast(3, 5)
	const printable = `a\b \r $HOME ${x} $_ $ #{pane_id} %1 # ünï ✓ \033 \\ \. end\`
	const control = "\t\n\r\x1b[31m"
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// The path: a directory named with all of it. The command: the
	// foreground process's argv[0], here links to sh with such names (no
	// space, which ends a command's name for tmux, and no '/'). tmux 3.7
	// and later clean commands as they do names (see visName): one with a
	// control character reads as "".
	dir := filepath.Join(base, "d "+printable+control+"x")
	links := []string{filepath.Join(base, "c\tm\nd\\$x\x1b\r#%ü\\.\\033\\\\z"), filepath.Join(base, `c\$x#%ü\.\033\\z`)}
	wantCmd := []string{filepath.Base(links[0]), filepath.Base(links[1])}
	if v37 {
		wantCmd = []string{"", visName(wantCmd[1], false)}
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range links {
		if err := os.Symlink(sh, l); err != nil {
			t.Fatal(err)
		}
	}
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	pane := tmux.PaneID(srv.Must("new-window", "-t", string(sid)+":", "-P", "-F", "#{pane_id}", "-c", hashes(dir), links[0], "-i"))
	pane2 := tmux.PaneID(srv.Must("split-window", "-d", "-t", string(pane), "-P", "-F", "#{pane_id}", "-c", hashes(dir), links[1], "-i"))
	win := tmux.WindowID(srv.Display(string(pane), "#{window_id}"))

	// Titles: every version ignores one with a control character, tab
	// included, though select-pane -T succeeds, and stores the rest as
	// given, or from 3.7 through vis(3).
	srv.Must("select-pane", "-t", string(pane), "-T", hashes(printable))
	srv.Must("select-pane", "-t", string(pane), "-T", "tab\there")
	srv.Must("select-pane", "-t", string(pane), "-T", "cr\rhere")
	title := printable
	if v37 {
		title = visName(printable, false)
	}
	// Names: stored through vis(3) with VIS_TAB|VIS_NL; 3.7 and later
	// refuse control characters. Session names lose ':' and '.' to '_'
	// before 3.7.
	name := printable + control
	_, werr := srv.Run("rename-window", "-t", string(win), hashes(name))
	_, serr := srv.Run("rename-session", "-t", string(sid), hashes(name))
	if v37 {
		if werr == nil || serr == nil {
			t.Errorf("tmux %s renamed a window (%v) and a session (%v) to names with control characters", srv.Version(), werr, serr)
		}
		name = printable
		srv.Must("rename-window", "-t", string(win), hashes(name))
		srv.Must("rename-session", "-t", string(sid), hashes(name))
	} else if werr != nil || serr != nil {
		t.Fatalf("tmux %s: rename-window: %v, rename-session: %v", srv.Version(), werr, serr)
	}
	winName, sessName := visName(name, !v35), visName(name, !v35)
	if !v37 {
		sessName = visName(strings.NewReplacer(":", "_", ".", "_").Replace(name), !v35)
	}

	// The panes run the links in the directory once sh has started.
	var w *tmux.Window
	started := func() bool {
		if err != nil || len(w.Panes) != 2 {
			return false
		}
		for i, p := range w.Panes {
			if p.Command != wantCmd[i] || p.Path != dir {
				return false
			}
		}
		return true
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if w, err = c.ListPanes(ctx(t), win); started() {
			break
		}
		if time.Now().After(deadline) {
			if err != nil {
				t.Fatalf("tmux %s: ListPanes: %v", srv.Version(), err)
			}
			t.Fatalf("tmux %s: the panes read as %+v; want commands %q, path %q", srv.Version(), w.Panes, wantCmd, dir)
		}
	}

	st, err := c.ReadState(ctx(t), sid)
	if err != nil {
		t.Fatal(err)
	}
	sw, ok := st.Window(win)
	if !ok {
		t.Fatalf("window %s not in the state", win)
	}
	for how, w := range map[string]*tmux.Window{"ListPanes": w, "ReadState": sw} {
		p, ok := w.Pane(pane)
		p2, ok2 := w.Pane(pane2)
		if !ok || !ok2 {
			t.Fatalf("%s: pane %s or %s missing", how, pane, pane2)
		}
		for _, f := range []struct {
			pane                tmux.PaneID
			variable, got, want string
		}{
			{pane, "session_name", w.SessionName, sessName},
			{pane, "window_name", w.Name, winName},
			{pane, "pane_title", p.Title, title},
			{pane, "pane_current_command", p.Command, wantCmd[0]},
			{pane2, "pane_current_command", p2.Command, wantCmd[1]},
			{pane, "pane_current_path", p.Path, dir},
		} {
			if f.got != f.want {
				t.Errorf("tmux %s: %s: %s of %s reads as %q, want %q", srv.Version(), how, f.variable, f.pane, f.got, f.want)
			}
			srv.Must("set", "-g", "@panemap-check", f.got)
			if same := srv.Display(string(f.pane), "#{==:#{@panemap-check},#{"+f.variable+"}}"); same != "1" {
				t.Errorf("tmux %s: %s: %s of %s reads as %q, which tmux says is not its value", srv.Version(), how, f.variable, f.pane, f.got)
			}
		}
	}
}

// hashes escapes '#' for tmux commands that expand formats in their
// arguments (rename-window, rename-session, select-pane -T, -c).
func hashes(s string) string { return strings.ReplaceAll(s, "#", "##") }

// visName is what tmux stores for a session or window name (and from 3.7
// a pane title): vis(3) with VIS_OCTAL|VIS_CSTYLE|VIS_TAB|VIS_NL, through
// tmux's utf8_stravis, which up to 3.4 also writes $ as \$ before a
// letter, '_' or '{'. Only the characters the test uses are modelled.
func visName(s string, dollar bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == 0x1b:
			b.WriteString(`\033`)
		case c == '$' && dollar && i+1 < len(s) && strings.IndexByte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_{", s[i+1]) >= 0:
			b.WriteString(`\$`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
