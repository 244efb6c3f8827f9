package records

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// The parsers of tmux output and of client input must never panic, and
// what they accept must be well-formed. Seed corpora live in
// testdata/fuzz/<FuzzName>/; CI runs each target briefly.

func FuzzParse(f *testing.F) {
	f.Add("@0\t0\t120\t40\t0\t1\t0\t$0\tf91d,120x40,0,0{60x40,0,0,0,59x40,61,0,1}\t1\t0\t0\t0\tmain\\.sh\\.\n" +
		"%0\t@0\t0\t1\t0\t0\t0\t0\t0\t60\t40\t\t\t\t\tsh\\.title\\./home/u\\.\n" +
		"%1\t@0\t1\t0\t1\t1\t1\t61\t0\t59\t40\t3\tcopy-mode\t0\t2\tvim\\.t \\$HOME\\033\\.\\\\/tmp/a\tb\n" +
		"second line of a path\\.\n" +
		"M\t%1\t@0\n")
	f.Add("@0\t0\t120\t40\t1\t1\t0\t$0\tbad-layout\t1\tmain\\.sh\\.\n%0\t@0\t0\t1\t0\t0\t0\t0\t0\t120\t40\t\t\t\t\tsh\\.\\./\\.\n")
	// A floating pane (3.7+) partly left of and above its window.
	f.Add("@0\t0\t120\t40\t0\t1\t0\t$0\tl\t1\t0\t0\t0\tmain\\.sh\\.\n%2\t@0\t1\t1\t0\t0\t0\t-9\t-2\t20\t6\t\t\t1\t0\tsh\\.\\./\\.\n")
	f.Add("%0\t@0\t0\n")
	f.Add("@0\t0\t1\t1\t0\t1\t0\t$0\tl\t1\tmain\\.w\\.")
	f.Fuzz(func(t *testing.T, s string) {
		l, err := Parse(s)
		if err != nil {
			return
		}
		for _, w := range l.Windows {
			if _, err := tmux.ParseWindowID(string(w.ID)); err != nil {
				t.Fatalf("window with a bad id %q", w.ID)
			}
			for _, p := range w.Panes {
				if p.WindowID != w.ID {
					t.Fatalf("pane %s attached to window %s but says %s", p.ID, w.ID, p.WindowID)
				}
				if _, err := tmux.ParsePaneID(string(p.ID)); err != nil {
					t.Fatalf("pane with a bad id %q", p.ID)
				}
			}
		}
		// What was read, printed again as tmux prints it, reads the same.
		again, err := Parse(renderListing(l))
		if err != nil {
			t.Fatalf("%q read, printed again, fails: %v", s, err)
		}
		if a, b := dumpListing(l), dumpListing(again); a != b {
			t.Fatalf("%q read as\n%s\nand printed again as\n%s", s, a, b)
		}
	})
}

func dumpListing(l *Batch) string {
	s := fmt.Sprintf("marked %s in %s", l.Marked, l.MarkedWin)
	for _, w := range l.Windows {
		s += fmt.Sprintf("\n%+v", *w)
	}
	return s
}

// renderListing prints l as tmux 3.7 would print WindowFormat, PaneFormat
// and MarkedFormat lines.
func renderListing(l *Batch) string {
	var b strings.Builder
	raw := tmuxPrint{}
	flag := func(v bool) string {
		if v {
			return "1"
		}
		return "0"
	}
	for _, w := range l.Windows {
		fmt.Fprintf(&b, "%s\t%d\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", w.ID, w.Index, w.Width, w.Height,
			flag(w.Zoomed), flag(w.Active), flag(w.Last), w.SessionID, w.Layout, flag(w.AutoRename),
			flag(w.Bell), flag(w.Activity), flag(w.Silence), raw.line(w.SessionName, w.Name))
		for _, p := range w.Panes {
			status := ""
			if p.DeadStatus >= 0 {
				status = strconv.Itoa(p.DeadStatus)
			}
			fmt.Fprintf(&b, "%s\t%s\t%d\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t%d\t%s\n", p.ID, p.WindowID, p.Index,
				flag(p.Active), flag(p.Last), flag(p.Marked), flag(p.Dead), p.Left, p.Top, p.Width, p.Height, status, p.Mode,
				flag(p.Floating), p.Z, raw.line(p.Command, p.Title, p.Path))
		}
	}
	if l.Marked != "" {
		fmt.Fprintf(&b, "M\t%s\t%s\n", l.Marked, l.MarkedWin)
	}
	return b.String()
}
