package capture

import (
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// MaxHeight bounds the line count a header may announce; tmux
// panes are far smaller, and a bad header must not make the parser
// reach past the answer.
const MaxHeight = 1 << 16

// Split cuts CapturePanes' answer into screens, in the order of
// panes. The answer is, per pane still there, a header line, the pane's
// text and a trailer line naming the pane (see Cmds), then the end
// marker.
//
// A pane's text is the Height lines after its header, whatever they hold,
// when its trailer follows them: a pane that prints lines like the
// markers, even ones with the right nonce, cannot end its own text early
// or start another pane's. When the trailer is not there, the capture
// does not have the announced size (the pane changed or went away between
// header and capture, see captureBefore34): that pane is left out and the
// split goes on after its trailer. Only there could a pane that prints
// the nonce mislead the split, and the nonce is fresh for every call and
// shown to no pane.
func Split(out, nonce string, panes []tmux.PaneID) []tmux.PaneScreen {
	return SplitAnswer(out, nonce, panes, func(rest string) (tmux.PaneScreen, tmux.PaneID, int, bool) {
		s, ok := parseHeader(rest)
		return s, s.Pane, s.Height, ok
	}, func(s *tmux.PaneScreen, text string) { s.Text = text })
}

// SplitAnswer is Split for any header: header reads the fields
// after the marker (the pane and how many lines of text follow), and
// setText stores a pane's text, its lines each ending in "\n".
func SplitAnswer[T any](out, nonce string, panes []tmux.PaneID,
	header func(rest string) (T, tmux.PaneID, int, bool), setText func(*T, string)) []T {
	lines := strings.Split(out, "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	marker := Marker(nonce) + " "
	byID := make(map[tmux.PaneID]T, len(panes))
	for i := 0; i < len(lines); {
		rest, ok := strings.CutPrefix(lines[i], marker)
		if !ok {
			i++ // the end marker, or what follows a header tmux garbled
			continue
		}
		s, pane, count, ok := header(rest)
		if !ok {
			i++
			continue
		}
		trailer := Trailer(nonce, pane)
		end := i + 1 + count
		if end >= len(lines) || lines[end] != trailer {
			for i++; i < len(lines) && lines[i] != trailer; i++ {
			}
			i++
			continue
		}
		var b strings.Builder
		for _, l := range lines[i+1 : end] {
			b.Grow(len(l) + 1)
			b.WriteString(l)
			b.WriteByte('\n')
		}
		setText(&s, b.String())
		byID[pane] = s
		i = end + 1
	}
	screens := make([]T, 0, len(byID))
	for _, p := range panes {
		if s, ok := byID[p]; ok {
			screens = append(screens, s)
		}
	}
	return screens
}

// parseHeader reads captureHeader's fields: pane width height
// cursor_x cursor_y cursor_flag copy_cursor_x copy_cursor_y mode.
func parseHeader(rest string) (tmux.PaneScreen, bool) {
	f := strings.SplitN(rest, " ", 9)
	if len(f) != 9 {
		return tmux.PaneScreen{}, false
	}
	id, err := tmux.ParsePaneID(f[0])
	if err != nil {
		return tmux.PaneScreen{}, false
	}
	num := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return -1
		}
		return n
	}
	s := tmux.PaneScreen{Pane: id, Width: num(f[1]), Height: num(f[2]), Mode: f[8]}
	if s.Width < 0 || s.Height < 1 || s.Height > MaxHeight {
		return tmux.PaneScreen{}, false
	}
	s.CursorX, s.CursorY, s.CursorVisible = num(f[3]), num(f[4]), f[5] == "1"
	switch {
	case s.Mode == "copy-mode" || s.Mode == "view-mode":
		// The mode draws its own cursor where the copy cursor is.
		s.CursorX, s.CursorY, s.CursorVisible = num(f[6]), num(f[7]), true
	case s.Mode != "":
		// Other modes draw a screen of their own, with no cursor.
		s.CursorVisible = false
	}
	if s.CursorX < 0 || s.CursorY < 0 {
		s.CursorX, s.CursorY, s.CursorVisible = 0, 0, false
	}
	return s, true
}
