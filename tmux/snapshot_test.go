package tmux

import (
	"strings"
	"testing"
)

// Snapshots as tmux expanded SnapshotFormat (two options) in a run-shell
// -C binding: a window of three panes, the second running a program
// called "bad';", and a second window holding the marked pane.
const (
	// tmux 3.3a, @panemap-esc set to keep.
	snapTiled = "1|10|1|$0|main|@0|100|30|0|6584,100x30,0,0[100x15,0,0,0,100x14,0,16{50x14,0,16,1,49x14,51,16,2}]|" +
		"w|@0|0|1|0|0|0||bash|w|@1|1|0|0|0|0|%3|sh|" +
		"p|%0|0|0|0|0||0|0|100|15||||sh|p|%1|1|0|0|0||0|16|50|14||||bad%27;|p|%2|2|1|0|0||51|16|49|14||||sh|"
	// The same window zoomed on %1: list-panes' geometry is the zoom's.
	snapZoomed = "1|10|1|$0|main|@0|100|30|1|6584,100x30,0,0[100x15,0,0,0,100x14,0,16{50x14,0,16,1,49x14,51,16,2}]|" +
		"w|@0|0|1|0|0|0||bash|w|@1|1|0|0|0|0|%3|sh|" +
		"p|%0|0|0|0|0||0|0|100|15||||sh|p|%1|1|1|0|0||0|0|100|30||||bad%27;|p|%2|2|0|0|0||51|16|49|14||||sh|"
	// tmux master with a floating pane, %4, active; pane ids out of
	// index order as #{P:} lists them from 3.6.
	snapFloating = "1|11|1|$0|main|@0|100|30|0|919d,100x30,0,0[100x15,0,0,0,100x14,0,16{50x14,0,16,1,18x3,4,2,4,49x14,51,16,2}]<18x3,4,2,4>|" +
		"w|@0|0|1|0|0|0||sh|w|@1|1|0|0|0|0|%3|sh|" +
		"p|%4|3|1|0|0||4|2|18|3|1|0|copy-mode|sh|p|%0|0|0|0|0||0|0|100|15|0|2||sh|p|%1|1|0|0|0||0|16|50|14|0|2||bad%27;|p|%2|2|0|0|0||51|16|49|14|0|2||sh|"
)

func TestParseSnapshotTiled(t *testing.T) {
	t.Parallel()
	snap, err := ParseSnapshot(snapTiled)
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Defaults) != 2 || !snap.Defaults[0] || snap.Defaults[1] {
		t.Errorf("defaults %v, want [true false]", snap.Defaults)
	}
	st := snap.State
	if snap.Window != "@0" || st.Session != "$0" || st.SessionName != "main" || st.Current != "@0" || st.Marked != "%3" {
		t.Fatalf("window %s, state %+v", snap.Window, st)
	}
	w, ok := st.Window("@0")
	if !ok || len(w.Panes) != 3 || w.Name != "bash" || w.Width != 100 || w.Height != 30 {
		t.Fatalf("window %+v", w)
	}
	p := w.Panes[1]
	if p.ID != "%1" || p.Command != "bad';" || p.Left != 0 || p.Top != 16 || p.Width != 50 || p.Height != 14 || p.Active || p.DeadStatus != -1 {
		t.Errorf("pane %+v", p)
	}
	if a, _ := w.ActivePane(); a.ID != "%2" {
		t.Errorf("active %s, want %%2", a.ID)
	}
	// The MARK badge finds the marked pane's window.
	if _, mw, ok := st.FindPane("%3"); !ok || mw.ID != "@1" || mw.Index != 1 {
		t.Errorf("the marked pane is not in window @1: %v %+v", ok, mw)
	}
}

// TestParseSnapshotZoomed: a zoomed window's panes are drawn where the
// unzoomed layout has them, as the read draws them.
func TestParseSnapshotZoomed(t *testing.T) {
	t.Parallel()
	snap, err := ParseSnapshot(snapZoomed)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := snap.State.Window("@0")
	if !w.Zoomed {
		t.Fatal("not zoomed")
	}
	if p := w.Panes[1]; p.Top != 16 || p.Width != 50 || p.Height != 14 {
		t.Errorf("the zoomed pane at %+v, want its layout cell", p)
	}
}

func TestParseSnapshotFloating(t *testing.T) {
	t.Parallel()
	snap, err := ParseSnapshot(snapFloating)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := snap.State.Window("@0")
	ids := ""
	for _, p := range w.Panes {
		ids += string(p.ID)
	}
	if ids != "%0%1%2%4" {
		t.Errorf("panes in order %s, want by index", ids)
	}
	f := w.FloatingPanes()
	if len(f) != 1 || f[0].ID != "%4" || !f[0].Active || f[0].Mode != "copy-mode" || f[0].Left != 4 || f[0].Width != 18 {
		t.Errorf("floating %+v", f)
	}
	if w.Panes[0].Floating || w.Panes[0].Z != 0 {
		t.Errorf("tiled pane %+v", w.Panes[0])
	}
}

