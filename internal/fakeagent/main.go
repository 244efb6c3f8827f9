// Command fakeagent stands in for a coding agent (Claude Code, Codex,
// Gemini CLI, Aider, OpenCode) in tests: installed under an agent's name
// in a temporary PATH (see Install), it follows a script of steps that
// print the agent's real strings, set its titles, ring the bell, call its
// hook and read a line from the terminal, so that tests of
// tmuxctl/agentwatch see what the real agents show without running them.
//
// Installed as node, it is a Node-like wrapper: argv[1] names the agent
// (as `node /usr/local/bin/gemini` does), so #{pane_current_command} is
// node and only the process tree names the agent.
//
// Usage: NAME STEP... or NAME -f FILE (a step a line). Steps:
//
//	print TEXT   print TEXT and a newline (\n, \e, \\ in TEXT are escapes)
//	clear        clear the screen and home the cursor
//	title TEXT   set the title (OSC 2)
//	bell         ring the bell
//	hook STATE   mark the pane: $FAKEAGENT_PANEMAP hook --agent NAME STATE
//	             when that is set, else tmux set-option as panemap hook does
//	read         read a line from the terminal and print `got "LINE"`
//	sleep MS     wait MS milliseconds
//	spin MS      print a spinner line and set a spinner title every MS
//	             milliseconds, forever (for benchmarks)
//	exit N       exit with status N
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

func main() {
	name := filepath.Base(os.Args[0])
	args := os.Args[1:]
	if name == "node" && len(args) > 0 {
		name, args = filepath.Base(args[0]), args[1:]
	}
	steps := args
	if len(args) == 2 && args[0] == "-f" {
		b, err := os.ReadFile(args[1])
		if err != nil {
			fail(err)
		}
		steps = strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	}
	in := bufio.NewReader(os.Stdin)
	for _, s := range steps {
		if err := run(name, s, in); err != nil {
			fail(fmt.Errorf("step %q: %w", s, err))
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fakeagent:", err)
	os.Exit(2)
}

func run(name, step string, in *bufio.Reader) error {
	verb, arg, _ := strings.Cut(step, " ")
	switch verb {
	case "print":
		fmt.Print(unescape(arg) + "\n")
	case "clear":
		fmt.Print("\x1b[H\x1b[2J")
	case "title":
		fmt.Print("\x1b]2;" + unescape(arg) + "\x1b\\")
	case "bell":
		fmt.Print("\a")
	case "hook":
		return hook(name, arg)
	case "read":
		line, err := in.ReadString('\n')
		if err != nil {
			return err
		}
		fmt.Printf("got %q\n", strings.TrimSuffix(line, "\n"))
	case "sleep":
		ms, err := strconv.Atoi(arg)
		if err != nil {
			return err
		}
		time.Sleep(time.Duration(ms) * time.Millisecond)
	case "spin":
		ms, err := strconv.Atoi(arg)
		if err != nil {
			return err
		}
		spin(time.Duration(ms) * time.Millisecond)
	case "exit":
		n, err := strconv.Atoi(arg)
		if err != nil {
			return err
		}
		os.Exit(n)
	case "":
	default:
		return fmt.Errorf("unknown step %q", verb)
	}
	return nil
}

// hook marks the pane as the agent's own hook would.
func hook(name, state string) error {
	if pm := os.Getenv("FAKEAGENT_PANEMAP"); pm != "" {
		return exec.Command(pm, "hook", "--agent", name, state).Run()
	}
	pane := os.Getenv("TMUX_PANE")
	since := strconv.FormatInt(time.Now().Unix(), 10)
	out, err := exec.Command("tmux", "set-option", "-p", "-t", pane, "@panemap-agent-state", state,
		";", "set-option", "-p", "-t", pane, "@panemap-agent-since", since,
		";", "set-option", "-p", "-t", pane, "@panemap-agent-name", name).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%w: %s", err, out)
	}
	return nil
}

var spinner = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

func spin(every time.Duration) {
	for i := 0; ; i++ {
		s := spinner[i%len(spinner)]
		fmt.Printf("\x1b]2;%s Working\x1b\\\r%s Working (%ds • esc to interrupt)", s, s, i)
		time.Sleep(every)
	}
}

func unescape(s string) string {
	return strings.NewReplacer(`\\`, `\`, `\n`, "\n", `\e`, "\x1b").Replace(s)
}
