package tmuxctl

import (
	"context"
	"fmt"
	"strings"
)

// SwapPane exchanges the positions of two panes, in one window or across
// windows, and answers with source as it is afterwards. Positions change,
// nothing else: the pane that was active in a window stays active (focus
// follows content); a window whose active pane left gets the pane that
// arrived as its active pane; a window's last-pane is kept where it can be;
// a zoomed window stays zoomed. Swapping a pane with itself changes nothing.
//
// It costs two round trips: one small read of the two panes' windows, then
// one command list with the swap, only the focus corrections tmux's swap
// makes necessary, and the answer.
func (c *Client) SwapPane(ctx context.Context, source, target PaneID) (Pane, error) {
	if _, err := ParsePaneID(string(source)); err != nil {
		return Pane{}, err
	}
	if _, err := ParsePaneID(string(target)); err != nil {
		return Pane{}, err
	}
	out, err := c.run(ctx,
		[]string{"list-panes", "-t", string(source), "-F", focusFormat},
		[]string{"list-panes", "-t", string(target), "-F", focusFormat})
	if err != nil {
		return Pane{}, c.nameGone(err, string(source))
	}
	wins, err := parseFocus(out)
	if err != nil {
		return Pane{}, err
	}
	var cmds [][]string
	if source != target {
		cmds = swapCmds(wins, source, target)
	}
	// The answer: source's window and source itself, wherever it now is.
	cmds = append(cmds,
		[]string{"display-message", "-p", "-t", string(source), windowFormat},
		[]string{"display-message", "-p", "-t", string(source), paneFormat})
	if out, err = c.run(ctx, cmds...); err != nil {
		return Pane{}, c.nameGone(err, string(source))
	}
	l, err := parseListing(out)
	if err != nil || len(l.windows) != 1 {
		return Pane{}, goneErr("pane", string(source))
	}
	p, ok := l.windows[0].Pane(source)
	if !ok {
		return Pane{}, goneErr("pane", string(source))
	}
	return p, nil
}

// focusFormat is what a swap needs to know of a window: which pane is
// where, active and last.
const focusFormat = "#{pane_id}\t#{window_id}\t#{pane_active}\t#{pane_last}"

// focusWindow is one window as focusFormat lists it.
type focusWindow struct {
	id     WindowID
	panes  []PaneID
	active PaneID
	last   PaneID
}

// parseFocus reads focusFormat lines into windows (a window listed twice,
// when both panes are in it, is kept once).
func parseFocus(out string) (map[PaneID]*focusWindow, error) {
	byWin := map[WindowID]*focusWindow{}
	byPane := map[PaneID]*focusWindow{}
	for _, line := range splitLines(out) {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			return nil, &Error{Kind: KindRefused, Message: fmt.Sprintf("cannot read tmux's answer %s", Quote(line))}
		}
		p, err1 := ParsePaneID(f[0])
		wid, err2 := ParseWindowID(f[1])
		if err1 != nil || err2 != nil {
			return nil, &Error{Kind: KindRefused, Message: fmt.Sprintf("cannot read tmux's answer %s", Quote(line))}
		}
		w := byWin[wid]
		if w == nil {
			w = &focusWindow{id: wid}
			byWin[wid] = w
		}
		if _, seen := byPane[p]; seen {
			continue
		}
		byPane[p] = w
		w.panes = append(w.panes, p)
		if f[2] == "1" {
			w.active = p
		}
		if f[3] == "1" {
			w.last = p
		}
	}
	return byPane, nil
}

// swapCmds is the command list that swaps a and b and leaves focus as
// SwapPane promises. It relies on what swap-pane -d does to focus (tmux
// 3.2 to 3.7, cmd-swap-pane.c): in one window, a swap that involves the
// active pane leaves the -s pane active and the other one as last pane,
// so the active pane is made the -s pane and only the last pane needs
// putting back; across windows, a window whose active pane left makes the
// arriving pane active, pushing the one that left, so only the last pane
// needs putting back. Windows the swap does not touch get no command, so
// no pane sees a focus event it should not.
func swapCmds(wins map[PaneID]*focusWindow, a, b PaneID) [][]string {
	wa, wb := wins[a], wins[b]
	if wa == nil || wb == nil {
		return [][]string{{"swap-pane", "-d", "-Z", "-s", string(a), "-t", string(b)}}
	}
	if wa == wb {
		src, dst := a, b
		if wa.active == b {
			src, dst = b, a
		}
		cmds := [][]string{{"swap-pane", "-d", "-Z", "-s", string(src), "-t", string(dst)}}
		if wa.active == src && wa.last != "" && wa.last != dst {
			cmds = append(cmds,
				[]string{"select-pane", "-Z", "-t", string(wa.last)},
				[]string{"select-pane", "-Z", "-t", string(src)})
		}
		return cmds
	}
	cmds := [][]string{{"swap-pane", "-d", "-Z", "-s", string(a), "-t", string(b)}}
	for _, side := range []struct {
		w             *focusWindow
		left, arrived PaneID
	}{{wa, a, b}, {wb, b, a}} {
		if side.w.active == side.left && side.w.last != "" && side.w.last != side.left {
			cmds = append(cmds,
				[]string{"select-pane", "-Z", "-t", string(side.w.last)},
				[]string{"select-pane", "-Z", "-t", string(side.arrived)})
		}
	}
	return cmds
}
