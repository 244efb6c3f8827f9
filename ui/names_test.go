package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
)

// typeText sends each character of s as a key press.
func (h *harness) typeText(s string) {
	h.t.Helper()
	for _, r := range s {
		h.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// TestRenameWindowPrompt: , opens a prompt holding the window's name;
// every key is text there (q does not close, hjkl do not move); Enter
// renames, literally, in one call.
func TestRenameWindowPrompt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys(",")
	if h.m.prompt == nil || !strings.Contains(h.screen(), "rename window @1: grid") {
		t.Fatalf("no prompt holding the name:\n%s", h.screen())
	}
	if !strings.Contains(h.screen(), "enter set") || !strings.Contains(h.screen(), "esc cancel") {
		t.Errorf("the footer does not show the prompt's keys:\n%s", h.screen())
	}
	for range len("grid") {
		h.send(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	h.typeText("q hjkl #(rm x) #{pane_id}")
	if h.m.quitting || len(h.core.Calls()) != 0 {
		t.Fatalf("keys typed in the prompt acted: quitting %v, calls %q", h.m.quitting, h.core.Calls())
	}
	h.keys("enter")
	h.wantCalls(`rename @1 "q hjkl #(rm x) #{pane_id}"`)
	if h.m.prompt != nil || !strings.Contains(h.screen(), "0:q hjkl #(rm x)") {
		t.Errorf("after enter: prompt %v, screen:\n%s", h.m.prompt != nil, h.screen())
	}
}

// TestPaneTitlePrompt: t titles the focused pane; a paste is text too.
func TestPaneTitlePrompt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("t")
	if !strings.Contains(h.screen(), "title of %0: host") {
		t.Fatalf("no prompt holding the title:\n%s", h.screen())
	}
	h.send(tea.PasteMsg{Content: " pasted"})
	h.keys("enter")
	h.wantCalls(`title %0 "host pasted"`)
}

// TestPromptEscAndUnchanged: Esc closes only the prompt; Enter on an
// unchanged text asks nothing of tmux.
func TestPromptEscAndUnchanged(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys(",", "x", "esc")
	if h.m.prompt != nil || h.m.quitting {
		t.Fatalf("esc: prompt %v, quitting %v", h.m.prompt != nil, h.m.quitting)
	}
	h.keys(",", "enter")
	h.wantStatus("unchanged")
	h.wantCalls()
	// The map's keys work again.
	h.keys("l")
	h.wantActive("%2")
}

// TestPromptEscPressedTwice: Esc pressed twice at once (Alt+Esc, see
// escOnce) closes the prompt alone, as one Esc does.
func TestPromptEscPressedTwice(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys(",", "x")
	h.send(tea.KeyPressMsg{Code: tea.KeyEscape, Mod: tea.ModAlt})
	if h.m.prompt != nil || h.m.quitting {
		t.Fatalf("Esc Esc: prompt %v, quitting %v", h.m.prompt != nil, h.m.quitting)
	}
	h.keys("l")
	h.wantActive("%2")
}

// TestNamesUndoAndRevert: u gives back the name; Esc gives back every
// name and title the navigator set, and no other.
func TestNamesUndoAndRevert(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys(",", "!", "enter")
	if w, _ := h.core.State().Window("@1"); w.Name != "grid!" || w.AutoRename {
		t.Fatalf("renamed to %q, automatic-rename %v", w.Name, w.AutoRename)
	}
	h.keys("u")
	if w, _ := h.core.State().Window("@1"); w.Name != "grid" {
		t.Errorf("undo left the name %q, want grid", w.Name)
	}
	h.keys(",", "!", "enter", "t", "?", "enter")
	// A program retitles another pane meanwhile.
	h.core.edit(func(st *tmux.State) { st.Windows[0].Panes[1].Title = "its own" })
	h.keys("esc")
	st := h.core.State()
	w, _ := st.Window("@1")
	if w.Name != "grid" || w.Panes[0].Title != "host" {
		t.Errorf("after esc: name %q title %q, want grid and host", w.Name, w.Panes[0].Title)
	}
	if w.Panes[1].Title != "its own" {
		t.Errorf("esc put back a title the navigator never set: %q", w.Panes[1].Title)
	}
}

// refusal is the error tmuxctl gives for a text it will not store, in
// its shape: the value Go-quoted in a one-line message.
func refusal(what, text, why string) error {
	return &tmux.Error{Kind: tmux.KindInvalidInput, Value: text,
		Message: "invalid " + what + " " + tmux.Quote(text) + ": it " + why}
}

// words is s with its runs of white space made one space: text wrapped
// over several lines reads the same as on one.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestPromptKeepsRefusedText: a name or a title that is refused leaves
// its prompt open with the text as typed, and shows the whole reason,
// wrapped, with the text as typed (never Go-quoted: one backslash shows
// as one); editing the text clears the reason.
func TestPromptKeepsRefusedText(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		h := newHarness(t, gridState(), testOptions(), size[0], size[1])
		const text = `dir\sub #[x]`
		why := "holds #[, which tmux keeps as a style (format.c keeps a run of '#' before '[' as it is)"
		h.core.fail["rename"] = refusal("window name", text, why)
		h.keys(",")
		for range len("grid") {
			h.send(tea.KeyPressMsg{Code: tea.KeyBackspace})
		}
		h.typeText(text)
		h.keys("enter")
		if h.m.prompt == nil || h.m.prompt.input.Value() != text {
			t.Fatalf("%v: the refused text was not kept in an open prompt:\n%s", size, h.screen())
		}
		scr := h.screen()
		if want := `invalid window name "dir\sub #[x]": it ` + why; !strings.Contains(words(scr), words(want)) {
			t.Errorf("%v: the reason is not shown whole, as typed:\nwant %s\n%s", size, want, scr)
		}
		_, below, _ := strings.Cut(scr, "rename window @1:")
		if strings.Contains(scr, `\\`) || strings.Contains(below, "…") {
			t.Errorf("%v: Go quoting or a cut on screen:\n%s", size, scr)
		}
		h.send(tea.KeyPressMsg{Code: tea.KeyBackspace})
		if strings.Contains(h.screen(), "format.c") {
			t.Errorf("%v: the reason stays after an edit:\n%s", size, h.screen())
		}
	}

	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.core.fail["title"] = refusal("title", `a\b`, `holds \, which tmux would store escaped`)
	h.keys("t")
	h.typeText(` a\b`)
	h.keys("enter")
	if h.m.prompt == nil || h.m.prompt.input.Value() != `host a\b` {
		t.Fatalf("the refused title was not kept:\n%s", h.screen())
	}
	if !strings.Contains(words(h.screen()), `"a\b": it holds \, which tmux would store escaped`) {
		t.Errorf("the title's reason is not shown as typed:\n%s", h.screen())
	}
	h.keys("esc")
	if h.m.prompt != nil {
		t.Error("esc did not close the reopened prompt")
	}
}
