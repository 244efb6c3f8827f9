package ui

import (
	"charm.land/bubbles/v2/key"

	"github.com/panemap/panemap/ui/agentbadge"
	"github.com/panemap/panemap/ui/keyhelp"
)

// KeyMap is the navigator's keys. Bindings are enabled and their help
// reworded per mode (see setMode), so the help line never lies.
type KeyMap struct {
	Up    key.Binding
	Down  key.Binding
	Left  key.Binding
	Right key.Binding
	// Move only carries the short help for the four directions.
	Move key.Binding

	Next  key.Binding
	Prev  key.Binding
	Last  key.Binding
	Label key.Binding

	SwapMode   key.Binding
	Mark       key.Binding
	SwapMarked key.Binding
	PrevWindow key.Binding
	NextWindow key.Binding
	Zoom       key.Binding
	Undo       key.Binding

	// Rearranging: resize (Resize only carries the short help for the
	// four), layouts, rotation, and moves between windows.
	ResizeLeft  key.Binding
	ResizeDown  key.Binding
	ResizeUp    key.Binding
	ResizeRight key.Binding
	Resize      key.Binding
	NextLayout  key.Binding
	PrevLayout  key.Binding
	Spread      key.Binding
	Rotate      key.Binding
	RotateBack  key.Binding
	MoveNext    key.Binding
	MovePrev    key.Binding
	Break       key.Binding
	// Float floats the focused tiled pane or tiles the focused floating
	// one (tmux 3.8); a floating pane moves with the swap mode's arrows
	// and resizes with HJKL.
	Float key.Binding

	// Names: the window's name and the focused pane's title.
	RenameWindow key.Binding
	PaneTitle    key.Binding

	// NextAlert jumps to the next window with an alert, in any session;
	// ServerView shows every session and window.
	NextAlert  key.Binding
	ServerView key.Binding
	// Find finds panes by what they show, across the server.
	Find key.Binding
	// NextWaiting jumps to the next pane whose agent waits (n).
	NextWaiting key.Binding
	// SaveLayout saves the window's layout under a name; Layouts lists
	// the saved ones to apply, rename or delete (package layoutlist).
	SaveLayout key.Binding
	Layouts    key.Binding

	Keep   key.Binding
	Revert key.Binding
	Help   key.Binding
	// Scroll scrolls the full help when it does not fit.
	Scroll keyhelp.ScrollKeys

	waiting bool // keyState.waiting
}

// DefaultKeyMap returns the navigator's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:    key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:  key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Left:  key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "left")),
		Right: key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "right")),
		Move: key.NewBinding(key.WithKeys("up", "down", "left", "right", "h", "j", "k", "l"),
			key.WithHelp("←↓↑→/hjkl", "focus")),

		Next:  key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next pane")),
		Prev:  key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous pane")),
		Last:  key.NewBinding(key.WithKeys(";"), key.WithHelp(";", "last pane")),
		Label: key.NewBinding(key.WithKeys("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("0-9", "pane by label")),

		SwapMode:   key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "swap")),
		Mark:       key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "mark")),
		SwapMarked: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "swap with marked")),
		PrevWindow: key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous window")),
		NextWindow: key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next window")),
		Zoom:       key.NewBinding(key.WithKeys("z"), key.WithHelp("z", "zoom")),
		Undo:       key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo")),

		ResizeLeft:  key.NewBinding(key.WithKeys("H", "shift+left"), key.WithHelp("H/⇧←", "resize left")),
		ResizeDown:  key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J/⇧↓", "resize down")),
		ResizeUp:    key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K/⇧↑", "resize up")),
		ResizeRight: key.NewBinding(key.WithKeys("L", "shift+right"), key.WithHelp("L/⇧→", "resize right")),
		Resize: key.NewBinding(key.WithKeys("H", "J", "K", "L", "shift+left", "shift+down", "shift+up", "shift+right"),
			key.WithHelp("HJKL", "resize")),
		NextLayout: key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "next layout")),
		// Most terminals send Shift+space as a plain space; p always works.
		PrevLayout: key.NewBinding(key.WithKeys("shift+space", "p"), key.WithHelp("⇧space/p", "prev layout")),
		Spread:     key.NewBinding(key.WithKeys("="), key.WithHelp("=", "spread evenly")),
		Rotate:     key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rotate")),
		RotateBack: key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "rotate back")),
		MoveNext:   key.NewBinding(key.WithKeys(">"), key.WithHelp(">", "to next window")),
		MovePrev:   key.NewBinding(key.WithKeys("<"), key.WithHelp("<", "to previous window")),
		Break:      key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "own window")),
		Float:      key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "float/tile")),

		RenameWindow: key.NewBinding(key.WithKeys(","), key.WithHelp(",", "rename")),
		PaneTitle:    key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "title")),
		NextAlert:    key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "next alert")),
		ServerView:   key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "all sessions")),
		Find:         key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "find")),
		NextWaiting:  agentbadge.DefaultKeyMap().NextWaiting,
		SaveLayout:   key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "save layout")),
		Layouts:      key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "saved layouts")),

		Keep:   key.NewBinding(key.WithKeys("enter", "q"), key.WithHelp("q", "close")),
		Revert: key.NewBinding(key.WithKeys("esc", "ctrl+c"), key.WithHelp("esc", "revert")),
		Help:   key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "more")),
		Scroll: keyhelp.DefaultScrollKeys(),
	}
}

