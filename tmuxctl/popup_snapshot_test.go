package tmuxctl_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

var snapshotOptions = []tmux.SnapshotOption{{Name: "@panemap-esc", Default: "revert"}}

// TestPopupPlaceSnapshotIsTheBindings: the snapshot ReadPopupPlace reads
// (the launcher's, printed by display-message) is the very text a
// binding's run-shell -C expands, over names and commands that tmux 3.4
// escapes in its output ($x, ${…}, backslashes) and that break quoting.
func TestPopupPlaceSnapshotIsTheBindings(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 100, 30)
	c := clienttest.Exec(t, srv.Name, tmux.Env{})
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	// The renames expand their names as formats: ## keeps a # as it is.
	srv.Must("rename-window", "-t", "main:0", `w$x\$y\\z${IFS}$(a)`+"`b`'q\"##{pane_id}|%7C$")
	p := srv.Must("split-window", "-t", "main:0", "-P", "-F", "#{pane_id}", "bash", "-c", `exec -a "$0" sleep 1000`, `c$HOME\${_x}'\"#(x)|$`)
	// Both reads must see the program's own name, not bash's.
	tmuxtest.Eventually(t, 10*time.Second, func() bool { return srv.Display(p, "#{pane_current_command}") != "bash" }, "%s still runs bash", p)
	srv.Must("rename-session", "-t", "main", `s$_u\$v`)
	place, err := c.ReadPopupPlace(t.Context(), sid, nil, snapshotOptions)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "state")
	srv.Must("run-shell", "-t", string(sid), "-C", "set-buffer -b pmstate '"+tmux.SnapshotFormat(snapshotOptions)+"'")
	srv.Must("save-buffer", "-b", "pmstate", out)
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if place.Snapshot != string(want) {
		t.Errorf("tmux %s: the launcher's snapshot\n %q\nis not the binding's\n %q", srv.Version(), place.Snapshot, want)
	}
	if _, err := tmux.ParseSnapshot(place.Snapshot); err != nil {
		t.Errorf("tmux %s: %v", srv.Version(), err)
	}
	// Not asked for, none is read.
	if place, err = c.ReadPopupPlace(t.Context(), sid, nil, nil); err != nil || place.Snapshot != "" {
		t.Errorf("no snapshot asked for: %q, %v", place.Snapshot, err)
	}
}

func TestSnapshotOut(t *testing.T) {
	t.Parallel()
	v := func(s string) tmux.Version {
		v, err := tmux.ParseVersion("tmux " + s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	const escaped, plain = `1|w\$x\\$y$1$|${|\${z}|`, `1|w$x\$y$1$|${|${z}|`
	for _, c := range []struct {
		version, in, want string
	}{
		{"3.4", escaped, plain},
		{"3.3a", escaped, escaped},
		{"3.5a", escaped, escaped},
		{"next-3.8", escaped, escaped},
		{"openbsd-7.5", escaped, ""},
		{"openbsd-7.5", `1|a\b$|`, `1|a\b$|`},
		{"3.4", "1|" + string(make([]byte, 13<<10)) + "|", ""},
	} {
		if got := tmuxctl.SnapshotOut(c.in, v(c.version)); got != c.want {
			t.Errorf("tmux %s: %q read as %q, want %q", c.version, c.in, got, c.want)
		}
	}
}
