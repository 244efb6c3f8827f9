package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
)

func hooksCommand() command {
	return command{
		name:    "hooks",
		summary: "print each coding agent's hooks that run panemap hook, or install them (install AGENT)",
		args:    "[install AGENT]",
		about: `Without arguments, prints the hook configuration for each agent that has hooks: Claude Code,
Codex and Aider (Gemini CLI's window titles and OpenCode's screen are read without one).
panemap hooks install AGENT (claude, codex or aider) merges them into that agent's own settings,
keeping everything there: Claude Code's $CLAUDE_CONFIG_DIR/settings.json (~/.claude/settings.json),
Codex's $CODEX_HOME/hooks.json and config.toml (~/.codex), Aider's ~/.aider.conf.yml. Each file
it changes is copied to FILE.panemap-backup first; installed hooks are left as they are, and a file
it cannot read is reported with nothing written.`,
		noServer: "it only prints and edits the agents' settings files",
		define: func(*flag.FlagSet) runFunc {
			return func(_ context.Context, g *globals, args []string) int {
				switch {
				case len(args) == 0:
					return printHooks(g)
				case args[0] != "install":
					return usageError(g, fmt.Errorf("unexpected argument %s: hooks takes nothing, or install AGENT", tmux.Quote(args[0])))
				case len(args) != 2:
					return usageError(g, fmt.Errorf("hooks install takes one agent: %s", strings.Join(installableAgents(), ", ")))
				}
				return installHooks(g, args[1])
			}
		},
	}
}

// agentHook is one event of an agent's hooks and the state it marks.
type agentHook struct {
	event   string
	matcher string // "" for every occurrence of the event
	state   agents.State
}

// claudeHooks are Claude Code's (settings.json "hooks"). PostToolUse
// ends a wait: no hook fires when a permission is granted.
var claudeHooks = []agentHook{
	{event: "UserPromptSubmit", state: agents.Working},
	{event: "PreToolUse", state: agents.Working},
	{event: "PostToolUse", state: agents.Working},
	{event: "PermissionRequest", state: agents.Waiting},
	{event: "Notification", matcher: "permission_prompt|elicitation_dialog", state: agents.Waiting},
	{event: "Stop", state: agents.Done},
	{event: "StopFailure", state: agents.Error},
}

// codexHooks are Codex's (hooks.json, in Claude Code's shape).
var codexHooks = []agentHook{
	{event: "UserPromptSubmit", state: agents.Working},
	{event: "PreToolUse", state: agents.Working},
	{event: "PostToolUse", state: agents.Working},
	{event: "PermissionRequest", state: agents.Waiting},
	{event: "Stop", state: agents.Done},
}

// hookedAgent is an agent panemap hooks knows: where its settings are
// and what goes there.
type hookedAgent struct {
	name, title string
	// where says where its settings live, for the printed page.
	where string
	// print writes the configuration for the page; install merges it
	// into the agent's files under env.
	print   func(g *globals, word string) error
	install func(g *globals, word string) ([]fileChange, error)
}

func hookedAgents() []hookedAgent {
	return []hookedAgent{
		{name: "claude", title: "Claude Code", where: "~/.claude/settings.json, or $CLAUDE_CONFIG_DIR/settings.json",
			print: func(g *globals, word string) error { return printJSONHooks(g, claudeHooks, "claude", word) },
			install: func(g *globals, word string) ([]fileChange, error) {
				dir, err := agentDir(g, "CLAUDE_CONFIG_DIR", ".claude")
				if err != nil {
					return nil, err
				}
				c, err := mergeJSONHooks(filepath.Join(dir, "settings.json"), claudeHooks, "claude", word)
				return []fileChange{c}, err
			}},
		{name: "codex", title: "Codex", where: "~/.codex/hooks.json, or $CODEX_HOME/hooks.json; and [features] hooks = true in config.toml there",
			print: func(g *globals, word string) error {
				if err := printJSONHooks(g, codexHooks, "codex", word); err != nil {
					return err
				}
				_, err := fmt.Fprintf(g.stdout, "config.toml:\n%s\n", codexFeature)
				return err
			},
			install: func(g *globals, word string) ([]fileChange, error) {
				dir, err := agentDir(g, "CODEX_HOME", ".codex")
				if err != nil {
					return nil, err
				}
				// Read both before writing either, so that a file
				// panemap cannot read leaves both as they were.
				hooks, err := mergeJSONHooks(filepath.Join(dir, "hooks.json"), codexHooks, "codex", word)
				if err != nil {
					return nil, err
				}
				feature, err := mergeCodexFeature(filepath.Join(dir, "config.toml"))
				return []fileChange{hooks, feature}, err
			}},
		{name: "aider", title: "Aider", where: "~/.aider.conf.yml (or aider --notifications --notifications-command CMD)",
			print: func(g *globals, word string) error {
				_, err := fmt.Fprint(g.stdout, strings.Join(aiderLines(word), "\n")+"\n")
				return err
			},
			install: func(g *globals, word string) ([]fileChange, error) {
				home, err := homeDir(g)
				if err != nil {
					return nil, err
				}
				c, err := mergeAiderConf(filepath.Join(home, ".aider.conf.yml"), word)
				return []fileChange{c}, err
			}},
	}
}