// keyState is what decides which keys work and how they are described.
type keyState struct {
	swap       bool
	windows    int
	escReverts bool
	escStays   bool // Esc puts back and stays open (Options.EscStays)
	fullHelp   bool
	floating   bool // the focused pane floats (tmux 3.7+)
	waiting    bool // an agent waits: n leads the short help
}

// setMode enables and rewords the bindings for the current mode.
func (k *KeyMap) setMode(s keyState) {
	// The arrows' words: focus moves in nav mode, the pane moves in swap
	// mode (a floating one within the window).
	verb, move, swapKey := "focus", "focus", "swap"
	switch {
	case s.swap && s.floating:
		verb, move, swapKey = "move float", "move float", "end swap"
	case s.swap:
		verb, move, swapKey = "swap", "move pane", "end swap"
	}
	k.Move.SetHelp("←↓↑→/hjkl", move)
	k.Up.SetHelp("↑/k", verb+" up")
	k.Down.SetHelp("↓/j", verb+" down")
	k.Left.SetHelp("←/h", verb+" left")
	k.Right.SetHelp("→/l", verb+" right")
	k.SwapMode.SetHelp("s", swapKey)
	// A floating pane grows and shrinks from its top-left corner: H
	// narrower, L wider, K shorter, J taller.
	if s.floating {
		k.Resize.SetHelp("HJKL", "resize float")
		k.Float.SetHelp("f", "tile")
	} else {
		k.Resize.SetHelp("HJKL", "resize")
		k.Float.SetHelp("f", "float")
	}
	k.PrevWindow.SetEnabled(s.windows > 1)
	k.NextWindow.SetEnabled(s.windows > 1)
	k.MoveNext.SetEnabled(s.windows > 1)
	k.MovePrev.SetEnabled(s.windows > 1)
	if s.escReverts && s.escStays {
		k.Revert.SetHelp("esc", "put back")
	} else if s.escReverts {
		k.Revert.SetHelp("esc", "revert")
	} else {
		k.Revert.SetHelp("esc", "close")
	}
	k.waiting = s.waiting
	if s.fullHelp {
		k.Help.SetHelp("?", "less")
	} else {
		k.Help.SetHelp("?", "more")
	}
}

// ShortHelp is the footer line, most important first: a narrow popup
// cuts it from the end.
func (k KeyMap) ShortHelp() []key.Binding {
	short := []key.Binding{k.Move, k.SwapMode, k.Keep, k.Revert, k.Help, k.Undo, k.Resize, k.NextLayout, k.Mark, k.SwapMarked, k.Zoom}
	if k.waiting {
		return append([]key.Binding{k.NextWaiting}, short...)
	}
	return short
}

// FullHelp is the footer when ? is on. It spells out every key of the
// closing bindings, which the short help abbreviates.
func (k KeyMap) FullHelp() [][]key.Binding {
	k.Keep.SetHelp("enter/q", k.Keep.Help().Desc)
	k.Revert.SetHelp("esc/ctrl+c", k.Revert.Help().Desc)
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.Next, k.Prev},
		{k.Last, k.Label, k.SwapMode, k.Mark, k.SwapMarked, k.Zoom, k.ServerView},
		{k.Resize, k.NextLayout, k.PrevLayout, k.Spread, k.Rotate, k.RotateBack},
		{k.PrevWindow, k.NextWindow, k.NextAlert, k.NextWaiting, k.MovePrev, k.MoveNext, k.Break, k.Float},
		{k.Find, k.RenameWindow, k.PaneTitle, k.SaveLayout, k.Layouts, k.Undo, k.Keep, k.Revert, k.Help},
	}
}
