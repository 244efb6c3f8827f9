// Package tmuxtest starts private tmux servers for tests. Each server has a
// unique socket name, reads no configuration (-f /dev/null), runs plain sh
// in its panes (an interactive bash may read slow rc files), and is killed
// in the test's cleanup. The environment given to tmux has TMUX, TMUX_PANE
// and TMUX_TMPDIR removed, so a test run inside tmux never touches the
// user's server.
package tmuxtest

import (
	"bytes"
	"cmp"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/panemap/panemap/resident/wire"
)

var counter atomic.Int64

// Server is a private tmux server.
type Server struct {
	Name   string // the -L socket name
	Binary string // the tmux that started it and runs the test's commands: "" is PATH's (StartFrom)
	tb     testing.TB

	version string      // #{version}, once asked
	process *os.Process // the server, held by a pidfd from its start
}

// Env is os.Environ() without the variables that would point tmux at
// another server.
func Env() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "TMUX", "TMUX_PANE", "TMUX_TMPDIR":
			continue
		}
		env = append(env, kv)
	}
	return env
}

// UniqueName returns a socket name no other test uses.
func UniqueName(prefix string) string {
	return fmt.Sprintf("%s-%d-%d", prefix, os.Getpid(), counter.Add(1))
}

// Start starts a server with one detached session "main" of the given size
// (cols x rows, 200x50 when zero).
func Start(tb testing.TB, cols, rows int) *Server {
	tb.Helper()
	return StartNamed(tb, UniqueName("pmtest"), cols, rows)
}

// StartNamed is Start with a chosen socket name.
func StartNamed(tb testing.TB, name string, cols, rows int) *Server {
	tb.Helper()
	Available(tb)
	return startServer(tb, name, "", "/dev/null", Env(), cols, rows)
}

// startServer starts a server from binary ("" the tmux in PATH) with
// tmux.conf conf, in the environment env.
func startServer(tb testing.TB, name, binary, conf string, env []string, cols, rows int) *Server {
	tb.Helper()
	if cols == 0 {
		cols, rows = 200, 50
	}
	s := &Server{Name: name, Binary: binary, tb: tb}
	tb.Cleanup(s.Kill)
	w, h := fmt.Sprint(cols), fmt.Sprint(rows)
	// tmux 3.2a makes a detached session 80x23 whatever -x and -y say;
	// resize-window in the same command list gives the size asked for.
	// resize-window also sets the window's own window-size to manual:
	// unset it, so the window follows clients as the global option says
	// (the nested servers rely on that). One command list does it all,
	// the check's read included: each tmux client started costs a few
	// milliseconds of CPU, and the suite starts hundreds of servers.
	//
	// The panes' shell (default-shell, which runs each pane's command
	// line) is /bin/sh, set before the first pane starts (start-server
	// first: tmux 3.2a starts a server only for a list whose first
	// command starts one), not the user's $SHELL: bash costs several
	// times sh's CPU to start, and the suite starts thousands of panes.
	// Unlike bash, sh does not replace itself with a command line's last
	// command, so a test whose pane must be the program says exec.
	got, err := s.run(env, "-f", conf, "start-server",
		";", "set", "-g", "default-shell", "/bin/sh",
		";", "new-session", "-d", "-s", "main", "-x", w, "-y", h, "exec sh",
		";", "resize-window", "-t", "main:0", "-x", w, "-y", h,
		";", "set-option", "-w", "-u", "-t", "main:0", "window-size",
		";", "set", "-g", "default-command", "exec sh",
		";", "set", "-g", "escape-time", "0",
		";", "set", "-g", "exit-empty", "off",
		";", "display-message", "-p", "-t", "main:0", "#{version} #{pid} #{window_width}x#{window_height}")
	if err != nil {
		tb.Fatal(err)
	}
	var pid int
	var size string
	if _, err := fmt.Sscan(got, &s.version, &pid, &size); err != nil {
		tb.Fatalf("tmux's first answer %q: %v", got, err)
	}
	// os.FindProcess holds the process by a pidfd, so Kill can never
	// signal another process that reused the pid after the server ended.
	s.process, _ = os.FindProcess(pid)
	reapIfOrphaned(pid)
	if size != w+"x"+h {
		tb.Fatalf("tmux %s made the test window %s, want %sx%s", s.version, size, w, h)
	}
	return s
}

