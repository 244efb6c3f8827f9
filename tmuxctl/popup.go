package tmuxctl

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
)

// PopupSpec describes a display-popup that runs a command on a client.
type PopupSpec struct {
	Client  string // tmux client name; "" picks the session's most recently active client
	Session SessionID
	Width   string // cells or percent ("80", "75%"); "" for tmux's default
	Height  string
	Title   string
	Border  string   // popup-border-lines style (tmux 3.3+); "" for tmux's default
	Command []string // argv run in the popup (through sh, each argument quoted)
}

var sizeRE = regexp.MustCompile(`^[0-9]{1,4}%?$`)

// ParseSize checks a popup width or height: a cell count or a percentage.
func ParseSize(s string) (string, error) {
	if !sizeRE.MatchString(s) || s == "0" || s == "0%" {
		return "", &Error{Kind: KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid popup size %s: want cells like 80 or a percentage like 75%%", Quote(s))}
	}
	if strings.HasSuffix(s, "%") {
		if n, _ := strconv.Atoi(strings.TrimSuffix(s, "%")); n > 100 {
			return "", &Error{Kind: KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid popup size %s: a percentage is at most 100%%", Quote(s))}
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
	return "", &Error{Kind: KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid popup border %s: want one of %s", Quote(s), strings.Join(BorderStyles, ", "))}
}

// Popup opens a popup with -E (so Esc and C-c reach the program) and waits
// until it closes; tmux hands back the popup command's exit status, which
// Popup returns as exitCode.
func (c *Client) Popup(ctx context.Context, spec PopupSpec) (exitCode int, err error) {
	client := spec.Client
	if client == "" {
		if client, err = c.ClientOf(ctx, spec.Session); err != nil {
			return 0, err
		}
	} else if _, err := ParseTarget(client); err != nil {
		return 0, err
	}
	args := []string{"display-popup", "-E", "-c", client}
	for _, kv := range [][2]string{{"-w", spec.Width}, {"-h", spec.Height}} {
		if kv[1] == "" {
			continue
		}
		if _, err := ParseSize(kv[1]); err != nil {
			return 0, err
		}
		args = append(args, kv[0], kv[1])
	}
	if spec.Border != "" {
		if _, err := ParseBorder(spec.Border); err != nil {
			return 0, err
		}
		args = append(args, "-b", spec.Border)
	}
	if spec.Title != "" {
		// -T is format-expanded: escape '#' so a title is shown as given.
		args = append(args, "-T", strings.ReplaceAll(spec.Title, "#", "##"))
	}
	args = append(args, ShellJoin(spec.Command))
	// Always a process of its own: display-popup holds its command queue
	// until the popup closes, which would stall a shared connection.
	if _, err = c.execTransport().Run(ctx, args); err == nil {
		return 0, nil
	}
	var exitErr *exec.ExitError
	if e := AsError(err); e.Kind == KindRefused && strings.HasPrefix(e.Message, "tmux refused: exit status") && errors.As(err, &exitErr) {
		// tmux exits with the popup command's status and says nothing.
		return exitErr.ExitCode(), nil
	}
	return 0, err
}

// ExecProvider is implemented by transports that keep an exec transport
// for commands that must not share their connection.
type ExecProvider interface {
	Exec() *ExecTransport
}

func (c *Client) execTransport() Transport {
	switch t := c.t.(type) {
	case *ExecTransport:
		return t
	case ExecProvider:
		return t.Exec()
	}
	return NewExecTransport(c.sock)
}

// ClientOf is the most recently active client attached to session s (not a
// control-mode client): the person who most likely pressed the key.
func (c *Client) ClientOf(ctx context.Context, s SessionID) (string, error) {
	args := []string{"list-clients", "-F", "#{client_activity}\t#{client_control_mode}\t#{client_name}"}
	if s != "" {
		if _, err := ParseSessionID(string(s)); err != nil {
			return "", err
		}
		args = append(args, "-t", string(s))
	}
	out, err := c.run(ctx, args)
	if err != nil {
		return "", c.nameGone(err, string(s))
	}
	best, bestAt := "", int64(-1)
	for _, line := range splitLines(out) {
		f := strings.SplitN(line, "\t", 3)
		if len(f) != 3 || f[1] == "1" {
			continue
		}
		at, _ := strconv.ParseInt(f[0], 10, 64)
		if at > bestAt {
			best, bestAt = f[2], at
		}
	}
	if best == "" {
		return "", &Error{Kind: KindRefused, Value: string(s), Message: fmt.Sprintf("no tmux client is attached to session %s to show a popup on", s)}
	}
	return best, nil
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
