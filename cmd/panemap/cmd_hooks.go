package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/panemap/panemap/internal/agenthooks"
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
					return usageError(g, fmt.Errorf("hooks install takes one agent: %s", strings.Join(agenthooks.Names(), ", ")))
				}
				return installHooks(g, args[1])
			}
		},
	}
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
	for i, a := range agenthooks.Agents() {
		if i > 0 {
			fmt.Fprintln(g.stdout)
		}
		text, err := a.Text(word)
		if err != nil {
			return fail(g, err)
		}
		fmt.Fprintf(g.stdout, "# %s: %s (panemap hooks install %s)\n%s", a.Title, a.Where, a.Name, text)
	}
	for _, u := range agenthooks.Unhooked {
		fmt.Fprintf(g.stdout, "\n# %s: %s.\n", u.Title, u.How)
	}
	return 0
}

func installHooks(g *globals, name string) int {
	a, err := agenthooks.Find(name)
	if err != nil {
		return usageError(g, err)
	}
	changes, err := a.Install(g.getenv, hookWord())
	if err != nil {
		return fail(g, err)
	}
	for _, c := range changes {
		if err := c.Write(); err != nil {
			return fail(g, err)
		}
	}
	for _, c := range changes {
		if c.Changed() {
			fmt.Fprintf(g.stdout, "%s: added panemap's hooks for %s (the file as it was: %s)\n", c.Path, a.Title, c.BackupPath())
		} else {
			fmt.Fprintf(g.stdout, "%s: has panemap's hooks for %s already; nothing changed\n", c.Path, a.Title)
		}
	}
	return 0
}
