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
func pickSession(ctx context.Context, ex *Exec, follow tmux.SessionID) (tmux.SessionID, error) {
	out, err := ex.Run(ctx,
		[]string{"list-sessions", "-F", "S #{session_id} #{session_attached} #{destroy-unattached}"},
		[]string{"display-message", "-p", "B #{session_id}"})
	if err != nil {
		return "", err
	}
	return chooseSession(out, follow, ex.Socket)
}

func chooseSession(out string, follow tmux.SessionID, sock tmux.Socket) (tmux.SessionID, error) {
	var best tmux.SessionID
	var eligible []tmux.SessionID
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 2 && f[0] == "B":
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
