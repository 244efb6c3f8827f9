package tmux

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Socket says which tmux server to talk to, the way tmux itself does: -L
// names a socket in tmux's socket directory, -S gives its path, neither
// means tmux's default.
type Socket struct {
	Name   string // -L
	Path   string // -S
	Source string // why this socket: "-L", "-S", "$TMUX" or "default"
}

// Args are the tmux flags that select this socket.
func (s Socket) Args() []string {
	switch {
	case s.Path != "":
		return []string{"-S", s.Path}
	case s.Name != "":
		return []string{"-L", s.Name}
	}
	return nil
}

// String describes the socket for people.
func (s Socket) String() string {
	switch {
	case s.Path != "":
		return fmt.Sprintf("socket %s (%s)", s.Path, s.Source)
	case s.Name != "":
		return fmt.Sprintf("socket name %s (%s)", s.Name, s.Source)
	}
	return "tmux's default socket"
}

// Env is the part of the process environment that tells panemap where it
// runs. It is passed in explicitly so tests and launchers control it.
type Env struct {
	TMUX     string // socket_path,server_pid,session_number — set inside tmux panes and popups
	TMUXPane string // %N — set in panes, unset in popups and run-shell jobs
}

// LookupEnv builds an Env from a getenv function such as os.Getenv.
func LookupEnv(getenv func(string) string) Env {
	return Env{TMUX: getenv("TMUX"), TMUXPane: getenv("TMUX_PANE")}
}

// SocketPath is the socket file named in $TMUX (text before the first comma).
func (e Env) SocketPath() string {
	p, _, _ := strings.Cut(e.TMUX, ",")
	return p
}

// Session is the session in $TMUX (the number after the second comma), or "".
func (e Env) Session() SessionID {
	parts := strings.Split(e.TMUX, ",")
	if len(parts) < 3 {
		return ""
	}
	id, err := ParseSessionID("$" + parts[2])
	if err != nil {
		return ""
	}
	return id
}

// Pane is $TMUX_PANE when it is a valid pane id.
func (e Env) Pane() PaneID {
	id, err := ParsePaneID(e.TMUXPane)
	if err != nil {
		return ""
	}
	return id
}

// ResolveSocket picks the server: an explicit -S or -L wins (both is an
// error, as in tmux only one applies), then the socket of the tmux we run
// inside, then tmux's default. A name or path given on the command line
// must be one clean line of UTF-8 that fits in a socket address; anything
// else is refused, naming the value, before tmux sees it.
func ResolveSocket(name, path string, env Env) (Socket, error) {
	switch {
	case name != "" && path != "":
		return Socket{}, &Error{Kind: KindInvalidInput, Message: "give -L or -S, not both"}
	case path != "":
		if why := badSocketText(path); why != "" {
			return Socket{}, &Error{Kind: KindInvalidInput, Value: path, Message: fmt.Sprintf("invalid socket path %s: %s", Quote(path), why)}
		}
		return Socket{Path: path, Source: "-S"}, nil
	case name != "":
		why := badSocketText(name)
		if why == "" && strings.Contains(name, "/") {
			why = "a name, not a path (use -S for paths)"
		}
		if why != "" {
			return Socket{}, &Error{Kind: KindInvalidInput, Value: name, Message: fmt.Sprintf("invalid socket name %s: %s", Quote(name), why)}
		}
		return Socket{Name: name, Source: "-L"}, nil
	case env.SocketPath() != "":
		return Socket{Path: env.SocketPath(), Source: "$TMUX"}, nil
	}
	return Socket{Source: "default"}, nil
}

// maxSocketLen is what fits in a Unix socket address (sun_path is 108
// bytes on Linux, 104 on the BSDs and macOS, with a terminating NUL).
const maxSocketLen = 103

// badSocketText says why s cannot be a socket name or path, or "".
func badSocketText(s string) string {
	switch {
	case len(s) > maxSocketLen:
		return fmt.Sprintf("longer than a socket address can hold (%d bytes)", maxSocketLen)
	case !utf8.ValidString(s):
		return "not valid UTF-8"
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return "control characters are not allowed"
		}
	}
	return ""
}
