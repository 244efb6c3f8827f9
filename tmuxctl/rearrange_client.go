package tmuxctl

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// The rearranging operations on their own, for callers without a session
// in view (the MCP tools). Each is an Op, checked and scripted as Act
// does, and answers with one window, read in the same command list.

// ResizePane moves one edge of pane p in direction d by cells (tmux's
// resize-pane -U/-D/-L/-R), and answers with the pane's window afterwards.
func (c *Client) ResizePane(ctx context.Context, p tmux.PaneID, d tmux.Direction, cells int) (*tmux.Window, error) {
	return c.change(ctx, Op{Kind: OpResize, Pane: p, Dir: d, Cells: cells})
}

// SelectLayout gives window w a layout (see ParseLayoutChoice): a layout
// string only when it was made for a window of w's size and pane count,
// since tmux would otherwise resize the window or drop cells to fit it.
// It answers with the window afterwards.
func (c *Client) SelectLayout(ctx context.Context, w tmux.WindowID, layout string) (*tmux.Window, error) {
	op := Op{Kind: OpLayout, Window: w, Layout: layout}
	if err := op.check(); err != nil {
		return nil, err
	}
	choice, _ := ParseLayoutChoice(layout) // checked just now
	if !isLayoutString(choice) {
		return c.change(ctx, op)
	}
	cur, err := c.ListPanes(ctx, w)
	if err != nil {
		return nil, err
	}
	if err := fitsWindow(choice, cur); err != nil {
		return nil, err
	}
	return c.applyLayoutString(ctx, w, choice)
}

// applyLayoutString applies a checked layout string to window w. The
// window may change between the caller's read and the change: the script
// checks again as it runs, and otherwise does nothing but say so.
func (c *Client) applyLayoutString(ctx context.Context, w tmux.WindowID, choice string) (*tmux.Window, error) {
	shape, err := tmux.CheckLayout(choice)
	if err != nil {
		return nil, err
	}
	fits := fmt.Sprintf("#{&&:#{==:#{window_width},%d},#{&&:#{==:#{window_height},%d},#{==:#{window_panes},%d}}}",
		shape.Width, shape.Height, shape.Panes)
	nonce := rand.Text()
	script := [][]string{
		{"has-session", "-t", string(w)},
		ifShell(string(w), fits, layoutScript(w, choice)[1:], [][]string{answerMarker(nonce)}),
	}
	win, err := c.changeAndRead(ctx, string(w), script)
	var refused *misfit
	if errors.As(err, &refused) && refused.nonce == nonce {
		return nil, &tmux.Error{Kind: tmux.KindGone, Value: string(w), Message: fmt.Sprintf("window %s changed size or panes just now: layout %s no longer fits it, nothing changed (read the window again)", w, tmux.Quote(choice))}
	}
	return win, err
}

// misfit is a script's answer that starts with a marker line: the
// script found its condition no longer holds and changed nothing.
type misfit struct{ nonce string }

func (m *misfit) Error() string { return "the script's condition failed" }

// MovePane moves pane p into window to, next to that window's active
// pane, or into a new window of its own when to is "". It answers with
// the pane's window afterwards. A pane already in window to, or alone in
// its window when to is "", stays where it is. Moving the only pane of a
// window leaves that window empty, and tmux closes it.
func (c *Client) MovePane(ctx context.Context, p tmux.PaneID, to tmux.WindowID) (*tmux.Window, error) {
	return c.change(ctx, Op{Kind: OpMove, Pane: p, Window: to})
}

// change makes op, checked, and reads the window of the pane (or the
// window) it names in the same command list. op needs no session: a move
// to a new window makes it in the pane's own session.
func (c *Client) change(ctx context.Context, op Op) (*tmux.Window, error) {
	if err := op.check(); err != nil {
		return nil, err
	}
	return c.changeAndRead(ctx, op.from(), op.script(""))
}

// changeAndRead runs change, then reads the window target is in.
func (c *Client) changeAndRead(ctx context.Context, target string, change [][]string) (*tmux.Window, error) {
	cmds := append(change, readWindowCmds(target)...)
	out, err := c.script(ctx, cmds...)
	if err != nil {
		return nil, c.nameGone(err, target)
	}
	if line, rest, ok := strings.Cut(out, "\n"); ok && strings.HasPrefix(line, "=panemap-") {
		if _, err := oneWindow(rest, target); err == nil {
			return nil, &misfit{nonce: strings.TrimPrefix(line, "=panemap-")}
		}
	}
	return oneWindow(out, target)
}
