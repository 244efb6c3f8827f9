package agents

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

func writeRules(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "agents.json")
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDefaultRules(t *testing.T) {
	all := DefaultRules().All()
	ids := map[string]bool{}
	named := map[string]bool{}
	for _, rule := range all {
		if ids[rule.ID] {
			t.Errorf("rule %s given twice", rule.ID)
		}
		ids[rule.ID] = true
		if rule.On == onProcess {
			named[rule.Agent] = true
		}
	}
	for _, agent := range []string{"claude", "codex", "gemini", "aider", "opencode"} {
		if !named[agent] {
			t.Errorf("no process rule names %s", agent)
		}
	}
	// All is a copy: a caller cannot change the shared set.
	all[0].Pattern = "changed"
	if DefaultRules().All()[0].Pattern == "changed" {
		t.Error("All returned the shared slice")
	}
}

func TestLoadRulesOverridesAndAdds(t *testing.T) {
	path := writeRules(t, `{"version": 1, "rules": [
		{"id": "claude-proceed", "agent": "claude", "on": "screen", "pattern": "Shall I go on\\?", "state": "waiting"},
		{"id": "goose-process", "agent": "goose", "on": "process", "pattern": "^goose$"},
		{"id": "goose-busy", "agent": "goose", "on": "screen", "pattern": "Thinking", "state": "working"}
	]}`)
	r, err := LoadRules(path)
	if err != nil {
		t.Fatal(err)
	}
	defaults := DefaultRules().All()
	all := r.All()
	if len(all) != len(defaults)+2 {
		t.Fatalf("got %d rules; want the %d defaults and 2 added", len(all), len(defaults))
	}
	for i, rule := range defaults {
		if rule.ID == "claude-proceed" {
			if all[i].Pattern != `Shall I go on\?` {
				t.Errorf("claude-proceed at %d is %+v; want the user's, in the default's place", i, all[i])
			}
		} else if all[i] != rule {
			t.Errorf("rule %d is %+v; want the default %+v", i, all[i], rule)
		}
	}
	claude := Signals{Processes: []string{"bash", "claude"}, Screen: []string{"Do you want to proceed?", "Shall I go on?", "❯"}}
	if v := r.Decide(claude); v.Source.String() != "screen:claude-proceed" || len(v.Question) != 2 {
		t.Errorf("the overridden rule: got %+v; want waiting on the user's pattern's line", v)
	}
	if v := DefaultRules().Decide(claude); len(v.Question) != 3 {
		t.Errorf("the defaults changed with a user's file: %+v", v)
	}
	goose := Signals{Processes: []string{"bash", "goose"}, Screen: []string{"Thinking"}}
	if v := r.Decide(goose); v.Agent != "goose" || v.State != Working || v.Source.String() != "screen:goose-busy" {
		t.Errorf("the added agent: got %+v", v)
	}
}