// TestParseSnapshotText: every escape comes back, and control characters
// as DEL.
func TestParseSnapshotText(t *testing.T) {
	t.Parallel()
	in := strings.Replace(snapTiled, "|bad%27;|", "|%25%27%7C%7Fa%25 ünï %23{x}|", 1)
	snap, err := ParseSnapshot(in)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := snap.State.Window("@0")
	if got, want := w.Panes[1].Command, "%'|\x7fa% ünï #{x}"; got != want {
		t.Errorf("command %q, want %q", got, want)
	}
}

// TestParseSnapshotRefuses: a snapshot that is malformed or disagrees
// with itself is refused, never half read.
func TestParseSnapshotRefuses(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"empty":                    "",
		"unexpanded":               SnapshotFormat(nil),
		"another version":          "2" + snapTiled[1:],
		"cut short":                strings.TrimSuffix(snapTiled, "sh|"),
		"no end":                   strings.TrimSuffix(snapTiled, "|"),
		"a quote":                  strings.Replace(snapTiled, "bad%27;", "bad';", 1),
		"a raw newline":            strings.Replace(snapTiled, "bad%27;", "bad\n", 1),
		"a raw #":                  strings.Replace(snapTiled, "bad%27;", "bad#", 1),
		"a bad escape":             strings.Replace(snapTiled, "bad%27;", "bad%41", 1),
		"a lower-case escape":      strings.Replace(snapTiled, "bad%27;", "bad%7f", 1),
		"a cut escape":             strings.Replace(snapTiled, "bad%27;", "bad%2", 1),
		"a pane not the layout's":  strings.Replace(snapTiled, "p|%1|1|", "p|%9|1|", 1),
		"a pane missing":           strings.Replace(snapTiled, "p|%0|0|0|0|0||0|0|100|15||||sh|", "", 1),
		"a pane twice":             snapTiled + "p|%0|3|0|0|0||0|0|100|15||||sh|",
		"two active":               strings.Replace(snapTiled, "p|%0|0|0|", "p|%0|0|1|", 1),
		"none active":              strings.Replace(snapTiled, "p|%2|2|1|", "p|%2|2|0|", 1),
		"an index twice":           strings.Replace(snapTiled, "p|%1|1|", "p|%1|0|", 1),
		"not the session's":        strings.Replace(snapTiled, "|@0|100|30|", "|@7|100|30|", 1),
		"marked elsewhere":         strings.Replace(snapTiled, "|0|%3|sh|", "|0||sh|", 1),
		"a mark unset":             strings.Replace(snapTiled, "|10|1|", "|10|0|", 1),
		"a mark that disagrees":    strings.Replace(snapTiled, "p|%0|0|0|0|", "p|%0|0|0|1|", 1),
		"a mark not in its window": strings.Replace(strings.Replace(snapTiled, "|0|%3|sh|", "|0||sh|", 1), "|0|0|0||bash|", "|0|0|0|%9|bash|", 1),
		"a bad id":                 strings.Replace(snapTiled, "p|%1|", "p|%01|", 1),
		"a bad count":              strings.Replace(snapTiled, "|51|16|49|14|", "|51|16|-49|14|", 1),
		"a tiled pane off left":    strings.Replace(snapTiled, "|51|16|49|14|", "|-51|16|49|14|", 1),
		"a bad flag":               strings.Replace(snapTiled, "|10|1|", "|1x|1|", 1),
		"an unknown record":        snapTiled + "q|",
		"a bad layout":             strings.Replace(snapTiled, "6584,100x30", "6584,100y30", 1),
		"no current window":        strings.Replace(snapTiled, "w|@0|0|1|", "w|@0|0|0|", 1),
		"a window twice":           strings.Replace(snapTiled, "w|@1|1|", "w|@0|1|", 1),
		"a zoomed cell of no size": "1|||$0||@0|1|1|1|0000,0x0,0,0,0|w|@0|0|1||||||p|%0|0|1||||0|0|1|1|||||",
	}
	for name, s := range cases {
		if snap, err := ParseSnapshot(s); err == nil {
			t.Errorf("%s: accepted %q as %+v", name, s, snap.State)
		}
	}
}

func FuzzParseSnapshot(f *testing.F) {
	for _, s := range []string{snapTiled, snapZoomed, snapFloating, "1||0|$0|x|@0|1|1|0|aafe,1x1,0,0,0|w|@0|0|1|0|0|0||x|p|%0|0|1|0|0||0|0|1|1||||%25|"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		snap, err := ParseSnapshot(s)
		if err != nil {
			if msg := err.Error(); strings.ContainsAny(msg, "\n\r") || len(msg) > 400 {
				t.Fatalf("message for %q is not one short line: %q", s, msg)
			}
			return
		}
		w, ok := snap.State.Window(snap.Window)
		if !ok || len(w.Panes) == 0 {
			t.Fatalf("accepted %q without its window's panes", s)
		}
		active := 0
		for _, p := range w.Panes {
			if p.Width < 1 || p.Height < 1 || p.WindowID != w.ID {
				t.Fatalf("accepted %q with pane %+v", s, p)
			}
			if p.Active {
				active++
			}
		}
		if active != 1 {
			t.Fatalf("accepted %q with %d active panes", s, active)
		}
	})
}
