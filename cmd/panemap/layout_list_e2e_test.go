package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2ELayoutApplyToGoneWindow: a target window that does not exist
// is a clear error naming it, and nothing changes.
func TestE2ELayoutApplyToGoneWindow(t *testing.T) {
	t.Parallel()
	e := newLayoutEnv(t, tmuxtest.Start(t, 160, 48))
	w, _ := e.fourPanes()
	e.must("layout", "save", "dev", "-t", w)
	e.srv.Must("select-layout", "-t", w, "tiled")
	before := e.panes(w)
	for _, target := range []string{"@999", "main:7"} {
		out, errOut, code := e.run("layout", "apply", "dev", "-t", target)
		if code != 1 || !strings.Contains(errOut, target) || !strings.Contains(errOut, "no window") && !strings.Contains(errOut, "not found") && !strings.Contains(errOut, "gone") {
			t.Errorf("apply to %s: exit %d, stdout %q, stderr %q; want exit 1 and an error naming it", target, code, out, errOut)
		}
	}
	if got := e.panes(w); got != before {
		t.Errorf("window %s changed:\n%s\nwas\n%s", w, got, before)
	}
}

// TestE2ELayoutListAndDelete: list draws each saved layout as a text
// map with its pane count, --json gives the same, a broken file is
// listed with its reason, and delete removes one.
func TestE2ELayoutListAndDelete(t *testing.T) {
	t.Parallel()
	e := newLayoutEnv(t, tmuxtest.Start(t, 160, 48))
	w, p := e.fourPanes()
	e.must("layout", "save", "dev", "-t", w)
	if _, errOut, code := e.run("layout", "save", "dev", "-t", w); code == 0 || !strings.Contains(errOut, "--force") {
		t.Errorf("saving over dev: exit %d, %q; want a refusal saying --force", code, errOut)
	}
	e.must("layout", "save", "dev", "-t", w, "--force")
	dir := filepath.Join(e.config, "panemap", "layouts")
	if err := os.WriteFile(filepath.Join(dir, "bad.json"), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	out := e.must("layout", "list")
	for _, want := range []string{"dev: 4 panes", "bad: broken", p[0], p[3], "+---"} {
		if !strings.Contains(out, want) {
			t.Errorf("list lacks %q:\n%s", want, out)
		}
	}
	if js := e.must("layout", "list", "--json"); !strings.Contains(js, `"name": "dev"`) || !strings.Contains(js, `"panes": 4`) || !strings.Contains(js, `"broken"`) {
		t.Errorf("list --json:\n%s", js)
	}
	e.must("layout", "delete", "dev")
	if out := e.must("layout", "list"); strings.Contains(out, "dev") {
		t.Errorf("dev still listed after delete:\n%s", out)
	}
	if _, errOut, code := e.run("layout", "list", "-t", w); code != 2 || !strings.Contains(errOut, "-t") {
		t.Errorf("list -t: exit %d, %q; want a usage error", code, errOut)
	}
}

// TestE2ELayoutDryRunAndKeyBinding: --dry-run prints the plan and the
// map of the result and changes nothing; then the command a key binding
// runs (help's example: run-shell expands #{window_id}) applies it.
func TestE2ELayoutDryRunAndKeyBinding(t *testing.T) {
	t.Parallel()
	e := newLayoutEnv(t, tmuxtest.Start(t, 160, 48))
	w, p := e.fourPanes()
	saved := e.panes(w)
	e.must("layout", "save", "dev", "-t", w)
	e.scramble(w, p)
	scrambled := e.panes(w)
	out := e.must("layout", "apply", "dev", "-t", w, "--dry-run")
	for _, want := range []string{"would apply layout dev to window " + w, "nothing changed", p[0] + " to slot 0 (matched by id)", "+---", "* marks the active pane"} {
		if !strings.Contains(out, want) {
			t.Errorf("--dry-run lacks %q:\n%s", want, out)
		}
	}
	if got := e.panes(w); got != scrambled {
		t.Errorf("--dry-run changed the window:\n%s\nwas\n%s", got, scrambled)
	}
	e.srv.Must("set-environment", "-g", "XDG_CONFIG_HOME", e.config, ";",
		"run-shell", "-t", w, tmuxtest.Panemap(t)+` layout apply dev -t "#{window_id}"`)
	if got := e.panes(w); got != saved {
		t.Errorf("the key binding's command left\n%s\nwant\n%s", got, saved)
	}
}

// TestE2ELayoutNamesKeptExactly: names with a trailing ';' (which ends a
// command over tmux processes), a format and a '$' are saved, set in the
// window's option, listed and applied as given.
func TestE2ELayoutNamesKeptExactly(t *testing.T) {
	t.Parallel()
	e := newLayoutEnv(t, tmuxtest.Start(t, 160, 48))
	w, _ := e.fourPanes()
	for _, name := range []string{"dev;", "#{pane_id}", "cost $5", "a b;c"} {
		e.must("layout", "save", name, "-t", w)
		if got := e.srv.Must("show-options", "-wqv", "-t", w, "@panemap-layout"); got != name {
			t.Errorf("save %q: @panemap-layout is %q", name, got)
		}
		e.srv.Must("select-layout", "-t", w, "tiled")
		e.must("layout", "apply", name, "-t", w)
		if got := e.srv.Must("show-options", "-wqv", "-t", w, "@panemap-layout"); got != name {
			t.Errorf("apply %q: @panemap-layout is %q", name, got)
		}
	}
	out := e.must("layout", "list")
	for _, name := range []string{"dev;", "#{pane_id}", "cost $5", "a b;c"} {
		if !strings.Contains(out, name+": 4 panes") {
			t.Errorf("list lacks %q:\n%s", name, out)
		}
	}
}
