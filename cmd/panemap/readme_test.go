package main

// The README is the front door: every command in its fenced blocks that
// can run here is run, the way a newcomer would run it.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/assets/tools"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
)

type fence struct {
	lang  string
	lines []string
}

func readmeFences(t *testing.T) []fence {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []fence
	var cur *fence
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "```") {
			if cur == nil {
				cur = &fence{lang: strings.TrimPrefix(line, "```")}
			} else {
				out = append(out, *cur)
				cur = nil
			}
			continue
		}
		if cur != nil {
			cur.lines = append(cur.lines, line)
		}
	}
	return out
}

func repoRoot(t testing.TB) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(wd, "..", "..")
}

// binPath returns a PATH with the built panemap first.
func binPath(t *testing.T) string {
	return filepath.Dir(tmuxtest.Panemap(t)) + ":" + os.Getenv("PATH")
}

func TestReadmeShellCommands(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	var layoutLines []string
	for _, f := range readmeFences(t) {
		if f.lang != "sh" {
			continue
		}
		for _, line := range f.lines {
			line = strings.TrimSpace(line)
			if line == "" {
				continue
			}
			seen[line] = true
			switch {
			case line == "go test ./...":
				// This very run.
			case strings.HasPrefix(line, "curl -fsSL ") && strings.HasSuffix(line, "/install.sh | sh"):
				t.Run("install.sh", func(t *testing.T) { readmeInstall(t, line) })
			case strings.HasPrefix(line, "go install "):
				// Needs the published module; the build it installs is the
				// one every test here uses.
			case strings.HasPrefix(line, "panemap layout "):
				layoutLines = append(layoutLines, line) // run in order, below
			case strings.HasPrefix(line, "panemap hooks install "):
				t.Run("hooks install", func(t *testing.T) { readmeHooksInstall(t, line) })
			case line == "go run ./cmd/panemap demo":
				t.Run("demo", func(t *testing.T) { readmeDemo(t, line) })
			default:
				t.Errorf("README shell command %q is not covered by this test", line)
			}
		}
	}
	if len(layoutLines) > 0 {
		t.Run("layout", func(t *testing.T) { readmeLayoutLines(t, layoutLines) })
	}
	for _, want := range []string{"go run ./cmd/panemap demo", "go test ./...", installLine} {
		if !seen[want] {
			t.Errorf("README lost the newcomer's command %q", want)
		}
	}
}

// readmeDemo runs the demo exactly as written, from the repository root,
// in a private tmux pane, and quits it with q.
func readmeDemo(t *testing.T, line string) {
	outer := tmuxtest.Start(t, 120, 40)
	pane := outer.Active("main:0")
	outer.Must("respawn-pane", "-k", "-t", pane, "-c", repoRoot(t), shellLine(line))
	tmuxtest.Eventually(t, 120*time.Second, func() bool {
		scr := outer.Must("capture-pane", "-p", "-t", pane)
		return strings.Contains(scr, "NAV") && strings.Contains(scr, "demo")
	}, "%q did not show the demo map", line)
	outer.Must("send-keys", "-t", pane, "q")
	waitExited(t, outer, pane, line)
}

var (
	tomlCommand = regexp.MustCompile(`(?m)^command = "([^"]+)"\s*\nargs = \[([^\]]*)\]`)
	tomlEnvVars = regexp.MustCompile(`(?m)^env_vars = \[([^\]]*)\]`)
)

func TestReadmeMCPSnippets(t *testing.T) {
	t.Parallel()
	n := 0
	for _, f := range readmeFences(t) {
		text := strings.Join(f.lines, "\n")
		switch f.lang {
		case "json":
			if strings.Contains(text, `"neighbours"`) {
				readmeListedPane(t, text)
				continue
			}
			var cfg map[string]map[string]json.RawMessage
			if err := json.Unmarshal([]byte(text), &cfg); err != nil {
				t.Fatalf("README json block does not parse: %v\n%s", err, text)
			}
			for key, servers := range cfg {
				var entry struct {
					Command json.RawMessage   `json:"command"`
					Args    []string          `json:"args"`
					Env     map[string]string `json:"env"`
				}
				if err := json.Unmarshal(servers["panemap"], &entry); err != nil {
					t.Fatalf("%s.panemap: %v", key, err)
				}
				var command string
				if json.Unmarshal(entry.Command, &command) != nil { // Zed: {"path", "args"}
					var zed struct {
						Path string   `json:"path"`
						Args []string `json:"args"`
					}
					if err := json.Unmarshal(entry.Command, &zed); err != nil {
						t.Fatalf("%s.panemap.command: %v", key, err)
					}
					command, entry.Args = zed.Path, zed.Args
				}
				if command == "ssh" { // another machine's panemap: TestMCPOverSSH
					continue
				}
				n++
				t.Run(key, func(t *testing.T) { snippetServes(t, command, entry.Args, entry.Env, nil) })
			}
		case "toml":
			m := tomlCommand.FindStringSubmatch(text)
			if m == nil {
				t.Fatalf("README toml block has no command/args:\n%s", text)
			}
			var args, forwarded []string
			if err := json.Unmarshal([]byte("["+m[2]+"]"), &args); err != nil {
				t.Fatal(err)
			}
			if e := tomlEnvVars.FindStringSubmatch(text); e != nil {
				if err := json.Unmarshal([]byte("["+e[1]+"]"), &forwarded); err != nil {
					t.Fatal(err)
				}
			}
			n++
			t.Run("codex", func(t *testing.T) { snippetServes(t, m[1], args, nil, forwarded) })
		}
	}
	if n < 6 {
		t.Errorf("found %d MCP client snippets in the README, want the Claude Code, Codex, Gemini, Cursor, VS Code and Zed ones", n)
	}
}

