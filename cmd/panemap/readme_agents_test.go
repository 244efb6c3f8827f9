package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/agenthooks"
)

// readmeHooksInstall runs the README's panemap hooks install AGENT as a
// person would, in a home of its own, twice: the agent's settings get
// panemap's hooks, and the second run changes nothing.
func readmeHooksInstall(t *testing.T, line string) {
	home := t.TempDir()
	settings := map[string]string{"claude": ".claude/settings.json", "codex": ".codex/hooks.json", "aider": ".aider.conf.yml"}
	agent := line[strings.LastIndex(line, " ")+1:]
	file, ok := settings[agent]
	if !ok {
		t.Fatalf("README installs hooks for %q, which this test does not know", agent)
	}
	for i, want := range []string{"added panemap's hooks", "nothing changed"} {
		cmd := exec.Command("sh", "-c", line)
		cmd.Env = []string{"HOME=" + home, "PATH=" + binPath(t)}
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), want) {
			t.Fatalf("%q, run %d: %v\n%s", line, i+1, err, out)
		}
	}
	data, err := os.ReadFile(filepath.Join(home, file))
	if err != nil || !strings.Contains(string(data), "panemap hook --agent "+agent+" ") {
		t.Errorf("%q left %s as:\n%s (%v)", line, file, data, err)
	}
}

// TestReadmeAgentHooks: the README's table of each agent's hooks names
// the events panemap hooks installs for each state, and no other.
func TestReadmeAgentHooks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Several coding agents")
	if !ok {
		t.Fatal("README has no section for people running several agents")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	event := regexp.MustCompile("`([A-Z][A-Za-z]+)`")
	columns := []agents.State{agents.Working, agents.Waiting, agents.Done, agents.Error}
	seen := 0
	for _, a := range []struct {
		title string
		hooks []agenthooks.Hook
	}{{"Claude Code", agenthooks.Claude}, {"Codex", agenthooks.Codex}} {
		var row []string
		for _, l := range strings.Split(section, "\n") {
			if strings.HasPrefix(l, "| "+a.title+" |") {
				row = strings.Split(l, " | ")
			}
		}
		if len(row) != 2+len(columns) {
			t.Errorf("README's hooks table has no row for %s", a.title)
			continue
		}
		seen++
		for i, state := range columns {
			var listed, installed []string
			for _, m := range event.FindAllStringSubmatch(row[2+i], -1) {
				listed = append(listed, m[1])
			}
			for _, h := range a.hooks {
				if h.State == state {
					installed = append(installed, h.Event)
				}
			}
			if !slices.Equal(listed, installed) {
				t.Errorf("README says %s's %s hooks are %v; panemap hooks installs %v", a.title, state, listed, installed)
			}
		}
	}
	if !strings.Contains(section, "`permission_prompt`, `elicitation_dialog`") || seen != 2 {
		t.Errorf("README's hooks table: %d rows, or the Notification matcher is missing", seen)
	}
	if !strings.Contains(section, "panemap hooks install claude") || !strings.Contains(section, "#(panemap agents --status)") {
		t.Error("README's agents section lacks the hooks' install or the status line")
	}
}
