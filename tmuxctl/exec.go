package tmuxctl

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
)

// ExecTransport runs each call as a new tmux client process. It needs no
// session and no connection, so it also serves as the fallback when a
// persistent connection cannot be had.
type ExecTransport struct {
	Binary string   // tmux executable; "" means "tmux" from PATH
	Socket Socket   // which server
	Env    []string // process environment; nil means os.Environ()
}

// NewExecTransport returns a transport for the given socket.
func NewExecTransport(sock Socket) *ExecTransport { return &ExecTransport{Socket: sock} }

// Argv is the full argument vector (without the binary) for cmds: socket
// flags, -u so that tmux keeps tabs and UTF-8 in a C locale, then the
// commands separated by ";" arguments.
func (t *ExecTransport) Argv(cmds ...[]string) []string {
	argv := append(t.Socket.Args(), "-u")
	for i, c := range cmds {
		if i > 0 {
			argv = append(argv, ";")
		}
		argv = append(argv, c...)
	}
	return argv
}

func (t *ExecTransport) Run(ctx context.Context, cmds ...[]string) (string, error) {
	if len(cmds) == 0 {
		return "", nil
	}
	bin := t.Binary
	if bin == "" {
		bin = "tmux"
	}
	cmd := exec.CommandContext(ctx, bin, t.Argv(cmds...)...)
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
		return "", &Error{Kind: KindServerGone, Message: fmt.Sprintf("tmux did not answer: %v", ctx.Err()), Err: ctx.Err()}
	}
	if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
		return "", &Error{Kind: KindServerGone, Value: bin, Message: fmt.Sprintf("tmux not found: %s is not installed or not in PATH", Quote(bin)), Err: err}
	}
	return stdout.String(), ClassifyTmuxError(strings.TrimSpace(stderr.String()), t.Socket, err)
}

func (t *ExecTransport) Close() error { return nil }

// ClassifyTmuxError turns tmux's own error text into a typed error.
// Callers that know which value the command was about rewrite gone errors
// into sentences naming it.
func ClassifyTmuxError(msg string, sock Socket, cause error) *Error {
	first, rest, _ := strings.Cut(msg, "\n")
	if isGetoptNoise(first) && rest != "" {
		// tmux 3.2a's client parses the command line itself, and getopt
		// complains on stderr before the server's own answer (a usage
		// line), which is all a control client gets: go by the server's.
		first, _, _ = strings.Cut(rest, "\n")
	}
	switch {
	case strings.HasPrefix(first, "error connecting to") && strings.Contains(first, "(Permission denied)"):
		return &Error{Kind: KindServerGone, Message: fmt.Sprintf("cannot connect to the tmux server on %s: permission denied (the socket or its directory belongs to another user)", sock), Err: errors.Join(cause, errors.New(first))}
	case strings.Contains(first, "has unsafe permissions"):
		return &Error{Kind: KindServerGone, Message: fmt.Sprintf("tmux refused the socket directory of %s: %s", sock, first), Err: errors.Join(cause, errors.New(first))}
	case strings.HasPrefix(first, "no server running"),
		strings.HasPrefix(first, "error connecting to"),
		strings.Contains(first, "server exited unexpectedly"),
		strings.Contains(first, "lost server"),
		strings.HasPrefix(first, "server exited"):
		return &Error{Kind: KindServerGone, Message: fmt.Sprintf("no tmux server running on %s", sock), Err: errors.Join(cause, errors.New(first))}
	case strings.HasPrefix(first, "can't find pane"),
		strings.HasPrefix(first, "can't find window"),
		strings.HasPrefix(first, "can't find session"),
		strings.HasPrefix(first, "no such "),
		// A server with no session left (one being killed, or with
		// exit-empty off) finds no target at all.
		strings.HasPrefix(first, "no current target"):
		return &Error{Kind: KindGone, Message: "tmux: " + first, Err: cause}
	case strings.HasPrefix(first, "unknown flag"), strings.HasPrefix(first, "unknown command"),
		strings.HasPrefix(first, "command ") && strings.Contains(first, "unknown flag"),
		// tmux 3.2a answers a flag it does not know with the usage.
		strings.HasPrefix(first, "usage: "):
		return &Error{Kind: KindUnsupported, Message: "this tmux does not support what panemap asked: " + first, Err: cause}
	}
	if first == "" {
		first = fmt.Sprint(cause)
	}
	return &Error{Kind: KindRefused, Message: "tmux refused: " + first, Err: cause}
}

// getoptNoiseRE matches getopt's complaint as tmux 3.2a's client prints
// it, prefixed with the program's name ("tmux: unknown option -- Q").
var getoptNoiseRE = regexp.MustCompile(`^[^ :]+: (unknown option|option requires an argument) -- .$`)

func isGetoptNoise(line string) bool { return getoptNoiseRE.MatchString(line) }
