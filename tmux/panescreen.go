package tmux

// PaneScreen is one pane's screen as the user sees it, as CapturePanes
// reads it for the navigator's live previews.
type PaneScreen struct {
	Pane             PaneID
	Width, Height    int // the pane's size
	CursorX, CursorY int
	CursorVisible    bool   // tmux hides the cursor in some modes and programs
	Mode             string // "" or tmux's #{pane_mode}: copy-mode, view-mode, tree-mode, …
	Text             string // capture-pane -e -p of what the user sees: Height lines, SGR kept
}