// readAgents are the agents panemap reads without a hook.
var readAgents = []struct{ title, how string }{
	{"Gemini CLI", "its window title (Action Required, Working, Ready) and its screen are read; no hook is needed"},
	{"OpenCode", "its screen is read; no hook is needed"},
}

func installableAgents() []string {
	var names []string
	for _, a := range hookedAgents() {
		names = append(names, a.name)
	}
	return names
}

// hookLine is the command an agent's hook runs. It always succeeds:
// several agents read a hook's exit status 2 as "block this" (Claude
// Code's Stop hook would keep the agent going), and a pane outside tmux
// or a panemap missing from PATH must never stop an agent.
func hookLine(word, agent string, s agents.State) string {
	return word + " hook --agent " + agent + " " + string(s) + " >/dev/null 2>&1 || true"
}

// hookWord is how a hook names panemap: plain panemap when PATH finds this
// very binary under that name, else its path.
func hookWord() string {
	exe, err := os.Executable()
	if err != nil {
		return "panemap"
	}
	if p, err := exec.LookPath("panemap"); err == nil {
		a, errA := os.Stat(p)
		b, errB := os.Stat(exe)
		if errA == nil && errB == nil && os.SameFile(a, b) {
			return "panemap"
		}
	}
	return shellWord(exe)
}

func printHooks(g *globals) int {
	word := hookWord()
	for i, a := range hookedAgents() {
		if i > 0 {
			fmt.Fprintln(g.stdout)
		}
		fmt.Fprintf(g.stdout, "# %s: %s (panemap hooks install %s)\n", a.title, a.where, a.name)
		if err := a.print(g, word); err != nil {
			return fail(g, err)
		}
	}
	for _, r := range readAgents {
		fmt.Fprintf(g.stdout, "\n# %s: %s.\n", r.title, r.how)
	}
	return 0
}

func installHooks(g *globals, name string) int {
	for _, a := range hookedAgents() {
		if a.name != name {
			continue
		}
		changes, err := a.install(g, hookWord())
		if err != nil {
			return fail(g, err)
		}
		for _, c := range changes {
			if err := c.write(); err != nil {
				return fail(g, err)
			}
		}
		for _, c := range changes {
			if c.changed() {
				fmt.Fprintf(g.stdout, "%s: added panemap's hooks for %s (the file as it was: %s)\n", c.path, a.title, c.backupPath())
			} else {
				fmt.Fprintf(g.stdout, "%s: has panemap's hooks for %s already; nothing changed\n", c.path, a.title)
			}
		}
		return 0
	}
	return usageError(g, fmt.Errorf("no hooks for agent %s: want %s (%s)", tmux.Quote(name), strings.Join(installableAgents(), ", "), readAgentsNote()))
}

func readAgentsNote() string {
	var titles []string
	for _, r := range readAgents {
		titles = append(titles, r.title)
	}
	return strings.Join(titles, " and ") + " need none"
}

// agentDir is the agent's settings directory: $VAR when set, as the
// agent reads it, else ~/DEFAULT.
func agentDir(g *globals, variable, def string) (string, error) {
	if d := g.getenv(variable); d != "" {
		return d, nil
	}
	home, err := homeDir(g)
	if err != nil {
		return "", err
	}
	return filepath.Join(home, def), nil
}

func homeDir(g *globals) (string, error) {
	home := g.getenv("HOME")
	if home == "" {
		return "", errors.New("HOME is not set: cannot find the agent's settings")
	}
	return home, nil
}
