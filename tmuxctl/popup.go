package tmuxctl

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// PopupSpec describes a display-popup that runs a command on a client.
type PopupSpec struct {
	Client  string // tmux client name; "" picks the session's most recently active client
	Session tmux.SessionID
	Width   string // cells or percent ("80", "75%"); "" for tmux's default
	Height  string // a cell count larger than the client is cut to the client's size
	Title   string // tmux 3.3+; older tmux shows no title
	Border  string // popup-border-lines style (tmux 3.3+); "" for tmux's default
	// Command is the argv run in the popup: two words or more, which
	// tmux runs with execvp, no shell (a single word would be a shell
	// command line).
	Command []string
	// Env is VAR=value pairs set for the command: display-popup -e from
	// tmux 3.3, env(1) before it, unless the command's first word holds
	// a '=' (env would read it as one more pair): then the command runs
	// in the popup's usual environment.
	Env []string
}

var sizeRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9]{1,4}%?$`) })

// envRE is one VAR=value for display-popup -e: a name, and a value of
// printable text that does not end in ';' (a command separator to tmux,
// even as an argument of its own).
var envRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=([^\x00-\x1f\x7f]*[^\x00-\x1f\x7f;])?$`)
})

// ParseSize checks a popup width or height: a cell count or a percentage.
func ParseSize(s string) error {
	if !sizeRE().MatchString(s) || s == "0" || s == "0%" {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid popup size %s: want cells like 80 or a percentage like 75%%", tmux.Quote(s))}
	}
	if strings.HasSuffix(s, "%") {
		if n, _ := strconv.Atoi(strings.TrimSuffix(s, "%")); n > 100 {
			return &tmux.Error{Kind: tmux.KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid popup size %s: a percentage is at most 100%%", tmux.Quote(s))}
		}
	}
	return nil
}

// BorderStyles are the popup border styles tmux knows.
var BorderStyles = []string{"single", "rounded", "double", "heavy", "simple", "padded", "none"}

// ParseBorder checks a popup border style.
func ParseBorder(s string) error {
	if slices.Contains(BorderStyles, s) {
		return nil
	}
	return &tmux.Error{Kind: tmux.KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid popup border %s: want one of %s", tmux.Quote(s), strings.Join(BorderStyles, ", "))}
}

// Popup opens a popup with -E (so Esc and C-c reach the program) and waits
// until it closes; tmux hands back the popup command's exit status, which
// Popup returns as exitCode. place is what ReadPopupPlace read of
// spec.Session: Popup asks tmux nothing before display-popup.
//
// What display-popup accepts depends on the server's version: -T and -b
// arrived in tmux 3.3, so before it the popup has no title and the
// default border. A cell count larger than the client is refused by tmux
// ("height too large"), so it is cut to the client's size first.
func (c *Client) Popup(ctx context.Context, place *PopupPlace, spec PopupSpec) (exitCode int, err error) {
	if spec.Client != "" {
		if _, err := tmux.ParseTarget(spec.Client); err != nil {
			return 0, err
		}
	}
	for _, v := range []string{spec.Width, spec.Height} {
		if v == "" {
			continue
		}
		if err := ParseSize(v); err != nil {
			return 0, err
		}
	}
	if spec.Border != "" {
		if err := ParseBorder(spec.Border); err != nil {
			return 0, err
		}
	}
	for _, kv := range spec.Env {
		if !envRE().MatchString(kv) {
			return 0, &tmux.Error{Kind: tmux.KindInvalidInput, Value: kv, Message: fmt.Sprintf("invalid popup environment %s: want NAME=value, one line, not ending in ;", tmux.Quote(kv))}
		}
	}
	command, err := ExecWords(spec.Command)
	if err != nil {
		return 0, err
	}
	var to clientInfo
	if spec.Client == "" {
		if to, err = mostRecent(place.clients, spec.Session); err != nil {
			return 0, err
		}
	} else {
		// Size unknown (a client of another session): tmux judges.
		to = clientInfo{name: spec.Client}
		for _, ci := range place.clients {
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
	popupStyled := place.Version.AtLeast(3, 3)
	if spec.Border != "" && popupStyled {
		args = append(args, "-b", spec.Border)
	}
	if popupStyled {
		for _, kv := range spec.Env {
			args = append(args, "-e", kv)
		}
	} else if len(spec.Env) > 0 && !strings.Contains(command[0], "=") {
		command = append(append([]string{"env"}, spec.Env...), command...)
	}
	if spec.Title != "" && popupStyled {
		// -T is format-expanded: escape '#' so a title is shown as given.
		args = append(args, "-T", strings.ReplaceAll(spec.Title, "#", "##"))
	}
	args = append(args, command...)
	// Always a process of its own: display-popup holds its command queue
	// until the popup closes, which would stall a shared connection.
	if _, err = c.t.Exec().Run(ctx, args); err == nil {
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

// ExecWords is argv as words of a tmux client's command line that tmux
// runs with execvp (display-popup's, new-pane's: two words or more, no
// shell). tmux reads an argument that ends in ';' as a command separator,
// even over exec, and one that ends in "\;" as that text with ';' in
// place of the backslash (cmd-parse.y, cmd_parse_from_arguments, 3.2a to
// master): so a word that ends in ';' is passed ending in "\;". One word
// would be run through a shell: it is refused.
func ExecWords(argv []string) ([]string, error) {
	if len(argv) < 2 {
		return nil, &tmux.Error{Kind: tmux.KindInvalidInput, Message: fmt.Sprintf("a command of %d words: want two or more, run without a shell", len(argv))}
	}
	out := make([]string, len(argv))
	for i, a := range argv {
		if s, ok := strings.CutSuffix(a, ";"); ok {
			a = s + "\\;"
		}
		out[i] = a
	}
	return out, nil
}
