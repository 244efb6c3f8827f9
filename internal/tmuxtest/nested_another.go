package tmuxtest

import (
	"fmt"
	"strings"
	"time"
)

// AttachAnother is a second real client of n's inner server: the pane of
// another outer private server, cols x rows, runs tmux attach to the
// inner session given (which must exist). Two people at two terminals
// of one tmux server, each on a session of their own: keys typed into
// one outer pane reach only its client.
func (n *Nested) AttachAnother(session string, cols, rows int) *Nested {
	n.tb.Helper()
	outer := Start(n.tb, cols, rows)
	attach := fmt.Sprintf("exec env -u TMUX -u TMUX_PANE -u TMUX_TMPDIR tmux -L '%s' -u attach -t '%s'",
		strings.ReplaceAll(n.Inner.Name, "'", `'\''`), strings.ReplaceAll(session, "'", `'\''`))
	pane := strings.TrimSpace(outer.Must("set", "-g", "status", "off",
		";", "respawn-pane", "-k", "-t", "main:0", attach,
		";", "display-message", "-p", "-t", "main:0", "#{pane_id}"))
	another := &Nested{Inner: n.Inner, Outer: outer, OuterPane: pane, tb: n.tb}
	Eventually(n.tb, 5*time.Second, func() bool {
		out, err := n.Inner.Run("list-clients", "-t", session, "-F", "#{client_name}")
		for _, c := range strings.Fields(out) {
			if err == nil && c != n.client {
				another.client = c
			}
		}
		return another.client != ""
	}, "the second client did not attach to %s", session)
	return another
}
