package main

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/modal"
)

// The key's binding, made here once: panemap init tmux binds it, the
// plugin (panemap.tmux) runs panemap init tmux, and doctor compares the
// key's command with it.
//
// The fast binding: one key press starts exactly one process, panemap,
// in the popup. run-shell -C runs a tmux command after expanding its
// formats (no shell), so display-popup runs panemap directly (two or
// more words are exec'ed, no shell either) with the ids of the session
// and window the key was pressed in, and the window's snapshot (--state,
// first_frame.go); display-popup itself expands no format in its size,
// border, environment or command. The size and border are the ones when
// the key is bound: bind it again after changing them. A size in cells
// can exceed a small terminal, which display-popup refuses, so it keeps
// the launcher (panemap popup), which cuts it to the client's size.
//
// TMUX is emptied for panemap (tmux 3.3+, -e): it gets the server and the
// window explicitly, and with TMUX set the colour library it links runs
// `tmux info` as it starts, a tmux process before the first frame.

// binding is what the key's command is made from.
type binding struct {
	bin    string // the panemap binary
	opener string // what the popup runs: bin, or panemap-open beside it (the resident)
	socket string // the server's socket file
	tmux   tmux.Version
	width  string // @panemap-width, as set (the plugin's checks, not ParseSize's)
	height string
	border string
	open   string // popup or modal
	// forConf makes the binding for a config file (init --print): the
	// server is then the one that reads the file, so the socket is the
	// format #{q:socket_path}, expanded at each key press, not this
	// server's path.
	forConf bool
}

// bindPercent and bindCells are the sizes the fast bindings take: a
// percentage of 1 to 100, or 1 to 9999 cells (modal panes only).
var (
	bindPercentRE = regexp.MustCompile(`^[0-9]{1,3}%$`)
	bindCellsRE   = regexp.MustCompile(`^[1-9][0-9]{0,3}$`)
)

func bindPercent(s string) bool {
	if !bindPercentRE.MatchString(s) {
		return false
	}
	n, _ := strconv.Atoi(strings.TrimSuffix(s, "%"))
	return n >= 1 && n <= 100
}

func bindSize(s string) bool { return bindPercent(s) || bindCellsRE.MatchString(s) }

// command is the key's tmux command, as words for bind-key.
func (b binding) command() []string {
	state := "--" + stateFlag + " '" + stateFormat + "'"
	socket := tmuxQuote(b.socket)
	if b.forConf {
		// q: escapes the path for sh, which tmux's parser reads alike
		// inside double quotes (TestE2EReadmeLineOddSocket).
		socket = `"#{q:socket_path}"`
	}
	target := tmuxQuote(b.opener) + " -S " + socket + " -t '#{session_id}:#{window_id}'"
	switch {
	case b.open == "modal" && modal.Supported(b.tmux) && b.socket != "" && bindSize(b.width) && bindSize(b.height):
		return []string{"run-shell", "-C", b.modal() + " " + target + " --in-modal '#{pane_id}' --client '#{client_name}' " + state}
	case bindPercent(b.width) && bindPercent(b.height) && b.socket != "":
		popup := "display-popup -E -w " + b.width + " -h " + b.height
		if b.tmux.AtLeast(3, 3) {
			if tmuxctl.ParseBorder(b.border) == nil {
				popup += " -b " + b.border
			}
			popup += " -T ' panemap ' -e TMUX="
		} else {
			// -b, -T and -e arrived in tmux 3.3; 3.2 refuses the
			// binding with them, so there env (one small exec) empties
			// TMUX instead.
			popup += " env TMUX="
		}
		return []string{"run-shell", "-C", popup + " " + target + " --in-popup --client '#{client_name}' " + state}
	default:
		// run-shell expands the formats: the popup opens on the client
		// that pressed the key, over the window it was looking at.
		return []string{"run-shell", "-b", shellWord(b.bin) + " -t '#{session_id}:#{window_id}' popup --client '#{client_name}'"}
	}
}

// modal is the new-pane -O that opens the navigator in a modal floating
// pane (tmux 3.8). new-pane places the pane's border box at -X/-Y, so the
// binding centres it as display-popup centres the popup: a percentage of
// the window, or, for a size in cells, worked out by run-shell -C's
// format expansion from the window's size, which also cuts the size to
// the window's as the launcher cuts a popup's. Pane borders have no
// rounded or padded lines: those keep the window's own.
func (b binding) modal() string {
	s := "new-pane -O -t '#{pane_id}'"
	place := modal.Place(b.width, b.height, b.border)
	for i := 0; i < len(place); i += 2 {
		if place[i] == "-B" {
			s += " -B " + place[i+1]
		} else {
			s += " " + place[i] + " '" + place[i+1] + "'" // a format: digits, % and #{…}
		}
	}
	return s + " -T ' panemap ' -e TMUX="
}

// tmuxQuote quotes a word for tmux's command parser after run-shell -C's
// format expansion: '#' doubled (kept literally), then single quotes.
func tmuxQuote(s string) string {
	s = strings.ReplaceAll(s, "#", "##")
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellWord is s as one word for sh, as bash's printf %q writes a plain
// path (left as it is); other text goes in single quotes. '#' is doubled:
// run-shell expands formats in the line before the shell reads it.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./+,:@=-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, "#", "##"), "'", `'\''`) + "'"
}
