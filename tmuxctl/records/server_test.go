package records

import (
	"strings"
	"testing"
)

// A window linked into two sessions is two entries, each with its own
// session's panes; a pane whose link was not listed makes the answer
// unreadable rather than land under some other window.
func TestParseServerLinks(t *testing.T) {
	t.Parallel()
	win := func(sess, name string, index string) string {
		return "@3\t" + index + "\t120\t40\t0\t1\t0\t" + sess + "\tf91d,120x40,0,0{60x40,0,0,4,59x40,61,0,5}\t1\t0\t0\t0\t" + name + "\\.w\\.\n"
	}
	pane := func(sess, id, index, left string) string {
		return sess + "\t" + id + "\t@3\t" + index + "\t0\t0\t0\t0\t" + left + "\t0\t60\t40\t\t\t\t\tsh\\.\\./\\.\n"
	}
	out := win("$2", "zeta", "5") + win("$0", "alpha", "1") +
		pane("$2", "%5", "1", "61") + pane("$2", "%4", "0", "0") + pane("$0", "%4", "0", "0") + pane("$0", "%5", "1", "61")
	ws, err := ParseServer(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 2 || ws[0].SessionName != "alpha" || ws[1].SessionName != "zeta" || ws[1].Index != 5 {
		t.Fatalf("windows %+v", ws)
	}
	for _, w := range ws {
		if len(w.Panes) != 2 || w.Panes[0].ID != "%4" || w.Panes[1].ID != "%5" {
			t.Errorf("%s panes %+v", w.SessionID, w.Panes)
		}
	}
	if _, err := ParseServer(win("$0", "alpha", "1") + pane("$2", "%4", "0", "0")); err == nil || !strings.Contains(err.Error(), "not listed") {
		t.Errorf("pane of an unlisted link: %v", err)
	}

}