func TestReadmeTmuxLines(t *testing.T) {
	t.Parallel()
	var lines []string
	for _, f := range readmeFences(t) {
		if f.lang == "tmux" {
			lines = append(lines, f.lines...)
		}
	}
	n := tmuxtest.StartNested(t, 120, 40)
	g := n.Inner.Grid()
	n.Inner.Must("set-environment", "-g", "PATH", binPath(t))
	conf := filepath.Join(t.TempDir(), "tmux.conf")
	if err := os.WriteFile(conf, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	n.Inner.Must("source-file", conf)
	if w := n.Inner.Must("show", "-gv", "@panemap-width"); w != "90%" {
		t.Errorf("@panemap-width = %q after the README's lines", w)
	}
	// run-shell 'panemap init tmux' binds the plugin's default key, to open the
	// popup over the window, running panemap itself.
	if b, _ := prefixBinding(t, n.Inner, pluginDefaultKey); !strings.Contains(b, "display-popup") || !strings.Contains(b, "panemap' -S ") || !strings.Contains(b, "--in-popup") {
		t.Fatalf("the README's binding is not on prefix %s: %q", pluginDefaultKey, b)
	}
	n.Keys("C-b", pluginDefaultKey)
	n.WaitScreen(wait, "the popup from the README binding", func(scr string) bool {
		return strings.Contains(scr, g[3]) && strings.Contains(scr, "NAV")
	})
	n.Keys("q")
	n.WaitScreen(wait, "the popup closed", func(scr string) bool { return !strings.Contains(scr, "NAV") })
}

// readmeListedPane checks the README's example of a list_panes pane: every
// field list_panes' card requires, and no other.
func readmeListedPane(t *testing.T, text string) {
	t.Helper()
	var example map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &example); err != nil {
		t.Fatalf("README's list_panes example does not parse: %v\n%s", err, text)
	}
	checkCardFields(t, "README's list_panes example", "list_panes.json", "Pane", example)
}

// checkCardFields checks that fields has every field the card's
// definition def requires, and no field it does not define.
func checkCardFields(t *testing.T, what, card, def string, fields map[string]json.RawMessage) {
	t.Helper()
	var c struct {
		OutputSchema struct {
			Defs map[string]struct {
				Properties map[string]json.RawMessage `json:"properties"`
				Required   []string                   `json:"required"`
			} `json:"$defs"`
		} `json:"outputSchema"`
	}
	raw, err := tools.Cards.ReadFile(card)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	schema := c.OutputSchema.Defs[def]
	for _, k := range schema.Required {
		if _, ok := fields[k]; !ok {
			t.Errorf("%s lacks %q", what, k)
		}
	}
	for k := range fields {
		if _, ok := schema.Properties[k]; !ok {
			t.Errorf("%s has %q, which %s does not", what, k, card)
		}
	}
}

// TestReadmeMCPTools checks the README's MCP tool table against the tools
// the server offers: one row per tool, no row for a tool it lacks, and
// the count in the sentence before the table.
func TestReadmeMCPTools(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	// The MCP section only: other tables list keys and settings.
	_, readme, ok := strings.Cut(string(data), "\n## For agents: `panemap mcp`")
	if !ok {
		t.Fatal("README has no MCP section")
	}
	readme, _, _ = strings.Cut(readme, "\n## ")
	ts, err := mcp.Tools(mcp.Options{AllowInput: true}) // every tool
	if err != nil {
		t.Fatal(err)
	}
	rows := regexp.MustCompile("(?m)^\\| `([a-z]+_[a-z_]+)` \\|").FindAllStringSubmatch(readme, -1)
	var listed []string
	for _, r := range rows {
		listed = append(listed, r[1])
	}
	var offered []string
	for _, tool := range ts {
		offered = append(offered, tool.Name)
	}
	slices.Sort(listed)
	if !slices.Equal(listed, offered) {
		t.Errorf("README's MCP tool table lists %v; the server offers %v", listed, offered)
	}
	if n := countWord(t, len(offered)); !strings.Contains(readme, "is an MCP server on stdio with "+n+" tools (`send_keys` only with `--allow-input`):") {
		t.Errorf("README does not say the server has %s tools", n)
	}
	checkAccessModes(t, readme, offered)
	for _, never := range []string{"never runs commands in panes", "never sends keys", "never kills a pane", "never creates a pane but for `apply_layout` with `create`", "no executable input", "tmux closes it"} {
		if !strings.Contains(strings.Join(strings.Fields(readme), " "), never) {
			t.Errorf("README's MCP section does not say %q", never)
		}
	}
}

