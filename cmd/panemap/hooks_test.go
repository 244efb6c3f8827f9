package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/agenthooks"
)

// A user's settings, with keys of their own (in an order that is not
// sorted) and hooks of their own on an event panemap hooks too.
const userClaudeSettings = `{
    "model": "opus",
    "permissions": {"allow": ["Bash(ls:*)"], "deny": []},
    "hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "my-guard.sh"}]}],
        "SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}]
    },
    "env": {"A": "1"}
}
`

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// commandsOf lists, for each event, the commands its groups run, a
// group's matcher before them.
func commandsOf(t *testing.T, settings string) map[string][]string {
	t.Helper()
	var doc struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Command string `json:"command"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal([]byte(settings), &doc); err != nil {
		t.Fatalf("settings do not parse: %v\n%s", err, settings)
	}
	out := map[string][]string{}
	for ev, groups := range doc.Hooks {
		for _, g := range groups {
			for _, h := range g.Hooks {
				out[ev] = append(out[ev], g.Matcher+"|"+h.Command)
			}
		}
	}
	return out
}

// TestHooksInstallClaude: install merges each of panemap's Claude Code
// hooks into ~/.claude/settings.json, keeping the user's keys in their
// order and their own hooks, after a backup of the file as it was; a
// second install writes nothing at all.
func TestHooksInstallClaude(t *testing.T) {
	home := t.TempDir()
	path := filepath.Join(home, ".claude", "settings.json")
	writeFile(t, path, userClaudeSettings)
	env := map[string]string{"HOME": home}
	code, out, errs := cli(t, env, "hooks", "install", "claude")
	if code != 0 || errs != "" || !strings.Contains(out, path+": added") {
		t.Fatalf("install: code %d, stdout %q, stderr %q", code, out, errs)
	}
	if got := readFile(t, path+".panemap-backup"); got != userClaudeSettings {
		t.Errorf("the backup is not the file as it was:\n%s", got)
	}
	got := readFile(t, path)
	var before, after map[string]any
	_ = json.Unmarshal([]byte(userClaudeSettings), &before)
	if err := json.Unmarshal([]byte(got), &after); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"model", "permissions", "env"} {
		if !reflect.DeepEqual(before[k], after[k]) {
			t.Errorf("%s changed: %v -> %v", k, before[k], after[k])
		}
	}
	if i, j, k := strings.Index(got, `"model"`), strings.Index(got, `"permissions"`), strings.Index(got, `"env"`); i > j || j > k {
		t.Errorf("the keys are no longer in their order:\n%s", got)
	}
	cmds := commandsOf(t, got)
	if !strings.Contains(strings.Join(cmds["PreToolUse"], "\n"), "Bash|my-guard.sh") || len(cmds["SessionStart"]) != 1 {
		t.Errorf("the user's own hooks are gone: %v", cmds)
	}
	word := hookWord()
	for _, h := range agenthooks.Claude {
		want := h.Matcher + "|" + agenthooks.Line(word, "claude", h.State)
		n := 0
		for _, c := range cmds[h.Event] {
			if c == want {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s runs %q %d times: %v", h.Event, want, n, cmds[h.Event])
		}
	}
	if !strings.Contains(strings.Join(cmds["Notification"], ""), "permission_prompt|elicitation_dialog|") {
		t.Errorf("the Notification hook has no permission_prompt|elicitation_dialog matcher: %v", cmds["Notification"])
	}

	// Again: nothing is written, not even the backup.
	old := time.Now().Add(-time.Hour)
	for _, p := range []string{path, path + ".panemap-backup"} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs = cli(t, env, "hooks", "install", "claude")
	if code != 0 || errs != "" || !strings.Contains(out, "nothing changed") {
		t.Fatalf("second install: code %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, p := range []string{path, path + ".panemap-backup"} {
		if info, err := os.Stat(p); err != nil || !info.ModTime().Equal(old) {
			t.Errorf("the second install wrote %s", p)
		}
	}
	if readFile(t, path) != got {
		t.Error("the second install changed the settings")
	}
}

// TestHooksInstallWhereTheAgentLooks: CLAUDE_CONFIG_DIR and CODEX_HOME
// move the files, as they move them for the agents; a file that does
// not exist yet is created with only panemap's hooks.
func TestHooksInstallWhereTheAgentLooks(t *testing.T) {
	home, claude, codex := t.TempDir(), t.TempDir(), t.TempDir()
	env := map[string]string{"HOME": home, "CLAUDE_CONFIG_DIR": claude, "CODEX_HOME": codex}
	for _, agent := range []string{"claude", "codex"} {
		if code, out, errs := cli(t, env, "hooks", "install", agent); code != 0 || errs != "" {
			t.Fatalf("install %s: code %d, stdout %q, stderr %q", agent, code, out, errs)
		}
	}
	if cmds := commandsOf(t, readFile(t, filepath.Join(claude, "settings.json"))); len(cmds) != len(agenthooks.Claude) {
		t.Errorf("claude's settings have hooks on %d events: %v", len(cmds), cmds)
	}
	if cmds := commandsOf(t, readFile(t, filepath.Join(codex, "hooks.json"))); len(cmds) != len(agenthooks.Codex) {
		t.Errorf("codex's hooks.json has hooks on %d events: %v", len(cmds), cmds)
	}
	if got := readFile(t, filepath.Join(codex, "config.toml")); got != agenthooks.CodexFeature+"\n" {
		t.Errorf("codex's config.toml: %q", got)
	}
	if entries, _ := os.ReadDir(home); len(entries) != 0 {
		t.Errorf("install wrote in HOME although the agents look elsewhere: %v", entries)
	}
}

// TestHooksInstallCodexFeature: hooks = true goes into config.toml's
// [features] table (replacing hooks = false), every other line as it was.
func TestHooksInstallCodexFeature(t *testing.T) {
	for _, tc := range []struct{ before, after string }{
		{"model = \"o3\"\n\n[features]\nweb_search = true\n\n[mcp_servers.x]\ncommand = \"x\"\n",
			"model = \"o3\"\n\n[features]\nhooks = true\nweb_search = true\n\n[mcp_servers.x]\ncommand = \"x\"\n"},
		{"[features]\nhooks = false # off for now\n[tui]\n", "[features]\nhooks = true\n[tui]\n"},
		{"model = \"o3\"", "model = \"o3\"\n\n[features]\nhooks = true\n"},
		{"[features]\n  hooks = true\n", "[features]\n  hooks = true\n"},
	} {
		home := t.TempDir()
		path := filepath.Join(home, ".codex", "config.toml")
		writeFile(t, path, tc.before)
		if code, out, errs := cli(t, map[string]string{"HOME": home}, "hooks", "install", "codex"); code != 0 || errs != "" {
			t.Fatalf("install codex over %q: code %d, stdout %q, stderr %q", tc.before, code, out, errs)
		}
		if got := readFile(t, path); got != tc.after {
			t.Errorf("config.toml %q became %q, want %q", tc.before, got, tc.after)
		}
	}
}

// TestHooksInstallAider: the two lines are added to ~/.aider.conf.yml;
// a notifications command of the user's own is never replaced.
func TestHooksInstallAider(t *testing.T) {
	home := t.TempDir()
	path := filepath.Join(home, ".aider.conf.yml")
	writeFile(t, path, "model: sonnet\nnotifications: false\n")
	env := map[string]string{"HOME": home}
	if code, out, errs := cli(t, env, "hooks", "install", "aider"); code != 0 || errs != "" {
		t.Fatalf("install aider: code %d, stdout %q, stderr %q", code, out, errs)
	}
	want := "model: sonnet\n" + strings.Join(agenthooks.AiderLines(hookWord()), "\n") + "\n"
	if got := readFile(t, path); got != want {
		t.Errorf(".aider.conf.yml:\n%s\nwant:\n%s", got, want)
	}
	if _, out, _ := cli(t, env, "hooks", "install", "aider"); !strings.Contains(out, "nothing changed") {
		t.Errorf("second install: %q", out)
	}

	own := "notifications: true\nnotifications-command: notify-send aider\n"
	writeFile(t, path, own)
	code, out, errs := cli(t, env, "hooks", "install", "aider")
	if code != 1 || out != "" || !strings.Contains(errs, "notify-send aider") || readFile(t, path) != own {
		t.Errorf("over the user's own command: code %d, stdout %q, stderr %q, file %q", code, out, errs, readFile(t, path))
	}
}

// TestHooksInstallRefuses: an unknown agent is named (exit 2); a settings
// file panemap cannot merge into is named, and nothing is written,
// neither the file nor a backup, nor for Codex its other file.
func TestHooksInstallRefuses(t *testing.T) {
	code, out, errs := cli(t, map[string]string{"HOME": t.TempDir()}, "hooks", "install", "gemini")
	if code != 2 || out != "" || !strings.Contains(errs, `"gemini"`) || !strings.Contains(errs, "claude, codex, aider") {
		t.Errorf("install gemini: code %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, bad := range []string{`{"hooks": `, `[]`, `{"hooks": []}`, `{"hooks": {"Stop": {}}}`, `{} {}`, "\xff\xfe"} {
		home := t.TempDir()
		path := filepath.Join(home, ".claude", "settings.json")
		writeFile(t, path, bad)
		code, out, errs := cli(t, map[string]string{"HOME": home}, "hooks", "install", "claude")
		if code != 1 || out != "" || !strings.Contains(errs, path) || !strings.Contains(errs, "nothing written") {
			t.Errorf("over %q: code %d, stdout %q, stderr %q", bad, code, out, errs)
		}
		if readFile(t, path) != bad {
			t.Errorf("over %q: the file was written", bad)
		}
		if _, err := os.Stat(path + ".panemap-backup"); err == nil {
			t.Errorf("over %q: a backup was written", bad)
		}
	}
	home := t.TempDir()
	writeFile(t, filepath.Join(home, ".codex", "hooks.json"), "{")
	if code, _, _ := cli(t, map[string]string{"HOME": home}, "hooks", "install", "codex"); code != 1 {
		t.Errorf("codex over a broken hooks.json: code %d", code)
	}
	if _, err := os.Stat(filepath.Join(home, ".codex", "config.toml")); err == nil {
		t.Error("codex over a broken hooks.json: config.toml was written")
	}
}

// TestHooksInstallReplacesItsOwn: a hook an older install left (another
// path to panemap, another state) is replaced, not doubled; through a
// symlink, the file it points at is changed and the link stays.
func TestHooksInstallReplacesItsOwn(t *testing.T) {
	home := t.TempDir()
	real := filepath.Join(home, "dotfiles", "claude.json")
	writeFile(t, real, `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "/old/bin/panemap hook --agent claude idle || true"}, {"type": "command", "command": "say done"}]}]}}`)
	link := filepath.Join(home, ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(link), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := cli(t, map[string]string{"HOME": home}, "hooks", "install", "claude"); code != 0 || errs != "" {
		t.Fatalf("install: code %d, stdout %q, stderr %q", code, out, errs)
	}
	if target, err := os.Readlink(link); err != nil || target != real {
		t.Errorf("the symlink became %q (%v)", target, err)
	}
	stop := commandsOf(t, readFile(t, real))["Stop"]
	want := []string{"|say done", "|" + agenthooks.Line(hookWord(), "claude", agents.Done)}
	if !reflect.DeepEqual(stop, want) {
		t.Errorf("Stop runs %q, want %q", stop, want)
	}
}

// TestHooksPrints: panemap hooks prints, for each agent with hooks, what
// install writes into an empty file; for Gemini CLI and OpenCode, that
// nothing is needed.
func TestHooksPrints(t *testing.T) {
	code, out, errs := cli(t, nil, "hooks")
	if code != 0 || errs != "" {
		t.Fatalf("code %d, stderr %q", code, errs)
	}
	word := hookWord()
	claude, _ := agenthooks.WithHooks(nil, agenthooks.Claude, "claude", word)
	codex, _ := agenthooks.WithHooks(nil, agenthooks.Codex, "codex", word)
	for _, want := range []string{string(claude), string(codex), agenthooks.CodexFeature, strings.Join(agenthooks.AiderLines(word), "\n"),
		"# Gemini CLI: its window title", "# OpenCode: its screen is read", "panemap hooks install claude"} {
		if !strings.Contains(out, want) {
			t.Errorf("panemap hooks lacks %q:\n%s", want, out)
		}
	}
	for _, args := range [][]string{{"hooks", "claude"}, {"hooks", "install"}, {"hooks", "install", "claude", "codex"}} {
		if code, out, errs := cli(t, nil, args...); code != 2 || out != "" || errs == "" {
			t.Errorf("panemap %q: code %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}
