package capture

import (
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// CutLead splits out before its first line that starts with marker.
func CutLead(out, marker string) (lead, rest string) {
	if strings.HasPrefix(out, marker) {
		return "", out
	}
	if i := strings.Index(out, "\n"+marker); i >= 0 {
		return out[:i+1], out[i+1:]
	}
	return out, ""
}

// MaxList is the most a capture command list may take: a tmux
// client sends its command line to the server in one message of at most
// 16 kB (MAX_IMSGSIZE), and refuses a longer one ("command too long").
// Each pane takes about 1.2 kB, so a window of up to a dozen panes is
// one command list; a bigger one is several, run one after another.
const MaxList = 14 * 1024

// Batches cuts panes into runs whose command lists (as cmds makes them)
// each fit in MaxList, the first after leadSize bytes of other
// commands.
func Batches(panes []tmux.PaneID, leadSize int, cmds func([]tmux.PaneID) [][]string) [][]tmux.PaneID {
	var out [][]tmux.PaneID
	start, size := 0, leadSize
	// A pane's commands differ from another's only by its id, so their
	// length is that of any pane's with an id as long: quoting a dozen
	// kB of commands per pane to learn it was a good part of the
	// previews' CPU.
	sizes := map[int]int{}
	for i, p := range panes {
		n, ok := sizes[len(p)]
		if !ok {
			line, _ := transport.CommandLine(cmds([]tmux.PaneID{p}))
			n = len(line)
			sizes[len(p)] = n
		}
		if i > start && size+n > MaxList {
			out = append(out, panes[start:i])
			start, size = i, 0
		}
		size += n
	}
	return append(out, panes[start:])
}