// countWord is how the README writes a count of tools. A count past the
// list fails the test rather than going unchecked.
func countWord(t *testing.T, n int) string {
	t.Helper()
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}
	if n < 0 || n >= len(words) {
		t.Fatalf("%d tools: add the number's word to countWord", n)
	}
	return words[n]
}

// checkAccessModes checks the README's access modes table against the
// tools each combination of --read-only, --no-content and --allow-input
// offers: a row lists them by name, says "all N", or "all but" the tools
// left out, by name and as "the N readers".
func checkAccessModes(t *testing.T, readme string, all []string) {
	t.Helper()
	modes := map[string]mcp.Options{
		"none":                       {},
		"`--read-only`":              {ReadOnly: true},
		"`--no-content`":             {NoContent: true},
		"`--read-only --no-content`": {ReadOnly: true, NoContent: true},
		"`--allow-input`":            {AllowInput: true},
	}
	toolName := regexp.MustCompile("`([a-z]+_[a-z_]+)`")
	seen := 0
	for _, line := range strings.Split(readme, "\n") {
		cells := strings.Split(line, " | ")
		if len(cells) < 3 || !strings.HasPrefix(cells[0], "| ") {
			continue
		}
		mode := strings.TrimPrefix(cells[0], "| ")
		opts, ok := modes[mode]
		if !ok {
			continue
		}
		seen++
		ts, err := mcp.Tools(opts)
		if err != nil {
			t.Fatal(err)
		}
		var offered, listed []string
		for _, tool := range ts {
			offered = append(offered, tool.Name)
		}
		for _, m := range toolName.FindAllStringSubmatch(cells[1], -1) {
			listed = append(listed, m[1])
		}
		slices.Sort(listed)
		var want string
		switch {
		case strings.HasPrefix(cells[1], "all but "):
			// The tools left out: those named, and the readers counted.
			var left []string
			for _, name := range all {
				if !slices.Contains(offered, name) && !slices.Contains(listed, name) {
					left = append(left, name)
				}
			}
			want = "all but " + strings.Join(backquoted(listed), " and ")
			if len(left) > 0 {
				if len(listed) > 0 {
					want += " and "
				}
				want += "the " + countWord(t, len(left)) + " readers"
			}
		case len(listed) > 0:
			if !slices.Equal(listed, offered) {
				t.Errorf("README's access mode %s lists %v; it offers %v", mode, listed, offered)
			}
			continue
		case len(offered) == len(all):
			want = "all " + countWord(t, len(all))
		}
		if cells[1] != want {
			t.Errorf("README's access mode %s says %q; want %q (it offers %v)", mode, cells[1], want, offered)
		}
	}
	if seen != len(modes) {
		t.Errorf("README's access modes table has %d of the %d modes", seen, len(modes))
	}
}

func backquoted(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "`" + n + "`"
	}
	return out
}

// TestReadmeFirstScreen: the README's first 60 lines are the product: the
// picture, the one-line install, both ways to bind the key, the keys to
// start with and an MCP client's snippet; no contributor's or release
// verification's detail (those are further down, or in docs/).
func TestReadmeFirstScreen(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(string(data), "\n", 61)
	first := strings.Join(lines[:min(60, len(lines))], "\n")
	for _, want := range []string{"![", installLine, "set -g @plugin 'panemap/panemap'", "run-shell 'panemap init tmux'",
		"| `s`, then the arrows |", "| `Esc` |", `"mcpServers"`, `"args": ["mcp"]`} {
		if !strings.Contains(first, want) {
			t.Errorf("the README's first 60 lines lack %q", want)
		}
	}
	for _, not := range []string{"go test", "cosign", "SBOM", "checksums", "golangci", ".ci/run", "go run"} {
		if strings.Contains(first, not) {
			t.Errorf("the README's first 60 lines hold %q, a contributor's or release verification's detail", not)
		}
	}
}
