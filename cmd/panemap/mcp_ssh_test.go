package main

// An agent on one machine drives tmux on another with `ssh HOST panemap
// mcp` as its MCP server's command: here against a local sshd, started
// for the test on 127.0.0.1 with its own host key and authorized key.

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
)

// requireSSHD is the variable that makes a missing sshd a failure
// rather than a skip (.ci/run installs openssh-server and sets it).
const requireSSHD = "PANEMAP_REQUIRE_SSHD"

// readmeSSHArgs is the args of the README's snippet whose command is
// ssh: HOST, then the remote command.
func readmeSSHArgs(t *testing.T) []string {
	t.Helper()
	for _, f := range readmeFences(t) {
		if f.lang != "json" {
			continue
		}
		var cfg struct {
			Servers map[string]struct {
				Command string   `json:"command"`
				Args    []string `json:"args"`
			} `json:"mcpServers"`
		}
		if json.Unmarshal([]byte(strings.Join(f.lines, "\n")), &cfg) == nil && cfg.Servers["panemap"].Command == "ssh" {
			return cfg.Servers["panemap"].Args
		}
	}
	t.Fatal("the README has no MCP snippet whose command is ssh")
	return nil
}

// startSSHD starts sshd on a free port of 127.0.0.1 for root's key made
// here, and returns the port and the client's key. It skips (fails with
// PANEMAP_REQUIRE_SSHD set) where no sshd can be started.
func startSSHD(t *testing.T) (port int, key string) {
	t.Helper()
	skip := func(why string, args ...any) {
		t.Helper()
		if os.Getenv(requireSSHD) != "" {
			t.Fatalf("sshd is required ("+requireSSHD+" is set): "+why, args...)
		}
		t.Skipf("no sshd to test ssh HOST panemap mcp against: "+why+" (apt-get install openssh-server, as root)", args...)
	}
	sshd, err := exec.LookPath("sshd")
	if err != nil {
		sshd = "/usr/sbin/sshd"
	}
	if _, err := os.Stat(sshd); err != nil {
		skip("%v", err)
	}
	if _, err := exec.LookPath("ssh"); err != nil {
		skip("%v", err)
	}
	if os.Geteuid() != 0 {
		skip("not root: sshd logs users in only as root")
	}
	// sshd's privilege separation needs its empty directory.
	if err := os.MkdirAll("/run/sshd", 0o755); err != nil {
		skip("%v", err)
	}
	dir := t.TempDir()
	for _, k := range []string{"host", "client"} {
		if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", filepath.Join(dir, k)).CombinedOutput(); err != nil {
			skip("ssh-keygen: %v: %s", err, out)
		}
	}
	pub, err := os.ReadFile(filepath.Join(dir, "client.pub"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "authorized_keys"), pub, 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		skip("%v", err)
	}
	port = l.Addr().(*net.TCPAddr).Port
	_ = l.Close()
	conf := filepath.Join(dir, "sshd_config")
	if err := os.WriteFile(conf, []byte(strings.Join([]string{
		"ListenAddress 127.0.0.1",
		"HostKey " + filepath.Join(dir, "host"),
		"AuthorizedKeysFile " + filepath.Join(dir, "authorized_keys"),
		"PidFile " + filepath.Join(dir, "sshd.pid"),
		"StrictModes no", "UsePAM no", "PasswordAuthentication no", "KbdInteractiveAuthentication no",
		"PermitRootLogin prohibit-password", "",
	}, "\n")), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(sshd, "-D", "-e", "-p", fmt.Sprint(port), "-f", conf)
	log := &syncBuffer{}
	cmd.Stderr = log
	tmuxtest.StartProcess(t, cmd) // killed in cleanup
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			_ = c.Close()
			break
		}
		if time.Now().After(deadline) {
			skip("sshd did not listen on port %d: %s", port, log)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return port, filepath.Join(dir, "client")
}

// TestMCPOverSSH: the README's snippet with ssh as the command, run by
// the go-sdk client against a local sshd, lists the tools and swaps two
// panes of a private tmux server on the "other machine".
func TestMCPOverSSH(t *testing.T) {
	t.Parallel()
	args := readmeSSHArgs(t)
	if len(args) < 3 || args[1] != "panemap" || args[2] != "mcp" {
		t.Fatalf("the README's ssh snippet runs %q, want HOST panemap mcp", args)
	}
	port, key := startSSHD(t)
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	// The remote command, as ssh hands it to the login shell: the built
	// panemap, with this test's tmux first in PATH (sshd's sessions get
	// its own PATH) and the private server named.
	// PANEMAP_TEST_RUN goes along, as it does to every process a test
	// starts, so that CI's check for processes left running sees it.
	remote := []string{"env", shellQuote("PATH=" + os.Getenv("PATH")), shellQuote("PANEMAP_TEST_RUN=" + os.Getenv("PANEMAP_TEST_RUN")),
		shellQuote(tmuxtest.Panemap(t)), "-L", shellQuote(srv.Name)}
	remote = append(remote, args[2:]...)
	sshArgs := []string{"-F", "/dev/null", "-p", fmt.Sprint(port), "-i", key, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
		"-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR", "127.0.0.1"}
	cmd := exec.Command("ssh", append(sshArgs, strings.Join(remote, " "))...)
	cmd.Env = tmuxtest.Env()
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "panemap-ssh", Version: "1"}, nil).
		Connect(t.Context(), &sdkmcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connecting over ssh: %v\nstderr:\n%s", err, stderr)
	}
	t.Cleanup(func() { _ = cs.Close() })
	offered, err := mcp.Tools(mcp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tools, err := cs.ListTools(t.Context(), nil)
	if err != nil || len(tools.Tools) != len(offered) {
		t.Fatalf("tools/list over ssh: %v, %d tools, want %d; stderr:\n%s", err, len(tools.Tools), len(offered), stderr)
	}
	before := srv.Display(g[0], "#{pane_index}")
	res := callMCP(t, cs, "swap_pane", map[string]any{"source_pane": g[0], "target_pane": g[3]})
	if res.IsError {
		t.Fatalf("swap_pane over ssh: %s", text(res))
	}
	if after := srv.Display(g[0], "#{pane_index}"); after == before {
		t.Errorf("swap_pane over ssh answered %q, but %s is still at index %s", text(res), g[0], after)
	}
}
