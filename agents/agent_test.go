package agents

import (
	"testing"

	"github.com/panemap/panemap/tmux"
)

func TestSummaryAndNextWaiting(t *testing.T) {
	list := []Agent{
		{Pane: "%1", State: Working}, {Pane: "%2", State: Waiting}, {Pane: "%3", State: Done},
		{Pane: "%4", State: Waiting}, {Pane: "%5", State: Idle},
	}
	if got, want := Summary(list), "2 waiting · 1 done · 1 working · 1 idle"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	if got := Summary(nil); got != "" {
		t.Errorf("Summary(nil) = %q, want empty", got)
	}
	for _, tc := range []struct{ after, want tmux.PaneID }{{"%1", "%2"}, {"%2", "%4"}, {"%4", "%2"}, {"%9", "%2"}, {"", "%2"}} {
		if a, ok := NextWaiting(list, tc.after); !ok || a.Pane != tc.want {
			t.Errorf("NextWaiting(after %s) = %s %v, want %s", tc.after, a.Pane, ok, tc.want)
		}
	}
	if _, ok := NextWaiting(list[:1], "%1"); ok {
		t.Error("NextWaiting found a waiting agent where none waits")
	}
}
