package ui

import (
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/termout"
)

// Warm draws st's map off-screen through the navigator's view and Bubble
// Tea's renderer, so that a process's first map for a person (the
// resident's idle worker's) finds that code paged in (BENCHMARKS.md).
func Warm(st *tmux.State, width, height int, env []string) {
	m := warmModel(st, width, height, env)
	termout.DrawOffScreen(m.View(), width, height, profileFor(m.opts))
}

// warmModel is a navigator over st, which needs no tmux to draw.
func warmModel(st *tmux.State, width, height int, env []string) Model {
	opts := DefaultOptions(st.Session)
	opts.Env, opts.Initial, opts.Window = env, st, st.Current
	opts.size.w, opts.size.h = width, height
	return New(nil, opts)
}
