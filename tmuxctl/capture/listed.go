package capture

import (
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// Capture lists built for a known server version. tmux adds every command
// a client runs to its message log (cmd-queue.c, cmdq_add_message), each
// command if-shell or run-shell -C inserts included, so Cmds' per-pane
// guard, version branches, header and trailer cost six entries a pane.
// When the caller knows the server's version (#{version}, read from the
// server itself: the tmux binary on PATH may be newer than the server),
// the list is one list-panes for every header and one bare capture-pane
// per pane:
//
//	list-panes -a -F 'MARKER header' -f '#{m:*|#{pane_id}|*,|%1|%2|}'
//	capture-pane … -t %1
//	capture-pane … -t %2
//
// What the guards protected against is kept by other means:
//
//   - The list runs without returning to tmux's event loop (none of its
//     commands waits), so no pane can change or go away between the
//     headers and the captures: each header's height is its capture's
//     line count.
//   - A pane already gone when the list starts has no header (list-panes
//     lists panes that exist), and its capture fails with "can't find
//     pane", which ends the list: the captures before it are whole, the
//     panes after it that have a header are captured again by the caller
//     (see Listed.Retry).
//   - The version differences are chosen here instead of by #{version}
//     inside tmux: -M from 3.6, -S and -E as formats from 3.4. Before 3.4
//     a copy mode scrolled up cannot be captured without run-shell -C:
//     such a pane (its header says how far it is scrolled) is captured
//     again with Cmds (Listed.Generic).
//   - A window linked into several sessions is listed once per session:
//     the first header of a pane counts.

// Flavour is which capture-pane a server version takes.
type Flavour int

const (
	// Generic works the version out inside tmux (Cmds): for a server
	// whose version is not known or not spelled as upstream spells it.
	Generic Flavour = iota
	// Before34 is tmux 3.2 and 3.3: -S and -E are plain numbers.
	Before34
	// Before36 is tmux 3.4 and 3.5: -S and -E are formats, no -M.
	Before36
	// Current is tmux 3.6 and later: -M captures a mode's own screen.
	Current
)

// FlavourOf is the capture flavour for server version v.
func FlavourOf(v tmux.Version) Flavour {
	switch {
	case v.Raw == "" || !v.Upstream():
		return Generic
	case !v.AtLeast(3, 4):
		return Before34
	case !v.AtLeast(3, 6):
		return Before36
	}
	return Current
}

// listedHeader follows the marker on each line list-panes prints: the
// fields of captureHeader with the copy mode's scroll before the mode
// (last: it may be empty).
const listedHeader = " #{pane_id} #{pane_width} #{pane_height} #{cursor_x} #{cursor_y} #{cursor_flag} #{copy_cursor_x} #{copy_cursor_y} " +
	fmtCopyScroll + " #{pane_mode}"

// Filter is a list-panes -f format true for the listed panes only.
// panes must be validated ids (nothing in them is special to fnmatch or
// to a format).
func Filter(panes []tmux.PaneID) string {
	var b strings.Builder
	b.WriteString("#{m:*|#{pane_id}|*,|")
	for _, p := range panes {
		b.WriteString(string(p))
		b.WriteByte('|')
	}
	b.WriteByte('}')
	return b.String()
}

// HeaderCmd is the one list-panes that prints a marker line with format
// header for each of panes that exists.
func HeaderCmd(panes []tmux.PaneID, nonce, header string) []string {
	return []string{"list-panes", "-a", "-F", Marker(nonce) + header, "-f", Filter(panes)}
}

// ListedCmds is the command list for CapturePanes on a server of flavour
// f (not Generic): the headers, then one capture-pane per pane.
func ListedCmds(panes []tmux.PaneID, nonce string, f Flavour) [][]string {
	cmds := make([][]string, 0, len(panes)+1)
	cmds = append(cmds, HeaderCmd(panes, nonce, listedHeader))
	for _, p := range panes {
		id := string(p)
		switch f {
		case Current:
			cmds = append(cmds, captureRange(id, fmtModeScroll, true))
		case Before36:
			cmds = append(cmds, captureRange(id, fmtCopyScroll, false))
		default:
			cmds = append(cmds, []string{"capture-pane", "-p", "-e", "-t", id})
		}
	}
	return cmds
}

// Listed is a listed capture's answer, split.
type Listed[T any] struct {
	Got []T // in the order of panes
	// Retry are panes with a header whose capture did not run: one before
	// them was gone and ended the list. Capture them again.
	Retry []tmux.PaneID
	// Generic are panes this list cannot capture exactly (before 3.4, a
	// copy mode scrolled up): capture them with Cmds.
	Generic []tmux.PaneID
	// Gone is the first pane without a header: its capture ended the
	// list, if the list was not whole.
	Gone tmux.PaneID
	// Bad says the answer did not have the shape the headers announce
	// (more lines than they account for): trust none of it.
	Bad bool
}

// SplitListed cuts a listed capture's answer (ListedCmds, or any list
// made of HeaderCmd and per-pane captures of count lines each) into its
// panes. header reads a header's fields after the marker: the value, its
// pane, how many lines its capture prints and whether the pane needs
// Generic. With setJoined, each pane's capture is followed by a second
// one of unknown length that ends at the pane's Trailer line (the history
// lists' capture-pane -J), handed to setJoined.
func SplitListed[T any](out, nonce string, panes []tmux.PaneID,
	header func(rest string) (T, tmux.PaneID, int, bool, bool), setText func(*T, string), setJoined func(*T, []string)) Listed[T] {
	lines := strings.Split(out, "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	want := make(map[tmux.PaneID]bool, len(panes))
	for _, p := range panes {
		want[p] = true
	}
	marker := Marker(nonce) + " "
	type head struct {
		v       T
		count   int
		generic bool
	}
	heads := make(map[tmux.PaneID]head, len(panes))
	i := 0
	for ; i < len(lines); i++ {
		rest, ok := strings.CutPrefix(lines[i], marker)
		if !ok {
			break
		}
		v, p, count, generic, ok := header(rest)
		if !ok || !want[p] {
			return Listed[T]{Bad: true}
		}
		if _, seen := heads[p]; !seen {
			heads[p] = head{v, count, generic}
		}
	}
	var res Listed[T]
	for k, p := range panes {
		h, ok := heads[p]
		if !ok {
			res.Gone = p
			for _, q := range panes[k+1:] {
				if _, ok := heads[q]; ok {
					res.Retry = append(res.Retry, q)
				}
			}
			return res
		}
		if i+h.count > len(lines) {
			return Listed[T]{Bad: true}
		}
		var b strings.Builder
		for _, l := range lines[i : i+h.count] {
			b.Grow(len(l) + 1)
			b.WriteString(l)
			b.WriteByte('\n')
		}
		i += h.count
		if setJoined != nil {
			trailer := Trailer(nonce, p)
			j := i
			for j < len(lines) && lines[j] != trailer {
				j++
			}
			if j == len(lines) {
				return Listed[T]{Bad: true}
			}
			setJoined(&h.v, append([]string{}, lines[i:j]...))
			i = j + 1
		}
		if h.generic {
			res.Generic = append(res.Generic, p)
			continue
		}
		setText(&h.v, b.String())
		res.Got = append(res.Got, h.v)
	}
	if i != len(lines) {
		return Listed[T]{Bad: true}
	}
	return res
}

// SplitScreens is SplitListed for ListedCmds' answer.
func SplitScreens(out, nonce string, panes []tmux.PaneID, f Flavour) Listed[tmux.PaneScreen] {
	return SplitListed(out, nonce, panes, func(rest string) (tmux.PaneScreen, tmux.PaneID, int, bool, bool) {
		// The scroll field sits before the mode; parseHeader reads the
		// other nine.
		fs := strings.SplitN(rest, " ", 10)
		if len(fs) != 10 {
			return tmux.PaneScreen{}, "", 0, false, false
		}
		scroll, err := strconv.Atoi(fs[8])
		if err != nil || scroll < 0 {
			return tmux.PaneScreen{}, "", 0, false, false
		}
		s, ok := parseHeader(strings.Join(append(fs[:8:8], fs[9]), " "))
		return s, s.Pane, s.Height, f == Before34 && scroll > 0, ok
	}, func(s *tmux.PaneScreen, text string) { s.Text = text }, nil)
}

// HistoryCmds is the command list that captures panes with history on a
// server of a known version: the headers (header, after the marker, must
// hold the pane's id first), then per pane capture-pane -S -back -E -
// (back is a number, which tmux clamps to the history there is, or, from
// tmux 3.4, a format), and with joined a capture-pane -J of the same
// range and the pane's Trailer.
func HistoryCmds(panes []tmux.PaneID, nonce, header, back string, joined bool) [][]string {
	cmds := [][]string{HeaderCmd(panes, nonce, header)}
	for _, p := range panes {
		id := string(p)
		cmds = append(cmds, []string{"capture-pane", "-p", "-e", "-t", id, "-S", "-" + back, "-E", "-"})
		if joined {
			cmds = append(cmds, []string{"capture-pane", "-p", "-J", "-t", id, "-S", "-" + back, "-E", "-"},
				[]string{"display-message", "-p", Trailer(nonce, p)})
		}
	}
	return cmds
}
