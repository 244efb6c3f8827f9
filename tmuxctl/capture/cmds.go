// Package capture builds the command lists that capture panes, many in
// one: built for the server's version when the caller knows it
// (listed.go), or with what each needs on the tmux version it runs on
// worked out inside tmux (Cmds); and it splits their answers safely
// however hostile the panes' text is. tmuxctl runs the lists (Client.CapturePanes, CaptureHistory,
// CaptureSince); panetext reads pane text through those.
package capture

import (
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// What capture-pane can do differs by version, and the command list works
// out which applies inside tmux (#{version}), so that a call needs no
// round trip before it to ask:
//
//   - -S and -E are format-expanded in the pane's context from tmux 3.4
//     (args_strtonum_and_expand). 3.2 and 3.3 read a format there as a bad
//     number and fall back to the visible screen, so a scrolled copy mode
//     is captured through run-shell -C, which expands the whole command
//     first (and, unlike if-shell -F, returns to the event loop before
//     running it: the pane may print or change size in between).
//   - -M (tmux 3.6) captures the mode's own screen where the mode has
//     one: copy mode and view mode, whose screens are a snapshot taken
//     when the mode started (copy mode) or the mode's own text (view
//     mode, run-shell output). Every other mode (tree-mode, clock-mode,
//     buffer-mode…) has none, and -M captures the pane's normal screen.
//     Before 3.6 only the pane's live screen can be captured: copy mode
//     is exact there only while the pane has printed nothing since copy
//     mode started (the snapshot and the live history then agree), and
//     view mode shows the pane beneath it.
//   - #{scroll_position} is how many lines a copy or view mode is
//     scrolled up; tmux shows lines -N … height-1-N of the screen it
//     scrolls. capture-pane -S -N -E height-1-N selects exactly those
//     (negative lines are history, as -S/-E count them on every version).
//   - What -e prints differs too, and is passed on as it is: OSC 8
//     hyperlinks from 3.4 (but 3.4 and 3.5a drop them while the pane is
//     in a mode: they look links up in the mode's screen), tabs as tabs
//     from 3.6 (as spaces before).
//
// Each pane's commands sit inside if-shell -F -t PANE #{==:#{pane_id},PANE}:
// if-shell lets its target fail (CMD_FIND_CANFAIL), so for a pane that is
// gone the condition is false and nothing runs, without an error that
// would end the list: a vanished pane is simply absent from the answer.
// if-shell -F runs its commands at once, so a pane's header and its
// capture see the same moment.

const (
	// fmtBefore34 and fmtBefore36 are "1" on tmux versions before 3.4
	// and 3.6. A version tmux does not number ("master", "next-3.8") is
	// taken as new, as elsewhere in tmuxctl.
	fmtBefore34 = "#{m:3.[23]*,#{version}}"
	fmtBefore36 = "#{m:3.[2345]*,#{version}}"

	// fmtModeScroll is how far a copy or view mode is scrolled (0 when
	// neither); with -M it is the offset into the mode's own screen.
	fmtModeScroll = "#{?scroll_position,#{scroll_position},0}"
	// fmtCopyScroll is the offset into the pane's live screen that copy
	// mode shows, for versions without -M: 0 in every other mode, whose
	// own screen cannot be captured there.
	fmtCopyScroll = "#{?#{==:#{pane_mode},copy-mode},#{scroll_position},0}"

	// captureHeader follows the marker on the line before a pane's text:
	// id, size, cursor, copy-mode cursor (empty outside copy and view
	// mode), mode (last: it may be empty). None of it is text vis(3)
	// would escape on 3.4 or 3.5a, and none of it is a literal '%', which
	// display-message would pass through strftime(3).
	captureHeader = " #{pane_id} #{pane_width} #{pane_height} #{cursor_x} #{cursor_y} #{cursor_flag} #{copy_cursor_x} #{copy_cursor_y} #{pane_mode}"
)

// Marker starts every line tmuxctl's capture list prints itself:
// a header is the marker, a space and captureHeader's fields; the marker
// alone ends the answer.
func Marker(nonce string) string { return "=panemap-" + nonce }

// Trailer is the line after pane p's text. It names the pane
// without its '%': display-message passes its text through strftime(3)
// before expanding formats, and "%3" comes out as " %3".
func Trailer(nonce string, p tmux.PaneID) string {
	return Marker(nonce) + "." + strings.TrimPrefix(string(p), "%")
}

// Cmds is the command list for CapturePanes: per pane, a header
// line, the capture and a trailer; then the end marker. panes must be
// validated ids.
func Cmds(panes []tmux.PaneID, nonce string) [][]string {
	cmds := make([][]string, 0, len(panes)+1)
	for _, p := range panes {
		id := string(p)
		then := transport.Words("display-message", "-p", "-t", id, Marker(nonce)+captureHeader) + " ; " +
			transport.Words("if-shell", "-F", "-t", id, fmtBefore34) + braces(captureBefore34(id)) +
			braces(transport.Words("if-shell", "-F", "-t", id, fmtBefore36)+
				braces(transport.Words(captureRange(id, fmtCopyScroll, false)...))+
				" "+transport.QuoteArg(transport.Words(captureRange(id, fmtModeScroll, true)...))) + " ; " +
			transport.Words("display-message", "-p", Trailer(nonce, p))
		cmds = append(cmds, []string{"if-shell", "-F", "-t", id, "#{==:#{pane_id}," + id + "}", then})
	}
	return append(cmds, []string{"display-message", "-p", Marker(nonce)})
}

// captureRange captures the pane's height in lines, scroll lines up from
// its bottom screen (scroll is a format for a number of lines, expanded
// by capture-pane itself from tmux 3.4, or by run-shell -C before).
func captureRange(id, scroll string, mode bool) []string {
	cmd := []string{"capture-pane", "-p", "-e", "-t", id}
	if mode {
		cmd = append(cmd, "-M")
	}
	return append(cmd, "-S", "-"+scroll, "-E", "#{e|-:#{pane_height},#{e|+:1,"+scroll+"}}")
}

// captureBefore34 is the capture for tmux 3.2 and 3.3: the plain screen,
// or, in a scrolled copy mode, the range through run-shell -C.
func captureBefore34(id string) string {
	return transport.Words("if-shell", "-F", "-t", id, fmtCopyScroll) +
		braces(transport.Words("run-shell", "-C", "-t", id, transport.Words(captureRange(id, fmtCopyScroll, false)...))) +
		braces(transport.Words("capture-pane", "-p", "-e", "-t", id))
}

// braces renders a command list as an argument in the parser's { … }
// form, which nests without another level of quoting: quoted strings
// nested in quoted strings grow fourfold per level, a capture of nine
// panes to tens of kilobytes. tmux checks the commands in braces when it
// parses them, flags included, whichever branch runs: the capture with
// -M, which tmux before 3.6 refuses, is a quoted string instead.
func braces(list string) string { return " { " + list + " }" }
