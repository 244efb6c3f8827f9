// Package agenthooks is what `panemap hooks` knows of coding agents'
// hooks: which of each agent's events mark which state through `panemap
// hook`, where the agent keeps its settings, and how to merge the hooks
// into those files keeping everything there.
package agenthooks

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
)

// Hook is one event of an agent's hooks and the state it marks.
type Hook struct {
	Event   string
	Matcher string // "" for every occurrence of the event
	State   agents.State
}

// Claude are Claude Code's (settings.json "hooks"). PostToolUse ends a
// wait: no hook fires when a permission is granted.
var Claude = []Hook{
	{Event: "UserPromptSubmit", State: agents.Working},
	{Event: "PreToolUse", State: agents.Working},
	{Event: "PostToolUse", State: agents.Working},
	{Event: "PermissionRequest", State: agents.Waiting},
	{Event: "Notification", Matcher: "permission_prompt|elicitation_dialog", State: agents.Waiting},
	{Event: "Stop", State: agents.Done},
	{Event: "StopFailure", State: agents.Error},
}

// Codex are Codex's (hooks.json, in Claude Code's shape).
var Codex = []Hook{
	{Event: "UserPromptSubmit", State: agents.Working},
	{Event: "PreToolUse", State: agents.Working},
	{Event: "PostToolUse", State: agents.Working},
	{Event: "PermissionRequest", State: agents.Waiting},
	{Event: "Stop", State: agents.Done},
}

// Line is the command an agent's hook runs, word being how it names
// panemap. It always succeeds: several agents read a hook's exit status
// 2 as "block this" (Claude Code's Stop hook would keep the agent going),
// and a pane outside tmux or a panemap missing from PATH must never stop
// an agent.
func Line(word, agent string, s agents.State) string {
	return word + " hook --agent " + agent + " " + string(s) + " >/dev/null 2>&1 || true"
}

// Agent is an agent with hooks: where its settings are and what goes
// there.
type Agent struct {
	Name, Title string
	Where       string // where its settings live, for people
	// Text is the configuration to copy by hand.
	Text func(word string) (string, error)
	// Install reads the agent's files (found through getenv, as the
	// agent finds them) and merges the hooks in; nothing is written
	// until the changes' Write.
	Install func(getenv func(string) string, word string) ([]Change, error)
}

// Agents are the agents with hooks, in the order panemap hooks prints them.
func Agents() []Agent {
	return []Agent{
		{Name: "claude", Title: "Claude Code", Where: "~/.claude/settings.json, or $CLAUDE_CONFIG_DIR/settings.json",
			Text: func(word string) (string, error) {
				b, err := WithHooks(nil, Claude, "claude", word)
				return string(b), err
			},
			Install: func(getenv func(string) string, word string) ([]Change, error) {
				dir, err := agentDir(getenv, "CLAUDE_CONFIG_DIR", ".claude")
				if err != nil {
					return nil, err
				}
				c, err := mergeJSONHooks(filepath.Join(dir, "settings.json"), Claude, "claude", word)
				return []Change{c}, err
			}},
		{Name: "codex", Title: "Codex", Where: "~/.codex/hooks.json, or $CODEX_HOME/hooks.json; and [features] hooks = true in config.toml there",
			Text: func(word string) (string, error) {
				b, err := WithHooks(nil, Codex, "codex", word)
				return string(b) + "config.toml:\n" + CodexFeature + "\n", err
			},
			Install: func(getenv func(string) string, word string) ([]Change, error) {
				dir, err := agentDir(getenv, "CODEX_HOME", ".codex")
				if err != nil {
					return nil, err
				}
				// Read both before writing either, so that a file
				// panemap cannot read leaves both as they were.
				hooks, err := mergeJSONHooks(filepath.Join(dir, "hooks.json"), Codex, "codex", word)
				if err != nil {
					return nil, err
				}
				feature, err := mergeCodexFeature(filepath.Join(dir, "config.toml"))
				return []Change{hooks, feature}, err
			}},
		{Name: "aider", Title: "Aider", Where: "~/.aider.conf.yml (or aider --notifications --notifications-command CMD)",
			Text: func(word string) (string, error) { return strings.Join(AiderLines(word), "\n") + "\n", nil },
			Install: func(getenv func(string) string, word string) ([]Change, error) {
				home, err := homeDir(getenv)
				if err != nil {
					return nil, err
				}
				c, err := mergeAiderConf(filepath.Join(home, ".aider.conf.yml"), word)
				return []Change{c}, err
			}},
	}
}

// Unhooked are the agents panemap reads without a hook, and how.
var Unhooked = []struct{ Title, How string }{
	{"Gemini CLI", "its window title (Action Required, Working, Ready) and its screen are read; no hook is needed"},
	{"OpenCode", "its screen is read; no hook is needed"},
}

// Names are the agents' names, for install and its completion.
func Names() []string {
	var names []string
	for _, a := range Agents() {
		names = append(names, a.Name)
	}
	return names
}

// Find is the agent of that name, or an error naming it and the agents
// there are.
func Find(name string) (Agent, error) {
	for _, a := range Agents() {
		if a.Name == name {
			return a, nil
		}
	}
	var titles []string
	for _, u := range Unhooked {
		titles = append(titles, u.Title)
	}
	return Agent{}, fmt.Errorf("no hooks for agent %s: want %s (%s need none)", tmux.Quote(name), strings.Join(Names(), ", "), strings.Join(titles, " and "))
}

// agentDir is the agent's settings directory: $VAR when set, as the
// agent reads it, else ~/DEFAULT.
func agentDir(getenv func(string) string, variable, def string) (string, error) {
	if d := getenv(variable); d != "" {
		return d, nil
	}
	home, err := homeDir(getenv)
	if err != nil {
		return "", err
	}
	return filepath.Join(home, def), nil
}

func homeDir(getenv func(string) string) (string, error) {
	home := getenv("HOME")
	if home == "" {
		return "", errors.New("HOME is not set: cannot find the agent's settings")
	}
	return home, nil
}
