package layoutlist

import (
	"context"

	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
)

// Tmux is what the named layouts read of tmux beyond the navigator's
// Core: *tmuxctl.Client has it.
type Tmux interface {
	RequireVersion(ctx context.Context) (tmux.Version, error)
	UserOptions(ctx context.Context, s tmux.SessionID, names []string) (map[string]string, error)
	NameLayout(ctx context.Context, w tmux.WindowID, name string) error
}

// Mark is the layout a window last had applied or saved, as its options
// say, and the server's version.
type Mark struct {
	Window  tmux.WindowID
	Name    string
	Applied string // the window's layout right after
	Version tmux.Version
	Err     error
}

// ReadMark reads window w's mark and the server's version, first naming
// its layout saved when that is not "" (a save from the map: the window
// has that layout now). The options are read as values
// (tmuxctl.Client.UserOptions), never expanded as a format, through
// session s, whose current window they belong to: the caller asks only
// for the session's current window.
func ReadMark(ctx context.Context, t Tmux, s tmux.SessionID, w tmux.WindowID, saved string) Mark {
	k := Mark{Window: w}
	if k.Version, k.Err = t.RequireVersion(ctx); k.Err != nil {
		return k
	}
	if saved != "" {
		if k.Err = t.NameLayout(ctx, w, saved); k.Err != nil {
			return k
		}
	}
	opts, err := t.UserOptions(ctx, s, []string{layouts.OptionName, layouts.OptionApplied})
	if err != nil {
		k.Err = err
		return k
	}
	k.Name, k.Applied = opts[layouts.OptionName], opts[layouts.OptionApplied]
	return k
}

// Badge is what the map's title says of window w's layout: "layout dev",
// "layout dev changed" once the window's layout differs from the one it
// had right after; "" when no layout is known for it.
func (k Mark) Badge(w *tmux.Window) string {
	if w == nil || w.ID != k.Window || k.Name == "" {
		return ""
	}
	if k.Applied != "" && w.Layout != k.Applied {
		return "layout " + k.Name + " changed"
	}
	return "layout " + k.Name
}
