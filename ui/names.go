package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/ui/prompt"
)

// Names: , renames the window on the map and t sets the focused pane's
// title, each through a prompt that takes every key as text (q is a
// letter there, and Esc closes only the prompt). The text is stored as
// typed: tmuxctl escapes it so that tmux never expands #{…} or runs
// #(…) in it. Undo and Esc give the old name, title and automatic-rename
// back.

type promptKind int

const (
	promptWindowName promptKind = iota + 1
	promptPaneTitle
)

// namePrompt is an open prompt and what it names.
type namePrompt struct {
	kind   promptKind
	window tmux.WindowID
	pane   tmux.PaneID
	input  prompt.Model
}

// openPrompt opens the prompt for the window on the map or its focused
// pane, holding the current name or title.
func (m *Model) openPrompt(kind promptKind) {
	w := m.window()
	if w == nil {
		return
	}
	a, ok := w.ActivePane()
	if !ok {
		return
	}
	p := &namePrompt{kind: kind, window: w.ID, pane: a.ID}
	if kind == promptWindowName {
		p.input = prompt.New("rename window "+string(w.ID), w.Name, tmuxctl.MaxLabelLen, m.styles.Prompt)
	} else {
		p.input = prompt.New("title of "+string(a.ID), a.Title, tmuxctl.MaxLabelLen, m.styles.Prompt)
	}
	m.prompt = p
}

// typeInPrompt gives a key or a paste to the open prompt, and on Enter
// starts the change.
func (m *Model) typeInPrompt(msg tea.Msg) tea.Cmd {
	p := m.prompt
	var out prompt.Outcome
	p.input, out = p.input.Update(msg)
	switch out {
	case prompt.Cancelled:
		m.prompt = nil
	case prompt.Submitted:
		m.prompt = nil
		if !p.input.Changed() {
			m.status = status{text: "unchanged", kind: statusNudge}
			return nil
		}
		if m.named == nil {
			m.named = map[string]bool{}
		}
		text := p.input.Value()
		var cmd tea.Cmd
		if p.kind == promptWindowName {
			m.named[string(p.window)] = true
			cmd = m.startOp(setName(&tmuxctl.Op{Kind: tmuxctl.OpRenameWindow, Window: p.window, Text: text}))
		} else {
			m.named[string(p.pane)] = true
			cmd = m.startOp(setName(&tmuxctl.Op{Kind: tmuxctl.OpSetTitle, Pane: p.pane, Text: text}))
		}
		m.submitted = &submittedPrompt{seq: m.seq, prompt: p}
		return cmd
	}
	return nil
}

// submittedPrompt is a prompt whose text is being stored: its operation's
// sequence number, and the prompt as it was at Enter.
type submittedPrompt struct {
	seq    int
	prompt *namePrompt
}

// reopenRefused opens the submitted prompt again, holding the text as
// typed and saying why, when its operation (sequence number seq) failed
// for its text or because tmux said no. It reports whether it did; a
// failure for anything else (the window gone) leaves it closed.
func (m *Model) reopenRefused(seq int, err error) bool {
	s := m.submitted
	if s == nil || s.seq != seq {
		return false
	}
	m.submitted = nil
	if k := tmux.KindOf(err); err == nil || (k != tmux.KindInvalidInput && k != tmux.KindRefused) {
		return false
	}
	s.prompt.input.SetError(errorText(err))
	m.prompt = s.prompt
	return true
}

// setName makes a rename or a retitle.
func setName(op *tmuxctl.Op) opFunc {
	return func(*tmux.State) (decision, error) {
		return decision{op: op}, nil
	}
}
