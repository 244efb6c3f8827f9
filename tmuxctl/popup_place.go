package tmuxctl

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/records"
)

// PopupPlace is what opening a popup over a session needs to know, as one
// read found it.
type PopupPlace struct {
	Version    tmux.Version
	SocketPath string        // the server's socket file, exactly
	Window     tmux.WindowID // the session's current window
	Options    map[string]string
	// Snapshot is the session's current window as tmux.SnapshotFormat
	// expanded it, when asked for: what a navigator given it with
	// --state draws before its own read. "" when not asked for, or when
	// it cannot be passed on exactly (see snapshotOut).
	Snapshot string
	clients  []clientInfo // the session's clients
}

// ReadPopupPlace reads, in one command list, what a popup over session s
// needs: the server's version and socket, the session's current window
// and clients, the user options asked for (set and non-empty ones), and,
// given snapshot (the options of tmux.SnapshotFormat; nil for none), the
// current window as a snapshot.
func (c *Client) ReadPopupPlace(ctx context.Context, s tmux.SessionID, options []string, snapshot []tmux.SnapshotOption) (*PopupPlace, error) {
	if err := checkSessionOptions(s, options); err != nil {
		return nil, err
	}
	cmds := [][]string{{"display-message", "-p", "-t", string(s), "#{version}\t#{window_id}\t" + records.ExactVar("socket_path") + optionsFormat(options)}}
	if snapshot != nil {
		// One line, in the context of the window's active pane, as a
		// binding's run-shell -C expands it in the key's pane (the
		// snapshot escapes every control character). Not display-message,
		// which runs its format through strftime first
		// (cmd-display-message.c, format_expand_time): %27 is a time
		// there.
		cmds = append(cmds, []string{"list-panes", "-t", string(s), "-f", "#{pane_active}", "-F", tmux.SnapshotFormat(snapshot)})
	}
	out, err := c.run(ctx, append(cmds, []string{"list-clients", "-t", string(s), "-F", clientFormat})...)
	if err != nil {
		return nil, c.nameGone(err, string(s))
	}
	bad := func(why string) error {
		return &tmux.Error{Kind: tmux.KindRefused, Message: fmt.Sprintf("cannot read tmux's answer %s: %s", tmux.Quote(out), why)}
	}
	version, rest, ok1 := strings.Cut(out, "\t")
	window, rest, ok2 := strings.Cut(rest, "\t")
	w, werr := tmux.ParseWindowID(window)
	if !ok1 || !ok2 || werr != nil {
		return nil, bad("no version and window")
	}
	p := &PopupPlace{Window: w, Options: map[string]string{}}
	if p.Version, err = tmux.ParseServerVersion(version); err != nil {
		return nil, bad(err.Error())
	}
	c.t.LearnVersion(p.Version)
	if p.SocketPath, rest, err = records.ReadExact(rest); err != nil {
		return nil, bad("socket path: " + err.Error())
	}
	for _, n := range options {
		var v string
		if v, rest, err = records.ReadExact(rest); err != nil {
			return nil, bad(n + ": " + err.Error())
		}
		if v != "" {
			p.Options[n] = v
		}
	}
	rest, ok := strings.CutPrefix(rest, "\n")
	if !ok {
		return nil, bad("more than was asked for")
	}
	if snapshot != nil {
		var snap string
		if snap, rest, ok = strings.Cut(rest, "\n"); !ok {
			return nil, bad("no snapshot")
		}
		p.Snapshot = snapshotOut(snap, p.Version)
	}
	p.clients = parseClients(splitLines(rest))
	return p, nil
}

// maxSnapshot is the longest snapshot passed on: a tmux client sends its
// command line (the popup's, with the snapshot in it) in one message of
// at most 16 kB (MAX_IMSGSIZE), and refuses a longer one.
const maxSnapshot = 12 << 10

// snapshotOut is a snapshot as list-panes printed it, to be passed
// on as it was expanded; "" when it cannot be. A snapshot's free text is
// escaped (no control character, no byte that is not UTF-8), so tmux's
// output escaping changes nothing in it but on tmux 3.4, which writes $
// as \$ before a letter, '_' or '{' and leaves a backslash bare (utf8.c,
// utf8_strvis; 3.5a does so only with VIS_DQ, which output has not).
// Every such $ gets its backslash there, so the one right before it is
// tmux's: undone, the snapshot is what was expanded. From a tmux whose
// version is spelled otherwise (OpenBSD's openbsd-7.5 is 3.4), whether
// it escaped cannot be told: a snapshot that looks escaped is not passed
// on, and the navigator draws once its own read answers.
func snapshotOut(snap string, v tmux.Version) string {
	switch {
	case len(snap) > maxSnapshot:
		return ""
	case !v.Upstream():
		if undoDollarEscapes(snap) != snap {
			return ""
		}
		return snap
	case v.Major == 3 && v.Minor == 4:
		return undoDollarEscapes(snap)
	}
	return snap
}

// undoDollarEscapes is s with the backslash tmux 3.4 writes before a $
// that a letter, '_' or '{' follows taken out.
func undoDollarEscapes(s string) string {
	if !strings.Contains(s, "\\$") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+2 < len(s) && s[i+1] == '$' && dollarEscaped(s[i+2]) {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// dollarEscaped says whether tmux 3.4 escapes a $ followed by c.
func dollarEscaped(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '{'
}

// clientInfo is one attached client as list-clients shows it.
type clientInfo struct {
	name, tty     string
	activity      int64
	control       bool
	width, height int
}

const clientFormat = "#{client_activity}\t#{client_control_mode}\t#{client_width}\t#{client_height}\t#{client_tty}\t#{client_name}"

// parseClients reads list-clients lines made with clientFormat.
func parseClients(lines []string) []clientInfo {
	var cs []clientInfo
	for _, line := range lines {
		f := strings.SplitN(line, "\t", 6)
		if len(f) != 6 {
			continue
		}
		ci := clientInfo{control: f[1] == "1", tty: f[4], name: f[5]}
		ci.activity, _ = strconv.ParseInt(f[0], 10, 64)
		ci.width, _ = strconv.Atoi(f[2])
		ci.height, _ = strconv.Atoi(f[3])
		cs = append(cs, ci)
	}
	return cs
}

// mostRecent is the most recently active client that is not a
// control-mode client: the person who most likely pressed the key.
func mostRecent(clients []clientInfo, s tmux.SessionID) (clientInfo, error) {
	best := clientInfo{activity: -1}
	for _, ci := range clients {
		if !ci.control && ci.activity > best.activity {
			best = ci
		}
	}
	if best.name == "" {
		return best, &tmux.Error{Kind: tmux.KindRefused, Value: string(s), Message: fmt.Sprintf("no tmux client is attached to session %s", s)}
	}
	return best, nil
}

// ClientOf is the most recently active client attached to session s (not a
// control-mode client): the person who most likely pressed the key.
func (c *Client) ClientOf(ctx context.Context, s tmux.SessionID) (string, error) {
	if _, err := tmux.ParseSessionID(string(s)); err != nil {
		return "", err
	}
	out, err := c.run(ctx, []string{"list-clients", "-t", string(s), "-F", clientFormat})
	if err != nil {
		return "", c.nameGone(err, string(s))
	}
	best, err := mostRecent(parseClients(splitLines(out)), s)
	return best.name, err
}

func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