// Run runs a tmux command on the server.
func (s *Server) Run(args ...string) (string, error) {
	return s.run(Env(), args...)
}

func (s *Server) run(env []string, args ...string) (string, error) {
	cmd := exec.Command(cmp.Or(s.Binary, "tmux"), append([]string{"-L", s.Name, "-u"}, args...)...)
	cmd.Env = env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if err != nil {
		return out.String(), fmt.Errorf("tmux %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return out.String(), nil
}

// Must runs a tmux command and fails the test when it fails. It returns
// the output without its trailing newline.
func (s *Server) Must(args ...string) string {
	s.tb.Helper()
	out, err := s.Run(args...)
	if err != nil {
		s.tb.Fatal(err)
	}
	return strings.TrimSuffix(out, "\n")
}

// Display evaluates a format against a target.
func (s *Server) Display(target, format string) string {
	s.tb.Helper()
	return s.Must("display-message", "-p", "-t", target, format)
}

// WaitDisplay polls a format against a target until it reads want, and
// fails naming what it read last when timeout passes first.
func (s *Server) WaitDisplay(timeout time.Duration, target, format, want string) {
	s.tb.Helper()
	s.waitDisplay(timeout, target, format, want, nil)
}

// WaitRunning waits until pane runs program: tmux starts a pane's command
// through a shell, and until that shell has exec'd it the pane's command
// reads as the shell (sh), on a busy machine for a while.
func (s *Server) WaitRunning(timeout time.Duration, pane, program string) {
	s.tb.Helper()
	s.waitDisplay(timeout, pane, "#{pane_current_command}", program, nil)
}

// WaitPrompt waits until pane runs sh and sh has drawn its prompt (the
// cursor off the first column), so that the pane reads input and draws
// nothing more until something is typed: a stamp or capture taken after
// it does not change by itself.
func (s *Server) WaitPrompt(timeout time.Duration, pane string) {
	s.tb.Helper()
	s.waitDisplay(timeout, pane, promptFormat, "sh prompt", nil)
}

// promptFormat reads "sh prompt" of a pane whose sh has drawn its prompt.
const promptFormat = "#{pane_current_command} #{?cursor_x,prompt,starting}"

// WaitDeadStatus waits until pane is dead and tmux knows its exit status.
//
// Before 3.6, a tmux built with libutempter (Debian's and Ubuntu's) can
// lose the pane's SIGCHLD: it sets SIGCHLD to SIG_DFL while the utempter
// helper runs as the pane's terminal closes, and a signal that comes
// then is dropped. The pane stays dead with no status until another
// child of the server exits; 3.6 sends itself a SIGCHLD after the helper
// (server-fn.c). A run-shell job is such a child, so the wait runs one
// while the pane is dead without a status.
func (s *Server) WaitDeadStatus(timeout time.Duration, pane string, status int) {
	s.tb.Helper()
	s.waitDisplay(timeout, pane, "#{pane_dead} #{pane_dead_status}", fmt.Sprintf("1 %d", status), func(got string) {
		if got == "1 " {
			s.Must("run-shell", "true")
		}
	})
}

// waitDisplay is WaitDisplay, calling between (when not nil) with what
// it read after each read that missed.
func (s *Server) waitDisplay(timeout time.Duration, target, format, want string, between func(got string)) {
	s.tb.Helper()
	got := ""
	deadline := time.Now().Add(timeout)
	for n := 0; ; n++ {
		if got = s.Display(target, format); got == want {
			return
		}
		if time.Now().After(deadline) {
			s.tb.Fatalf("timed out after %v: %s on %s reads %q, want %q", timeout, format, target, got, want)
		}
		if between != nil {
			between(got)
		}
		time.Sleep(PollPause(n))
	}
}

// SocketPath is the server's socket file.
func (s *Server) SocketPath() string {
	return filepath.Join(fmt.Sprintf("/tmp/tmux-%d", os.Getuid()), s.Name)
}

// Kill kills the server and removes its socket. A server already gone
// (a test may end it itself) is left at that.
//
// tmux 3.4's and master's servers often crash (SIGSEGV in options_free,
// or on master also in windows_RB_REMOVE_COLOR) as they free their state
// on the way out of kill-server or SIGTERM, most often after a zoom:
// tmux's bug, in cleanup, after the test has passed (master: 1 in 10
// servers of a zoomed 3-pane window, none of 10 unzoomed). Those servers
// are therefore ended with SIGKILL, which leaves them nothing to free,
// so the kernel log shows only crashes that happened while a test ran.
// Every other version gets SIGTERM, which ends it as kill-server does
// without starting a tmux client for it.
func (s *Server) Kill() {
	if s.process != nil {
		sig := syscall.SIGTERM
		if crashesOnExit(s.version) {
			sig = syscall.SIGKILL
		}
		// Tests that kill the server mid-test go on to check what a
		// client makes of a dead server: wait (bounded) until it is gone.
		deadline := time.Now().Add(10 * time.Second)
		for n := 0; s.process.Signal(sig) == nil && !zombie(s.process) && time.Now().Before(deadline); n++ {
			sig = syscall.Signal(0)
			time.Sleep(PollPause(n))
		}
		// A test that killed the server may have started another on the
		// same socket (new-session): that one is not the process above.
		// A connection accepted on the socket says a server listens.
		if conn, err := net.Dial("unix", s.SocketPath()); err == nil {
			_ = conn.Close()
			_, _ = s.Run("kill-server")
		}
		s.removeFiles()
		return
	}
	version := s.version
	if version == "" || crashesOnExit(version) {
		out, err := s.Run("display-message", "-p", "#{version} #{pid}")
		var pid string
		version, pid, _ = strings.Cut(strings.TrimSpace(out), " ")
		if n, perr := strconv.Atoi(pid); err == nil && perr == nil && n > 1 && crashesOnExit(version) {
			_ = syscall.Kill(n, syscall.SIGKILL)
			s.removeFiles()
			return
		}
	}
	_, _ = s.Run("kill-server")
	s.removeFiles()
}

// crashesOnExit says whether a server of tmux version v (#{version}:
// master's is next-3.8) may crash as it exits (see Kill).
func crashesOnExit(v string) bool { return v == "3.4" || strings.HasPrefix(v, "next-") }

// removeFiles removes what a killed server leaves beside its socket: the
// socket (tmux does not unlink it as it exits), and the directory of a
// resident the plugin's key started for it, which exits within its check
// of the server but may leave the directory (a resident a test killed).
func (s *Server) removeFiles() {
	_ = os.Remove(s.SocketPath())
	_ = os.RemoveAll(wire.Dir(s.SocketPath()))
}

// zombie says whether p, which a signal still reaches, has exited and
// waits to be reaped. That counts as gone: an exited server holds no
// socket and runs nothing. The server's parent is init, and an init that
// reaps once a second or two (this machine's, and CI's, took 1.1-1.8 s)
// made every test's cleanup wait that long for the signal to fail. Where
// there is no /proc, only the signal says.
func zombie(p *os.Process) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.Pid))
	if err != nil {
		return false
	}
	// The state follows the command's name, which is in parentheses and
	// may itself hold any character.
	_, after, _ := strings.Cut(string(stat[bytes.LastIndexByte(stat, ')')+1:]), " ")
	return strings.HasPrefix(after, "Z")
}

