package tmuxctl

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// PopupSpec describes a display-popup that runs a command on a client.
type PopupSpec struct {
	Client  string // tmux client name; "" picks the session's most recently active client
	Session tmux.SessionID
	Width   string   // cells or percent ("80", "75%"); "" for tmux's default
	Height  string   // a cell count larger than the client is cut to the client's size
	Title   string   // tmux 3.3+; older tmux shows no title
	Border  string   // popup-border-lines style (tmux 3.3+); "" for tmux's default
	Command []string // argv run in the popup (through sh, each argument quoted)
}

var sizeRE = regexp.MustCompile(`^[0-9]{1,4}%?$`)

// ParseSize checks a popup width or height: a cell count or a percentage.
func ParseSize(s string) (string, error) {
	if !sizeRE.MatchString(s) || s == "0" || s == "0%" {
		return "", &tmux.Error{Kind: tmux.KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid popup size %s: want cells like 80 or a percentage like 75%%", tmux.Quote(s))}
	}
	if strings.HasSuffix(s, "%") {
		if n, _ := strconv.Atoi(strings.TrimSuffix(s, "%")); n > 100 {
			return "", &tmux.Error{Kind: tmux.KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid popup size %s: a percentage is at most 100%%", tmux.Quote(s))}
		}
	}
	return s, nil
}

// BorderStyles are the popup border styles tmux knows.
var BorderStyles = []string{"single", "rounded", "double", "heavy", "simple", "padded", "none"}

// ParseBorder checks a popup border style.
func ParseBorder(s string) (string, error) {
	for _, b := range BorderStyles {
		if s == b {
			return s, nil
		}
	}
	return "", &tmux.Error{Kind: tmux.KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid popup border %s: want one of %s", tmux.Quote(s), strings.Join(BorderStyles, ", "))}
}

// Popup opens a popup with -E (so Esc and C-c reach the program) and waits
// until it closes; tmux hands back the popup command's exit status, which
// Popup returns as exitCode.
//
// What display-popup accepts depends on the server's version: -T and -b
// arrived in tmux 3.3, so before it the popup has no title and the
// default border. A cell count larger than the client is refused by tmux
// ("height too large"), so it is cut to the client's size first.
func (c *Client) Popup(ctx context.Context, spec PopupSpec) (exitCode int, err error) {
	if spec.Client != "" {
		if _, err := tmux.ParseTarget(spec.Client); err != nil {
			return 0, err
		}
	}
	for _, v := range []string{spec.Width, spec.Height} {
		if v == "" {
			continue
		}
		if _, err := ParseSize(v); err != nil {
			return 0, err
		}
	}
	if spec.Border != "" {
		if _, err := ParseBorder(spec.Border); err != nil {
			return 0, err
		}
	}
	of := spec.Session
	if spec.Client != "" {
		of = "" // the client named may be on another session
	}
	version, clients, err := c.clients(ctx, of)
	if err != nil {
		return 0, err
	}
	var to clientInfo
	if spec.Client == "" {
		if to, err = mostRecent(clients, spec.Session); err != nil {
			return 0, err
		}
	} else {
		to = clientInfo{name: spec.Client} // size unknown: tmux judges
		for _, ci := range clients {
			if ci.name == spec.Client || ci.tty == spec.Client {
				to.width, to.height = ci.width, ci.height
			}
		}
	}
	args := []string{"display-popup", "-E", "-c", to.name}
	if spec.Width != "" {
		args = append(args, "-w", fitCells(spec.Width, to.width))
	}
	if spec.Height != "" {
		args = append(args, "-h", fitCells(spec.Height, to.height))
	}
	popupStyled := version.AtLeast(3, 3)
	if spec.Border != "" && popupStyled {
		args = append(args, "-b", spec.Border)
	}
	if spec.Title != "" && popupStyled {
		// -T is format-expanded: escape '#' so a title is shown as given.
		args = append(args, "-T", strings.ReplaceAll(spec.Title, "#", "##"))
	}
	args = append(args, ShellJoin(spec.Command))
	// Always a process of its own: display-popup holds its command queue
	// until the popup closes, which would stall a shared connection.
	if _, err = c.execTransport().Run(ctx, args); err == nil {
		return 0, nil
	}
	if code, ok := transport.ExitStatus(err); ok {
		// tmux exits with the popup command's status and says nothing.
		return code, nil
	}
	return 0, err
}

// fitCells cuts a cell count to limit (when known); percentages stay.
func fitCells(size string, limit int) string {
	n, err := strconv.Atoi(size)
	if err != nil || limit <= 0 || n <= limit {
		return size
	}
	return strconv.Itoa(limit)
}

// execTransport is a transport that runs the call as a tmux process of
// its own, with the client's binary and environment where the transport
// can say them.
func (c *Client) execTransport() transport.Runner {
	if t, ok := c.t.(transport.ExecProvider); ok {
		return t.Exec()
	}
	return transport.NewExec(c.sock)
}

// clientInfo is one attached client as list-clients shows it.
type clientInfo struct {
	name, tty     string
	activity      int64
	control       bool
	width, height int
}

// clients lists the clients attached to session s (all clients when s is
// ""), with the server's version, in one command list.
func (c *Client) clients(ctx context.Context, s tmux.SessionID) (tmux.Version, []clientInfo, error) {
	list := []string{"list-clients", "-F", "#{client_activity}\t#{client_control_mode}\t#{client_width}\t#{client_height}\t#{client_tty}\t#{client_name}"}
	if s != "" {
		if _, err := tmux.ParseSessionID(string(s)); err != nil {
			return tmux.Version{}, nil, err
		}
		list = append(list, "-t", string(s))
	}
	out, err := c.run(ctx, []string{"display-message", "-p", "#{version}"}, list)
	if err != nil {
		return tmux.Version{}, nil, c.nameGone(err, string(s))
	}
	lines := splitLines(out)
	if len(lines) == 0 {
		return tmux.Version{}, nil, &tmux.Error{Kind: tmux.KindRefused, Message: "tmux did not say its version"}
	}
	// A version this cannot read is a build of its own: take it as new.
	v, verr := tmux.ParseVersion("tmux " + lines[0])
	if verr != nil {
		v = tmux.Version{Raw: lines[0], Dev: true}
	}
	var cs []clientInfo
	for _, line := range lines[1:] {
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
	return v, cs, nil
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
		return best, &tmux.Error{Kind: tmux.KindRefused, Value: string(s), Message: fmt.Sprintf("no tmux client is attached to session %s to show a popup on", s)}
	}
	return best, nil
}

// ClientOf is the most recently active client attached to session s (not a
// control-mode client): the person who most likely pressed the key.
func (c *Client) ClientOf(ctx context.Context, s tmux.SessionID) (string, error) {
	_, clients, err := c.clients(ctx, s)
	if err != nil {
		return "", err
	}
	best, err := mostRecent(clients, s)
	return best.name, err
}

// ShellJoin quotes argv for sh, which is how tmux runs a popup's command.
func ShellJoin(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@%+,") == "" {
			q[i] = a
			continue
		}
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}
