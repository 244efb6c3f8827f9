package ui

import (
	"testing"

	"github.com/panemap/panemap/tmux"
)

// alerted is a window of another session with the given alerts.
func alerted(sess tmux.SessionID, name string, id tmux.WindowID, bell, activity, silence bool) *tmux.Window {
	w := window(string(id), 0, name, 80, 24, paneSpec{"%9" + string(id[1:]), 0, 0, 0, 80, 24, "sh", "/", ""})
	w.SessionID, w.SessionName = sess, string(sess)
	w.Bell, w.Activity, w.Silence = bell, activity, silence
	return w
}

// TestNextAlertOrder: a goes to the next window with an alert after the
// one on the map, in this session first, then the sessions after it,
// wrapping round; it skips the window on the map.
func TestNextAlertOrder(t *testing.T) {
	for _, tc := range []struct {
		name   string
		edit   func(st *tmux.State)
		others []*tmux.Window
		want   string
	}{
		{"a later window of this session", func(st *tmux.State) { st.Windows[2].Activity = true },
			[]*tmux.Window{alerted("$2", "other", "@8", true, false, false)}, `jump $1 @3 client="tty7"`},
		{"another session", nil,
			[]*tmux.Window{alerted("$2", "quiet", "@7", false, false, false), alerted("$2", "other", "@8", false, false, true)}, `jump $2 @8 client="tty7"`},
		{"wrapping round to an earlier window of this session", func(st *tmux.State) {
			st.Windows[0].Bell = true
			st.Windows[0].Active = false
			st.Windows[1].Active = true
			st.Current = "@2"
		},
			nil, `jump $1 @1 client="tty7"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := gridState()
			if tc.edit != nil {
				tc.edit(st)
			}
			core := newFake(st)
			core.others = tc.others
			opts := testOptions()
			opts.Client = "tty7"
			h := newHarnessOn(t, core, opts, 80, 24)
			h.keys("a")
			h.wantCalls("list server", tc.want)
			if !h.m.quitting {
				t.Error("the navigator stayed open after the jump")
			}
		})
	}
}

// TestNextAlertNone: with no alert anywhere, a says so and stays.
func TestNextAlertNone(t *testing.T) {
	core := newFake(gridState())
	core.others = []*tmux.Window{alerted("$2", "quiet", "@7", false, false, false)}
	h := newHarnessOn(t, core, testOptions(), 80, 24)
	h.keys("a")
	h.wantCalls("list server")
	h.wantStatus("no window has an alert")
	if h.m.quitting {
		t.Error("the navigator closed with nowhere to go")
	}
}

// TestNextAlertKeepsHistory: after moves, a closes as q does (the last
// pane as if jumped directly), then jumps.
func TestNextAlertKeepsHistory(t *testing.T) {
	core := newFake(gridState())
	core.others = []*tmux.Window{alerted("$2", "other", "@8", true, false, false)}
	h := newHarnessOn(t, core, testOptions(), 80, 24)
	h.keys("l", "j", "a")
	// %0 to %2 to %3: the closing work selects %0 then %3, so that
	// last-pane goes back to %0 as after a direct jump.
	h.wantCalls("select %0 right", "select %2 down", "list server", "select %0 none", "select %3 none", `jump $2 @8 client=""`)
	if !h.m.quitting {
		t.Error("the navigator stayed open after the jump")
	}
}
