package transport

import (
	"context"
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// pickSession chooses the session a control connection attaches to,
// asking over exec (which needs no session and never starts a server):
// the followed session when it exists; else the session tmux itself
// treats as current for commands without a target (the most recently
// active one), because attaching refreshes a session's activity time and
// attaching to that one changes nothing; else any other. Sessions with
// destroy-unattached set and no client are skipped: detaching from them
// later would destroy them. With no session at all there is nothing to
// attach to, and control mode is not used (panemap never creates one).
//
// The same command list reads the server's version (#{version}, in the
// display-message it runs anyway: no command more in tmux's message log),
// which the dial must know before it attaches anything: a zero version
// when tmux did not say it.
func pickSession(ctx context.Context, ex *Exec, follow tmux.SessionID) (tmux.Version, tmux.SessionID, error) {
	out, err := ex.Run(ctx,
		[]string{"list-sessions", "-F", "S #{session_id} #{session_attached} #{destroy-unattached}"},
		[]string{"display-message", "-p", "B #{session_id} V#{version}"})
	if err != nil {
		return tmux.Version{}, "", err
	}
	s, err := chooseSession(out, follow, ex.Socket)
	return versionIn(out), s, err
}

// versionIn is the server's version in pickSession's answer: the
// V-prefixed last field of its B line (zero when there is none).
func versionIn(out string) tmux.Version {
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || f[0] != "B" {
			continue
		}
		if raw, ok := strings.CutPrefix(f[len(f)-1], "V"); ok {
			v, _ := tmux.ParseServerVersion(raw)
			return v
		}
	}
	return tmux.Version{}
}

func chooseSession(out string, follow tmux.SessionID, sock tmux.Socket) (tmux.SessionID, error) {
	var best tmux.SessionID
	var eligible []tmux.SessionID
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 2 && f[0] == "B" && strings.HasPrefix(f[1], "$"):
			best = tmux.SessionID(f[1])
		case len(f) >= 3 && f[0] == "S":
			id, err := tmux.ParseSessionID(f[1])
			if err != nil {
				continue
			}
			destroy := len(f) >= 4 && f[3] != "0" && f[3] != "off"
			if destroy && f[2] == "0" {
				continue
			}
			eligible = append(eligible, id)
		}
	}
	for _, want := range []tmux.SessionID{follow, best} {
		for _, id := range eligible {
			if want != "" && id == want {
				return id, nil
			}
		}
	}
	if len(eligible) > 0 {
		return eligible[0], nil
	}
	return "", &tmux.Error{Kind: tmux.KindGone, Message: fmt.Sprintf("no tmux session to attach a control client to on %s", sock)}
}
