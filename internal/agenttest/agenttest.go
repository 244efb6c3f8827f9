// Package agenttest installs the fake coding agents (internal/fakeagent)
// for tests: one build per test process, linked under the agents' names
// in a temporary directory to put first in a pane's PATH.
package agenttest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// Kinds are the agents the fake stands in for.
var Kinds = []string{"claude", "codex", "gemini", "aider", "opencode"}

var build struct {
	once sync.Once
	dir  string
	err  error
	out  []byte
}

// Install builds the fake agent once per test process and returns the
// directory that holds it under each of Kinds' names: gemini is a script
// that runs `node DIR/lib/gemini ARGS` (as npm's shim runs Gemini CLI),
// node being the fake too, so the pane's command is node and argv[1]
// names the agent. Call Remove from TestMain to delete it afterwards.
func Install(tb testing.TB) string {
	tb.Helper()
	build.once.Do(func() {
		build.dir, build.err = os.MkdirTemp("", "panemap-fakeagent-")
		if build.err != nil {
			return
		}
		bin := filepath.Join(build.dir, "fakeagent")
		cmd := exec.Command("go", "build", "-o", bin, "github.com/panemap/panemap/internal/fakeagent")
		if build.out, build.err = cmd.CombinedOutput(); build.err != nil {
			return
		}
		for _, name := range []string{"claude", "codex", "aider", "opencode", "node"} {
			if build.err = os.Symlink(bin, filepath.Join(build.dir, name)); build.err != nil {
				return
			}
		}
		lib := filepath.Join(build.dir, "lib")
		if build.err = os.Mkdir(lib, 0o755); build.err != nil {
			return
		}
		if build.err = os.WriteFile(filepath.Join(lib, "gemini"), []byte("// the script node would run\n"), 0o644); build.err != nil {
			return
		}
		script := "#!/bin/sh\nexec node " + ShellQuote(filepath.Join(lib, "gemini")) + ` "$@"` + "\n"
		tmuxtest.WriteExecutable(tb, filepath.Join(build.dir, "gemini"), []byte(script))
	})
	if build.err != nil {
		tb.Fatalf("installing the fake agents: %v\n%s", build.err, build.out)
	}
	return build.dir
}

// Remove deletes what Install built, if anything.
func Remove() {
	if build.dir != "" {
		_ = os.RemoveAll(build.dir)
	}
}

// Command is a pane's command line that runs agent (one of Kinds) from
// dir (Install's) with steps (see internal/fakeagent), for sh: exec'd,
// so the agent is the pane's own process.
func Command(dir, agent string, steps ...string) string {
	words := []string{"exec", "env", ShellQuote("PATH=" + dir + ":" + os.Getenv("PATH")), agent}
	for _, s := range steps {
		words = append(words, ShellQuote(s))
	}
	return strings.Join(words, " ")
}

// ShellQuote quotes s as one word for sh.
func ShellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
