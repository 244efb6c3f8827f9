package records

import "testing"

// A window read twice in one answer (both panes of a swap in one window)
// lists each pane once.
func TestParseListingWindowReadTwice(t *testing.T) {
	t.Parallel()
	w := "@0\t0\t120\t40\t0\t1\t0\t$0\tf91d,120x40,0,0{60x40,0,0,0,59x40,61,0,1}\t1\t0\t0\t0\tmain\\.sh\\.\n"
	p := "%0\t@0\t0\t1\t0\t0\t0\t0\t0\t60\t40\t\t\t\t\tsh\\.t\\./a\\.\n%1\t@0\t1\t0\t0\t0\t0\t61\t0\t59\t40\t\t\t\t\tsh\\.t\\./b\ncontinued\\.\n"
	l, err := Parse(w + p + w + p)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Windows) != 1 || len(l.Windows[0].Panes) != 2 || l.Windows[0].Panes[1].Path != "/b\ncontinued" {
		t.Fatalf("windows %d, panes %+v", len(l.Windows), l.Windows[0].Panes)
	}
}
