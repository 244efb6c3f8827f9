package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// globals are the flags that come before the command, spelled as tmux
// spells them: panemap -L work -t dev:1 popup.
type globals struct {
	socketName string // -L
	socketPath string // -S
	target     string // -t
	help       bool
	version    bool
	command    string // the command being run, for its usage errors
	env        tmux.Env
	getenv     func(string) string
	control    tmux.ControlPolicy // from PANEMAP_CONTROL
	// sock is the tmux server the flags and environment point at, as
	// check resolved it: every command runs after check.
	sock tmux.Socket

	stdin          io.Reader
	stdout, stderr io.Writer
}

func parseGlobals(args []string, getenv func(string) string) (*globals, []string, error) {
	g := &globals{env: tmux.LookupEnv(getenv), getenv: getenv}
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			break
		}
		switch a {
		case "-h", "--help":
			g.help = true
			continue
		case "-V", "--version":
			g.version = true
			continue
		}
		flag, val, attached := a[:2], a[2:], len(a) > 2
		var dst *string
		switch flag {
		case "-L":
			dst = &g.socketName
		case "-S":
			dst = &g.socketPath
		case "-t":
			dst = &g.target
		}
		if dst == nil || strings.HasPrefix(a, "--") {
			break // not a global flag: the command's own
		}
		if !attached {
			if i+1 >= len(args) {
				return nil, nil, fmt.Errorf("flag %s needs a value", flag)
			}
			i++
			val = args[i]
		}
		*dst = val
	}
	if err := g.check(); err != nil {
		return nil, nil, err
	}
	return g, args[i:], nil
}

// check validates the global flags and the environment, once before the
// command and again after its flags (which may repeat the global ones).
func (g *globals) check() error {
	if g.target != "" {
		if _, err := tmux.ParseTarget(g.target); err != nil {
			return err
		}
	}
	sock, err := tmux.ResolveSocket(g.socketName, g.socketPath, g.env)
	if err != nil {
		return err
	}
	g.sock = sock
	policy, err := tmux.ParseControlPolicy(g.getenv("PANEMAP_CONTROL"))
	if err != nil {
		return fmt.Errorf("PANEMAP_CONTROL: %w", err)
	}
	g.control = policy
	return nil
}

// deferredClient opens a client on the server without checking tmux
// first, with no control connection until it is told to connect: until
// then each call is one tmux process.
func (g *globals) deferredClient() *tmuxctl.Client {
	o := g.options(g.sock, g.env)
	o.DeferDial = true
	return tmuxctl.Open(o)
}

// options are how every command talks to tmux: one control-mode
// connection, with a tmux process per call as the fallback while no
// connection can be had (no server, no session, a lost connection, or a
// tmux too old to accept control clients safely: see tmux.PlanControl).
// It connects lazily on first use; the navigator connects up front.
func (g *globals) options(sock tmux.Socket, caller tmux.Env) tmuxctl.Options {
	return tmuxctl.Options{Socket: sock, Caller: caller, Control: g.control}
}

// idsTarget is the session (and window) to show when they are known
// without asking tmux: -t given as ids ($1 or $1:@2, as the launcher and
// the plugin pass them), or, in a popup or a run-shell job (TMUX set by
// tmux for that very job, TMUX_PANE unset), the session $TMUX names. A
// pane's $TMUX is not trusted: it names the session the pane was started
// in, which it may have left since.
func (g *globals) idsTarget() (tmux.SessionID, tmux.WindowID, bool) {
	if g.target == "" {
		if g.env.TMUXPane != "" || g.socketName != "" || g.socketPath != "" {
			return "", "", false
		}
		s := g.env.Session()
		return s, "", s != ""
	}
	sid, wid, hasWindow := strings.Cut(g.target, ":")
	s, err := tmux.ParseSessionID(sid)
	if err != nil {
		return "", "", false
	}
	if !hasWindow {
		return s, "", true
	}
	w, err := tmux.ParseWindowID(wid)
	return s, w, err == nil
}
