package agentwatch

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// SendableKeys are the named keys SendKeys sends.
var SendableKeys = []string{"Enter", "Escape", "Tab", "Up", "Down", "Left", "Right", "C-c"}

// SendKeys types into pane: text literally, then keys (names from
// SendableKeys), then Enter when enter, as one command list. It refuses
// a gone pane, a dead pane, and the caller's own pane unless own
// (tmuxctl.Client.Caller), each with an error naming the pane, and an
// unknown key name or nothing to send naming what was wrong; nothing is
// typed then.
//
// Text goes with send-keys -l, which takes it as keys to type and never
// as a format or a key name, so `#(touch X)`, `$HOME` and `#{pane_id}`
// arrive as written. What -l cannot carry goes as bytes (send-keys -H,
// tmux 3.0+): a newline or other control character (a control-mode
// command line ends at a newline), and a ';' that would end an argument
// (tmux reads an argument ending in ';' as a command separator when it
// comes from a command's argv: cmd-parse.y, cmd_parse_from_arguments).
func SendKeys(ctx context.Context, c *tmuxctl.Client, pane tmux.PaneID, text string, keys []string, enter, own bool) error {
	if _, err := tmux.ParsePaneID(string(pane)); err != nil {
		return err
	}
	for _, k := range keys {
		if !slices.Contains(SendableKeys, k) {
			return &tmux.Error{Kind: tmux.KindInvalidInput, Value: k,
				Message: fmt.Sprintf("invalid key %s: want one of %s", tmux.Quote(k), strings.Join(SendableKeys, ", "))}
		}
	}
	if text == "" && len(keys) == 0 && !enter {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Message: "nothing to send: give text, keys or enter"}
	}
	if !own && c.Caller(ctx, pane) == tmuxctl.RelationSelf {
		return &tmux.Error{Kind: tmux.KindRefused, Value: string(pane),
			Message: fmt.Sprintf("pane %s is the caller's own pane: typing into it would type into the caller (ask for it explicitly)", pane)}
	}
	out, err := c.Run(ctx, []string{"display-message", "-p", "-t", string(pane), "#{pane_id} #{pane_dead}"})
	if err != nil {
		return goneAs(err, pane)
	}
	switch strings.TrimSpace(out) {
	case string(pane) + " 0":
	case string(pane) + " 1":
		return &tmux.Error{Kind: tmux.KindRefused, Value: string(pane),
			Message: fmt.Sprintf("pane %s is dead: its program has exited, nothing reads what is typed", pane)}
	default:
		// display-message answers a pane that is gone with empty fields.
		return tmux.Gone("pane", string(pane))
	}
	cmds := typeCmds(pane, text)
	if len(keys) > 0 {
		cmds = append(cmds, append([]string{"send-keys", "-t", string(pane)}, keys...))
	}
	if enter {
		cmds = append(cmds, []string{"send-keys", "-t", string(pane), "Enter"})
	}
	if _, err := c.Run(ctx, cmds...); err != nil {
		return goneAs(err, pane)
	}
	return nil
}

// typeCmds are the send-keys commands that type text into pane exactly:
// runs of plain text with -l, each control character and each ';' that
// would end a run as a byte with -H.
func typeCmds(pane tmux.PaneID, text string) [][]string {
	var cmds [][]string
	var bytes []string // -H's pending bytes
	flushBytes := func() {
		if len(bytes) > 0 {
			cmds = append(cmds, append([]string{"send-keys", "-t", string(pane), "-H"}, bytes...))
			bytes = nil
		}
	}
	for text != "" {
		i := strings.IndexFunc(text, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f })
		run := text
		if i >= 0 {
			run = text[:i]
		}
		text = text[len(run):]
		tail := len(run) - len(strings.TrimRight(run, ";"))
		run, semis := run[:len(run)-tail], tail
		if run != "" {
			flushBytes()
			cmds = append(cmds, []string{"send-keys", "-t", string(pane), "-l", run})
		}
		for ; semis > 0; semis-- {
			bytes = append(bytes, "3b")
		}
		if text != "" {
			bytes = append(bytes, fmt.Sprintf("%02x", text[0]))
			text = text[1:]
		}
	}
	flushBytes()
	return cmds
}
