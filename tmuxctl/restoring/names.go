package restoring

import (
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/label"
)

// Names is the command list that gives back want's window names,
// automatic-rename and pane titles, for the windows and panes in only
// (by id) that cur has otherwise. Only those: a program may set its own
// title, and tmux renames a window whose automatic-rename is on, while
// the navigator is open, and a restore must not undo that.
//
// A window whose automatic-rename was on gets its name back first (what
// tmux had named it), then the option is unset so that it is inherited
// again, and set on only where what it inherits is off: rename-window
// had set it off for that window alone. A name or title tmux would not
// store exactly as it was read (see package label) is left as it is.
func Names(cur, want *tmux.State, only map[string]bool) [][]string {
	var cmds [][]string
	for _, ww := range want.AllWindows() {
		cw, ok := cur.Window(ww.ID)
		if !ok {
			continue
		}
		if only[string(ww.ID)] {
			cmds = append(cmds, windowName(cw, ww)...)
		}
		for _, wp := range ww.Panes {
			cp, ok := cw.Pane(wp.ID)
			if !ok || !only[string(wp.ID)] || cp.Title == wp.Title {
				continue
			}
			if title, err := label.Title(wp.ID, wp.Title); err == nil {
				cmds = append(cmds, title...)
			}
		}
	}
	return cmds
}

// windowName turns cw's name and automatic-rename into ww's.
func windowName(cw, ww *tmux.Window) [][]string {
	id := string(ww.ID)
	if ww.AutoRename && cw.AutoRename {
		return nil // tmux names it, as it did
	}
	var cmds [][]string
	// While cw's automatic-rename is on, tmux may rename it after the read
	// cw comes from: its name there is no guide, so it is named anyway.
	if cw.Name != ww.Name || ww.AutoRename || cw.AutoRename {
		rename, err := label.Window(ww.ID, ww.Name)
		if err == nil {
			cmds = append(cmds, rename...)
		}
	}
	if ww.AutoRename {
		return append(cmds,
			[]string{"set-option", "-w", "-u", "-t", id, "automatic-rename"},
			[]string{"if-shell", "-F", "-t", id, "#{?automatic-rename,0,1}", "set-option -w -t " + id + " automatic-rename on"})
	}
	if cw.AutoRename {
		cmds = append(cmds, []string{"set-option", "-w", "-t", id, "automatic-rename", "off"})
	}
	return cmds
}
