package capture

import (
	"strings"

	"github.com/panemap/panemap/tmux"
)

// JoinedBlocks finds, in a history capture's answer made with joined on
// (GenericHistoryCmds), each pane's capture-pane -J output: the lines after the
// pane's trailer, up to the next line that starts with the marker (the
// next pane's header or the end marker). -p always ends its output with
// one newline, even when the last row is wrapped (cmd-capture-pane.c), so
// the marker starts a line. A pane's text cannot hold the marker, whose
// nonce is fresh; the block's length is not known in advance, so the
// block only says which rows join, checked against the counted text.
func JoinedBlocks(out, nonce string, panes []tmux.PaneID) map[tmux.PaneID][]string {
	trailers := make(map[string]tmux.PaneID, len(panes))
	for _, p := range panes {
		trailers[Trailer(nonce, p)] = p
	}
	marker := Marker(nonce)
	blocks := map[tmux.PaneID][]string{}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		p, ok := trailers[lines[i]]
		if !ok {
			continue
		}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], marker) {
			j++
		}
		if _, seen := blocks[p]; !seen {
			blocks[p] = append([]string{}, lines[i+1:j]...)
		}
		i = j - 1
	}
	return blocks
}