func TestLoadRulesErrors(t *testing.T) {
	rule := func(fields string) string { return `{"version": 1, "rules": [` + fields + `]}` }
	cases := []struct{ name, body, says string }{
		{"bad regex", rule(`{"id": "x-screen", "agent": "x", "on": "screen", "pattern": "(unclosed", "state": "working"}`), `rule "x-screen": invalid pattern "(unclosed"`},
		{"bad state", rule(`{"id": "x-screen", "agent": "x", "on": "screen", "pattern": "a", "state": "busy"}`), `rule "x-screen": invalid state "busy": want one of working, waiting, done, idle, error`},
		{"exited by screen", rule(`{"id": "x-screen", "agent": "x", "on": "screen", "pattern": "a", "state": "exited"}`), `rule "x-screen": invalid state "exited"`},
		{"no state", rule(`{"id": "x-title", "agent": "x", "on": "title", "pattern": "a"}`), `rule "x-title": invalid state ""`},
		{"state on a process rule", rule(`{"id": "x-process", "agent": "x", "on": "process", "pattern": "a", "state": "working"}`), `rule "x-process": a process rule names the agent`},
		{"guard on a title", rule(`{"id": "x-title", "agent": "x", "on": "title", "pattern": "a", "state": "working", "not": true}`), `rule "x-title": not (a false-positive guard) is for screen rules`},
		{"bad on", rule(`{"id": "x-screen", "agent": "x", "on": "output", "pattern": "a", "state": "working"}`), `rule "x-screen": invalid on "output"`},
		{"no id", rule(`{"agent": "x", "on": "screen", "pattern": "a", "state": "working"}`), `rule #1 (no id): no id`},
		{"bad id", rule(`{"id": "X Screen", "agent": "x", "on": "screen", "pattern": "a", "state": "working"}`), `rule "X Screen": the id must be`},
		{"bad agent", rule(`{"id": "x", "agent": "", "on": "screen", "pattern": "a", "state": "working"}`), `rule "x": invalid agent ""`},
		{"no pattern", rule(`{"id": "x", "agent": "x", "on": "screen", "state": "working"}`), `rule "x": no pattern`},
		{"twice", rule(`{"id": "x", "agent": "x", "on": "screen", "pattern": "a", "state": "working"}, {"id": "x", "agent": "x", "on": "screen", "pattern": "b", "state": "idle"}`), `rule "x": the id is given twice`},
		{"unknown field", rule(`{"id": "x", "agent": "x", "on": "screen", "pattern": "a", "state": "working", "when": "always"}`), `unknown field "when"`},
		{"unknown version", `{"version": 2, "rules": []}`, `unknown version 2: want "version": 1`},
		{"no version", `{"rules": []}`, `unknown version 0`},
		{"not JSON", `rules: []`, `invalid character`},
		{"two values", `{"version": 1, "rules": []} {}`, `more than one JSON value`},
	}
	for _, c := range cases {
		path := writeRules(t, c.body)
		r, err := LoadRules(path)
		if r != nil || tmux.KindOf(err) != tmux.KindInvalidInput || !strings.HasPrefix(err.Error(), "agent rules "+path+": ") || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: got %v, %v; want an invalid-input error naming %s and saying %q", c.name, r, err, path, c.says)
		}
	}
	missing := filepath.Join(t.TempDir(), "none.json")
	if _, err := LoadRules(missing); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("a missing file given by name: got %v; want an error naming it", err)
	}
}

func TestLoadRulesUserPath(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	path := filepath.Join(dir, "panemap", "agents.json")
	if UserRulesPath() != path {
		t.Fatalf("UserRulesPath() = %s; want %s", UserRulesPath(), path)
	}
	r, err := LoadRules("")
	if err != nil || r != DefaultRules() {
		t.Fatalf("no user file: got %p, %v; want the defaults", r, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(`{"version": 1, "rules": [{"id": "goose-process", "agent": "goose", "on": "process", "pattern": "^goose$"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	r, err = LoadRules("")
	if err != nil || r.AgentOf(Signals{Processes: []string{"goose"}}) != "goose" {
		t.Fatalf("the user file: got %v; want goose named", err)
	}
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", dir)
	if want := filepath.Join(dir, ".config", "panemap", "agents.json"); UserRulesPath() != want {
		t.Errorf("without XDG_CONFIG_HOME: UserRulesPath() = %s; want %s", UserRulesPath(), want)
	}
	t.Setenv("HOME", "")
	t.Chdir(dir)
	if err := os.MkdirAll(filepath.Join(".config", "panemap"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(".config", "panemap", "agents.json"), []byte("not JSON"), 0o600); err != nil {
		t.Fatal(err)
	}
	if r, err := LoadRules(""); UserRulesPath() != "" || r != DefaultRules() || err != nil {
		t.Errorf("without HOME: UserRulesPath() = %q, LoadRules(\"\") = %p, %v; want \"\" and the defaults, nothing read from the current directory", UserRulesPath(), r, err)
	}
}
