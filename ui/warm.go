package ui

import (
	"io"
	"runtime"

	uv "github.com/charmbracelet/ultraviolet"

	"github.com/panemap/panemap/tmux"
)

// warmRenderer draws a made-up map of the screen's size off screen, through
// the code the first frame goes through (the map's layout and styles, then
// Bubble Tea's renderer, ultraviolet), and collects the garbage. It runs
// while the opening read is out, on the other core.
//
// Why: a process's first touch of a page of its code or heap is a page
// fault, and on the virtual machines people run tmux in a fault costs tens
// of microseconds. Cold, the first frame's drawing faults ~900 times (25–30
// ms here); drawn once before and collected, so that the heap's pages are
// there to reuse, the real one faults ~150 times (3–7 ms).
func warmRenderer(w, h int, env []string) {
	if w < MinWidth || h < MinHeight {
		return
	}
	opts := DefaultOptions("$0")
	opts.Env = env
	opts.Initial = warmState(w, h)
	opts.size.w, opts.size.h = w, h
	frame := New(nil, opts).View().Content
	buf := uv.NewScreenBuffer(w, h)
	uv.NewStyledString(frame).Draw(buf, buf.Bounds())
	r := uv.NewTerminalRenderer(io.Discard, env)
	r.Render(buf.RenderBuffer)
	_ = r.Flush()
	runtime.GC()
}

// warmState is a window of two panes side by side.
func warmState(w, h int) *tmux.State {
	win := &tmux.Window{ID: "@0", SessionID: "$0", Name: "warm", Width: w, Height: h, Active: true}
	half := w / 2
	for i, p := range []tmux.Pane{
		{ID: "%0", Left: 0, Width: half, Command: "sh", Path: "/", Title: "─│╭╮ 界", Active: true},
		{ID: "%1", Left: half + 1, Width: w - half - 1, Command: "vim", Path: "/tmp"},
	} {
		p.Index, p.WindowID, p.Height = i, win.ID, h
		win.Panes = append(win.Panes, p)
	}
	return &tmux.State{Session: "$0", SessionName: "warm", Windows: []*tmux.Window{win}, Current: win.ID}
}
