package capture

import (
	"reflect"
	"testing"

	"github.com/panemap/panemap/tmux"
)

func TestFlavourOf(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]Flavour{"": Generic, "openbsd-7.5": Generic, "3.2a": Before34, "3.3a": Before34,
		"3.4": Before36, "3.5a": Before36, "3.6b": Current, "3.7c": Current, "next-3.8": Current, "master": Current} {
		v, err := tmux.ParseVersion("tmux " + raw)
		if err != nil {
			v = tmux.Version{Raw: raw, Dev: true}
		}
		if got := FlavourOf(v); got != want {
			t.Errorf("%q: %v, want %v", raw, got, want)
		}
	}
}

// The headers come first, each pane's capture after them by its height; a
// pane gone before the list ran has no header and its failed capture ended
// the list: the panes after it are to be captured again.
func TestSplitScreens(t *testing.T) {
	t.Parallel()
	const nonce = "N"
	m := Marker(nonce)
	panes := []tmux.PaneID{"%1", "%2", "%3", "%4"}
	out := m + " %1 5 2 0 0 1   0 \n" + m + " %3 5 1 0 0 1   0 \n" + m + " %4 5 1 0 0 1 1 1 3 copy-mode\n" +
		m + " %1 5 2 0 0 1   0 \n" + "a\n" + m + " %3 5 1 0 0 1   0 \n"
	got := SplitScreens(out, nonce, panes, Before34)
	want := Listed[tmux.PaneScreen]{
		Got:   []tmux.PaneScreen{{Pane: "%1", Width: 5, Height: 2, CursorVisible: true, Text: "a\n" + m + " %3 5 1 0 0 1   0 \n"}},
		Retry: []tmux.PaneID{"%3", "%4"}, Gone: "%2",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	// Before 3.4 a scrolled copy mode is captured again another way.
	out = m + " %4 5 1 0 0 1 1 1 3 copy-mode\nx\n"
	if got := SplitScreens(out, nonce, []tmux.PaneID{"%4"}, Before34); len(got.Got) != 0 || !reflect.DeepEqual(got.Generic, []tmux.PaneID{"%4"}) {
		t.Errorf("scrolled copy mode: %+v", got)
	}
	if got := SplitScreens(out, nonce, []tmux.PaneID{"%4"}, Current); len(got.Got) != 1 || got.Got[0].Mode != "copy-mode" {
		t.Errorf("scrolled copy mode, 3.6+: %+v", got)
	}
	// More lines than the headers account for: nothing is trusted.
	if got := SplitScreens(out+"y\n", nonce, []tmux.PaneID{"%4"}, Current); !got.Bad {
		t.Errorf("extra line: %+v", got)
	}
}
