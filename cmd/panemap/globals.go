package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"

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
	env        tmuxctl.Env
	getenv     func(string) string

	stdin          io.Reader
	stdout, stderr io.Writer
}

func parseGlobals(args []string, getenv func(string) string) (*globals, []string, error) {
	g := &globals{env: tmuxctl.LookupEnv(getenv), getenv: getenv}
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
		default:
			return nil, nil, fmt.Errorf("unknown flag %s", tmuxctl.Quote(a))
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
	if g.target != "" {
		if _, err := tmuxctl.ParseTarget(g.target); err != nil {
			return nil, nil, err
		}
	}
	if _, err := g.socket(); err != nil {
		return nil, nil, err
	}
	return g, args[i:], nil
}

// socket is the tmux server the flags and environment point at.
func (g *globals) socket() (tmuxctl.Socket, error) {
	return tmuxctl.ResolveSocket(g.socketName, g.socketPath, g.env)
}

// client opens a tmuxctl client on that server.
func (g *globals) client() (*tmuxctl.Client, error) {
	sock, err := g.socket()
	if err != nil {
		return nil, err
	}
	return tmuxctl.NewClient(tmuxctl.NewExecTransport(sock), sock, g.env), nil
}

func versionString() string {
	v := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		v = bi.Main.Version
	}
	return "panemap " + v
}
