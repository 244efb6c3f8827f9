package transport

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"

	"github.com/panemap/panemap/tmux"
)

// Exec runs each call as a new tmux client process. It needs no
// session and no connection, so it also serves as the fallback when a
// persistent connection cannot be had.
type Exec struct {
	Binary string      // tmux executable; "" means "tmux" from PATH
	Socket tmux.Socket // which server
	Env    []string    // process environment; nil means os.Environ()
}

// argv is the full argument vector (without the binary) for cmds: socket
// flags, -u so that tmux keeps tabs and UTF-8 in a C locale, then the
// commands separated by ";" arguments.
func (t *Exec) argv(cmds ...[]string) []string {
	argv := append(t.Socket.Args(), "-u")
	for i, c := range cmds {
		if i > 0 {
			argv = append(argv, ";")
		}
		argv = append(argv, c...)
	}
	return argv
}

func (t *Exec) Run(ctx context.Context, cmds ...[]string) (string, error) {
	if len(cmds) == 0 {
		return "", nil
	}
	bin := t.Binary
	if bin == "" {
		bin = "tmux"
	}
	cmd := exec.CommandContext(ctx, bin, t.argv(cmds...)...)
	cmd.Env = t.Env
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err == nil {
		return stdout.String(), nil
	}
	if ctx.Err() != nil {
		return "", &tmux.Error{Kind: tmux.KindServerGone, Message: fmt.Sprintf("tmux did not answer: %v", ctx.Err()), Err: ctx.Err()}
	}
	if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
		return "", &tmux.Error{Kind: tmux.KindServerGone, Value: bin, Message: fmt.Sprintf("tmux not found: %s is not installed or not in PATH", tmux.Quote(bin)), Err: err}
	}
	msg := strings.TrimSpace(stderr.String())
	if strings.Contains(msg, "server exited unexpectedly") {
		if e := t.cannotTalk(ctx, bin); e != nil {
			return "", e
		}
	}
	return stdout.String(), ClassifyTmuxError(msg, t.Socket, err)
}

// cannotTalk tells a server that this tmux binary cannot talk to from one
// that went away, after "server exited unexpectedly": a server from tmux
// 3.6 on (3.6b, 3.7c and master tried) closes the connection of a client
// from 3.2a to 3.5a as it identifies itself (3.6 rewrote its message
// buffers on OpenBSD's new imsgbuf functions, proc.c; the protocol number
// stayed 8), while it goes on running, and that client says what it says
// of a server that died under it. So with a binary older than 3.6 (the
// one case where `tmux -V` still decides something: it tells this
// binary's side), the server's own executable is asked its version
// (serverExecutable: the process at the other end of the socket); a
// server from 3.6 is one this binary cannot reach, dying or not. Where
// that cannot be told (no listener: the server is gone; not Linux), nil.
func (t *Exec) cannotTalk(ctx context.Context, bin string) error {
	v, sv, apart := t.versionsApart(ctx, bin)
	if !apart {
		return nil
	}
	if p, err := exec.LookPath(bin); err == nil {
		bin = p
	}
	return &tmux.Error{Kind: tmux.KindUnsupported, Value: v.Raw, Message: fmt.Sprintf(
		"the tmux binary %s (tmux %s) cannot talk to the server on %s, which is tmux %s: a server from tmux 3.6 on closes the connection of a tmux before 3.6 (put the tmux that runs the server first in PATH, or restart the server with this one)",
		tmux.Quote(bin), v, t.Socket, sv)}
}

// versionsApart reports whether binary bin is before 3.6 and the server
// from 3.6, with both versions; false when either cannot be told.
func (t *Exec) versionsApart(ctx context.Context, bin string) (binary, server tmux.Version, apart bool) {
	binary, err := TmuxVersion(ctx, bin)
	if err != nil || !binary.Upstream() || binary.AtLeast(3, 6) {
		return binary, server, false
	}
	exe, err := serverExecutable(socketFile(t.Socket, t.Env))
	if err == nil {
		server, err = TmuxVersion(ctx, exe)
	}
	return binary, server, err == nil && server.AtLeast(3, 6)
}

