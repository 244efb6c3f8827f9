package capture

import (
	"reflect"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// answer builds CapturePanes' answer: per pane a header, its lines and
// its trailer, then the end marker.
func answer(nonce string, panes ...[]string) string {
	var b strings.Builder
	for _, p := range panes {
		for _, l := range p {
			b.WriteString(l + "\n")
		}
		id, _, _ := strings.Cut(strings.TrimPrefix(p[0], Marker(nonce)+" "), " ")
		b.WriteString(Trailer(nonce, tmux.PaneID(id)) + "\n")
	}
	b.WriteString(Marker(nonce) + "\n")
	return b.String()
}

func TestSplitCapturesForgedMarkers(t *testing.T) {
	t.Parallel()
	const nonce = "N0NCE"
	m := Marker(nonce)
	// Pane %1 prints lines that carry the real nonce: a header for %2,
	// the end marker, and a header announcing a huge height.
	p1 := []string{m + " %1 10 4 1 2 1   ", m + " %2 10 1 0 0 1   ", m, m + " %3 10 99999 0 0 1   ", m + ".2"}
	p2 := []string{m + " %2 10 2 3 1 0   ", "\x1b[31mred\x1b[0m", ""}
	p3 := []string{m + " %3 20 1 0 0 1 4 5 copy-mode", "=panemap-other %1 1 1 0 0 1   "}
	got := Split(answer(nonce, p1, p2, p3), nonce, []tmux.PaneID{"%3", "%1", "%2", "%4"})
	want := []tmux.PaneScreen{
		{Pane: "%3", Width: 20, Height: 1, CursorX: 4, CursorY: 5, CursorVisible: true, Mode: "copy-mode", Text: p3[1] + "\n"},
		{Pane: "%1", Width: 10, Height: 4, CursorX: 1, CursorY: 2, CursorVisible: true, Text: strings.Join(p1[1:], "\n") + "\n"},
		{Pane: "%2", Width: 10, Height: 2, CursorX: 3, CursorY: 1, Text: "\x1b[31mred\x1b[0m\n\n"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

// A capture with fewer or more lines than its header says (the pane
// changed between the two) is left out, and the others are still read.
func TestSplitCapturesWrongLineCount(t *testing.T) {
	t.Parallel()
	const nonce = "X"
	m := Marker(nonce)
	short := []string{m + " %1 5 3 0 0 1   ", "a", "b"}
	long := []string{m + " %2 5 1 0 0 1   ", "a", "b"}
	gone := []string{m + " %3 5 2 0 0 1   "}
	ok := []string{m + " %4 5 1 0 0 1   clock-mode", "tick"}
	got := Split(answer(nonce, short, long, gone, ok), nonce, []tmux.PaneID{"%1", "%2", "%3", "%4"})
	want := []tmux.PaneScreen{{Pane: "%4", Width: 5, Height: 1, Mode: "clock-mode", Text: "tick\n"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	// Without its trailer (a cut answer) the last pane is not trusted.
	if got := Split(strings.TrimSuffix(answer(nonce, ok), m+".4\n"+m+"\n"), nonce, []tmux.PaneID{"%4"}); len(got) != 0 {
		t.Errorf("cut answer: %+v", got)
	}
}

func TestParseCaptureHeader(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"", "%1", "%1 80 24 0 0 1", "%x 80 24 0 0 1   ", "%1 80 0 0 0 1   ", "%1 -1 24 0 0 1   ", "%1 80 65537 0 0 1   "} {
		if s, ok := parseHeader(bad); ok {
			t.Errorf("%q read as %+v", bad, s)
		}
	}
	s, ok := parseHeader("%7 80 24 3 4 0   ")
	if !ok || s != (tmux.PaneScreen{Pane: "%7", Width: 80, Height: 24, CursorX: 3, CursorY: 4}) {
		t.Errorf("%+v %v", s, ok)
	}
}

func FuzzSplitCaptures(f *testing.F) {
	m := Marker("N")
	f.Add(answer("N", []string{m + " %1 4 2 0 0 1   ", "a", m}))
	f.Add(m + " %1 4 1 0 0 1 2 3 view-mode\nx\n" + m + ".1\n" + m + "\n")
	f.Fuzz(func(t *testing.T, out string) {
		for _, s := range Split(out, "N", []tmux.PaneID{"%1", "%2"}) {
			if strings.Count(s.Text, "\n") != s.Height || s.Height < 1 {
				t.Fatalf("%+v", s)
			}
		}
	})
}
