package main

import (
	"context"
	"errors"
	"time"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/modal"
	"github.com/panemap/panemap/ui"
	"github.com/panemap/panemap/ui/previews"
)

// closeModalTimeout bounds the command list that closes the modal pane,
// run after the navigator has ended (its context may be over by then).
const closeModalTimeout = 5 * time.Second

// openInModal is the navigator in a modal pane (@panemap-open modal, tmux
// 3.8): the plugin's binding ran it with new-pane -O over the window
// it shows, with --in-modal naming the pane that was focused. tmux keeps
// every other pane of the window from becoming active while the modal
// pane is open, so the navigator keeps its focus on the map (see
// tmuxctl/modal) and applies it in the command list that kills its own
// pane, which runs whatever way the navigator ends.
func openInModal(ctx context.Context, g *globals, nf *navigatorFlags) int {
	defer pauseGC(openingGCPause)()
	sid, wid, ok := g.idsTarget()
	own := g.env.Pane()
	if !ok || wid == "" || own == "" {
		return fail(g, errors.New("--in-modal needs -t SESSION_ID:WINDOW_ID and TMUX_PANE, which tmux sets in the modal pane: the plugin's binding passes them"))
	}
	client := g.deferredClient()
	defer client.Close()
	nav, err := modal.New(client, sid, wid, own, tmux.PaneID(nf.inModal))
	if err != nil {
		return fail(g, err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), closeModalTimeout)
		defer cancel()
		// Killing the pane hangs panemap up: nothing follows this.
		_ = nav.Close(cctx)
	}()
	return runOpened(ctx, g, nav, client, sid, nf, nav.View(nf.firstFrame(sid, wid)), func(ctx context.Context, open *tmuxctl.Opening, st settings) (ui.Options, func()) {
		opts, closer := navigatorOptions(ctx, client, sid, wid, st, nav.View(open.State))
		if opts.Previews != nil {
			// Only the previews: a read of the session beside the
			// captures would show the modal pane and tmux's focus.
			opts.Previews = struct{ previews.Source }{opts.Previews}
		}
		return opts, closer
	})
}

// openOption chooses where the navigator opens over a window: popup (the
// default) or modal (tmux 3.8). The plugin reads it as it loads; panemap
// run in a pane reads it as it opens.
const openOption = "@panemap-open"

// launchModal opens argv (this binary, its server, window and settings'
// flags) in a modal pane over pane over, sized and placed as the popup
// would be, and returns at once: the navigator runs in its pane, and
// closes it.
func launchModal(ctx context.Context, g *globals, client *tmuxctl.Client, argv []string, over tmux.PaneID, st settings) int {
	err := modal.Open(ctx, client, modal.Spec{
		Over: over, Width: st.Width, Height: st.Height, Border: st.Border,
		Title:   " panemap ",
		Command: append(argv, "--in-modal", string(over)),
		Env:     []string{"TMUX="}, // as for the popup: see launchPopup
	})
	if err != nil {
		return fail(g, err)
	}
	return 0
}
