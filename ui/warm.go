package ui

import (
	"fmt"
	"io"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
)

// Warm draws a throwaway map, off-screen, through the same code as the
// navigator's first frame: the map's styles and boxes, and Bubble Tea's
// renderer writing a whole frame. A process that will draw a map later
// (the resident's idle worker) calls it first, so that the first frame
// it draws for a person finds that code and its memory already paged in:
// drawn cold, the renderer's first frame costs ~870 page faults against
// ~140 drawn a second time (BENCHMARKS.md).
func Warm(width, height int, env []string) {
	m := warmModel(width, height, env)
	frame := frameModel{view: m.View()}
	p := tea.NewProgram(frame,
		tea.WithInput(nil),
		tea.WithOutput(io.Discard),
		tea.WithoutSignals(),
		tea.WithColorProfile(profileFor(m.opts)),
		tea.WithWindowSize(width, height))
	_, _ = p.Run()
}

// warmModel is a navigator over warmState, which needs no tmux to draw.
func warmModel(width, height int, env []string) Model {
	opts := DefaultOptions("$0")
	opts.Env = env
	opts.Initial = warmState(width, height)
	opts.Window = "@0"
	opts.Preview = false
	opts.size.w, opts.size.h = width, height
	return New(nil, opts)
}

// frameModel shows one view and quits: Bubble Tea draws the last frame as
// it ends.
type frameModel struct{ view tea.View }

func (f frameModel) Init() tea.Cmd                       { return tea.Quit }
func (f frameModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return f, nil }
func (f frameModel) View() tea.View                      { return f.view }

// warmState is a session of one window split in four.
func warmState(width, height int) *tmux.State {
	w := &tmux.Window{ID: "@0", Name: "warm", SessionID: "$0", SessionName: "warm", Width: width, Height: height, Active: true}
	hw, hh := width/2, height/2
	for i, at := range [][2]int{{0, 0}, {hw + 1, 0}, {0, hh + 1}, {hw + 1, hh + 1}} {
		w.Panes = append(w.Panes, tmux.Pane{
			ID: tmux.PaneID(fmt.Sprintf("%%%d", i)), Index: i, WindowID: "@0", Active: i == 0, DeadStatus: -1,
			Left: at[0], Top: at[1], Width: hw, Height: hh,
		})
	}
	return &tmux.State{Session: "$0", SessionName: "warm", Windows: []*tmux.Window{w}, Current: "@0"}
}
