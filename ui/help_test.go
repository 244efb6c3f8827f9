package ui

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
)

// helpSizes are the sizes the help must be readable at: the usual
// terminal, and smaller.
var helpSizes = [][2]int{{80, 24}, {60, 20}, {40, 12}}

// seenHelp opens the full help with ?, scrolls it to its end with pgdn,
// and returns every screen shown on the way and the keys (read by keys)
// that the help was of, then closes it again.
func (h *harness) seenHelp(keys func() help.KeyMap) (string, help.KeyMap) {
	h.t.Helper()
	h.keys("?")
	km := keys()
	seen := []string{h.screen()}
	for range 50 {
		h.send(tea.KeyPressMsg{Code: tea.KeyPgDown})
		s := h.screen()
		if s == seen[len(seen)-1] {
			break
		}
		seen = append(seen, s)
	}
	h.keys("?")
	return strings.Join(seen, "\n"), km
}

// wantEveryKey checks that every enabled binding of km's full help shows
// as "key description" on one of the screens.
func wantEveryKey(t *testing.T, what string, screens string, km help.KeyMap) {
	t.Helper()
	for _, g := range km.FullHelp() {
		for _, b := range g {
			if !b.Enabled() {
				continue
			}
			if item := b.Help().Key + " " + b.Help().Desc; !strings.Contains(screens, item) {
				t.Errorf("%s: %q cannot be seen, even scrolling:\n%s", what, item, screens)
			}
		}
	}
}

// TestHelpReadableAtEverySize: with ?, every key of the map, of swap mode
// and of the server view can be read at 80x24 and smaller, scrolling with
// pgdn where it does not all fit; undo is listed before anything has
// changed; and ? closes the full help again.
func TestHelpReadableAtEverySize(t *testing.T) {
	t.Parallel()
	for _, sz := range helpSizes {
		h := newHarness(t, gridState(), testOptions(), sz[0], sz[1])
		at := fmt.Sprintf("%dx%d", sz[0], sz[1])
		mapKeys := func() help.KeyMap { return h.m.keys }
		screens, km := h.seenHelp(mapKeys)
		wantEveryKey(t, at+" map", screens, km)
		if !strings.Contains(screens, "u undo") {
			t.Errorf("%s: undo is not offered before anything changed", at)
		}
		h.keys("s")
		screens, km = h.seenHelp(mapKeys)
		wantEveryKey(t, at+" swap mode", screens, km)
		h.keys("s", "w")
		if h.m.server == nil {
			t.Fatalf("%s: no server view", at)
		}
		screens, km = h.seenHelp(func() help.KeyMap { return h.m.server.Keys() })
		wantEveryKey(t, at+" server view", screens, km)
		if strings.Contains(h.screen(), "previous pane") {
			t.Errorf("%s: the full help is still shown after ? again:\n%s", at, h.screen())
		}
	}
}

// TestShortHelpWholeItems: at every width, the footer's line is made of
// whole items of the short help ("key description"), with " …" when some
// are left off: never a word cut at the edge. Undo is among them from the
// start.
func TestShortHelpWholeItems(t *testing.T) {
	t.Parallel()
	for w := MinWidth; w <= 130; w++ {
		h := newHarness(t, gridState(), testOptions(), w, 24)
		items := map[string]bool{}
		for _, b := range h.m.keys.ShortHelp() {
			items[b.Help().Key+" "+b.Help().Desc] = true
		}
		lines := strings.Split(h.screen(), "\n")
		footer := strings.TrimRight(lines[len(lines)-1], " ")
		footer = strings.TrimSuffix(footer, " …")
		for _, it := range strings.Split(footer, " • ") {
			if !items[it] {
				t.Errorf("width %d: %q in the footer is not a whole item: %q", w, it, footer)
			}
		}
		if w >= 80 && !strings.Contains(footer, "u undo") {
			t.Errorf("width %d: undo is not offered before anything changed: %q", w, footer)
		}
	}
}