// ClassifyTmuxError turns tmux's own error text into a typed error.
// Callers that know which value the command was about rewrite gone errors
// into sentences naming it.
func ClassifyTmuxError(msg string, sock tmux.Socket, cause error) *tmux.Error {
	first, rest, _ := strings.Cut(msg, "\n")
	if getoptNoiseRE().MatchString(first) && rest != "" {
		// tmux 3.2a's client parses the command line itself, and getopt
		// complains on stderr before the server's own answer (a usage
		// line), which is all a control client gets: go by the server's.
		first, _, _ = strings.Cut(rest, "\n")
	}
	switch {
	case strings.HasPrefix(first, "error connecting to") && strings.Contains(first, "(Permission denied)"):
		return &tmux.Error{Kind: tmux.KindServerGone, Message: fmt.Sprintf("cannot connect to the tmux server on %s: permission denied (the socket or its directory belongs to another user)", sock), Err: errors.Join(cause, errors.New(first))}
	case strings.HasPrefix(first, "protocol version mismatch"):
		// The tmux binary and the server speak different protocols
		// (client.c, MSG_VERSION): a binary too old or too new to talk to
		// the server at all. 3.2a to master all speak version 8.
		return &tmux.Error{Kind: tmux.KindUnsupported, Message: fmt.Sprintf("the tmux binary cannot talk to the server on %s (%s): run panemap with the tmux that started the server first in PATH, or restart the server", sock, first), Err: errors.Join(cause, errors.New(first))}
	case strings.Contains(first, "has unsafe permissions"):
		return &tmux.Error{Kind: tmux.KindServerGone, Message: fmt.Sprintf("tmux refused the socket directory of %s: %s", sock, first), Err: errors.Join(cause, errors.New(first))}
	case strings.HasPrefix(first, "no server running"),
		strings.HasPrefix(first, "error connecting to"),
		strings.Contains(first, "server exited unexpectedly"),
		strings.Contains(first, "lost server"),
		strings.HasPrefix(first, "server exited"):
		return &tmux.Error{Kind: tmux.KindServerGone, Message: fmt.Sprintf("no tmux server running on %s", sock), Err: errors.Join(cause, errors.New(first))}
	case strings.HasPrefix(first, "can't find pane"),
		strings.HasPrefix(first, "can't find window"),
		strings.HasPrefix(first, "can't find session"),
		strings.HasPrefix(first, "no such "),
		// A server with no session left (one being killed, or with
		// exit-empty off) finds no target at all.
		strings.HasPrefix(first, "no current target"):
		return &tmux.Error{Kind: tmux.KindGone, Message: "tmux: " + first, Err: cause}
	case strings.HasPrefix(first, "unknown flag"), strings.HasPrefix(first, "unknown command"),
		strings.HasPrefix(first, "command ") && strings.Contains(first, "unknown flag"),
		// tmux 3.2a answers a flag it does not know with the usage.
		strings.HasPrefix(first, "usage: "):
		return &tmux.Error{Kind: tmux.KindUnsupported, Message: "this tmux does not support what panemap asked: " + first, Err: cause}
	}
	if first == "" {
		first = fmt.Sprint(cause)
	}
	return &tmux.Error{Kind: tmux.KindRefused, Message: "tmux refused: " + first, Err: cause}
}

// getoptNoiseRE matches getopt's complaint as tmux 3.2a's client prints
// it, prefixed with the program's name ("tmux: unknown option -- Q").
var getoptNoiseRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[^ :]+: (unknown option|option requires an argument) -- .$`)
})

// TmuxVersion runs `tmux -V` with the given binary ("" for tmux in PATH):
// the binary's version, which after an upgrade is not the version of a
// server still running (see server_version.go). It decides nothing about
// a running server; panemap doctor shows it, and a program that starts
// its own server from this binary (the demo) checks it.
func TmuxVersion(ctx context.Context, binary string) (tmux.Version, error) {
	if binary == "" {
		binary = "tmux"
	}
	out, err := exec.CommandContext(ctx, binary, "-V").Output()
	if err != nil {
		return tmux.Version{}, &tmux.Error{Kind: tmux.KindServerGone, Value: binary, Message: fmt.Sprintf("tmux not found: %s could not run (%v)", tmux.Quote(binary), err), Err: err}
	}
	return tmux.ParseVersion(string(out))
}

// RequireVersion asks the tmux binary its version (TmuxVersion) and refuses
// a missing tmux (KindServerGone) or one older than MinVersion
// (KindUnsupported). A
// version it cannot read, such as a distribution's own spelling, comes
// back with a plain (untyped) error, so a caller can choose to let tmux
// itself answer instead.
func RequireVersion(ctx context.Context, binary string) (tmux.Version, error) {
	v, err := TmuxVersion(ctx, binary)
	if err != nil {
		return v, err
	}
	return v, tmux.CheckVersion(v)
}

// ExitStatus is the exit status of a tmux process that failed without a
// word on stderr: display-popup -E hands back the popup command's status
// that way. ok is false for any other error.
func ExitStatus(err error) (code int, ok bool) {
	var exitErr *exec.ExitError
	if e := tmux.AsError(err); e.Kind == tmux.KindRefused && strings.HasPrefix(e.Message, "tmux refused: exit status") && errors.As(err, &exitErr) {
		return exitErr.ExitCode(), true
	}
	return 0, false
}
