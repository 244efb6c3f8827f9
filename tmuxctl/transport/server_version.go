package transport

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// The server's version. Every decision that depends on tmux's version
// goes by the version of the server panemap talks to (#{version}), never
// by the `tmux` binary's (`tmux -V`): after an upgrade the binary is newer
// than the server still running until it restarts, and a control client
// is safe on a 3.7 server (tmux.SafeControlVersion) whatever the binary
// that connects it, and can crash an older one whatever the binary. (All
// of 3.2a to master say protocol 8, yet a binary before 3.6 cannot talk
// to a server from 3.6: see Exec.cannotTalk.)
//
// The transport reads the version once per server, with a command sent
// anyway: the dial's read of the sessions (pickSession), or a caller's
// own first read (LearnVersion: the navigator's opening, the popup's
// place, the window it resolves). It forgets it whenever the server may
// have changed: when a connection ends (an idle detach too: with nothing
// attached, a restart goes unseen) and when a call finds no server. A
// control client is only ever dialed with a version read since.

// LearnVersion tells the transport the server's version (#{version}) as a
// read of the caller's just found it: a dial then reads it no more. Another
// version than the one known means the server was restarted as another
// tmux: the verdict on control mode is made again. A server too old for
// panemap is not kept: every call is refused there, and it is asked again
// on the next, so that once it is restarted as a newer tmux the calls go
// through without a restart of panemap.
func (t *Auto) LearnVersion(v tmux.Version) {
	if v.Raw == "" || tmux.CheckServerVersion(v) != nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if v.Raw != t.server.Raw {
		t.forgetServerLocked()
		t.server = v
	}
}

// ServerVersion is the server's version (#{version}): the one known, else
// the one a dial reads on its way where a dial is due, else one
// display-message.
func (t *Auto) ServerVersion(ctx context.Context) (tmux.Version, error) {
	if v := t.knownVersion(); v.Raw != "" {
		return v, nil
	}
	_, _ = t.control(ctx)
	if v := t.knownVersion(); v.Raw != "" {
		return v, nil
	}
	out, err := t.Run(ctx, []string{"display-message", "-p", "#{version}"})
	if err != nil {
		return tmux.Version{}, err
	}
	v, err := tmux.ParseServerVersion(out)
	if err != nil {
		return v, err
	}
	t.LearnVersion(v)
	return v, nil
}

func (t *Auto) knownVersion() tmux.Version {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.server
}

// serverGone forgets the server after a call found none.
func (t *Auto) serverGone() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.forgetServerLocked()
}

// forgetServerLocked forgets what is known of the server: its version, and
// the verdict on control mode drawn from it.
func (t *Auto) forgetServerLocked() {
	t.server = tmux.Version{}
	t.unsupported = nil
}

// plan decides the connection for server version v under the policy and
// keeps its idle time; a KindUnsupported error says why control mode is
// not used.
func (t *Auto) plan(v tmux.Version) error {
	plan := tmux.PlanControl(t.Policy, v)
	if !plan.Control {
		return &tmux.Error{Kind: tmux.KindUnsupported, Value: v.Raw, Message: plan.Why}
	}
	t.mu.Lock()
	t.idle = plan.Idle
	t.mu.Unlock()
	return nil
}

// socketFile is the socket file of sock for a tmux run with env (nil:
// this process's), as tmux finds it: -S and $TMUX give it, -L NAME and the
// default ("default") are in $TMUX_TMPDIR, or /tmp, under tmux-UID
// (tmux.c, expand_paths of TMUX_SOCK).
func socketFile(sock tmux.Socket, env []string) string {
	if sock.Path != "" {
		return sock.Path
	}
	name := sock.Name
	if name == "" {
		name = "default"
	}
	dir := os.Getenv("TMUX_TMPDIR")
	if env != nil {
		dir = ""
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, "TMUX_TMPDIR="); ok {
				dir = v
			}
		}
	}
	if dir == "" {
		dir = "/tmp"
	}
	return filepath.Join(dir, fmt.Sprintf("tmux-%d", os.Getuid()), name)
}