// Grid splits the session's first window into a 2x2 grid and returns the
// pane ids in reading order: top-left, top-right, bottom-left, bottom-right.
func (s *Server) Grid() [4]string {
	s.tb.Helper()
	// Three tmux clients, not six: the same commands, in the same order,
	// on the same panes (by id once known); the last is a command list
	// that ends with settle's first read of the window. (main:0.0 names a
	// pane only to display-message, which falls back to the active pane
	// when there is no pane 0, as with pane-base-index 1.)
	tl := s.Must("display-message", "-p", "-t", "main:0.0", "#{pane_id}")
	tr := s.Must("split-window", "-h", "-t", tl, "-P", "-F", "#{pane_id}")
	second := strings.SplitN(s.Must("split-window", "-v", "-t", tl, "-P", "-F", "#{pane_id}",
		";", "split-window", "-v", "-t", tr, "-P", "-F", "#{pane_id}",
		";", "select-pane", "-t", tl,
		";", "list-panes", "-t", tl, "-F", settleFormat), "\n", 3)
	if len(second) != 3 {
		s.tb.Fatalf("tmux answered %q to the grid's other splits", second)
	}
	bl, br := second[0], second[1]
	if !settled(second[2]) {
		s.settle(tl)
	}
	return [4]string{tl, tr, bl, br}
}

