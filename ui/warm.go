package ui

import (
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/termout"
)

// Warm draws the map of window st.Current of st, off-screen, through the
// same code as the navigator's first frame: the map's styles and boxes,
// and Bubble Tea's renderer writing a whole frame. A process that will
// draw a map later (the resident's idle worker) calls it first, so that
// the first frame it draws for a person finds that code and its memory
// paged in: drawn cold, the renderer's first frame costs ~870 page faults
// against ~140 drawn a second time (BENCHMARKS.md).
func Warm(st *tmux.State, width, height int, env []string) {
	m := warmModel(st, width, height, env)
	termout.DrawOffScreen(m.View(), width, height, profileFor(m.opts))
}

// warmModel is a navigator over st, which needs no tmux to draw.
func warmModel(st *tmux.State, width, height int, env []string) Model {
	opts := DefaultOptions(st.Session)
	opts.Env, opts.Initial, opts.Window, opts.Preview = env, st, st.Current, false
	opts.size.w, opts.size.h = width, height
	return New(nil, opts)
}
