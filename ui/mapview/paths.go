package mapview

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// shortenPath writes home as ~ and elides the middle of what does not
// fit in width cells: "~/src/…/panemap".
func shortenPath(p, home string, width int) string {
	if home != "" && home != "/" && (p == home || strings.HasPrefix(p, home+"/")) {
		p = "~" + p[len(home):]
	}
	return elideMiddle(p, width)
}

// elideMiddle cuts s to width cells by replacing its middle with "…".
func elideMiddle(s string, width int) string {
	if ansi.StringWidth(s) <= width {
		return s
	}
	if width <= 1 {
		return ansi.Truncate("…", max(width, 0), "")
	}
	r := []rune(s)
	head := (width - 1) / 2
	tail := width - 1 - head
	for head+tail > 0 && ansi.StringWidth(string(r[:head])+"…"+string(r[len(r)-tail:])) > width {
		if tail > head {
			tail--
		} else {
			head--
		}
	}
	return string(r[:head]) + "…" + string(r[len(r)-tail:])
}

// isDefaultTitle reports whether a pane title is tmux's default, the
// host name (in full or up to its first dot), or empty.
func isDefaultTitle(title, hostname string) bool {
	if title == "" {
		return true
	}
	if hostname == "" {
		return false
	}
	short, _, _ := strings.Cut(hostname, ".")
	return title == hostname || title == short
}