// settleFormat is what settle reads of each pane: its command and
// whether its prompt is drawn (promptFormat), the
// window's name where tmux names it for that command (automatic-rename,
// which follows on a timer of its own: names.c), and its directory.
const settleFormat = promptFormat + ":#{?#{||:#{==:#{automatic-rename},1},#{==:#{automatic-rename},on}},#{window_name},sh}:#{pane_current_path}"

// settled reports whether every line settle read (settleFormat) shows
// sh running from a known directory with its prompt drawn, and the
// window named for it.
func settled(out string) bool {
	for _, line := range strings.Split(out, "\n") {
		f := strings.SplitN(line, ":", 3)
		if len(f) != 3 || f[0] != "sh prompt" || f[1] != "sh" || f[2] == "" {
			return false
		}
	}
	return true
}

// settle waits until every pane in target's window runs its sh (tmux
// starts it through the user's shell, which shows as the command at
// first) from a known directory (empty while the process starts), sh has
// drawn its prompt (until then the pane still changes by itself), and
// the window's automatic name has caught up with it, so that two reads
// of the window agree on them.
func (s *Server) settle(target string) {
	s.tb.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for n := 0; ; n++ {
		out := s.Must("list-panes", "-t", target, "-F", settleFormat)
		if settled(out) {
			return
		}
		if time.Now().After(deadline) {
			s.tb.Fatalf("the panes did not start sh and draw its prompt within 5s: %q", out)
		}
		time.Sleep(PollPause(n))
	}
}

// Active is the active pane of the window that target is in. first, if
// any, is a command list (each command ending in ";") run before the
// read in the same tmux client: one process instead of one per command.
func (s *Server) Active(target string, first ...string) string {
	s.tb.Helper()
	for _, line := range strings.Split(s.Must(append(first, "list-panes", "-t", target, "-F", "#{pane_active} #{pane_id}")...), "\n") {
		if id, ok := strings.CutPrefix(line, "1 "); ok {
			return id
		}
	}
	s.tb.Fatalf("no active pane in the window of %s", target)
	return ""
}

// Eventually polls cond every 10ms until it holds or timeout passes.
func Eventually(tb testing.TB, timeout time.Duration, cond func() bool, format string, args ...any) {
	tb.Helper()
	deadline := time.Now().Add(timeout)
	for n := 0; ; n++ {
		if cond() {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("timed out after %v: "+format, append([]any{timeout}, args...)...)
		}
		time.Sleep(PollPause(n))
	}
}

// PollPause is how long a poll sleeps after its nth look (from 0) that
// missed: 5 ms at first, since most states a test waits for arrive
// within milliseconds, doubling up to 160 ms. Each look starts a tmux
// client, a few milliseconds of CPU (most of it the kernel's, starting a
// process), so a fixed 10 ms poll kept most of a core busy: on CI's two
// cores, shared with the other tests, that was much of the suite's CPU
// time. The end-to-end tests' waits for a screen were a fifth of the tmux
// processes they start (2026-12-04, 80 ms at most); 160 ms adds little to
// a wait of seconds.
func PollPause(n int) time.Duration {
	return 5 * time.Millisecond << min(n, 5)
}

// FixedWindowName is the name FixWindowNames gives windows.
const FixedWindowName = "fixed-name"

// FixWindowNames has tmux name windows FixedWindowName
// (automatic-rename-format), so that a name to be put back does not
// change with the commands in the panes, and waits until window target
// is so named. tmux renames a window only once its active pane printed
// (PANE_CHANGED, names.c), so Enter is typed into that pane's sh.
func (s *Server) FixWindowNames(target string) {
	s.tb.Helper()
	s.Must("set-option", "-g", "automatic-rename-format", FixedWindowName)
	Eventually(s.tb, 10*time.Second, func() bool {
		if s.Display(target, "#{window_name}") == FixedWindowName {
			return true
		}
		s.Must("send-keys", "-t", target, "Enter")
		return false
	}, "tmux to name window %s by automatic-rename-format", target)
}

// Rounds is how many rounds a test of random or exhaustive cases runs:
// full, or short with -short (the fast tier samples, the full run sweeps).
func Rounds(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}
