package tmuxctl

import "context"

// SwapPane exchanges the positions of two panes, in one window or across
// windows, and answers with source as it is afterwards. Positions change,
// nothing else: the pane that was active in a window stays active (focus
// follows content); a window whose active pane left gets the pane that
// arrived as its active pane; a window's last-pane is kept where it can be;
// a zoomed window stays zoomed. Swapping a pane with itself changes nothing.
func (c *Client) SwapPane(ctx context.Context, source, target PaneID) (Pane, error) {
	if _, err := ParsePaneID(string(source)); err != nil {
		return Pane{}, err
	}
	if _, err := ParsePaneID(string(target)); err != nil {
		return Pane{}, err
	}
	before, err := c.readWindows(ctx, string(source), []string{string(target)})
	if err != nil {
		return Pane{}, err
	}
	if source == target {
		p, _ := before[0].Pane(source)
		return p, nil
	}
	wants := swapWants(before, source, target)
	ids := windowIDs(before)
	swap := []string{"swap-pane", "-d", "-Z", "-s", string(source), "-t", string(target)}
	// Read the panes' windows as they are after the swap, and the windows
	// they were in: another client may have moved a pane to another
	// window since the first read, and the answer must still find it.
	more := append([]string{string(target)}, ids...)
	after, err := c.readWindows(ctx, string(source), more, append([][]string{swap}, focusSets(wants)...)...)
	if err != nil {
		return Pane{}, err
	}
	if fix := focusFixes(after, wants); len(fix) > 0 {
		if after, err = c.readWindows(ctx, string(source), more, fix...); err != nil {
			return Pane{}, err
		}
	}
	for _, w := range after {
		if p, ok := w.Pane(source); ok {
			return p, nil
		}
	}
	return Pane{}, goneErr("pane", string(source))
}

// focusWant is the focus a window should have after an operation.
type focusWant struct {
	window WindowID
	active PaneID
	last   PaneID // "" when the window had none
}

// swapWants decides each window's focus after swapping a and b.
func swapWants(before []*Window, a, b PaneID) []focusWant {
	var wants []focusWant
	for _, w := range before {
		want := focusWant{window: w.ID}
		if act, ok := w.ActivePane(); ok {
			want.active = act.ID
		}
		if l, ok := w.LastPane(); ok {
			want.last = l.ID
		}
		if len(before) == 2 { // across windows: the pane that left is replaced by the one that arrived
			left, arrived := a, b
			if _, ok := w.Pane(a); !ok {
				left, arrived = b, a
			}
			if want.active == left {
				want.active = arrived
			}
			if want.last == left {
				want.last = ""
			}
		}
		wants = append(wants, want)
	}
	return wants
}

// focusFixes returns the commands that give each window the wanted active
// pane and last pane: select the last one, then the active one, which is
// how a person's own jump from last to active would have left history.
// -Z keeps a zoomed window zoomed (on the active pane).
func focusFixes(now []*Window, wants []focusWant) [][]string {
	var cmds [][]string
	for _, want := range wants {
		var w *Window
		for _, x := range now {
			if x.ID == want.window {
				w = x
			}
		}
		if w == nil || want.active == "" {
			continue
		}
		if _, ok := w.Pane(want.active); !ok {
			continue
		}
		act, _ := w.ActivePane()
		last, _ := w.LastPane()
		_, lastHere := w.Pane(want.last)
		fixLast := want.last != "" && lastHere && want.last != want.active && last.ID != want.last
		if act.ID == want.active && !fixLast {
			continue
		}
		if fixLast {
			if act.ID == want.last {
				// Already on the wanted last pane: one select leaves it as last.
			} else {
				cmds = append(cmds, []string{"select-pane", "-Z", "-t", string(want.last)})
			}
		}
		cmds = append(cmds, []string{"select-pane", "-Z", "-t", string(want.active)})
	}
	return cmds
}

// readWindows reads the distinct windows of the given targets (pane or
// window ids) in one command list, after running extra commands.
func (c *Client) readWindows(ctx context.Context, first string, more []string, extra ...[]string) ([]*Window, error) {
	targets := append([]string{first}, more...)
	cmds := append([][]string(nil), extra...)
	for _, t := range targets {
		cmds = append(cmds, readWindowCmds(t)...)
	}
	out, err := c.run(ctx, cmds...)
	if err != nil {
		return nil, c.nameGone(err, first)
	}
	l, err := parseListing(out)
	if err != nil {
		return nil, &Error{Kind: KindRefused, Message: "cannot read tmux's answer: " + err.Error(), Err: err}
	}
	if len(l.windows) == 0 {
		return nil, goneErr(kindName(first), first)
	}
	return l.windows, nil
}

func windowIDs(ws []*Window) []string {
	ids := make([]string, len(ws))
	for i, w := range ws {
		ids[i] = string(w.ID)
	}
	return ids
}
