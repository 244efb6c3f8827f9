package termout

import (
	"io"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// DrawOffScreen has Bubble Tea's renderer draw v, a whole frame of
// width by height, into nothing: for a process that warms up the code a
// frame is drawn with before it draws one for a person.
func DrawOffScreen(v tea.View, width, height int, profile colorprofile.Profile) {
	p := tea.NewProgram(frameModel{view: v},
		tea.WithInput(nil),
		tea.WithOutput(io.Discard),
		tea.WithoutSignals(),
		tea.WithColorProfile(profile),
		tea.WithWindowSize(width, height))
	_, _ = p.Run()
}

// frameModel shows one view and quits: Bubble Tea draws the last frame as
// it ends.
type frameModel struct{ view tea.View }

func (f frameModel) Init() tea.Cmd                       { return tea.Quit }
func (f frameModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return f, nil }
func (f frameModel) View() tea.View                      { return f.view }
