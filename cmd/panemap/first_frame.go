package main

import (
	"io"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui"
)

// The first frame without a round trip: the plugin's binding (and the
// README's) expands the window the key was pressed in into --state, a
// snapshot (tmux.SnapshotFormat), as run-shell -C expands the ids it
// passes. The navigator draws the map from it at once, while its opening
// read is out, and the read then adds paths, titles and previews.
//
// The @panemap-* options are read at every open, by that read. Of them,
// @panemap-color and @panemap-esc change how the first frame looks (its
// colours, the key help's Esc), so the snapshot says, for each, only
// whether it is unset or its default: a format conditional, 1 or 0, so
// that no option's text is ever expanded into the command line. When
// either is set otherwise, the navigator waits for the read, as it does
// without a snapshot: a first frame drawn with the defaults and then
// redrawn in other colours is what this is here to avoid. The others
// change nothing the first frame draws (a malformed one is named on the
// status line once the read is in).

// stateFlag is the navigator's flag that takes the snapshot.
const stateFlag = "state"

// firstFrameOptions are the options the snapshot checks: the settings
// that change the first frame, with their defaults.
func firstFrameOptions() []tmux.SnapshotOption {
	var out []tmux.SnapshotOption
	for _, d := range settingDefs() {
		if d.name == "color" || d.name == "esc" {
			out = append(out, tmux.SnapshotOption{Name: optionName(d.name), Default: d.def})
		}
	}
	return out
}

// stateFormat is what a binding passes as --state, between single quotes.
var stateFormat = tmux.SnapshotFormat(firstFrameOptions())

// firstFrame is the snapshot given with --state, when it is for window
// wid ("" any) of session sid, that window is the session's current one
// (the one the key was pressed in), and the first frame's options are unset or
// their defaults; otherwise nil, and the navigator waits for its read. A
// snapshot that is malformed or disagrees with itself is never drawn
// (tmux.ParseSnapshot).
func (nf *navigatorFlags) firstFrame(sid tmux.SessionID, wid tmux.WindowID) *tmux.State {
	if nf.state == "" {
		return nil
	}
	snap, err := tmux.ParseSnapshot(nf.state)
	if err != nil || snap.State.Session != sid || snap.Window != snap.State.Current || wid != "" && snap.Window != wid ||
		len(snap.Defaults) != len(firstFrameOptions()) {
		return nil
	}
	for _, d := range snap.Defaults {
		if !d {
			return nil
		}
	}
	return snap.State
}

// withFirstFrame sets the navigator's options before its read (opts) to
// draw first, a snapshot, as the read's options will draw it: the
// defaults, under the flags given.
func (nf *navigatorFlags) withFirstFrame(opts ui.Options, first *tmux.State) ui.Options {
	if first == nil {
		return opts
	}
	st := settingsFrom(nil, nf.given, io.Discard)
	opts.FirstFrame, opts.Window = first, first.Current
	opts.EscReverts = st.Esc == "revert"
	opts.NoColor = st.Color == "never"
	return opts
}
